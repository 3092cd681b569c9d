"""Rolled mode on the rulebook's worked example and every worked example E1-E15 of mechanics.md."""
from __future__ import annotations

import pytest

from core.errors import UserInputError
from referee.api import resolve

E1 = {"dice": 21, "armour": 6, "citadel": 9, "defence": 7, "quality": ["aerial"],
      "roll": "1 1 2 2 2 2 3 3 3 3 3 4 4 4 5 5 5 6 6 6 6", "explosions": "6 2", "defence_roll": "4 5 5 5 1 3 6"}


def test_e1_rulebook_worked_example():
    r = resolve("attack", E1)
    assert (r["hits"], r["counters"], r["net_hits"], r["damage"], r["critical"], r["catastrophic"]) == \
        (19, 5, 14, 2, 1, 0)
    assert "critical" in r["verdict"] and r["verdict"].endswith("roll 1 critical damage die")
    assert all(step["citation"]["document"] == "dw3-rulebook-ru.md" for step in r["trace"])
    r = resolve("attack", {**E1, "critical_roll": [4]})
    assert r["critical_effects"] == ["Reactor Leak (Утечка в реакторе)"] and r["disorder"] == 1


def test_e1_by_lead_and_support():
    r = resolve("attack", {**E1, "dice": None, "lead": 9, "support": [6, 6]})
    assert r["pool"] == 21 and r["net_hits"] == 14




def test_e2_exact():
    r = resolve("attack", {"dice": 14, "armour": 4, "citadel": 8, "mass": 1, "hull": 2, "quality": ["gunnery"],
                           "roll": "1 1 2 3 3 3 4 5 5 6 6 2 3 6"})
    assert r["hits"] == 12 and r["damage"] == 3 and r["state"] == "destroyed"
    with pytest.raises(UserInputError, match="only 0 are needed"):
        resolve("attack", {"dice": 14, "armour": 4, "citadel": 8, "mass": 1, "quality": ["gunnery"],
                           "roll": "1 1 2 3 3 3 4 5 5 6 6 2 3 6", "explosions": "3"})


def test_e3_submerged_torpedo_extreme_range_vs_shield():
    r = resolve("attack", {"dice": 11, "armour": 5, "citadel": 10, "mass": 2, "hull": 4, "defence": 6,
                           "quality": ["submerged", "torpedo", "extreme-range"], "distance": 34, "shield": True,
                           "target_type": "surface", "roll": "1 2 2 3 3 4 5 5 6 6 3", "explosions": "1 3",
                           "defence_roll": "4 5 6 2 5 1"})
    assert r["pool"] == 11  # the Shield Generator cannot be used against Submerged attacks
    assert (r["hits"], r["counters"], r["net_hits"], r["damage"], r["critical"]) == (12, 4, 8, 1, 0)
    assert r["state"] == "battle-ready"


def test_e4_sustained_devastating_hazardous_vs_shield():
    r = resolve("attack", {"dice": 8, "armour": 5, "citadel": 10, "hull": 4, "shield": True,
                           "quality": ["blast", "hazardous", "devastating", "sustained"], "distance": 8,
                           "roll": "6 6 5 3 2 1", "rerolls": ["1:1", "2:3"], "explosions": "1 4 6",
                           "critical_roll": "6"})
    assert r["pool"] == 6
    assert r["hits"] == 13 and r["damage"] == 2 and r["critical"] == 1
    assert r["disorder"] == 2  # Generator Shutdown + Hazardous
    with pytest.raises(UserInputError, match="ONE result type"):
        resolve("attack", {"dice": 6, "armour": 5, "quality": ["sustained"], "roll": "6 5 5 3 2 1",
                           "rerolls": ["1:3", "2:3"], "explosions": "3"})


ASSAULT = {"fray": 14, "srs": 1, "target_citadel": 10, "target_adv": 3, "target_sdv": 3,
           "roll": "1 1 1 2 2 2 3 3 3 3 4 5 6 6 6", "explosions": "2 6 3", "defence_roll": "4 4 4 4 5 5 5 5 5 5 1 2 6"}


