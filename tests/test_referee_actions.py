"""Issue 8 §3: SRS attack runs, collisions, the dw4 Broadside action, dw4 Critical Damage qualities,
Blast/Torrent secondary targets and dw4 Disorder on the attacker's Action Roll.

Every expected number is derived by hand from the rule quoted above the test (the derivation is in
a comment); none is copied from the program's output. Die faces: 1 Exploding, 2 Heavy, 3 Hit,
4 Heavy Counter, 5 Counter, 6 Blank, each 1/6.
"""
from __future__ import annotations

import pytest

from core.errors import UserInputError
from referee import dice, disorder, rulesets
from referee.api import PARAMS, resolve
from referee.critical_effects import critical_effects, from_qualities, rolled_effects
from referee.damage import Target
from referee.dice import FaceRules
from referee.rulesets.base import ATTACK_VALUES
from referee.secondary import blast_dw4, parse_targets, secondary_dw3, secondary_targets

DW3, QRS, DW4 = rulesets.get("dw3"), rulesets.get("dw3-qrs"), rulesets.get("dw4")
STANDARD = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)


# ---------------------------------------------------------------- dw4 Critical Damage qualities

# GL Breach: "If the Initial Target of this Attack action suffers at least 1 Damage, the active Admiral
# rolls X Critical Damage Dice for each Contributing weapon with this Quality. If one or more dice show a
# Breach result, the Initial Target suffers one Critical Damage Effect of that type."
def test_breach_needs_damage_then_one_matching_die():
    # P(damage >= 1) = 0.5 + 0.25 = 0.75; two dice (X 1 on two weapons, or X 2): 1 - (5/6)^2 = 11/36
    out = critical_effects({"0": 0.25, "1": 0.5, "2": 0.25}, {"breach": 2})
    assert out["p_target_damaged"] == pytest.approx(0.75)
    assert out["effects"]["breach"]["p"] == pytest.approx(0.75 * 11 / 36)
    assert any("six equally likely faces" in a for a in out["assumptions"])
    assert critical_effects({0: 1.0}, {"breach": 5})["effects"]["breach"]["p"] == 0


# "If multiple different Critical Damage Qualities apply to an Attack, the Admiral makes a separate roll
# for each one."
def test_different_qualities_roll_separately():
    # Hazard 1 die and System Failure 2 dice, target always damaged: P(neither) = (5/6)^1 * (5/6)^2
    out = critical_effects({3: 1.0}, {"hazard": 1, "system-failure": 2})
    assert out["effects"]["hazard"]["p"] == pytest.approx(1 / 6)
    assert out["effects"]["system-failure"]["p"] == pytest.approx(11 / 36)
    assert out["p_any_effect"] == pytest.approx(1 - (5 / 6) ** 3)
    assert out["expected_effects"] == pytest.approx(1 / 6 + 11 / 36)


# GL Precise: "the active Admiral chooses a Critical Damage Effect ... rolls X Critical Damage Dice for each
# Contributing weapon with this Quality. If at least one die matches the declared Effect, a single instance
# of that Effect is immediately applied to the Target."
def test_precise_matches_the_declared_effect():
    out = critical_effects({0: 0.5, 1: 0.5}, {}, precise_dice=3, precise_effect="Navigation Lock")
    assert out["precise"]["declared"] == "Navigation Lock"
    assert out["precise"]["p"] == pytest.approx(0.5 * (1 - (5 / 6) ** 3))


def test_critical_qualities_from_parsed_attack_qualities_and_rolled_mode():
    # X values of contributing weapons add up ("X ... for each Contributing weapon")
    assert from_qualities({"breach": 2, "hazard": 1, "precise": 1, "piercing": 1}) == ({"breach": 2, "hazard": 1}, 1)
    assert rolled_effects(2, {"breach": ["hazard", "breach"], "hazard": ["breach"]}) == ["Breach"]
    with pytest.raises(UserInputError):
        rolled_effects(0, {"breach": ["breach"]})  # no Damage: no dice are rolled


