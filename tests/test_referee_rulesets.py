"""Each quality and each ruleset difference changes the numbers the way the rules say."""
from __future__ import annotations

import pytest

from referee.api import resolve


def odds(**kw):
    return resolve("attack", kw)


def test_obscured_removes_explosions_but_homing_torpedo_magnetic_negate_it():
    base = odds(dice=10, armour=3)["expected_hits"]
    assert odds(dice=10, armour=3, obscured=True)["expected_hits"] == pytest.approx(10 * 5 / 6)
    for q in ("homing", "magnetic", "torpedo"):
        assert odds(dice=10, armour=3, obscured=True, quality=[q])["expected_hits"] >= base - 1e-9
    assert odds(dice=10, armour=3, target_type="submerged", quality=["submerged"])["expected_hits"] < base
    # dw4 Obscured adds Resistance dice instead of stopping explosions
    assert odds(ruleset="dw4", dice=10, armour=3, defence=2, obscured=True, obscuring_mass=2)["expected_hits"] == \
        pytest.approx(base)


def test_devastating_high_velocity_and_rerolls():
    base = odds(dice=10, armour=3, defence=5, quality=["aerial"])
    assert odds(dice=10, armour=3, defence=5, quality=["aerial", "devastating"])["expected_hits"] == \
        pytest.approx(10 * 1.2)
    assert odds(dice=10, armour=3, defence=5, quality=["aerial", "high-velocity"])["expected_damage"] > \
        base["expected_damage"]
    assert odds(dice=10, armour=3, quality=["homing"])["expected_hits"] == pytest.approx(10 * 7 / 6)
    assert odds(dice=10, armour=3, quality=["fusillade"], distance=6)["expected_hits"] == pytest.approx(10 * 8 / 6)
    assert odds(dice=10, armour=3, quality=["fusillade"], distance=15)["expected_hits"] == pytest.approx(10)
    s = odds(dice=10, armour=3, quality=["sustained"])["expected_hits"]
    assert 10 < s < 10 * 1.5


def test_qrs_sustained_rerolls_any_die():
    dw3 = odds(dice=10, armour=3, quality=["sustained"])["expected_hits"]
    qrs = odds(ruleset="dw3-qrs", dice=10, armour=3, quality=["sustained"])["expected_hits"]
    assert qrs == pytest.approx(10 * 1.5) and qrs > dw3  # every Counter and Blank re-rolled
    rolled = resolve("attack", {"ruleset": "dw3-qrs", "dice": 3, "armour": 2, "quality": ["sustained"],
                                "roll": "3 5 6", "rerolls": ["1:2", "2:2", "3:2"]})
    assert rolled["hits"] == 6  # the QRS lets any die (even a Hit) be re-rolled
    with pytest.raises(Exception, match="ONE result type"):
        resolve("attack", {"dice": 3, "armour": 2, "quality": ["sustained"], "roll": "3 5 6",
                           "rerolls": ["2:2", "3:2"]})


def test_piercing_mass1_citadel_minus_three_only_in_dw3():
    kw = dict(dice=8, armour=4, citadel=8, mass=1, hull=2, quality=["piercing"])
    dw3 = odds(**kw)
    plain = odds(**{**kw, "quality": []})
    # RB Бронепробивное: "Если Начальная Цель имеет Массу 1, ее Цитадель уменьшается на -3"
    assert dw3["p_citadel_destroyed"] > plain["p_citadel_destroyed"]  # Citadel 8 -> 5
    assert dw3["p_critical"] is None  # a Mass 1 model takes no Critical Damage
    qrs = odds(ruleset="dw3-qrs", **kw)
    assert qrs["p_citadel_destroyed"] > plain["p_citadel_destroyed"]  # no -3, but Piercing's roll destroys
    # ... but in the QRS any critical (Piercing's) destroys a Mass 1 model
    assert qrs["p_destroyed"] >= qrs["p_damage_at_least"]["1"] - 1e-12


def test_catastrophic_in_addition_vs_instead_in_odds():
    kw = dict(dice=30, armour=5, citadel=6, hull=20)
    dw3, qrs = odds(**kw), odds(ruleset="dw3-qrs", **kw)
    assert dw3["p_catastrophic"] == pytest.approx(qrs["p_catastrophic"])
    assert dw3["expected_total_damage"] > qrs["expected_total_damage"]


def test_shield_generator_and_eligibility():
    assert odds(dice=10, armour=3, shield=True)["pool"] == 8
    assert odds(dice=10, armour=3, shield=True, quality=["arc"])["pool"] == 10
    assert odds(dice=10, armour=3, shield=True, shield_dice=3)["pool"] == 7
    assert odds(ruleset="dw4", dice=10, armour=3, defence=0, shield=True)["p_damage"] != \
        odds(ruleset="dw4", dice=10, armour=3, defence=0)["p_damage"]


def test_aerial_target_shifts_band_and_escorts_bonus():
    r = odds(dice=10, armour=3, distance=8, target_type="aerial", escorts=2)
    assert r["pool"] == 10  # closing after the shift: no Point Blank escort bonus
    assert odds(dice=10, armour=3, distance=8, escorts=2)["pool"] == 12
    assert odds(ruleset="dw3-qrs", dice=10, armour=3, distance=8, escorts=2)["pool"] == 10


def test_dw4_piercing_grouping_and_ram_thresholds():
    from referee.attack_core import dw4_successes

    assert dw4_successes(9, 5, 2) == 2 and dw4_successes(9, 5, 0) == 1
    r = resolve("ram", {"ruleset": "dw4", "hull": 6, "inches": 4, "rammer_mass": 2, "target_mass": 2,
                        "crew": 5, "card_values": "1-10"})
    assert r["p_crew_pass"] == pytest.approx(0.5)
    assert r["p_damage"]["0"] >= 0.5
    assert sum(r["self_damage"].values()) == pytest.approx(1)


def test_assault_qrs_rows():
    r = resolve("assault", {"ruleset": "dw3-qrs", "fray": 6, "target_citadel": 5, "target_adv": 1})
    assert set(r["p_result"]) == {"assaulter_damaged", "no_effect", "disorder", "critical", "critical_and_damage"}
    assert sum(r["p_result"].values()) == pytest.approx(1)
