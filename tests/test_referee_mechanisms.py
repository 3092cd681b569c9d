"""Issue 20, fixes 2-8: each rule at its mechanism, with the sentence it implements and a value worked by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.api import resolve
from referee.disorder import gain
from referee.errors import InputError

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


# --- fix 4: one Disorder track with its cap -------------------------------------------------------------------
# QR DISORDER CONDITIONS: "There are 3 levels … Models already at level 3 do not get a choice and automatically
# receive 1 damage." 3.03 УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ: "Получить одно повреждение и сохранить текущий уровень".
# GL Disorder: three levels; a further level Spreads to the closest friendly model within 4".

def test_the_track_never_passes_level_three():
    assert gain(2, 1, "dw3") == gain(2, 1, "dw4")  # 2 -> 3 in both
    assert (gain(3, 1, "dw3").level, gain(3, 1, "dw3").damage) == (3, 1)
    assert (gain(3, 2, "dw4").level, gain(3, 2, "dw4").spread, gain(3, 2, "dw4").damage) == (3, 2, 0)
    assert (gain(2, 2, "dw3").level, gain(2, 2, "dw3").damage) == (3, 1)


@pytest.mark.parametrize("ruleset", ["dw3", "dw3-qrs"])
def test_a_dw3_collision_at_level_three_is_one_damage_not_a_fourth_level(ruleset):
    # Mass 2 into Mass 2: both gain a level (the model hit has Mass <= the mover's); both are at 3 already
    r = resolve("collision", {"ruleset": ruleset, "mover_mass": 2, "impact_mass": 2, "mover_disorder": 3,
                              "impact_disorder": 3})
    assert r["mover_disorder"] == 3 and r["impact_disorder"] == 3
    assert r["expected_mover_damage"] == 1.0 and r["impact_damage"] == 1


def test_a_dw4_collision_at_level_three_spreads_and_deals_no_damage():
    r = resolve("collision", {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 2, "mover_disorder": 3,
                              "impact_disorder": 3})
    assert r["mover_disorder"] == 3 and r["expected_mover_damage"] == 0.0 and "impact_damage" not in r


# --- fix 5: markers read by every action that uses the value they change --------------------------------------
# QR "Reactor leak: … -1 to its CITADEL"; 3.03 Утечка реактора: Citadel -2 (referee rulesets); QR "Shredded
# defences: … A model with this marker has a DEFENCE (aerial and submerged) of 0."

@pytest.mark.parametrize(("ruleset", "pool"), [("dw3", 9 - 2 + 0), ("dw3-qrs", 9 - 1 + 0)])
def test_the_assault_defence_pool_reads_reactor_leak_and_shredded_defences(ruleset, pool):
    base = {"ruleset": ruleset, "fray": 8, "target_citadel": 9, "target_adv": 3}
    assert resolve("assault", base)["inputs"]["defence_pool"] == 9 + 3
    marked = resolve("assault", {**base, "markers": ["reactor-leak", "shredded-defences"]})
    assert marked["inputs"]["defence_pool"] == pool


# --- fix 3: dw4 Aerial weapons against an Airborne target -------------------------------------------------------
# GL Aerial: "If the Initial Target is an Airborne model, it does not benefit from the Unconventional Target rule"

def test_dw4_aerial_weapons_take_no_unconventional_target_from_an_airborne_target():
    attack = {"ruleset": "dw4", "dice": 10, "armour": 4, "defence": 6}
    aerial_vs_airborne = resolve("attack", {**attack, "quality": ["aerial"], "target_type": "airborne"})
    aerial_vs_surface = resolve("attack", {**attack, "quality": ["aerial"], "target_type": "surface"})
    plain_vs_airborne = resolve("attack", {**attack, "target_type": "airborne"})
    # the Resistance Roll counts as against any other target: the same odds as against a Surface model
    assert aerial_vs_airborne["expected_damage"] == pytest.approx(aerial_vs_surface["expected_damage"], abs=1e-12)
    # while a non-Aerial attack on it still meets Unconventional Target (more Counters, less damage)
    assert plain_vs_airborne["expected_damage"] < aerial_vs_airborne["expected_damage"]


# --- fix 8: qrs Torrent cannot support ---------------------------------------------------------------------------
# QR: "You cannot support with torrent weapons." RB 3.03 Конус поражения: "Поддерживающие орудия с этим Качеством
# добавляют Боевые Кубы к Набору Кубов".

def test_qrs_torrent_with_support_is_refused_and_the_rulebook_adds_its_dice():
    attack = {"lead": 8, "support": [4], "armour": 5, "citadel": 9, "quality": ["torrent"]}
    with pytest.raises(InputError, match="cannot support with torrent"):
        resolve("attack", {**attack, "ruleset": "dw3-qrs"})
    assert resolve("attack", {**attack, "ruleset": "dw3"})["inputs"]["dice"] == 8 + 4
    assert resolve("attack", {**attack, "support": [], "ruleset": "dw3-qrs"})["inputs"]["dice"] == 8


# --- fix 2: the Aerial band shift wherever a band is chosen -----------------------------------------------------
# QR: "Aerial models are always considered to be at 1 range band further away, unless being attacked by other
# aerial units". The Kutsov Cruiser's card prints its Heavy gun battery as 8(4) at Point Blank, 10(5) at Closing.

def test_a_card_weapons_dice_are_read_at_the_shifted_band(tmp_path):
    from units.apply import apply_profiles
    from units.book import UnitBook

    book = UnitBook(tmp_path, CORPUS)
    params = {"attacker": "Kutsov", "weapon": "heavy gun battery", "distance": 8, "armour": 5, "citadel": 9}
    values, _, _ = apply_profiles(lambda: book, "attack", {**params, "target_type": "aerial"})
    result = resolve("attack", values)
    assert result["inputs"]["band"] == "closing" and result["inputs"]["dice"] == 10
    values, _, _ = apply_profiles(lambda: book, "attack", params)
    assert resolve("attack", values)["inputs"]["dice"] == 8  # not Aerial: Point Blank's 8
    values, _, _ = apply_profiles(lambda: book, "attack", {**params, "target_type": "aerial",
                                                           "attacker_aerial": True})
    assert resolve("attack", values)["inputs"]["dice"] == 8  # an Aerial attacker: no shift


# --- fix 6: dw4 Heavy Prow on the Collision a failed ram Crew Check becomes --------------------------------------
# GL Heavy Prow: "when this model Collides with or Rams another model … the amount of Damage it suffers is reduced
# by X, to a minimum of 0". A Mass 2 mover into a Mass 3 model rolls 2 dice, 1 Damage per Strike (faces 1-3 of 6):
# damage ~ Binomial(2, 1/2), mean 1; with Heavy Prow (1), max(0, damage - 1): only 2 Strikes (p 1/4) leave 1.

def test_heavy_prow_reduces_the_damage_of_the_collision_after_a_failed_ram_crew_check():
    ram = {"ruleset": "dw4", "rammer_mass": 2, "target_mass": 3, "hull": 5, "crew": 5, "crew_check": "fail"}
    assert resolve("ram", ram)["expected_mover_damage"] == pytest.approx(1.0)
    assert resolve("ram", {**ram, "heavy_prow": 1})["expected_mover_damage"] == pytest.approx(0.25)
    collision = {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 3, "mover_heavy_prow": 1}
    assert resolve("collision", collision)["p_mover_damage"] == {"0": pytest.approx(0.75), "1": pytest.approx(0.25)}


# --- fix 7: dw4 Stygian Depths -----------------------------------------------------------------------------------
# GL Stygian Depths: "When a Surface model moves, it Passes Through Underwater models."

def test_a_surface_model_passes_through_an_underwater_model_in_dw4_only():
    move = {"mover_mass": 2, "impact_mass": 2, "mover_trait": "surface", "impact_trait": "submerged"}
    r = resolve("collision", {**move, "ruleset": "dw4"})
    assert r["collision"] is False and "Stygian Depths" in r["verdict"]
    assert resolve("collision", {**move, "ruleset": "dw4", "impact_trait": "surface"})["collision"] is True


# --- fix 5 (continued): the dw3 ram and SRS Attack Run read the same markers ---------------------------------------
# A Reactor Leak (3.03: Citadel -2) on a Citadel 7 target: the chance of a critical is the one against Citadel 5.

@pytest.mark.parametrize(("action", "base"), [
    ("ram", {"hull": 6, "inches": 5, "target_armour": 4}),
    ("srs", {"tokens": 4, "target_adv": 3, "target_armour": 5}),
])
def test_ram_and_srs_read_the_reactor_leak_marker(action, base):
    marked = resolve(action, {**base, "target_citadel": 7, "markers": ["reactor-leak"]})
    lower = resolve(action, {**base, "target_citadel": 5})
    unmarked = resolve(action, {**base, "target_citadel": 7})
    assert marked["p_critical"] == pytest.approx(lower["p_critical"]) != pytest.approx(unmarked["p_critical"])


# --- issue 20 leftover: a dw3 target's Disorder from an attack's criticals, at level 3 -------------------------
# QR DISORDER CONDITIONS: "Models already at level 3 do not get a choice and automatically receive 1 damage."
# 3.03 КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ: "Модель получает Маркер Утечка реактора и Уровень Дезорганизации." and
# Катастрофический Взрыв: "Модель ... получает два дополнительных повреждения и Уровень дезорганизации."

def test_a_reactor_leak_on_a_target_at_disorder_three_is_one_more_damage():
    # four Heavy Hits = 8 hits, no defence: 8 // Armour 4 = 2 damage; 8 >= Citadel 8: one critical die, rolled 4
    # (Reactor Leak: a Disorder level). At level 3 that level is 1 damage instead: 2 + 1 = 3.
    base = {"ruleset": "dw3", "dice": 4, "roll": "2,2,2,2", "armour": 4, "citadel": 8, "hull": 6,
            "critical_roll": "4"}
    fresh = resolve("attack", base)
    at_three = resolve("attack", {**base, "target_disorder": 3})
    at_two = resolve("attack", {**base, "target_disorder": 2})
    assert (fresh["total_damage"], at_two["total_damage"], at_three["total_damage"]) == (2, 2, 3)
    assert (at_two["target_disorder"], at_three["target_disorder"], at_three["disorder_damage"]) == (3, 3, 1)
    assert "beyond level 3: 1 damage instead" in at_three["verdict"]
    assert "сверх 3-го уровня" in resolve("attack", {**base, "target_disorder": 3}, lang="ru")["verdict"]


def test_the_odds_count_the_level_three_damage_too():
    # One critical die when net hits >= Citadel; of its six faces Reactor Leak and Generator Shutdown (the target
    # has Generators) each give one Disorder level: at level 3 that is 1 damage with chance 2/6. A Catastrophic
    # Explosion (net >= 2 x Citadel) adds one level more: 1 damage for certain. So the expected total damage
    # rises by P(critical) / 3 + P(catastrophic), and not at all from level 0 (two levels at most).
    base = {"ruleset": "dw3", "dice": 8, "armour": 5, "citadel": 6, "mass": 2, "hull": 8}
    fresh = resolve("attack", base)
    at_three = resolve("attack", {**base, "target_disorder": 3})
    rise = at_three["expected_total_damage"] - fresh["expected_total_damage"]
    assert rise == pytest.approx(fresh["p_critical"] / 3 + fresh["p_catastrophic"], abs=1e-9)
    assert resolve("attack", {**base, "target_disorder": 1})["expected_total_damage"] == pytest.approx(
        fresh["expected_total_damage"], abs=1e-12)


def test_target_disorder_is_a_dw3_attack_input_only():
    r = resolve("attack", {"ruleset": "dw4", "dice": 4, "armour": 4, "defence": 2, "target_disorder": 3})
    assert any("target_disorder" in n and "not used" in n for n in r["notes"])