# ---------------------------------------------------------------- Blast / Torrent secondary targets

# RB СВОЙСТВА НАБОРА КУБОВ › Взрыв: "Примените результат к Начальной Цели и всем Моделям, затронутым
# Шаблоном, автоматически, без модификаций (Попадания засчитываются и по дружественным Моделям, но не по
# Атакующей)."
def test_rb_blast_applies_the_same_net_hits_to_each_secondary_target():
    net = [0.0] * 8 + [1.0]  # exactly 8 net Hits
    targets = parse_targets(["4/8/2", "3/10/3", "3/8/1"], "dw3")
    rows = secondary_dw3(net, targets, DW3, "blast")["secondary_targets"]
    # Armour 4: 8 // 4 = 2 damage; 8 >= Citadel 8: Critical Damage
    assert rows[0]["p_damage"] == {"2": 1.0} and rows[0]["p_critical"] == 1.0
    # Armour 3: 8 // 3 = 2 damage; 8 < Citadel 10: no critical
    assert rows[1]["p_damage"] == {"2": 1.0} and rows[1]["p_critical"] == 0.0
    # Mass 1, net 8 >= Citadel 8: destroyed; a Mass 1 model reports P(destroyed), not P(critical)
    assert rows[2]["p_destroyed"] == 1.0 and rows[2]["p_critical"] is None


def test_secondary_odds_follow_the_net_distribution():
    # net 0 or 4 with 1/2 each, Armour 2: damage 0 or 2 with 1/2 each; no Citadel: critical unknown
    rows = secondary_dw3([0.5, 0, 0, 0, 0.5], [Target(2, None, 2)], QRS, "torrent")["secondary_targets"]
    assert rows[0]["p_damage"] == {"0": 0.5, "2": 0.5} and rows[0]["p_critical"] is None
    with pytest.raises(UserInputError):
        parse_targets(["0/8"], "dw3")  # Armour 0 is not an Armour


# GL Blast: "the active Admiral makes a separate Action Roll for each Secondary Target. There is no
# Resistance Roll." Action Pool "X Action Dice for each Contributing weapon", Success Threshold "The Armour
# rating of the Secondary Target", "For each Success ... the Secondary Target suffers 1 Damage."
def test_gl_blast_rolls_for_each_secondary_target():
    # One die: fewer than 2 Hits only on Hit, Heavy Counter, Counter or Blank (a Heavy is 2, an Exploding
    # at least 2): P(0 Damage at Armour 2) = 4/6. A die's expected Hits E = (2 + 1)/6 + (2 + E)/6 -> E = 1,
    # so at Armour 1 three dice give 3 expected Damage.
    rows = blast_dw4(1, [Target(2, None, None)])["secondary_targets"]
    assert rows[0]["p_damage"]["0"] == pytest.approx(4 / 6)
    rows = blast_dw4(3, [Target(1, None, None)])["secondary_targets"]
    assert rows[0]["expected_damage"] == pytest.approx(3, abs=1e-9)


# GL Torrent: "After the Inflict Damage step of this Action has been completed, the active Admiral can
# resolve the entire Action again" — there are no secondary targets.
def test_gl_torrent_has_no_secondary_targets():
    with pytest.raises(UserInputError, match="no secondary targets"):
        secondary_targets(DW4, "torrent", [Target(3, None, None)], blast_dice=2)


# ---------------------------------------------------------------- dw4 Disorder on the Action Roll

# GL Disorder, Panicking Level 2: "any Heavy Strikes in the roll are Converted to Standard Strikes after
# Re-rolls have been resolved." Mutinous Level 3: "any Heavy and Exploding Strikes in the roll are
# Converted to Standard Strikes".
@pytest.mark.parametrize("level, per_die", [
    (0, 1.0),  # E = (2 + 1)/6 + (2 + E)/6 -> 1
    (1, 1.0),  # level 1 changes nothing in the roll
    (2, 0.8),  # extra dice: Ec = (1 + 1)/6 + (2 + Ec)/6 -> Ec = 4/5; first die (1 + 1 + 2 + Ec)/6 = 0.8
    (3, 0.5),  # S, H, X all worth 1 and no extra dice: 3/6
])
def test_disorder_converts_the_attackers_strikes(level, per_die):
    rules = disorder.action_rules(STANDARD, level)
    assert dice.hits_distribution(6, rules).p and sum(i * x for i, x in enumerate(
        dice.hits_distribution(6, rules).p)) == pytest.approx(6 * per_die, abs=1e-9)


