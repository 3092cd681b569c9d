"""The documents' structure read when two leading rules are one section's parts: a numbered step and
the step it belongs to, or two sections printed under the same heading.

- **A parent and its child step** ("ACTIVATION PHASE › 3. SHOOTING" and "… › 3. SHOOTING › 1. DETERMINE
  ACTION DICE"): both lead when the question's words are spread over them, because a parent step of
  the quick reference prints its children again in brief on the reference page ("1. Determine action
  dice Take the lead weapon's value …"). The one whose *own* text — the parent without the brief
  printings of its children — holds more of the question's words answers it.
- **Two sections of one heading** ("WEAPON QUALITIES › Ramming" and "RAMMING"; Dust Warfare's two
  damage tables' "Hull Breach"): the heading path says which. The one whose parent headings the
  question prints ("a gun with the magnetic quality", "the aircraft damage table") answers it; when the
  question prints neither's, the rule printed as a section of its own (a top-level heading) answers it,
  not the entry that lists it under a category.

Pure Python over `index.rules.Rule`: no model, no index.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from index.rules import PART_SEPARATOR, Rule, document_of, rule_key

PATH_SEPARATOR = " › "


_STEP_NUMBER = re.compile(r"\d+\.\s")  # "1. DETERMINE ACTION DICE", "3. SHOOTING"


def is_step(rule: Rule) -> bool:
    """The rule's own heading is a numbered step of a sequence ("1. DETERMINE ACTION DICE"), not a term's
    name (the 3.03 book's run-in "Скорость:", which a question names when it asks about it)."""
    return _STEP_NUMBER.match(rule.section.rpartition(PATH_SEPARATOR)[2]) is not None


def is_child(parent: Rule, child: Rule) -> bool:
    """`child` is a section printed directly under `parent`, in the same document."""
    prefix = parent.section + PATH_SEPARATOR
    return document_of(parent.key) == document_of(child.key) and child.section.startswith(prefix) \
        and PATH_SEPARATOR not in child.section[len(prefix):]


def own_text(rule: Rule, child_headings: Sequence[str]) -> str:
    """`rule`'s text without its children printed again inside it: in each printing, a paragraph opening
    with a child's heading ("1. Determine action dice …" for "1. DETERMINE ACTION DICE") starts the
    child's brief printing, which runs to the end of that printing."""
    names = tuple(h.casefold() for h in child_headings)
    if not names:
        return rule.text
    kept: list[str] = []
    offset = 0
    printing = ""
    in_child = False
    for paragraph in rule.text.split(PART_SEPARATOR):
        part = rule.part_at(offset)
        this_printing = rule_key(rule.chunk_ids[part - 1])
        if this_printing != printing:
            printing, in_child = this_printing, False
        if paragraph.casefold().startswith(names):
            in_child = True
        if not in_child:
            kept.append(paragraph)
        offset += len(paragraph) + len(PART_SEPARATOR)
    return PART_SEPARATOR.join(kept)


def parent_or_child_first(head: Sequence[str], rules: Mapping[str, Rule],
                          own_coverage: Callable[[str], tuple[float, int]],
                          heading_coverage: Callable[[str], float]) -> int:
    """Which of the leading rules `head` (keys, best first) answers first: the leader, or the first rule
    below it that is the leader's parent or numbered child step (`is_step`) and whose own text holds
    more of the question's words (`own_coverage`: the question's weighted share, then its words and
    readings printed). Returns its position. A leader whose own heading holds more of the question
    (`heading_coverage`) stays: a step the question names is about it, however much of the question
    its parent's text also prints."""
    if len(head) < 2:
        return 0
    leader = rules[head[0]]
    for position, key in enumerate(head[1:], start=1):
        other = rules[key]
        if (is_child(leader, other) and is_step(other)) or (is_child(other, leader) and is_step(leader)):
            named_no_less = heading_coverage(key) >= heading_coverage(head[0])
            return position if named_no_less and own_coverage(key) > own_coverage(head[0]) else 0
    return 0


def own_heading(rule: Rule) -> str:
    """The last heading of the rule's path, case-folded: "WEAPON QUALITIES › Ramming" -> "ramming"."""
    return rule.section.rpartition(PATH_SEPARATOR)[2].casefold()


def same_heading_first(head: Sequence[str], rules: Mapping[str, Rule],
                       parents_asked: Callable[[str], int]) -> int:
    """Which of the leading rules answers first when one below the leader is printed under the leader's
    own heading in the same document ("Мощное Отражение" and "Мощное отражения и Отражения" are two
    headings): the one whose parent headings the question prints more of (`parents_asked`); on none,
    the one printed as a section of its own (a top-level heading) over an entry under a category.
    Returns its position."""
    if len(head) < 2:
        return 0
    leader = rules[head[0]]
    heading = own_heading(leader)
    for position, key in enumerate(head[1:], start=1):
        other = rules[key]
        if document_of(key) != document_of(leader.key) or own_heading(other) != heading:
            continue
        mine, theirs = parents_asked(head[0]), parents_asked(key)
        if theirs > mine:
            return position
        if theirs == mine == 0 and PATH_SEPARATOR in leader.section and PATH_SEPARATOR not in other.section:
            return position
        return 0
    return 0


def child_headings(rules: Mapping[str, Rule]) -> dict[str, tuple[str, ...]]:
    """Each rule's key -> the own headings of the sections printed directly under it (one pass at load)."""
    by_section = {(document_of(key), rule.section): key for key, rule in rules.items()}
    found: dict[str, list[str]] = {}
    for key, rule in rules.items():
        parent, separator, heading = rule.section.rpartition(PATH_SEPARATOR)
        if separator and (document_of(key), parent) in by_section:
            found.setdefault(by_section[(document_of(key), parent)], []).append(heading)
    return {key: tuple(headings) for key, headings in found.items()}
