"""Issue 8: the section-3 modules wired into the Attack, Boarding and Ram actions (Disorder on the
attacker's roll, dw4 Critical Damage qualities, Blast/Torrent secondary targets, a short Ram or a failed
Crew Check as a Collision, RB Generator Shutdown in a ram), the Russian answers and the CLI text.

Every expected number is derived by hand in a comment from the rule quoted above the test. Die faces:
1 Exploding, 2 Heavy, 3 Hit, 4 Heavy Counter, 5 Counter, 6 Blank, each 1/6. The reconstructed dw4 Action
Roll scores S 1, H 2, X 2 (+1 die); so without Disorder one die's expected Hits E solve
E = (2 + E)/6 + 2/6 + 1/6, i.e. E = 1.
"""
from __future__ import annotations

import pytest

from bot.referee_text import render
from referee import checks, rulesets
from referee.api import resolve
from referee.qualities import parse_qualities

DW4_ATTACK = {"ruleset": "dw4", "armour": 1, "defence": 0}


# ---------------------------------------------------------------- GL Disorder on the attacker's Action Roll

# GL Disorder › Effects of Disorder: "If an Action Roll is made for a model with 2 levels of Disorder, any
# Heavy Strikes in the roll are Converted to Standard Strikes after Re-rolls have been resolved." Level 3:
# "any Heavy and Exploding Strikes in the roll are Converted to Standard Strikes".
def test_dw4_attack_disorder_converts_every_die_of_the_roll():
    # level 2: E = (2 + E)/6 + 1/6 + 1/6 -> E = 4/5 per die; level 3: every Strike 1, no extra die: E = 3/6
    six = {**DW4_ATTACK, "dice": 6}
    assert resolve("attack", six)["expected_hits"] == pytest.approx(6.0, abs=1e-9)
    assert resolve("attack", {**six, "attacker_disorder": 2})["expected_hits"] == pytest.approx(4.8, abs=1e-9)
    level3 = resolve("attack", {**six, "attacker_disorder": 3})
    assert level3["expected_hits"] == pytest.approx(3.0, abs=1e-12)
    assert any(s["step"] == "attacker disorder" for s in level3["steps"])
    assert any("Disorder › Effects of Disorder" in c["section"] for c in level3["citations"])


def test_dw4_attack_disorder_in_rolled_mode_reaches_the_explosion_dice():
    # Exploding 2 + Heavy 1 + Hit 1, and the Exploding Strike's extra die shows a Heavy: 1 ("in the roll") = 5
    r = resolve("attack", {**DW4_ATTACK, "dice": 3, "roll": "1 2 3", "explosions": "2", "attacker_disorder": 2})
    assert r["hits"] == 5
    # without Disorder: 2 + 2 + 1 + 2 = 7
    assert resolve("attack", {**DW4_ATTACK, "dice": 3, "roll": "1 2 3", "explosions": "2"})["hits"] == 7


def test_disorder_leaves_devastating_no_heavy_strike_to_convert():
    # GL Devastating converts Heavy Strikes to Exploding ones; at level 2 the roll's Heavy Strikes are
    # Standard Strikes, so Devastating changes nothing: the same 4/5 per die as above
    r = resolve("attack", {**DW4_ATTACK, "dice": 5, "attacker_disorder": 2, "quality": ["devastating:3"]})
    assert r["expected_hits"] == pytest.approx(4.0, abs=1e-9)
    assert any("Devastating converts none" in a for a in r["assumptions"])


def test_dw3_names_the_dw4_only_disorder_input():
    r = resolve("attack", {"dice": 4, "armour": 4, "attacker_disorder": 2})
    assert any(n.startswith("⟨attacker_disorder⟩ not used") for n in r["notes"])
    a = resolve("assault", {"fray": 3, "target_citadel": 4, "target_adv": 0, "attacker_disorder": 3})
    assert any(n.startswith("⟨attacker_disorder⟩ not used") for n in a["notes"])