def test_highest_disorder_among_models_is_used():
    # "If an Action Roll is made for more than one model at a time ..., the highest level ... is used."
    assert disorder.level_for([0, 2, 1]) == 2
    with pytest.raises(UserInputError):
        disorder.action_rules(STANDARD, 4)


# ---------------------------------------------------------------- dw4 Broadside action

# GL Broadside: "The Target suffers 1 Damage for each Standard Strike that is rolled, and 2 Damage for each
# Heavy Strike and Exploding Strike. (Note that this is not an Action Roll, so Exploding Strikes do not
# allow additional dice to be rolled.) In addition, if the Target suffers at least 1 Damage, it also gains
# 1 level of Disorder."
def test_broadside_odds():
    # one die: 0 Damage 1/2, 1 Damage 1/6, 2 Damage 2/6 -> E = 5/6; three dice (ratings 2 + 1): E = 2.5,
    # P(at least 1 Damage, Disorder) = 1 - (1/2)^3
    r = resolve("broadside", {"ruleset": "dw4", "broadside": [2, 1], "target_hull": 3})
    assert r["pool"] == 3 and r["inputs"]["dice"] == 3
    assert r["expected_damage"] == pytest.approx(2.5)
    assert r["p_disorder"] == pytest.approx(7 / 8)
    # Crippled at 3+ Damage: P(3+) = 1 - P(0) - P(1) - P(2); P(1) = 3(1/6)(1/2)^2 = 1/8,
    # P(2) = 3(2/6)(1/2)^2 + 3(1/6)^2(1/2) = 1/4 + 1/24
    assert r["p_crippled"] == pytest.approx(1 - 1 / 8 - 1 / 8 - 1 / 4 - 1 / 24)


def test_broadside_rolled_and_disorder_of_the_attacker():
    r = resolve("broadside", {"ruleset": "dw4", "broadside": [3], "roll": "1 1 6"})
    assert r["damage"] == 4 and r["disorder"] == 1  # two Exploding Strikes, 2 each, no extra dice
    # "if at least one contributing model has 3 Levels of Disorder, Heavy and Exploding Strikes only inflict
    # 1 Damage": every Strike is 1, so E = 3 x 1/2
    r = resolve("broadside", {"ruleset": "dw4", "broadside": [3], "attacker_disorder": 3})
    assert r["expected_damage"] == pytest.approx(1.5)


# GL Incendiary Broadsides: "roll a number of Critical Damage Dice equal to this model's Broadside rating.
# For each Hazard result, the Target suffers one Hazard Critical Damage Effect."
def test_incendiary_broadsides():
    # 2 dice: P(damage) = 3/4; expected Hazard effects = 3/4 x 2 x 1/6
    r = resolve("broadside", {"ruleset": "dw4", "broadside": [2], "incendiary": 2})
    assert r["expected_hazard_effects"] == pytest.approx(0.75 * 2 / 6)


def test_broadside_is_not_a_dw3_action():
    with pytest.raises(UserInputError, match="weapon quality"):
        resolve("broadside", {"ruleset": "dw3", "broadside": [3]})


# ---------------------------------------------------------------- Collisions

# RB Столкновения: "В Столкновении Движущаяся Модель получает Уровень Дезорганизации. ... Если Точка Удара —
# Модель, имеющая равную или меньшую Массу, чем у Движущейся Модели, эта тоже Модель получает Уровень
# Дезорганизации."
def test_rb_collision_disorder_by_mass():
    same = resolve("collision", {"mover_mass": 2, "impact_mass": 2})
    assert same["mover_disorder_gained"] == 1 and same["impact_disorder_gained"] == 1
    heavier = resolve("collision", {"mover_mass": 2, "impact_mass": 3})
    assert heavier["mover_disorder_gained"] == 1 and heavier["impact_disorder_gained"] == 0
    assert heavier["expected_mover_damage"] == 0


