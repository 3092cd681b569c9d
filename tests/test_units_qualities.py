"""Quality text as the BattleScribe data prints it -> the referee's tokens (units/qualities.py).

Each printed form below occurs in /work/shared/data (Weapon.cat and the faction catalogues of
both editions); the expected tokens are the referee's quality ids (referee/rulesets/*.py).
"""
from __future__ import annotations

import pytest

from referee.qualities import parse_qualities
from referee.rulesets import get
from units.qualities import normalise, ramming_value


@pytest.mark.parametrize(("printed", "ruleset", "tokens"), [
    (["Aereal"], "dw3", ["aerial"]),                      # typo in Weapon.cat
    (["Susteined"], "dw3", ["sustained"]),                # typo
    (["GUNNERY"], "dw3", ["gunnery"]),                    # case
    (["Gunnery 1st"], "dw3", ["gunnery"]),                # the 1st of a weapon's two profiles
    (["Aerial (Front First)"], "dw3", ["aerial"]),
    (["Extreme Range/Limited"], "dw3", ["extreme-range", "limited"]),  # two qualities in one
    (["Piercing (1)"], "dw4", ["piercing:1"]),
    (["Hazard (2"], "dw4", ["hazardous:2"]),              # the data's missing bracket
    (["Structural Failiure (2)"], "dw4", ["structural-failure:2"]),
    (["**Submerged**", "Breach (1)", "Torpedo"], "dw4", ["submerged", "breach:1", "torpedo"]),
    (["d Submerged"], "dw4", ["submerged"]),              # a stray letter before the name
])
def test_printed_forms_become_referee_tokens(printed, ruleset, tokens):
    got, notes = normalise(printed, ruleset)
    assert got == tokens
    assert parse_qualities(got, get(ruleset))  # the referee accepts every token


def test_unmodelled_qualities_are_named_and_the_rest_still_resolves():
    tokens, notes = normalise(["Rail", "Gunnery", "Voltaic"], "dw3")
    assert tokens == ["gunnery"]
    assert len(notes) == 2 and "'Rail'" in notes[0] and "not modelled" in notes[0] and "'Voltaic'" in notes[1]
    tokens, notes = normalise(["Optimal Target: Light Vessel (4)", "Barrage"], "dw4")
    assert tokens == [] and len(notes) == 2


def test_compound_values_torrent_and_conditional_sustained():
    tokens, notes = normalise(["Torrent (Small)"], "dw3")
    assert tokens == ["torrent"] and "small" in notes[0].lower()
    # "Sustained (Aerial Units)": only against Aerial units
    aerial = {"name": "Sky Fortress", "keywords": ["Aerial", "Flagship"]}
    surface = {"name": "Borodino Battleship", "keywords": ["Battleship", "Commonwealth"]}
    assert normalise(["Sustained (Aerial Units)"], "dw3", target=aerial)[0] == ["sustained"]
    tokens, notes = normalise(["Sustained (Aerial Units)"], "dw3", target=surface)
    assert tokens == [] and "not this target" in notes[0]


def test_ramming_battle_ready_and_crippled_values():
    # "Ramming 12/10": Battle-Ready 12, Crippled 10
    assert ramming_value(["Gunnery", "Ramming 12/10"]) == 12
    assert ramming_value(["Ramming 12/10"], crippled=True) == 10
    assert ramming_value(["Ramming (6)"], crippled=True) == 6
    assert ramming_value(["Gunnery"]) is None
