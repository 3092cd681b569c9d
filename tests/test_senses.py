"""Players' words with two senses across games (glossary [[sense]], index/senses.py): a mapping that
holds only where the game has the mechanic."""
from __future__ import annotations

import re
import tomllib
import unicodedata

import pytest

from index.glossary import GLOSSARY_FILE, matchable, read_glossary
from index.manifest import load_manifest
from index.senses import Senses, sense_contexts
from index.termmap import load_synonyms
from index.text import question_stems

SENSES = read_glossary().get("sense", [])


def _flat(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("*", "")
    return re.sub(r"\s+", " ", text).strip()


def test_every_sense_quotes_a_printed_rules_sentence() -> None:
    documents = {doc.id: _flat(doc.read_text()) for doc in load_manifest()}
    assert SENSES
    missing = [(e["document"], e["quote"]) for sense in SENSES for e in sense["evidence"]
               if _flat(e["quote"]) not in documents[e["document"]]]
    assert missing == []
    assert all(sense["evidence"] and (sense.get("with") or sense.get("without")) for sense in SENSES)


def test_every_sense_word_is_a_mapped_player_word() -> None:
    # a context limits a mapping: a word nothing maps has no sense to limit
    expansions = {matchable(k) for k in load_synonyms().expansions}
    assert [w for sense in SENSES for w in sense["words"] if matchable(w.casefold()) not in expansions] == []


def test_the_file_declares_senses_as_data() -> None:
    data = tomllib.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    contexts = sense_contexts(data)
    assert "overwatch" in contexts and "command points" in contexts


@pytest.mark.parametrize("question, holds", [
    ("can my fighters fire overwatch at enemy bombers making an attack run?", True),
    ("овервотч по самолётам есть? когда ко мне летят srs токены, как их сбивать", True),
    ("can my ship go on overwatch and shoot an enemy cruiser that moves into range?", False),
    ("может ли корабль встать в овервотч и стрелять по кораблю, который идёт на таран?", False),
])
def test_overwatch_is_interception_only_against_aircraft(question: str, holds: bool) -> None:
    # dw4 glossary, SRS: "If an Admiral resolves an Attack Run mission against an enemy unit that is
    # Supported by an SRS Stack, the opposing Admiral makes an Interception Attempt." Nothing else is
    # fired at out of turn.
    senses = Senses(sense_contexts(read_glossary()))
    stems = question_stems(question)
    key = ("овервотч",) if "овервотч" in stems else ("overwatch",)
    assert senses.holds(key, stems) is holds
    assert (key in senses.out_of_context(stems)) is not holds


def test_command_points_are_the_hand_of_cards_only_when_cards_are_meant() -> None:
    # dw3 quick reference: "Both players draw V&V cards from their decks up to the maximum hand size"
    senses = Senses(sense_contexts(read_glossary()))
    cards = question_stems("is there anything that gives me extra command points, I mean extra cards in hand?")
    pool = question_stems("can I spend a command point to re-roll a failed crew check?")
    assert senses.holds(("command", "point"), cards)
    assert not senses.holds(("command", "point"), pool)


def test_a_word_without_a_sense_always_holds() -> None:
    senses = Senses({"overwatch": {"with": ["bomber"]}, "fall back": {"without": ["ship"]}})
    stems = question_stems("how do I board an enemy ship?")
    assert senses.holds(("board",), stems)
    assert not senses.holds(("fall", "back"), question_stems("can my ship fall back"))
    assert senses.holds(("fall", "back"), question_stems("can my squad fall back"))


def test_the_search_reads_a_word_out_of_its_context_as_nothing(searcher) -> None:
    bombers = searcher.parse("can my fighters fire overwatch at enemy bombers making an attack run?")
    ramming = searcher.parse("do my ships get an overwatch shot when an enemy ship rams them?")
    assert "intercept" in bombers.variants["overwatch"]
    assert "intercept" not in ramming.variants["overwatch"]


@pytest.mark.parametrize("question, absent", [
    ("do my ships get an overwatch shot when an enemy ship rams them?", True),
    ("can I spend a command point to re-roll a failed crew check?", True),
    ("is there something like overwatch in this game?", False),  # likens, as names_absent_concept reads it
    ("Dust: is there an overwatch, can my unit shoot an enemy that moves close to it?", False),  # Dust's own sense
    ("can my fighters fire overwatch at enemy bombers making an attack run?", False),
])
def test_a_word_asked_outside_its_context_names_what_the_game_lacks(searcher, question: str, absent: bool) -> None:
    assert searcher.parse(question).absent is absent