# RB: "Если Точка Удара — элемент ландшафта, она также получает повреждение." QR: "If the point of impact
# is a terrain feature, the moving model also suffers 1 damage."
@pytest.mark.parametrize("ruleset", ["dw3", "dw3-qrs"])
def test_terrain_collision_damages_the_mover(ruleset):
    r = resolve("collision", {"ruleset": ruleset, "mover_mass": 2, "impact": "terrain"})
    assert r["p_mover_damage"] == {"1": 1.0} and r["mover_disorder_gained"] == 1


# GL Collision: "that model also gains 1 level of Disorder unless its Mass rating is higher than the moving
# model's Mass. If the moving model has Collided with a Terrain Feature, or with a model whose Mass is greater
# than its own, its Admiral rolls a number of Action Dice equal to the moving model's Mass. The moving model
# suffers 1 Damage for each Strike (of any kind) that they roll."
def test_gl_collision_with_a_heavier_model():
    # Mass 2 mover: 2 dice, each a Strike (S, H or X) with 1/2: Damage 0/1/2 with 1/4, 1/2, 1/4
    r = resolve("collision", {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 3})
    assert r["impact_disorder_gained"] == 0 and r["dice"] == 2
    assert r["p_mover_damage"] == pytest.approx({"0": 0.25, "1": 0.5, "2": 0.25})
    rolled = resolve("collision", {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 3, "roll": "1 6"})
    assert rolled["mover_damage"] == 1  # an Exploding Strike is one Strike
    lighter = resolve("collision", {"ruleset": "dw4", "mover_mass": 3, "impact_mass": 2})
    assert lighter["impact_disorder_gained"] == 1 and lighter["dice"] == 0


# QR RAMMING: "must have moved at least 3" in its activation (including turns). If this is not the case,
# the ram is treated as a collision." GL Ram: "If the check fails, the Ram is unsuccessful and a normal
# Collision is resolved."
def test_a_short_ram_or_a_failed_crew_check_is_a_collision():
    r = resolve("collision", {"mover_mass": 2, "impact_mass": 2, "inches": 2})
    assert r["inputs"]["cause"] == "ram-under-3" and r["collision"] is True
    r = resolve("collision", {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 2, "cause": "crew-check-failed"})
    assert r["impact_disorder_gained"] == 1
    with pytest.raises(UserInputError):
        resolve("collision", {"mover_mass": 2, "impact_mass": 2, "cause": "crew-check-failed"})  # dw3: no check


# QR ESCORTS: "Should any moving model collide with an escort model, the escort is immediately destroyed
# (the moving model gains a disorder condition as normal)." RB ЭСКОРТ: "с ним нельзя Сталкиваться".
def test_escort_collisions():
    r = resolve("collision", {"ruleset": "dw3-qrs", "mover_mass": 2, "impact": "escort"})
    assert r["escort_destroyed"] is True and r["mover_disorder_gained"] == 1
    with pytest.raises(UserInputError):
        resolve("collision", {"mover_mass": 2, "impact": "escort"})


# QR OBSTACLES: "rolls a number of action dice equal to its HULL and suffers 1 damage for each hit rolled
# (heavy hits and exploding hits count as 2 hits). ... If the obstacle was of the same MASS or smaller than
# the model, it is removed from play."
def test_obstacle():
    # one die: 2 (X) + 2 (H) + 1 (S) over 6 = 5/6 expected damage; Mass 1 obstacle <= Mass 2: removed
    r = resolve("collision", {"ruleset": "dw3-qrs", "mover_mass": 2, "impact": "obstacle", "impact_mass": 1,
                              "mover_hull": 1})
    assert r["obstacle_removed"] is True and r["collision"] is False
    assert r["expected_mover_damage"] == pytest.approx(5 / 6)