# GL Disorder: "If an Action Roll is made for more than one model at a time ..., the highest level of Disorder
# among the models is used." Boarding is an Action Roll of the participating models' Boarding Parties.
def test_boarding_uses_the_attackers_disorder():
    # level 3: each die scores 1 on faces 1-3 and adds none: 3 dice -> 1.5 Hits; Crew 1, no Resistance: 1 Hit =
    # 1 Success, so E[Successes] = 1.5; P(at least one) = 1 - (1/2)^3
    r = resolve("assault", {"ruleset": "dw4", "boarding": [3], "target_defences": 0, "target_crew": 1,
                            "attacker_disorder": 3})
    assert r["expected_successes"] == pytest.approx(1.5, abs=1e-12)
    assert r["p_disorder"] == pytest.approx(7 / 8)
    # rolled: the Exploding Strike is a Standard Strike at level 3, so it adds no die and scores 1
    rolled = resolve("assault", {"ruleset": "dw4", "boarding": [3], "target_defences": 0, "target_crew": 1,
                                 "attacker_disorder": 3, "roll": "1 2 3"})
    assert rolled["hits"] == 3


def test_ram_and_attack_share_one_disorder_reading():
    # GL Ram "2. Inflict Disorder" comes before "3. Make an Action Roll": Disorder 1 + 1 = level 2, which
    # converts the Heavy Strikes of the explosion dice too (4/5 per die). Pool Hull 1 + 3 inches = 4 -> 3.2
    r = resolve("ram", {"ruleset": "dw4", "hull": 1, "inches": 3, "target_mass": 1, "rammer_mass": 10,
                        "crew_check": "pass", "rammer_disorder": 1})
    assert r["expected_hits"] == pytest.approx(3.2, abs=1e-9)


# ---------------------------------------------------------------- GL Critical Damage qualities in an attack

# GL Breach: "If the Initial Target of this Attack action suffers at least 1 Damage, the active Admiral rolls X
# Critical Damage Dice for each Contributing weapon with this Quality. If one or more dice show a Breach
# result, the Initial Target suffers one Critical Damage Effect of that type."
def test_breach_odds_in_a_dw4_attack():
    # one die, Armour 1, no Resistance: Damage >= 1 unless faces 4, 5 or 6 -> 1/2; two Breach dice: 1 - (5/6)^2
    r = resolve("attack", {**DW4_ATTACK, "dice": 1, "quality": ["breach:2", "structural failure"]})
    effects = r["critical_effects"]["effects"]
    assert effects["breach"]["p"] == pytest.approx(0.5 * 11 / 36)
    assert effects["structural-failure"]["p"] == pytest.approx(0.5 / 6)
    sections = {c["section"] for c in r["citations"]}
    assert {"Breach", "Structural Failure"} <= sections
    rolled = resolve("attack", {**DW4_ATTACK, "dice": 1, "quality": ["breach:2"], "roll": "3"})
    assert rolled["critical_effects"]["dice_to_roll"] == {"Breach": 2}  # 1 Damage: the dice are rolled


def test_dw4_critical_quality_names_parse():
    q = parse_qualities(["hazard", "navigation lock", "shredded defences", "system failure 2", "precise"],
                        rulesets.get("dw4"))
    assert q == {"hazardous": 1, "navigation-lock": 1, "shredded-defences": 1, "system-failure": 2, "precise": 1}


def test_precise_effect_without_precise_is_named():
    r = resolve("attack", {**DW4_ATTACK, "dice": 2, "precise_effect": "breach"})
    assert any(n.startswith("⟨precise_effect⟩ not used") for n in r["notes"])


# ---------------------------------------------------------------- Blast / Torrent secondary targets

# RB СВОЙСТВА НАБОРА КУБОВ › Взрыв (Blast): "Примените результат к Начальной Цели и всем Моделям, затронутым
# Шаблоном, автоматически, без модификаций".
def test_rb_blast_secondary_targets_in_an_attack():
    # one die, no defence: the same net Hits land on the secondary target; with Armour 2 it takes 1 damage when
    # net Hits >= 2: Heavy (2) or Exploding (2 + chain >= 2) -> 2/6
    r = resolve("attack", {"dice": 1, "armour": 1, "citadel": 20, "quality": ["blast"], "secondary": ["2/20"]})
    row = r["secondary_targets"][0]
    assert row["p_damage_at_least"]["1"] == pytest.approx(2 / 6)
    assert not any("blast: no effect" in n for n in r["notes"])
    # rolled: a Heavy and a Hit = 3 net Hits; Armour 3 -> 1 damage, Armour 4 -> 0
    rolled = resolve("attack", {"dice": 2, "armour": 1, "citadel": 20, "quality": ["blast"],
                                "secondary": ["3/20", "4/20"], "roll": "2 3"})
    assert [t["damage"] for t in rolled["secondary_targets"]] == [1, 0]


