"""Issue 20: the shared free-text development set (../shared/eval/referee_text_dev.jsonl, 160 player
descriptions with a careful human's reading), scored by bench/referee_text.py through the test adapter.

A silent misread is a number the player is not warned about: none is left. The last two were rt-016 ("two
of his escorts attached": escorts with the ship, not the Attached rule) and rt-029 (a player correcting
himself: "my 3 escorts … wait no, his 3 escorts"); a new one fails this test.
"""
from __future__ import annotations

from collections import Counter

import pytest

from bench.referee_text import classify
from tests.referee_text_dev_adapter import DEV_SET, dev_items

KNOWN_MISREADS: set[str] = set()

pytestmark = pytest.mark.skipif(not DEV_SET.exists(), reason="the shared development set is not mounted")


def test_no_new_silent_misread_and_most_descriptions_read_right():
    outcomes: Counter[str] = Counter()
    misread = set()
    for it in dev_items():
        r = classify(it["action"], it["text"], it["ruleset"], it["expect"], it["ask"])
        outcomes[r.outcome] += 1
        if r.outcome == "silent misread":
            misread.add(it["id"])
    assert misread <= KNOWN_MISREADS, sorted(misread - KNOWN_MISREADS)
    # before issue 20: 38 read right, 43 silent misreads (bench/referee_text.py on the same set); 134 before the
    # player-style rules of bench/data/referee_text2.jsonl (card lines, markers as states, "N ships … each")
    assert outcomes["read right"] >= 149, outcomes


def test_every_ask_back_about_an_owner_is_asked_or_flagged():
    for it in dev_items():
        if it["ask"]:
            r = classify(it["action"], it["text"], it["ruleset"], it["expect"], it["ask"])
            assert r.outcome in ("read right", "flagged"), (it["id"], r.detail)
