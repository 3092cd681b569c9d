"""Whole rules from chunks: the chunker cuts a long section into "part n/m" chunks; readers
need the rule whole. Search ranks chunks, then presents each rule once, its parts joined in
order, with the part that matched remembered (so a front end can show that part first).

Pure Python over the rows of the `chunks` table: no model, no numpy.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

PART_SEPARATOR = "\n\n"  # the chunker split at paragraph breaks; joining restores them
_PART_SUFFIX = re.compile(r" \(part (\d+)/(\d+)\)$")


def rule_key(chunk_id: str) -> str:
    """"dw4-glossary:0144.1" -> "dw4-glossary:0144": every part of one section shares it."""
    return chunk_id.rsplit(".", 1)[0]


def part_number(chunk_id: str) -> int:
    """1-based part of a chunk ("…:0144.1" is part 2)."""
    return int(chunk_id.rsplit(".", 1)[1]) + 1


def base_section(section: str) -> str:
    """The section name without the chunker's " (part n/m)" suffix."""
    return _PART_SUFFIX.sub("", section)


@dataclass(frozen=True)
class Rule:
    """One section, whole: `starts[i]` is where part i+1 begins inside `text`."""

    key: str
    section: str
    text: str
    chunk_ids: tuple[str, ...]
    starts: tuple[int, ...]

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


def join_rules(chunks: Iterable[Mapping[str, str]]) -> dict[str, Rule]:
    """Rules keyed by `rule_key`, from rows with chunk_id, section and text (any order)."""
    grouped: dict[str, list[Mapping[str, str]]] = {}
    for row in chunks:
        grouped.setdefault(rule_key(row["chunk_id"]), []).append(row)
    rules: dict[str, Rule] = {}
    for key, rows in grouped.items():
        rows = sorted(rows, key=lambda r: part_number(r["chunk_id"]))
        starts: list[int] = []
        offset = 0
        for row in rows:
            starts.append(offset)
            offset += len(row["text"]) + len(PART_SEPARATOR)
        text = PART_SEPARATOR.join(r["text"] for r in rows)
        rules[key] = Rule(key, base_section(rows[0]["section"]), text,
                          tuple(r["chunk_id"] for r in rows), tuple(starts))
    return rules
