"""Issue 8 §4 and §6: every action's answer has the same frame (inputs, assumptions, notes, citations,
verdict), and its words name inputs only as ⟨name⟩ mentions, never as CLI flags or JSON keys, so each
front end can render them in its own vocabulary ("--markers" on the CLI, "markers" in the API).
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from core.errors import UserInputError
from referee.api import resolve

ROLL21 = "1 1 2 2 2 2 3 3 3 3 3 4 4 4 5 5 5 6 6 6 6"
# (action, params): odds and rolled mode, every ruleset, and the paths that add most notes and assumptions
CASES: list[tuple[str, dict[str, Any]]] = [
    ("attack", {"dice": 21, "armour": 6, "citadel": 9, "defence": 7}),
    ("attack", {"dice": 12, "armour": 5, "citadel": 8, "mass": 1, "quality": ["blast", "piercing"],
                "secondary": ["4/6/2", "5/8/1/1"], "escorts": 2, "shield": True}),
    ("attack", {"ruleset": "dw3-qrs", "dice": 10, "armour": 5, "citadel": 8, "quality": ["torrent", "aerial"],
                "target_adv": 2, "no_generators": True, "attached": True}),
    ("attack", {"dice": 3, "armour": 4, "citadel": 7, "quality": ["blast"], "secondary": ["4/6"],
                "roll": "1 2 3", "explosions": "6"}),
    ("attack", {"dice": 21, "armour": 6, "citadel": 9, "quality": ["aerial"], "target_adv": 2, "roll": ROLL21,
                "explosions": "6 2", "defence_roll": "5 5"}),
    ("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2, "attacker_disorder": 3,
                "quality": ["breach", "system failure 2", "precise", "blast 3", "devastating", "torrent 2"],
                "precise_effect": "hazard", "target_type": "airborne", "markers": ["fire"], "escorts": 1}),
    ("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2, "quality": ["blast 2", "breach"],
                "secondary": ["4/6", "5"], "attacker_disorder": 2}),
    ("attack", {"ruleset": "dw4", "dice": 3, "armour": 2, "quality": ["breach"], "roll": "1 2 3",
                "explosions": "6", "attacker_disorder": 2, "citadel": 4, "defence": 0}),
    ("assault", {"fray": 6, "support": 2, "target_citadel": 8, "target_adv": 4, "attacker_disorder": 2}),
    ("assault", {"ruleset": "dw3-qrs", "fray": 3, "escorts": 1, "target_citadel": 4, "roll": "1 2 3 6",
                 "explosions": "6", "defence_roll": "5 5 5 5"}),
    ("assault", {"ruleset": "dw4", "boarding": [4, 4], "target_defences": 5, "target_crew": 6,
                 "target_disorder": 1, "attacker_disorder": 2, "fray": 3}),
    ("assault", {"ruleset": "dw4", "boarding": [4], "target_defences": 2, "target_crew": 3, "roll": "1 2 3 4",
                 "defence_roll": "5 6", "attacker_disorder": 3}),
    ("ram", {"hull": 6, "inches": 5, "ramming": 2, "target_armour": 5, "target_citadel": 8, "target_mass": 2,
             "rammer_mass": 1}),
    ("ram", {"hull": 6, "inches": 2, "target_armour": 5, "target_mass": 2, "rammer_mass": 3}),
    ("ram", {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 3, "rammer_mass": 2, "crew": 6,
             "heavy_prow": 1, "rammer_disorder": 1, "target_armour": 4}),
    ("ram", {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 3, "rammer_mass": 2, "crew_check": "fail"}),
    ("ram", {"ruleset": "dw4", "hull": 4, "inches": 5, "target_mass": 3, "rammer_mass": 2, "crew_check": "pass",
             "roll": "1 2 3 6 6 6 6 6 6", "explosions": "6"}),
    ("collision", {"mover_mass": 2, "impact": "terrain"}),
    ("collision", {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 3, "mover_hull": 4}),
    ("srs", {"tokens": 4, "interceptors": 1, "target_adv": 0, "target_armour": 4, "attack_rating": 2}),
    ("srs", {"ruleset": "dw3-qrs", "tokens": 3, "interceptors": 1, "target_adv": 2, "target_armour": 4,
             "target_citadel": 6, "target_mass": 1}),
    ("srs", {"tokens": 2, "target_adv": 3, "target_armour": 3, "intercept_roll": "5 5 5", "roll": "2 2 3"}),
    ("srs", {"ruleset": "dw4", "tokens": 2, "attack_rating": 1, "target_defences": [0], "target_armour": 1,
             "target_escorts": 1}),
    ("broadside", {"ruleset": "dw4", "broadside": [2, 1], "target_hull": 3, "attacker_disorder": 2}),
    ("broadside", {"ruleset": "dw4", "broadside": [3], "roll": "1 1 6"}),
]
# refused inputs: each error is one line in the same vocabulary
ERRORS: list[tuple[str, dict[str, Any]]] = [
    ("attack", {"dice": 5}),
    ("attack", {"dice": 5, "armour": 4, "hull": 3, "damage_taken": 3}),
    ("attack", {"dice": 5, "armour": 4, "secondary": ["4/6"]}),
    ("attack", {"ruleset": "dw4", "dice": 5, "armour": 4, "quality": ["torrent 2"], "secondary": ["4"]}),
    ("attack", {"dice": 5, "armour": 4, "quality": ["blast"], "secondary": ["four"]}),
    ("ram", {"hull": 5, "inches": 2, "target_armour": 4}),
    ("ram", {"ruleset": "dw4", "hull": 5, "inches": 4, "target_mass": 2, "rammer_mass": 2}),
    ("assault", {"ruleset": "dw4", "boarding": [3], "target_defences": 2}),
    ("collision", {"mover_mass": 2}),
    ("srs", {"tokens": 2, "target_armour": 4}),
    ("broadside", {"ruleset": "dw4"}),
]

MENTION = re.compile(r"⟨[a-z0-9_]+⟩")
FLAG = re.compile(r"(?<![\w-])--[a-z]")
# a JSON-key-looking name: lower-case words joined by underscores (p_total_damage, target_adv)
KEY_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _leaks(text: str) -> list[str]:
    bare = MENTION.sub("", text)
    return FLAG.findall(bare) + KEY_LIKE.findall(bare)


def _texts(r: dict[str, Any]) -> list[str]:
    steps = r.get("steps", r.get("trace", []))
    return [r["verdict"], *r["assumptions"], *r["notes"], *(s["detail"] for s in steps)]


@pytest.mark.parametrize(("action", "params"), CASES, ids=[f"{a}-{i}" for i, (a, _) in enumerate(CASES)])
def test_every_answer_has_the_frame_and_names_inputs_only_as_mentions(action, params):
    r = resolve(action, params)
    for key in ("inputs", "assumptions", "notes", "citations", "verdict"):
        assert key in r, key
    assert r["inputs"]["ruleset"] == r["ruleset"]
    assert isinstance(r["verdict"], str) and r["verdict"]
    assert r["citations"], "every answer cites the rule it applied"
    for text in _texts(r):
        assert not _leaks(text), (text, _leaks(text))


@pytest.mark.parametrize(("action", "params"), ERRORS, ids=[f"{a}-{i}" for i, (a, _) in enumerate(ERRORS)])
def test_errors_are_one_line_and_name_inputs_only_as_mentions(action, params):
    with pytest.raises(UserInputError) as info:
        resolve(action, params)
    message = str(info.value)
    assert "\n" not in message
    field = info.value.field
    assert field is not None
    # One error format (issue 21): the field is named once: as its ⟨mention⟩ (each front end shows it in
    # its own words), or leading the message ("field: what is wrong") when there is no mention of it.
    head, _, rest = message.partition(": ")
    if f"⟨{field}⟩" in message:
        assert head != field and message.count(f"⟨{field}⟩") == 1, message
        rest = message
    else:
        assert head == field
    assert not _leaks(rest), (message, _leaks(rest))


CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")


@pytest.mark.parametrize(("action", "params"), CASES, ids=[f"{a}-{i}" for i, (a, _) in enumerate(CASES)])
def test_a_russian_question_gets_no_english_only_sentence(action, params):
    """Issue 8 §6: "Russian input gets Russian verdict, notes and assumptions" (and step details). Rule names
    kept in English inside a Russian sentence (Torrent, Precise) are fine; a sentence with no Russian is not."""
    r = resolve(action, {**params, "description": "по-русски"})
    assert r["lang"] == "ru"
    english = [t for t in _texts(r) if LATIN_WORD.search(t) and not CYRILLIC.search(t)]
    assert not english, english