def test_blast_without_secondary_targets_says_how_to_add_them():
    r = resolve("attack", {"dice": 2, "armour": 4, "quality": ["blast"]})
    assert any("⟨secondary⟩" in n for n in r["notes"])


# GL Blast: "the active Admiral makes a separate Action Roll for each Secondary Target. There is no Resistance
# Roll" — X dice per Blast weapon, the Secondary Target's Armour as the Success Threshold.
def test_gl_blast_secondary_rolls_with_the_attackers_disorder():
    # Blast 2, Armour 1: 2 dice at level 3 (Disorder) score 1 on faces 1-3 -> expected Damage 1
    r = resolve("attack", {**DW4_ATTACK, "dice": 2, "quality": ["blast:2"], "secondary": ["1"],
                           "attacker_disorder": 3})
    assert r["secondary_targets"][0]["expected_damage"] == pytest.approx(1.0, abs=1e-12)


# ---------------------------------------------------------------- a Ram that is a Collision

# RB Таран: "должна пройти за Активацию хотя бы 3\", считая повороты. В противном случае это считается
# Столкновением, а Тарана не происходит." RB Столкновения: "Если Точка Удара — Модель, имеющая равную или
# меньшую Массу, чем у Движущейся Модели, эта тоже Модель получает Уровень Дезорганизации."
def test_a_ram_under_three_inches_is_resolved_as_a_collision():
    r = resolve("ram", {"hull": 5, "inches": 2, "rammer_mass": 2, "target_mass": 2, "target_armour": 4})
    assert r["resolved_as"] == "collision" and r["collision"] is True
    assert r["mover_disorder_gained"] == 1 and r["impact_disorder_gained"] == 1
    assert any("⟨target_armour⟩" in n for n in r["notes"])


# GL Ram: "If the check fails, the Ram is unsuccessful and a normal Collision is resolved." GL Collision: with a
# model whose Mass is greater, "its Admiral rolls a number of Action Dice equal to the moving model's Mass. The
# moving model suffers 1 Damage for each Strike (of any kind)".
def test_a_failed_crew_check_is_a_collision_and_odds_weigh_both_branches():
    fail = resolve("ram", {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 3, "rammer_mass": 2,
                           "crew_check": "fail"})
    # 2 dice, a Strike on faces 1-3 (1/2 each): E = 1
    assert fail["resolved_as"] == "collision" and fail["expected_mover_damage"] == pytest.approx(1.0)
    base = {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 3, "rammer_mass": 2}
    passed = resolve("ram", {**base, "crew_check": "pass"})
    # Crew 6 against card values 1-10: P(pass) = 6/10; the failure branch is that Collision
    mixed = resolve("ram", {**base, "crew": 6})
    assert mixed["p_crew_pass"] == pytest.approx(0.6)
    assert mixed["if_crew_check_fails"]["p"] == pytest.approx(0.4)
    assert mixed["expected_self_damage"] == pytest.approx(0.6 * passed["expected_self_damage"] + 0.4 * 1.0)
    assert mixed["expected_damage"] == pytest.approx(0.6 * passed["expected_damage"])
    assert any(s["step"].startswith("if the Crew Check fails") for s in mixed["steps"])


# ---------------------------------------------------------------- RB Generator Shutdown in a ram

# RB КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Отключение генератора: "Модель получает Маркер Отключение генератора и Уровень
# Дезорганизации. ... Если у Модели нет Генераторов, она получает дополнительный уровень Беспорядка."
def test_ram_generator_shutdown_uses_the_generator_input():
    # Hull 1 + 3 inches = 4 dice: Heavy x3 + Hit = 7 Hits vs Armour 3, Citadel 7: 7 // 3 = 2 damage and a
    # critical die; it shows 6 (Generator Shutdown): 1 Disorder, 2 without Generators; the Ram adds 1
    ram = {"hull": 1, "inches": 3, "target_armour": 3, "target_citadel": 7, "target_mass": 2, "rammer_mass": 2,
           "roll": "2 2 2 3", "critical_roll": "6"}
    assumed = resolve("ram", ram)
    assert (assumed["damage"], assumed["target_disorder"]) == (2, 2)
    assert any("assumed to have Generators" in a for a in assumed["assumptions"])
    none = resolve("ram", {**ram, "no_generators": True})
    assert none["target_disorder"] == 3 and none["inputs"]["target_generator"] is False
    assert not any("assumed to have Generators" in a for a in none["assumptions"])
    odds = resolve("ram", {k: v for k, v in ram.items() if k not in ("roll", "critical_roll")})
    assert any("assumed to have Generators" in a for a in odds["assumptions"])


