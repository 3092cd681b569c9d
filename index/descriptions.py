"""Rules described in players' words, written from the rules (issue 16, session 11 helper docexp).

A player who wants something at the table ("can I make my ship harder to hit", "anything that lets me
shoot twice") often shares no word with the rule that does it. Every vocabulary fix so far mapped a
player's word to the rules' word on the question's side, one entry at a time. Here the rule side
carries the players' words instead: index/data/descriptions.toml holds, per rule, a few short lines
saying what the rule does and when it matters, written by reading the rule's own text.

The lines are never shown, quoted or an answer line, and never part of the rule's text, its stems for
the relevance test, the vocabulary or the passage the encoder reads. How ranking reads them:
index.described (session 12: as a field or a vote of their own they cost the dev folds, docs/retrieval.md).
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

DESCRIPTIONS_FILE = Path(__file__).parent / "data" / "descriptions.toml"

Descriptions = Mapping[tuple[str, str], tuple[str, ...]]  # (document id, cited section) -> lines


def load_descriptions(path: Path = DESCRIPTIONS_FILE) -> Descriptions:
    """The file's lines by (document id, section path as a citation prints it)."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    for document, rules in data.items():
        for section, lines in rules.items():
            found[(document, section)] = tuple(str(line) for line in lines)
    return found