# QR: "A submerged, ground, or aerial unit cannot collide or be collided with any other unit other than one
# that shares the same trait."
def test_unmatched_traits_pass_through():
    r = resolve("collision", {"ruleset": "dw3-qrs", "mover_mass": 2, "impact_mass": 2, "mover_trait": "surface",
                              "impact_trait": "submerged"})
    assert r["collision"] is False and r["mover_disorder_gained"] == 0


# ---------------------------------------------------------------- SRS attack runs

# RB Перехват: "Создайте Набор Кубов Перехвата, используя значение ADV плюс все бонусы ... Каждый SRS-токен,
# защищающий Цель Налета, может добавить 3 куба ... за каждые 3 Отражения уберите атакующий SRS-токен"
def test_rb_interception_every_three_counters_remove_a_token():
    # ADV 0 + 3 dice for one defending token; a die gives 0 (4/6), 1 (C, 1/6) or 2 (K, 1/6) Counters.
    # P(0) = 64/216, P(1) = 3(1/6)(4/6)^2 = 48/216, P(2) = 48/216 + 3(1/6)^2(4/6) = 60/216, so P(>= 3) =
    # 44/216; 6 Counters (three Heavy, 1/216) remove two tokens.
    r = resolve("srs", {"tokens": 4, "interceptors": 1, "target_adv": 0, "target_armour": 4})
    assert r["interception_pool"] == 3
    assert r["p_tokens_lost"]["1"] == pytest.approx(43 / 216)
    assert r["p_tokens_lost"]["2"] == pytest.approx(1 / 216)


# RB Налет: "каждый атакующий Токен SRS ... добавляет к Набору Боевых Кубов 3 куба." Weight of Fire:
# "если количество участвующих в Налете SRS-токенов вдвое или больше превосходит Массу Цели, вы можете
# перебрасывать пустые грани при броске Атаки."
def test_rb_attack_run_pool_and_weight_of_fire():
    # E[Hits] per die is 1 (see the GL Blast test), so 1 token = 3 dice -> 3; Armour 1: damage = net Hits
    r = resolve("srs", {"tokens": 1, "target_adv": 0, "target_armour": 1, "target_mass": 2})
    assert r["pool"] == 3 and r["expected_hits"] == pytest.approx(3, abs=1e-9)
    assert r["expected_damage"] == pytest.approx(3, abs=1e-9)
    # 2 tokens vs Mass 1: Blanks re-rolled once, a fresh die is worth 1: E = 1 + 1/6 per die, 6 dice -> 7
    r = resolve("srs", {"tokens": 2, "target_adv": 0, "target_armour": 1, "target_mass": 1})
    assert r["expected_hits"] == pytest.approx(7, abs=1e-9) and r["p_weight_of_fire"] == 1.0


# QR Interception: "Roll 1 action die for each friendly SRS token ... Each counter removes 1 enemy SRS token
# ... Each heavy counter removes 2". Attack run: "Each enemy SRS token ... adds 2 dice".
def test_qrs_interception_and_two_dice_per_token():
    r = resolve("srs", {"ruleset": "dw3-qrs", "tokens": 3, "interceptors": 1, "target_adv": 2,
                        "target_armour": 4})
    assert r["p_tokens_lost"] == pytest.approx({"0": 4 / 6, "1": 1 / 6, "2": 1 / 6})
    assert r["pool"] == 6 and r["defence_pool"] == 2
    assert any("dice_per_token" in a for a in r["assumptions"])


