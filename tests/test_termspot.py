"""Which rule names a question mentions, on the real index."""
from __future__ import annotations

from index.rules import rule_key
from index.text import stems


def _named(searcher, question: str, edition: str | None = None) -> dict[str, float]:
    import numpy as np

    query = searcher.parse(question)
    allowed = np.ones(len(searcher.rows), dtype=bool) if edition is None else searcher._edition == edition
    return searcher._named_rules(list(query.topic), query.weights, allowed)


def _section(searcher, key: str) -> str:
    return searcher.rules[key].section


def test_a_name_defined_only_outside_the_searched_documents_hides_nothing(searcher):
    """"Levels of Disorder" is a name of the Russian book only ("Уровень дезорганизации"); searched in
    the 4th edition, "levels of disorder" must still name the 4th edition's own rule "Disorder"
    (the longer name hid it: the rule-name step then named nothing there)."""
    spotted = searcher._spotter.spot(stems("max levels of disorder"))
    assert [t.name.casefold() for t in spotted][:1] == ["уровень дезорганизации"]
    glossary = searcher._edition == "dw4-glossary"
    within = searcher._spotter.spot(stems("max levels of disorder"),
                                    lambda chunk: bool(glossary[searcher._row_of_chunk[chunk]]))
    assert "disorder" in [t.name.casefold() for t in within]
    named = _named(searcher, "max levels of disorder", "dw4-glossary")
    assert "Disorder" in {_section(searcher, key) for key in named}


def test_a_chapter_title_names_its_own_rule(searcher):
    """"## ЭСКОРТ" is the Escort rule itself (its text: "Набор Кубов Обороны Сопровождаемого
    Подразделения увеличивается на +1 куб за каждый Токен Эскорта"): an ALL-CAPS chapter title
    names its chapter's own passage, as the quick reference's "ESCORTS" does."""
    named = _named(searcher, "эскорт как дает бонус к обороне")
    assert "ЭСКОРТ" in {_section(searcher, key) for key in named}
    result = searcher.ask("эскорт как дает бонус к обороне").to_json()
    assert rule_key(result["results"][0]["chunk_id"]) in named
    assert result["results"][0]["section"] == "ЭСКОРТ"


def test_a_player_word_for_several_terms_names_each_for_ranking_only(searcher):
    """The glossary reads "half speed" as the rules' Limping and Full Reverse (Limping: "A Crippled model
    halves its Maximum Speed rating"; Full Reverse: "Its Maximum Speed rating is halved"). For ranking
    the word names both rules, as a word standing for one term names that one; the "is it in the rules
    at all" test does not read it so (it then answered more off-topic questions, measured)."""
    question = "my ship can only go half speed now in 4e"
    query = searcher.parse(question)
    allowed = searcher._edition == "dw4-glossary"
    ranking = searcher._named_rules(list(query.stems), query.weights, allowed, loose=True, several=True)
    assert {"Limping", "Full Reverse"} <= {_section(searcher, key) for key in ranking}
    relevance = searcher._named_rules(list(query.topic), query.weights, allowed, loose=True)
    assert not {"Limping", "Full Reverse"} & {_section(searcher, key) for key in relevance}
