"""Issue 16: a unit card's rule is searched for questions that name its unit or its whole name.

The card passages are read from the real quick reference (index.unitcards); the questions are players'
own (dev3 and players_en), asked of the real index in the slow tests."""
from __future__ import annotations

from functools import cache

from index.card_passages import CardRule, card_rule, names_card
from index.manifest import load_manifest
from index.text import stems
from index.unitcards import CARDS_HEADING, rule_sections


@cache
def _cards() -> dict[str, CardRule]:
    """The quick reference's card passages, by their section path without the document title."""
    doc = next(d for d in load_manifest() if d.id == "dw3-quick-reference")
    found = {}
    for section in rule_sections(doc):
        path = " › ".join(section.heading_path[1:])
        if (card := card_rule(path)) is not None:
            found[path] = card
    return found


def _card(name: str) -> CardRule:
    return next(card for path, card in _cards().items() if path.endswith(f" › {name}"))


def test_only_the_card_region_is_read_as_card_rules():
    assert _cards(), "the quick reference prints unit cards"
    assert all(path.startswith(f"{CARDS_HEADING} › ") for path in _cards())
    assert card_rule("ACTIVATION PHASE › 2. MOVEMENT") is None
    assert card_rule("UNIT CARDS") is None


def test_one_word_of_a_card_rule_does_not_name_it():
    # "ship" of Generator Ship; "Enlightened" of Enlightened Science (the faction, not the card rule)
    assert not names_card(set(stems("What's the coherency distance for multi-ship units in 3e?")),
                          _card("Generator Ship"))
    assert not names_card(set(stems("Any way for Enlightened ships to heal hull points mid-game?")),
                          _card("Enlightened Science"))


def test_the_unit_or_the_whole_rule_name_names_the_card():
    assert names_card(set(stems("Generator Ship range: v3 card vs the 4e glossary?")), _card("Generator Ship"))
    assert names_card(set(stems("The 3e Borodino card has Hammer Sweep. Is there a catch?")), _card("Hammer Sweep"))
    assert names_card(set(stems("How far away can my Descartes put its special tokens?")),
                      _card("Special SRS Capacity 3"))
    assert names_card(set(stems("Special SRS Capacity 3: how far away can the tokens go?")),
                      _card("Special SRS Capacity 3"))


def test_a_question_about_a_general_rule_is_not_answered_by_a_card(searcher):
    result = searcher.ask("What's the coherency distance for multi-ship units in 3e?", k=5)
    assert not any(hit.section.startswith(CARDS_HEADING) for hit in result.results)
    # the 3.03 book's "Согласованное построение (Coherency): каждая Модель Подразделения должна находиться не
    # дальше, чем в 4" от любой другой Модели этого Подразделения."
    assert any(hit.section.endswith("Согласованное построение") for hit in result.results)


def test_a_question_naming_the_unit_still_finds_its_card(searcher):
    result = searcher.ask("The 3e Borodino card has Hammer Sweep. What do I get and is there a catch?", k=5)
    assert result.results[0].section == "UNIT CARDS › Borodino, Kutsov › Hammer Sweep"