def test_rb_rolled_attack_run():
    # 2 tokens, no interception dice: 6 dice; Heavy, Heavy, Hit, 3 Blanks = 5 Hits; Armour 3 -> 1 damage.
    # RB Бронепробивное: "при нанесении Модели хотя бы одного повреждения выполняется бросок на Критическое
    # Повреждение" -> one critical die owed (5 < Citadel 10, so only Piercing's).
    r = resolve("srs", {"tokens": 2, "target_adv": 0, "target_armour": 3, "target_citadel": 10,
                        "roll": "2 2 3 6 6 6"})
    assert r["hits"] == 5 and r["damage"] == 1 and r["critical_dice_needed"] == 1
    with pytest.raises(UserInputError, match="intercept_roll"):
        resolve("srs", {"tokens": 2, "target_adv": 2, "target_armour": 3, "roll": "2 2 3 6 6 6"})
    # with the Interception roll (ADV 3): three Counters take one token, so 3 dice are rolled
    r = resolve("srs", {"tokens": 2, "target_adv": 3, "target_armour": 3, "intercept_roll": "5 5 5",
                        "roll": "2 2 3"})
    assert r["tokens_lost"] == 1 and r["net_hits"] == 5


# GL Intercepting Attack Runs: Action Pool "Each SRS token in the Supporting Stack adds ... its Intercept
# rating", Success Threshold "The Stack's Resilience rating", "For each Success ..., one SRS token is
# discarded".
def test_gl_interception():
    # 1 die, Resilience 2: one Success needs 2+ Hits (Heavy, or Exploding: 2/6); two Successes need 4+ Hits:
    # Exploding then 2+ from the chain (1/6 x 2/6 = 1/18); three need 6+: 1/6 x 1/6 x 2/6 = 1/108.
    r = resolve("srs", {"ruleset": "dw4", "tokens": 3, "attack_rating": 1, "interceptors": 1,
                        "intercept_rating": 1, "resilience": 2, "target_defences": [0], "target_armour": 1})
    assert r["p_tokens_lost"]["1"] == pytest.approx(2 / 6 - 1 / 18)
    assert r["p_tokens_lost"]["3"] == pytest.approx(1 / 108, rel=1e-9)


# GL ATTACK RUN MISSION: "For each Success scored in the Action Roll, the active Admiral rolls a Critical
# Damage Die. They then allocate each Critical Damage Die to an Attack Run Target, or to an Escort token ...
# Only one die can be allocated to each Attack Run Target."
def test_gl_attack_run_allocation():
    # 2 tokens x Attack 1 = 2 dice, Defences 0, Armour 1: Successes = Hits. No Hit on a die: 3/6.
    # One target: P(effect) = 1 - (1/2)^2 = 3/4.
    r = resolve("srs", {"ruleset": "dw4", "tokens": 2, "attack_rating": 1, "target_defences": [0],
                        "target_armour": 1})
    assert r["p_critical_effects"]["1"] == pytest.approx(3 / 4) and r["defence_pool"] == 0
    # "Add 1 Bonus Die for each Escort token": the Resistance Pool grows; the second Success's die can
    # discard the Escort, so an Escort goes exactly when there are 2+ Successes.
    r = resolve("srs", {"ruleset": "dw4", "tokens": 2, "attack_rating": 1, "target_defences": [0],
                        "target_armour": 1, "target_escorts": 1})
    assert r["defence_pool"] == 1
    assert r["p_escorts_discarded"]["1"] == pytest.approx(1 - r["p_successes"]["0"] - r["p_successes"]["1"])
    with pytest.raises(UserInputError):  # "The maximum number of Attack Run Targets ... equal to the number
        resolve("srs", {"ruleset": "dw4", "tokens": 1, "attack_rating": 1, "target_defences": [0, 0],
                        "target_armour": 1})  # of SRS tokens in their Stack"


def test_new_actions_are_registered_and_echo_inputs():
    for action in ("srs", "collision", "broadside"):
        names = {s.name for s in PARAMS[action]}
        assert {"description", "ruleset"} <= names
    r = resolve("srs", {"tokens": 2, "target_adv": 1, "target_armour": 4, "attack_rating": 3})
    assert r["inputs"]["tokens"] == 2 and r["inputs"]["dice_per_token"] == 3
    assert any("attack_rating" in n for n in r["notes"])  # a dw4 input given to a dw3 run is named
    with pytest.raises(UserInputError, match="target_adv"):
        resolve("srs", {"tokens": 2, "target_armour": 4})  # no silent ADV 0


