"""The documents' structure orders two leading rules that are one section's parts (index/structure_order.py),
read on the real quick reference and Dust Warfare summary, parsed, chunked and joined as the index does."""
from __future__ import annotations

import pytest

from index.chunking import chunk_sections
from index.manifest import load_manifest
from index.parsing import parse_document
from index.rules import Rule, join_rules
from index.structure_order import (
    child_headings,
    is_child,
    own_text,
    parent_or_child_first,
    same_heading_first,
)
from index.text import stems

DOCS = {d.id: d for d in load_manifest()}


@pytest.fixture(scope="module")
def rules() -> dict[str, Rule]:
    rows = []
    for doc_id in ("dw3-quick-reference", "dust-warfare"):
        doc = DOCS[doc_id]
        rows += [{"chunk_id": c.chunk_id, "section": c.section, "text": c.text}
                 for c in chunk_sections(doc, parse_document(doc))]
    return join_rules(rows)


def _key(rules: dict[str, Rule], document: str, section: str) -> str:
    return next(k for k, r in rules.items() if k.startswith(document + ":") and r.section == section)


SHOOTING = "ACTIVATION PHASE › 3. SHOOTING"
ACTION_DICE = "ACTIVATION PHASE › 3. SHOOTING › 1. DETERMINE ACTION DICE"


def test_a_parent_step_without_the_brief_printing_of_its_children(rules: dict[str, Rule]) -> None:
    shooting = _key(rules, "dw3-quick-reference", SHOOTING)
    children = child_headings(rules)[shooting]
    assert "1. DETERMINE ACTION DICE" in children and "8. CHECK FOR CRITICAL DAMAGE" in children
    own = own_text(rules[shooting], children)
    # the reference page's own line stays: "Point blank: 0-10" Closing: 10-20" Long: 20-30""
    assert 'Closing: 10-20"' in own
    assert "Measure range from the closest point of the attacking model" in own  # the detailed page's
    # its children printed again in brief are the children's: "1. Determine action dice Take the lead
    # weapon's value for the appropriate range band." and step 8's catastrophic explosion after it
    assert "appropriate range band" in rules[shooting].text and "appropriate range band" not in own
    assert "catastrophic explosion" in rules[shooting].text and "catastrophic explosion" not in own


def test_the_step_whose_own_text_holds_the_question_comes_first(rules: dict[str, Rule]) -> None:
    shooting = _key(rules, "dw3-quick-reference", SHOOTING)
    dice = _key(rules, "dw3-quick-reference", ACTION_DICE)
    assert is_child(rules[shooting], rules[dice]) and not is_child(rules[dice], rules[shooting])
    children = child_headings(rules)
    # "if exactly on the border, treat it as in the closer band": only the child step prints "border"
    asked = set(stems("the target is exactly on the border between two bands"))

    def own_coverage(key: str) -> tuple[float, int]:
        own = set(stems(own_text(rules[key], children.get(key, ()))))
        return len(asked & own) / len(asked), len(asked & own)

    def no_heading(key: str) -> float:
        return 0.0

    assert parent_or_child_first([shooting, dice], rules, own_coverage, no_heading) == 1
    assert parent_or_child_first([dice, shooting], rules, own_coverage, no_heading) == 0

    def heading_of_leader(key: str) -> float:
        return 1.0 if key == shooting else 0.0

    # a leader whose own heading the question names stays first
    assert parent_or_child_first([shooting, dice], rules, own_coverage, heading_of_leader) == 0


def test_two_sections_of_one_heading_read_by_their_heading_path(rules: dict[str, Rule]) -> None:
    quality = _key(rules, "dw3-quick-reference", "WEAPON QUALITIES › Ramming")
    ramming = _key(rules, "dw3-quick-reference", "RAMMING")
    # "The moving model always receives a ramming action dice pool equal to its unmodified HULL."
    assert "ramming action dice pool" in rules[ramming].text

    def parents_asked_of(question: str):  # type: ignore[no-untyped-def]
        asked = set(stems(question))
        return lambda key: len(asked & set(stems(" ".join(rules[key].section.split(" › ")[:-1]))))

    # naming neither category: the rule printed under its own heading, not the weapon quality's entry
    assert same_heading_first([quality, ramming], rules, parents_asked_of("how many dice when ramming")) == 1
    # naming the category: the entry under it
    assert same_heading_first([ramming, quality], rules,
                              parents_asked_of("what does the ramming weapon quality add")) == 1
    assert same_heading_first([quality, ramming], rules,
                              parents_asked_of("what does the ramming weapon quality add")) == 0
    # Dust Warfare prints "Hull Breach" in both damage tables: "the aircraft damage table" says which
    vehicle = _key(rules, "dust-warfare", "ATTACK ACTIONS › Vehicle Damage Table › Hull Breach")
    aircraft = _key(rules, "dust-warfare", "AIRCRAFT › Aircraft Damage Table › Hull Breach")
    assert same_heading_first([vehicle, aircraft], rules,
                              parents_asked_of("hull breach on the aircraft damage table")) == 1