# ---------------------------------------------------------------- Russian answers (issue 8 §6)

def test_russian_dw4_attack_boarding_and_ram_answers():
    attack = resolve("attack", {"description": "dw4 8 кубов против брони 4, защита 2", "attacker_disorder": 2})
    assert attack["lang"] == "ru"
    details = [s["detail"] for s in attack["steps"]]
    assert any(d.startswith("Набор действия") for d in details)
    assert any("Дезорганизация уровня 2" in d for d in details)
    assert any("Дезорганизация атакующего" in a for a in attack["assumptions"])
    boarding = resolve("assault", {"description": "абордаж", "ruleset": "dw4", "boarding": [4, 4],
                                   "target_defences": 5, "target_crew": 6})
    assert boarding["lang"] == "ru" and "кубов абордажа" in boarding["verdict"]
    assert all("Boarding uses" not in a for a in boarding["assumptions"])
    ram = resolve("ram", {"description": "таран", "ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 3,
                          "rammer_mass": 2, "crew": 6})
    assert "кубов тарана" in ram["verdict"]
    assert any("попытка Тарана" in n for n in ram["notes"])


def test_every_unused_input_reason_has_a_russian_text():
    from referee.params import PARAMS

    reasons = {spec.why_unused(rid) for specs in PARAMS.values() for spec in specs for rid in rulesets.REGISTRY}
    assert reasons - {""} <= set(checks.WHY_RU)


# ---------------------------------------------------------------- the CLI text shows every input

def test_text_shows_the_inputs_of_every_action():
    text = render(resolve("collision", {"mover_mass": 2, "impact_mass": 1, "impact": "model"}))
    understood = text.split("Assumptions:")[0]
    assert "mover mass: 2" in understood and "impact mass: 1" in understood
    text = render(resolve("broadside", {"ruleset": "dw4", "broadside": [2, 1]}))
    assert "broadside: 2, 1" in text.split("Result:")[0]


def test_srs_attack_run_assumes_generators_unless_told():
    # Before: an SRS run silently took the target as having no Generators. 2 tokens x 3 dice; Heavy, Heavy, Hit =
    # 5 Hits vs Armour 3: 1 damage; RB Бронепробивное: "при нанесении Модели хотя бы одного повреждения
    # выполняется бросок на Критическое Повреждение" -> one die, it shows 6 (Generator Shutdown): 1 Disorder,
    # and one more without Generators (the RB sentence quoted above the ram test).
    run = {"tokens": 2, "target_adv": 0, "target_armour": 3, "target_citadel": 10, "target_mass": 2,
           "roll": "2 2 3 6 6 6", "critical_roll": "6"}
    assumed = resolve("srs", run)
    assert assumed["disorder"] == 1
    assert any("assumed to have Generators" in a for a in assumed["assumptions"])
    assert resolve("srs", {**run, "no_generators": True})["disorder"] == 2


# GL Ram "2. Inflict Disorder: Both the Ramming Model and the Target gain 1 level of Disorder." (after a passed
# Crew Check); GL Collision: the other model "also gains 1 level of Disorder unless its Mass rating is higher
# than the moving model's Mass".
def test_dw4_ram_reports_the_targets_disorder():
    base = {"ruleset": "dw4", "hull": 6, "inches": 5, "rammer_mass": 2, "crew": 6}
    # P(pass) 6/10; a failed check against a heavier target (Mass 3) gives it no Disorder -> 0.6
    assert resolve("ram", {**base, "target_mass": 3})["p_target_disorder"] == pytest.approx(0.6)
    # against an equal Mass the Collision gives it Disorder too -> 1
    assert resolve("ram", {**base, "target_mass": 2})["p_target_disorder"] == pytest.approx(1.0)
    rolled = resolve("ram", {**base, "target_mass": 2, "crew_check": "pass", "roll": "3 3 3 3 3 3 3 3 3 3 3"})
    assert rolled["target_disorder_gained"] == 1 and rolled["rammer_disorder"] == 1
