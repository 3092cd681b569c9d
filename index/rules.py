"""Whole rules from chunks: the chunker cuts a long section into "part n/m" chunks; readers
need the rule whole. Search ranks chunks, then presents each rule once, its parts joined in
order, with the part that matched remembered (so a front end can show that part first).

A document that prints one section twice under the same heading path (the quick reference's
turn sequence page and its detailed page both have "ACTIVATION PHASE › 3. SHOOTING"; the Dust
Warfare summary repeats its phases) states one rule twice: both printings join into that one
rule, in document order, so the printing that holds the answer is in the rule that is shown.
A printing whose text repeats an earlier one word for word adds nothing and is not repeated.

Pure Python over the rows of the `chunks` table: no model, no numpy.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

PART_SEPARATOR = "\n\n"  # the chunker split at paragraph breaks; joining restores them
_PART_SUFFIX = re.compile(r" \(part (\d+)/(\d+)\)$")


def rule_key(chunk_id: str) -> str:
    """"dw4-glossary:0144.1" -> "dw4-glossary:0144": every part of one printed section shares it.
    A rule printed twice is keyed by its first printing (`Rule.key`; `rule_of_chunk` maps both)."""
    return chunk_id.rsplit(".", 1)[0]


def part_number(chunk_id: str) -> int:
    """1-based part of a chunk within its own printing ("…:0144.1" is part 2)."""
    return int(chunk_id.rsplit(".", 1)[1]) + 1


def base_section(section: str) -> str:
    """The section name without the chunker's " (part n/m)" suffix."""
    return _PART_SUFFIX.sub("", section)


def document_of(chunk_id: str) -> str:
    """"dw4-glossary:0144.1" (or a rule key) -> "dw4-glossary"."""
    return chunk_id.rsplit(":", 1)[0]


@dataclass(frozen=True)
class Rule:
    """One section, whole: `starts[i]` is where part i+1 begins inside `text`. `repeats`: the
    chunks of printings whose text repeated an earlier printing's word for word (not in `text`)."""

    key: str
    section: str
    text: str
    chunk_ids: tuple[str, ...]
    starts: tuple[int, ...]
    repeats: tuple[str, ...] = ()

    @property
    def parts(self) -> int:
        return len(self.chunk_ids)

    def part_at(self, offset: int) -> int:
        """1-based part holding character `offset` of the joined text."""
        part = 1
        for i, start in enumerate(self.starts):
            if offset >= start:
                part = i + 1
        return part

    def part_of(self, chunk_id: str) -> int:
        """1-based part that `chunk_id` is in the joined rule (a repeat: the part it repeats)."""
        if chunk_id in self.chunk_ids:
            return self.chunk_ids.index(chunk_id) + 1
        return min(part_number(chunk_id), self.parts)


def join_rules(chunks: Iterable[Mapping[str, str]]) -> dict[str, Rule]:
    """Rules keyed by their first printing's `rule_key`, from rows with chunk_id, section and
    text (any order)."""
    printings: dict[str, list[Mapping[str, str]]] = {}
    for row in chunks:
        printings.setdefault(rule_key(row["chunk_id"]), []).append(row)
    # printings of one heading path in one document, in document order (chunk ids sort so)
    same_rule: dict[tuple[str, str], list[list[Mapping[str, str]]]] = {}
    for key in sorted(printings):
        rows = sorted(printings[key], key=lambda r: part_number(r["chunk_id"]))
        same_rule.setdefault((document_of(key), base_section(rows[0]["section"])), []).append(rows)
    rules: dict[str, Rule] = {}
    for (_, section), group in same_rule.items():
        kept: list[Mapping[str, str]] = []
        repeats: list[str] = []
        texts: set[str] = set()
        for rows in group:
            printed = PART_SEPARATOR.join(r["text"] for r in rows)
            if printed in texts:
                repeats += [r["chunk_id"] for r in rows]
                continue
            texts.add(printed)
            kept += rows
        starts: list[int] = []
        offset = 0
        for row in kept:
            starts.append(offset)
            offset += len(row["text"]) + len(PART_SEPARATOR)
        key = rule_key(kept[0]["chunk_id"])
        rules[key] = Rule(key, section, PART_SEPARATOR.join(r["text"] for r in kept),
                          tuple(r["chunk_id"] for r in kept), tuple(starts), tuple(repeats))
    return rules


def rule_of_chunk(rules: Mapping[str, Rule]) -> dict[str, str]:
    """Every chunk id -> the key of the rule it is part of (a second printing's chunks too)."""
    return {chunk: key for key, rule in rules.items() for chunk in (*rule.chunk_ids, *rule.repeats)}