def test_e5_assault_dw3_and_qrs():
    r = resolve("assault", ASSAULT)
    assert (r["attack_pool"], r["defence_pool"], r["hits"], r["counters"], r["margin"]) == (15, 13, 19, 14, 5)
    assert r["result"] == "brutal_strike" and r["damage"] == 1 and r["critical"] == 1 and r["target_disorder"] == 1
    q = resolve("assault", {**ASSAULT, "ruleset": "dw3-qrs"})
    assert q["result"] == "critical_and_damage" and q["damage"] == 1 and q["target_disorder"] == 0
    # the defender discarding an SRS token: +3 dice in dw3, +1 in the QRS
    assert resolve("assault", {k: v for k, v in ASSAULT.items() if k not in ("roll", "explosions", "defence_roll")}
                   | {"target_srs": 1})["defence_pool"] == 16
    assert resolve("assault", {k: v for k, v in ASSAULT.items() if k not in ("roll", "explosions", "defence_roll")}
                   | {"target_srs": 1, "ruleset": "dw3-qrs"})["defence_pool"] == 14


def test_e6_ram_mass2_on_mass1():
    base = {"hull": 5, "inches": 7, "rammer_mass": 2, "target_armour": 4, "target_citadel": 8, "target_mass": 1,
            "target_hull": 2}
    r = resolve("ram", {**base, "roll": "1 2 3 3 4 5 6 6 3 2", "explosions": "5", "self_damage_roll": "2"})
    assert r["pool"] == 10 and r["hits"] == 9 and r["damage"] == 2 and r["state"] == "destroyed"
    assert r["self_damage"] == 1 and not r["rammer_destroyed"]
    assert resolve("ram", {**base, "ruleset": "dw3-qrs"})["pool"] == 11


def test_e7_mass1_rammer_dw3_vs_qrs():
    base = {"hull": 2, "inches": 4, "rammer_mass": 1, "target_armour": 5, "target_citadel": 10, "target_mass": 2,
            "roll": "3 3 2 6 5 4", "self_damage_roll": "5"}
    r = resolve("ram", base)
    assert r["hits"] == 4 and r["damage"] == 0 and r["rammer_destroyed"]
    q = resolve("ram", {**base, "ruleset": "dw3-qrs"})
    assert not q["rammer_destroyed"]
    odds = resolve("ram", {k: v for k, v in base.items() if k not in ("roll", "self_damage_roll")})
    assert odds["p_rammer_destroyed"] == pytest.approx(5 / 6)


def test_e8_attack_run_as_piercing_attack():
    r = resolve("attack", {"dice": 9, "armour": 5, "citadel": 10, "hull": 5, "quality": ["piercing"],
                           "roll": "1 2 2 3 3 6 6 5 4", "explosions": "3", "critical_roll": "5"})
    assert r["hits"] == 9 and r["damage"] == 1 and r["critical"] == 1
    assert r["total_damage"] == 2  # Magazine Explosion: +1 on the target


def test_e9_qrs_attack_run_with_defence():
    r = resolve("attack", {"ruleset": "dw3-qrs", "dice": 6, "armour": 5, "citadel": 10, "defence": 3,
                           "quality": ["aerial", "piercing"], "roll": "1 2 2 3 3 6", "explosions": "3",
                           "defence_roll": "4 5 6"})
    assert (r["hits"], r["counters"], r["net_hits"], r["damage"], r["critical"]) == (9, 3, 6, 1, 1)


E10 = {"dice": 20, "armour": 5, "citadel": 10, "hull": 5, "mass": 2, "quality": ["gunnery"], "distance": 15,
       "roll": "1 1 1 2 2 2 2 3 3 3 3 3 4 4 5 5 6 6 6 6", "explosions": "3 6 6"}


def test_e10_catastrophic_in_addition_vs_instead():
    r = resolve("attack", {**E10, "critical_roll": "1"})
    assert r["hits"] == 20 and r["damage"] == 4 and r["critical"] == 1 and r["catastrophic"] == 1
    assert r["total_damage"] == 6 and r["state"] == "crippled"
    q = resolve("attack", {**E10, "ruleset": "dw3-qrs"})
    assert q["critical"] == 0 and q["catastrophic"] == 1 and q["total_damage"] == 6
    with pytest.raises(UserInputError, match="0 critical damage dice are needed"):
        resolve("attack", {**E10, "ruleset": "dw3-qrs", "critical_roll": "1"})


