"""A Russian question that types a rule's name in Latin letters, as a player copies it from a 4th-edition card
("Powered пушки стреляют ...?"), asks about that rule: it is searched in the one edition whose English documents
alone define the name, and the rule comes first however few of the sentence's words it shares (index.search
`Searcher._latin_names`, `_typed_names_first`; issue 16, lead, session 15). A name the Russian book pairs or
prints too ("Limited", "SRS") and a name of an edition the Russian book translates (the 3rd-edition quick
reference) route nothing: the book says them in its own words."""
from __future__ import annotations

import pytest

from index.search import Searcher


# DW4 glossary, Powered: "This weapon cannot Contribute to an Attack action if the model on which it is mounted
# has a System Failure Critical Damage Effect."; Defensive: "Multiple models with this System can Protect the
# same friendly model. When this is the case, the Modifiers are added together."
@pytest.mark.parametrize(("question", "heading"), [
    ("Powered пушки стреляют если у корабля крит отказ систем?", "Powered"),
    ("два корабля с Defensive прикрывают третий — бонусы к защите суммируются?", "Defensive"),
])
def test_a_name_typed_in_latin_is_the_rule_asked(searcher: Searcher, question: str, heading: str) -> None:
    result = searcher.ask(question)
    assert result.routed_editions == ["dw4-glossary"]
    assert result.results[0].section == heading
    assert result.results[0].edition == "dw4-glossary"


def test_names_the_russian_book_also_gives_route_nothing(searcher: Searcher) -> None:
    # The Russian book pairs Limited with its own name («Ограниченный боезапас (Limited)»): a player's habit.
    query = searcher.parse("на карточке у пушки качество Limited, что будет после выстрела?")
    assert query.editions == ()
    assert not query.latin_names


def test_the_quick_reference_is_an_edition_the_russian_book_translates(searcher: Searcher) -> None:
    # corpus/manifest.toml routes "3rd edition" to both 3rd-edition documents, one of them the Russian book.
    assert searcher._translated_editions() == frozenset({"dw3-quick-reference", "dw3-rulebook"})