def test_wire_in_helpers_for_the_attack():
    from referee import critical_effects as ce
    from referee import secondary
    from referee.report import Report

    report = Report(DW4)
    body = {"p_damage": {"0": 0.5, "1": 0.5}}
    ce.attach(body, {"breach": 1, "piercing": 1}, report)
    # P(damage >= 1) 1/2 x one die 1/6
    assert body["critical_effects"]["effects"]["breach"]["p"] == pytest.approx(1 / 12)
    assert any(c.section == "Breach" for c in report.citations)
    rolled = {"damage": 1}
    ce.attach(rolled, {"system-failure": 2}, report)
    assert rolled["critical_effects"]["dice_to_roll"] == {"System Failure": 2}
    report = Report(DW3)
    body = {}
    secondary.attach(body, ["4/8/2"], {"blast": 1}, DW3, report, net_hits=9)
    # 9 // 4 = 2 damage, 9 >= Citadel 8: one critical die owed
    assert body["secondary_targets"][0]["damage"] == 2 and body["secondary_targets"][0]["critical_dice_needed"] == 1
    with pytest.raises(UserInputError, match="Blast or Torrent"):
        secondary.attach({}, ["4/8"], {}, DW3, Report(DW3), net_hits=3)


def test_from_ram_maps_a_short_ram_onto_a_collision():
    # RB: "должна пройти за Активацию хотя бы 3", считая повороты. В противном случае это считается
    # Столкновением, а Тарана не происходит." A Mass 2 rammer into a Mass 2 target after 2": both gain
    # Disorder, no damage.
    from referee.collision import from_ram
    from referee.params import validate
    from referee.report import Report

    p = validate("ram", {"hull": 4, "inches": 2, "rammer_mass": 2, "target_mass": 2, "target_armour": 4})
    report = Report(DW3)
    body, line = from_ram(p, DW3, report, False)
    assert body["collision"] is True and body["impact_disorder_gained"] == 1
    assert body["expected_mover_damage"] == 0 and line.startswith("collision")
    assert any("target_armour" in n for n in report.notes)
    # GL: a failed Crew Check; the heavier target (Mass 3) makes the Mass 2 rammer roll 2 dice
    p = validate("ram", {"ruleset": "dw4", "hull": 4, "inches": 5, "rammer_mass": 2, "target_mass": 3,
                         "crew_check": "fail"})
    body, _ = from_ram(p, DW4, Report(DW4), False)
    assert body["dice"] == 2 and body["expected_mover_damage"] == pytest.approx(1.0)


def test_srs_piercing_gives_a_critical_roll_on_any_damage():
    # RB Бронепробивное: "при нанесении Модели хотя бы одного повреждения выполняется бросок на Критическое
    # Повреждение". With Citadel 10 above Armour 3, any critical roll needs damage, and any damage gives one:
    # P(critical roll) = P(at least 1 damage); P(net >= Citadel) alone is smaller.
    r = resolve("srs", {"tokens": 2, "target_adv": 0, "target_armour": 3, "target_citadel": 10})
    assert r["p_critical_roll"] == pytest.approx(r["p_damage_at_least"]["1"])
    assert r["p_critical"] < r["p_critical_roll"]


def test_secondary_from_a_real_attack_result():
    # The attack's own p_net_hits feeds the secondary targets: a secondary with the Initial Target's Armour
    # and Citadel gets the Initial Target's damage law (same net Hits, same Armour grouping).
    from referee.secondary import net_from_json

    r = resolve("attack", {"dice": 8, "armour": 4, "citadel": 9, "mass": 2})
    rows = secondary_dw3(net_from_json(r["p_net_hits"]), [Target(4, 9, 2)], DW3)["secondary_targets"]
    mine, theirs = rows[0]["p_damage"], r["p_damage"]
    for k in set(mine) | set(theirs):
        assert mine.get(k, 0.0) == pytest.approx(theirs.get(k, 0.0), abs=1e-12)