def test_e11_ram_cap():
    base = {"hull": 7, "inches": 9, "bonus": 2, "rammer_mass": 3, "target_armour": 5, "target_citadel": 10,
            "target_mass": 2, "self_damage_roll": "3"}
    r = resolve("ram", {**base, "roll": "1 2 2 3 3 3 4 4 5 5 6 6 6 3", "explosions": "3"})
    assert r["pool"] == 14 and r["hits"] == 11 and r["damage"] == 2 and r["critical"] == 1 and r["self_damage"] == 1
    q = resolve("ram", {**base, "ruleset": "dw3-qrs", "roll": "1 2 2 3 3 3 4 4 5 5 6 6 6 3 2", "explosions": "3"})
    assert q["pool"] == 15 and q["hits"] == 13 and q["damage"] == 2


def test_e12_dw4_attack():
    r = resolve("attack", {"ruleset": "dw4", "dice": 16, "armour": 4, "defence": 5, "target_escorts": 1,
                           "mass": 3, "hull": 9, "roll": "1 1 2 2 2 3 3 3 3 4 4 5 5 6 6 6", "explosions": "3 6",
                           "defence_roll": "4 5 5 2 3 6"})
    assert (r["defence_pool"], r["hits"], r["counters"], r["net_hits"], r["damage"]) == (6, 15, 4, 11, 2)
    assert any("reconstructed" in a for a in r["assumptions"])


def test_e13_dw4_piercing_and_ablative():
    r = resolve("attack", {"ruleset": "dw4", "dice": 10, "armour": 5, "defence": 7, "target_ablative": 5,
                           "quality": ["submerged", "piercing:1", "piercing:1", "torpedo"], "distance": 12,
                           "roll": "1 1 2 2 2 3 3 5 6 6", "defence_roll": "4 5 6 6 3 2 1"})
    assert r["hits"] == 12 and r["counters"] == 3 and r["net_hits"] == 9 and r["damage"] == 2


def test_e14_dw4_boarding():
    r = resolve("assault", {"ruleset": "dw4", "boarding": [4, 4], "target_defences": 5, "target_escorts": 1,
                            "target_crew": 6, "roll": "1 2 2 3 3 4 6 1", "explosions": "2 5",
                            "defence_roll": "5 5 4 6 3 1"})
    assert (r["attack_pool"], r["defence_pool"], r["hits"], r["counters"], r["successes"]) == (8, 6, 12, 4, 1)
    assert r["disorder"] == 1


def test_e15_dw4_ram_heavy_prow():
    r = resolve("ram", {"ruleset": "dw4", "hull": 11, "inches": 6, "heavy_prow": 5, "rammer_mass": 5,
                        "target_mass": 3, "crew": 8, "crew_check": "pass",
                        "roll": "1 1 2 2 2 2 3 3 3 3 3 4 4 4 5 5 5 6 6 6 6", "explosions": "6 2"})
    assert (r["pool"], r["hits"], r["damage"], r["self_damage"]) == (21, 19, 6, 0)
    panicking = resolve("ram", {"ruleset": "dw4", "hull": 11, "inches": 6, "heavy_prow": 5, "rammer_mass": 5,
                                "target_mass": 3, "crew_check": "pass", "rammer_disorder": 1,
                                "roll": "1 1 2 2 2 2 3 3 3 3 3 4 4 4 5 5 5 6 6 6 6", "explosions": "6 2"})
    # GL Disorder, Panicking: "any Heavy Strikes in the roll are Converted to Standard Strikes" — the roll
    # includes the explosion dice. Level 2 (1 before + 1 from the Ram): 2 Exploding x2 = 4, 4 Heavy x1 = 4,
    # 5 Standard = 5; explosion dice blank 0 + Heavy converted 1 -> 14 Hits; 14 // Mass 3 = 4 Damage.
    assert panicking["hits"] == 14 and panicking["damage"] == 4
