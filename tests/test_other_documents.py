"""Questions about the other documents: the skirmish game's keyword table (Universal Special Rules)."""
from __future__ import annotations

import pytest

from index.text import stem


@pytest.mark.parametrize("question", [
    "usr Transport (X): how many models can it carry?",
    "skirmish Coherency (x”) - measured from whom?",
])
def test_a_keywords_value_slot_is_not_asked_about(searcher, question: str) -> None:
    """The table prints a keyword with its value slot ("Transport (x) | Units with the Transport (X)
    keyword may carry (x) infantry models"): a player who copies the slot asks about the keyword, and
    "x" is not a word of the question (it would match every keyword printed with a slot)."""
    query = searcher.parse(question)
    assert stem("x") not in query.weights


def test_a_keyword_the_table_does_not_print_is_not_answered_by_another_keywords_slot(searcher) -> None:
    """"This is not a complete list yet": a keyword it does not print, asked with its slot, is not
    in the rules, rather than "Transport (x)" read through the "x" both print."""
    result = searcher.ask("what does the Infiltrate (x) keyword do in the skirmish rules?", k=5)
    assert result.status == "not_found"
