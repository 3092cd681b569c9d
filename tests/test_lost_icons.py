"""Die faces the quick reference lost with its icons are shown as a marked gap (issue 21): every
rule text of every document and every unit card is checked for a silent gap."""
from __future__ import annotations

import re

import pytest

from corpus import CORPUS_DIR
from corpus.icons import LOST_FACE, mark_lost_icons
from index.manifest import load_manifest
from index.parsing import parse_document
from units.quickref import FILE_NAME, parse_cards

# A silent gap, found independently of corpus.icons: a word that must be followed by the face it
# is about, followed at once by punctuation or "=" ("On , you may", "For every , you", "each ;"),
# or a sentence that starts with "=" ("2 hits.  = 2 hits").
SILENT_GAP = re.compile(r"(?i)\b(?:on|every|each|any|or|of|single|reroll)\s*[,;=]|[.:]\s+=")


def _document_texts() -> list[tuple[str, str]]:
    texts = []
    for doc in load_manifest(CORPUS_DIR):
        for section in parse_document(doc):
            texts.append((f"{doc.id} › {' › '.join(section.heading_path)}", section.text))
    return texts


def _card_texts() -> list[tuple[str, str]]:
    raw = (CORPUS_DIR / FILE_NAME).read_text(encoding="utf-8")
    return [(f"card {unit['name']} › {rule['name']}", rule.get("text") or "")
            for unit in parse_cards(mark_lost_icons(raw)) for rule in unit["rules"]]


def test_no_rule_text_of_any_document_or_card_has_a_silent_gap() -> None:
    silent = [f"{where}: …{text[max(0, m.start() - 40):m.end() + 20]}…" for where, text in
              _document_texts() + _card_texts() for m in SILENT_GAP.finditer(text)]
    assert silent == []


def test_the_gaps_the_issue_quotes_are_marked() -> None:
    """Issue 21: 'roll 1 action die. On , you may place a 2" long mass 2 iceberg … On a  or , place…'."""
    cards = dict(_card_texts())
    cryo = " ".join(cards["card Borodino Battleship › Internal Cryo Generator"].split())
    assert f"roll 1 action die. On {LOST_FACE}, you may place a 2\" long mass 2 iceberg" in cryo
    assert f"On a {LOST_FACE} or {LOST_FACE}, place a 1\" mass 1 iceberg" in cryo
    repair = " ".join(text for where, text in _document_texts() if "For every" in text)
    assert f"For every {LOST_FACE}, you may either remove the marker" in " ".join(repair.split())


@pytest.mark.parametrize("line", [
    "1-3   No further effects. ",  # a table's columns
    "Total the number of hits  rolled. Heavy hits  count as 2 hits. ",  # the icon repeated a word
    "Roll an action die each time a ",  # a plain wrap: one trailing space
    "Weapon            Arc  PB   CL   LG",
])
def test_layout_spaces_are_not_taken_for_lost_faces(line: str) -> None:
    assert mark_lost_icons(line) == line


def test_a_face_lost_at_a_line_break_is_marked_on_the_line_that_lost_it() -> None:
    text = "its attacks count only a single \n from each ; it has an \n\nADV of 1"
    expected = f"its attacks count only a single \n{LOST_FACE} from each {LOST_FACE}; it has an \n\nADV of 1"
    assert mark_lost_icons(text) == expected


def test_the_unit_card_notes_a_rule_with_marked_faces() -> None:
    raw = (CORPUS_DIR / FILE_NAME).read_text(encoding="utf-8")
    borodino = next(u for u in parse_cards(mark_lost_icons(raw)) if u["name"] == "Borodino Battleship")
    assert any("Internal Cryo Generator" in note and "icons" in note for note in borodino["notes"])
