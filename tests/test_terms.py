"""`rule` lookups: exact, alias, Russian, misspelt, ambiguous, autocomplete."""
from __future__ import annotations

import pytest

from core.errors import UserInputError


def editions(result):
    return [e.edition for e in result.entries]


def test_russian_term_shows_every_edition(term_book):
    result = term_book.lookup("таран")
    assert result.status == "found"
    assert editions(result) == ["dw4-glossary", "dw3-quick-reference", "dw3-rulebook"]
    by_edition = {e.edition: e for e in result.entries}
    assert by_edition["dw4-glossary"].section.startswith("Ram")
    assert "Набор Боевых Кубов Тарана" in by_edition["dw3-rulebook"].text


def test_alias_resolves_to_its_rule(term_book):
    result = term_book.lookup("Rams")
    assert result.status == "found" and result.how == "alias"
    assert result.entries[0].section.startswith("Ram")


def test_misspelling_is_found_fuzzily(term_book):
    result = term_book.lookup("peircing")
    assert result.status == "found" and result.how == "fuzzy" and result.matched == "Piercing"
    assert "dw4-glossary" in editions(result) and "dw3-quick-reference" in editions(result)


def test_multiword_name(term_book):
    result = term_book.lookup("Boarding Parties")
    assert result.status == "found" and result.entries[0].edition == "dw4-glossary"


def test_edition_filter(term_book):
    result = term_book.lookup("piercing", edition="qrs")
    assert editions(result) == ["dw3-quick-reference"]


def test_ambiguous_query_lists_candidates(term_book):
    result = term_book.lookup("heavy")
    assert result.status == "ambiguous" and not result.entries
    assert {"Heavy Prow", "Heavy Shield Generator"} <= set(result.candidates)


def test_other_inflection_of_a_name_is_found(term_book):
    result = term_book.lookup("минное поле")
    assert result.status == "found" and result.matched == "Минные поля"
    assert result.entries[0].edition == "dw3-rulebook"


def test_a_definition_lists_heading_is_a_term_too(term_book):
    """QRS 'CRITICAL DAMAGE' starts straight with 'Shredded defences: …'."""
    result = term_book.lookup("critical damage", edition="qrs")
    assert result.status == "found"
    assert result.entries[0].section.startswith("CRITICAL DAMAGE")


def test_indented_run_in_terms_are_found(term_book):
    result = term_book.lookup("magazine explosion")
    assert "dw3-quick-reference" in editions(result)


def test_a_table_asked_by_name_shows_its_rows(term_book):
    # Dust Warfare summary: "Vehicle Damage Table" is printed above its rows, one row per result
    # ("- ⊕⊕⊕ **Hull Breach:** Vehicle cannot make armor rolls. …"); the parser keeps each row a
    # passage of its own, and a lookup of the table shows every row, not only its first line.
    result = term_book.lookup("Vehicle Damage Table")
    text = result.entries[0].text
    assert result.status == "found" and text.startswith("- No additional effect.")
    assert "Blinded: The vehicle cannot reroll dice" in text
    assert "Hull Breach: Vehicle cannot make armor rolls." in text


def test_a_phase_asked_by_name_shows_its_steps(term_book):
    # Quick reference: "END PHASE … During each step the player with initiative goes first." is
    # followed by its steps "1. SRS RESOLUTION" … "4. MAINTENANCE"; a step's own children stay in it.
    entry = term_book.lookup("End Phase", edition="qrs").entries[0]
    assert entry.text.startswith("During each step the player with initiative goes first.")
    assert "\n4. MAINTENANCE\nStarting with the player with initiative" in entry.text
    assert "Scramble:" not in entry.text


def test_a_long_rule_is_shown_without_the_sections_under_it(term_book):
    # A rule with text of its own is whole already: "Ram" is shown as printed, its children apart.
    entry = next(e for e in term_book.lookup("Ram").entries if e.edition == "dw4-glossary")
    assert entry.text == term_book._rules[term_book._rule_of_chunk[entry.chunk_id]].text


def test_unknown_term(term_book):
    result = term_book.lookup("zzqxv")
    assert result.status == "not_found" and not result.entries


@pytest.mark.parametrize("term", ["", "   ", "x" * 101])
def test_bad_terms(term_book, term):
    with pytest.raises(UserInputError):
        term_book.lookup(term)


def test_autocomplete_respects_discords_limit(term_book):
    assert len(term_book.complete("")) == 25
    assert term_book.complete("ram")[0] == "Ram"
    assert "Броня" in term_book.complete("бро")
    assert all(len(c) <= 100 for c in term_book.complete("s"))
