"""Issue 8, sections 1-2: each rule fix, with the sentence it implements (RB quoted in Russian).

Expected values are derived by hand from the rule text and the die faces (1 Exploding, 2 Heavy,
3 Hit, 4 Heavy Counter, 5 Counter, 6 Blank); each test says how.
"""
from __future__ import annotations

import pytest

from core.errors import UserInputError
from referee.api import resolve

E1 = {"dice": 21, "armour": 6, "citadel": 9, "quality": ["aerial"],
      "roll": "1 1 2 2 2 2 3 3 3 3 3 4 4 4 5 5 5 6 6 6 6", "explosions": "6 2"}


def attack(**kw):
    return resolve("attack", kw)


# ---------------------------------------------------------------- RB/QR ЗАЩИТА: Defences only vs Aerial/Submerged

def test_defence_dice_are_not_rolled_against_an_attack_without_aerial_or_submerged():
    """RB ЗАЩИТА: "Если Атака не имеет ни одного из этих Качеств, использовать системы обороны нельзя."
    QR 3. DECLARE DEFENCES: "the incoming attack must have the aerial quality to use AERIAL DEFENCE"."""
    for ruleset in ("dw3", "dw3-qrs"):
        with_defence = attack(ruleset=ruleset, dice=8, armour=3, citadel=6, defence=7)
        without = attack(ruleset=ruleset, dice=8, armour=3, citadel=6)
        assert with_defence["defence_pool"] == 0 and with_defence["p_damage"] == without["p_damage"]
        assert with_defence["verdict"].startswith("Defence dice not rolled")  # said first
    # the rulebook's own example, with the Aerial quality removed: 19 Hits, no Counters, 19 // 6 = 3 damage
    rolled = attack(**{**E1, "quality": [], "defence": 7, "defence_roll": "4 5 5 5 1 3 6"})
    assert (rolled["hits"], rolled["counters"], rolled["damage"]) == (19, 0, 3)
    assert rolled["verdict"].startswith("Defence dice not rolled")


def test_readme_example_is_fixed_by_giving_the_aerial_quality():
    """The README's flagship example gave Defence 7 to an attack with no Aerial quality."""
    fixed = resolve("attack", {"description": "21 dice vs armour 6 citadel 9, defence 7, obscured, aerial"})
    assert fixed["defence_pool"] == 7 and not fixed["verdict"].startswith("Defence dice not rolled")


# ---------------------------------------------------------------- section 2: the Defence pool from its parts

def test_defence_pool_from_its_parts():
    """RB ЗАЩИТА: +1 per model of the unit with Defence >= 1 within 4", +1 per SRS token discarded;
    ЭСКОРТ: "Набор Кубов Обороны Сопровождаемого Подразделения увеличивается на +1 куб за каждый Токен
    Эскорта"; ОБЕДИНЕННЫЕ ПОДРАЗДЕЛЕНИЯ: "+1 Куб к Набору Боевых Кубов Обороны"."""
    r = attack(dice=10, armour=4, quality=["aerial"], target_adv=3, target_sdv=6, defence_models=2,
               target_escorts=1, srs_discard=2, attached=True)
    assert r["defence_pool"] == 3 + 2 + 1 + 2 + 1  # ADV (not the higher SDV) for an Aerial attack
    assert any("target_sdv" in n for n in r["notes"])  # the SDV given is named as not used
    sub = attack(dice=10, armour=4, quality=["submerged"], target_adv=3, target_sdv=6)
    assert sub["defence_pool"] == 6


def test_defence_total_and_parts_together_are_refused():
    with pytest.raises(UserInputError) as err:
        attack(dice=10, armour=4, quality=["aerial"], target_adv=3, defence=5)
    assert err.value.field == "defence"
    with pytest.raises(UserInputError) as err:
        attack(dice=10, armour=4, quality=["aerial"], target_escorts=2)  # ADV missing for an Aerial attack
    assert err.value.field == "target_adv"


def test_shredded_defences_marker_makes_the_rating_part_zero():
    """RB Разрушение Систем Защиты: "ее параметр Обороны (как Противовоздушной, так и Подводной) считается
    равным 0"; the escorts' +1 each still counts."""
    r = attack(dice=10, armour=4, quality=["aerial"], target_adv=5, target_escorts=2, markers=["shredded-defences"])
    assert r["defence_pool"] == 2
    with pytest.raises(UserInputError) as err:
        attack(dice=10, armour=4, quality=["aerial"], defence=7, markers=["shredded-defences"])
    assert err.value.field == "defence"


# ---------------------------------------------------------------- Generator Shutdown

def test_rb_generator_shutdown_without_generators_adds_a_disorder_level():
    """RB Отключение генератора: "Модель получает Маркер Отключение генератора и Уровень Дезорганизации ...
    Если у Модели нет Генераторов, она получает дополнительный уровень Беспорядка."
    E1 + defence roll: 14 net Hits >= Citadel 9, one critical die showing 6."""
    base = {**E1, "defence": 7, "defence_roll": "4 5 5 5 1 3 6", "critical_roll": [6]}
    assert attack(**base)["disorder"] == 1
    assert attack(**base, no_generators=True)["disorder"] == 2
    assumed = attack(**{k: v for k, v in base.items() if k != "critical_roll"})
    assert any("Generators" in a for a in assumed["assumptions"])  # not given: the assumption is stated
    with pytest.raises(UserInputError) as err:
        attack(**base, no_generators=True, shield=True)
    assert err.value.field == "no_generators"


def test_generator_shutdown_marker_switches_the_shield_off():
    """RB Отключение генератора: "Пока у Модели есть этот Маркер, все эффекты от ее Генераторов игнорируются." """
    assert attack(dice=10, armour=3, shield=True)["pool"] == 8
    assert attack(dice=10, armour=3, shield=True, markers=["generator-shutdown"])["pool"] == 10


def test_qr_generator_shutdown_is_rerolled_in_rolled_mode():
    """QR CRITICAL DAMAGE: "If the model does not have a generator, reroll this result." """
    base = {**E1, "ruleset": "dw3-qrs", "defence": 7, "defence_roll": "4 5 5 5 1 3 6", "no_generators": True}
    with pytest.raises(UserInputError) as err:
        attack(**base, critical_roll=[6])
    assert err.value.field == "critical_roll" and "re-rolled" in str(err.value)
    r = attack(**base, critical_roll=[6, 5])  # re-rolled into Magazine Explosion: +1 damage
    assert r["total_damage"] == 2 + 1 and "Magazine Explosion" in r["critical_effects"][-1]
    assert attack(**{**base, "no_generators": False}, critical_roll=[6])["critical_effects"] == ["Generator Shutdown"]


def test_qr_generator_shutdown_odds_without_generators():
    """Without a generator the QR critical die is uniform over the other five faces: the damaging faces
    (Sturginium Flare, Magazine Explosion, 1 each) come up 2/5 instead of 2/6 of the time, for every
    critical roll (Critical and not Catastrophic: QR catastrophic explosion is "instead of critical")."""
    kw = dict(ruleset="dw3-qrs", dice=12, armour=5, citadel=6, mass=3)
    with_gen, without = attack(**kw), attack(**kw, no_generators=True)
    rolls = with_gen["p_critical"] - with_gen["p_catastrophic"]
    diff = without["expected_total_damage"] - with_gen["expected_total_damage"]
    assert diff == pytest.approx(rolls * (2 / 5 - 2 / 6), abs=1e-9)


def test_rb_assault_critical_disorder_counts_in_the_target_disorder():
    """RB Утечка реактора: "Модель получает Маркер Утечка реактора и Уровень Дезорганизации" — also when
    the critical comes from an assault. Brutal Strike (+5) gives 1 Disorder, Reactor Leak one more."""
    assault = {"fray": 14, "srs": 1, "target_citadel": 10, "target_adv": 3, "target_sdv": 3,
               "roll": "1 1 1 2 2 2 3 3 3 3 4 5 6 6 6", "explosions": "2 6 3",
               "defence_roll": "4 4 4 4 5 5 5 5 5 5 1 2 6"}
    r = resolve("assault", {**assault, "critical_roll": [4]})
    assert r["result"] == "brutal_strike" and r["target_disorder"] == 2
    r = resolve("assault", {**assault, "critical_roll": [6], "no_generators": True})
    assert r["target_disorder"] == 1 + 1 + 1  # row + Generator Shutdown + no Generators
    q = {**assault, "ruleset": "dw3-qrs", "no_generators": True}
    with pytest.raises(UserInputError, match="re-rolled"):
        resolve("assault", {**q, "critical_roll": [6]})
    assert resolve("assault", {**q, "critical_roll": [6, 3]})["critical_effects"][-1] == "Navigation Lock"


# ---------------------------------------------------------------- Mass 1

def test_mass1_reports_destruction_not_critical_damage():
    """RB ПАРАМЕТРЫ › Цитадель: "Если Модель Массой 1 подвергается Атаке с суммой Очков Попадания, равной
    или превышающей этот Параметр, она немедленно уничтожается"; КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1:
    "... наносит число попаданий, превышающее их Параметр Цитадели" (the strict reading, on request).
    One obscured die vs Citadel 2: faces 1 and 2 score 2 Hits (no explosion), so P(>= 2) = 2/6, P(> 2) = 0."""
    r = attack(dice=1, armour=5, citadel=2, mass=1, obscured=True)
    assert r["p_critical"] is None and r["p_catastrophic"] is None
    assert r["p_citadel_destroyed"] == pytest.approx(2 / 6)
    assert "P(destroyed through the Citadel)" in r["verdict"]
    assert any("mass1_strict" in a for a in r["assumptions"])
    assert any(c["section"] == "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ › Цитадель (Citadel, C)" for c in r["citations"])
    strict = attack(dice=1, armour=5, citadel=2, mass=1, obscured=True, mass1_strict=True)
    assert strict["p_citadel_destroyed"] == 0
    assert any(c["section"] == "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1" for c in strict["citations"])
    with_hull = attack(dice=1, armour=5, citadel=2, mass=1, hull=1, obscured=True)
    assert with_hull["p_destroyed"] == pytest.approx(2 / 6)  # 2 Hits < Armour 5: no damage either way


def test_mass1_rolled_equal_to_citadel():
    """Two Heavy Hits = 4 Hits against Citadel 4: destroyed under >=, survives under >."""
    base = dict(dice=2, armour=5, citadel=4, mass=1, hull=1, roll="2 2")
    assert attack(**base)["destroyed"] is True
    assert attack(**base, mass1_strict=True)["destroyed"] is False


# ---------------------------------------------------------------- dw4 glossary rules

def test_rail_first_x_exploding_strikes_add_two_dice():
    """GL Rail (X): "the first X Exploding Strikes cause two additional Action Dice to be rolled, instead
    of one. If multiple Contributing weapons have this Quality, their X values are combined."
    Roll 1 1 3 with Rail 1: 2 + 1 explosion dice; 2 + 2 + 1 + three Hits = 8."""
    r = attack(ruleset="dw4", dice=3, armour=4, defence=0, quality=["rail:1"], roll="1 1 3", explosions="3 3 3")
    assert r["hits"] == 8
    with pytest.raises(UserInputError, match="explosion dice"):
        attack(ruleset="dw4", dice=3, armour=4, defence=0, quality=["rail:1"], roll="1 1 3", explosions="3 3")
    # odds: a die is worth 1 Hit on average with its chain, so E = n + E[min(K, X)] with K ~ Bin(n, 1/6)
    one = attack(ruleset="dw4", dice=1, armour=4, defence=0, quality=["rail:1"])
    assert one["expected_hits"] == pytest.approx(7 / 6, abs=1e-9)
    three = attack(ruleset="dw4", dice=3, armour=4, defence=0, quality=["rail:1"])
    assert three["expected_hits"] == pytest.approx(3 + 1 - (5 / 6) ** 3, abs=1e-9)
    combined = attack(ruleset="dw4", dice=3, armour=4, defence=0, quality=["rail:1", "rail:2"])
    # X = 3 covers every initial Exploding Strike: E = 3 + E[K] = 3 + 3/6
    assert combined["expected_hits"] == pytest.approx(3.5, abs=1e-9)


def test_unconventional_target_turns_strikes_into_counters():
    """GL Unconventional Target: "When an Airborne model is the target of an Attack action, any Standard
    Strikes and Heavy Strikes in the Resistance Roll are converted to Standard Counters."
    Defence roll 2 3 4 5 6 1: 1 + 1 + 2 + 1 = 5 Counters (3 against a surface model)."""
    kw = dict(ruleset="dw4", dice=6, armour=4, defence=6, roll="3 3 3 3 3 3", defence_roll="2 3 4 5 6 1")
    assert attack(**kw, target_type="airborne")["counters"] == 5
    assert attack(**kw)["counters"] == 3
    odds = attack(ruleset="dw4", dice=6, armour=4, defence=6, target_type="aerial")
    assert odds["expected_counters"] == pytest.approx(6 * 5 / 6)  # (1 + 1 + 2 + 1) / 6 per die


def test_torrent_counts_defences_zero_and_repeats():
    """GL Torrent: "the Initial Target counts its Defences rating as 0, and the Resistance Roll cannot gain
    Bonus Dice from Escorts or SRS Air Support ... the Attack action can be resolved up to X times ... the
    lowest X value among them is used." """
    r = attack(ruleset="dw4", dice=8, armour=4, defence=5, target_escorts=2, quality=["torrent:3", "torrent:2"])
    assert r["defence_pool"] == 0 and r["repeats_up_to"] == 2
    assert "up to 2 times" in r["verdict"]
    assert any("target_escorts" in n for n in r["notes"])


def test_indirect_blocked_adds_three_resistance_dice_per_weapon():
    """GL Indirect: "for each Indirect weapon that Contributes to an Attack where Visibility to the Initial
    Target is Blocked, add 3 Bonus Dice to the Resistance Roll." """
    assert attack(ruleset="dw4", dice=8, armour=4, defence=2, quality=["indirect"], blocked=True)["defence_pool"] == 5
    assert attack(ruleset="dw4", dice=8, armour=4, defence=2, quality=["indirect", "indirect"],
                  blocked=True)["defence_pool"] == 8
    with pytest.raises(UserInputError) as err:
        attack(ruleset="dw4", dice=8, armour=4, defence=2, blocked=True)
    assert err.value.field == "blocked"


# ---------------------------------------------------------------- RB ram, unused inputs, contradictions, defaults

def test_rb_rammed_model_disorder_is_in_the_json():
    """RB СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран: "Модель, которую Таранят, получает Уровень Дезорганизации." """
    base = {"hull": 5, "inches": 7, "rammer_mass": 2, "target_armour": 4, "target_citadel": 8, "target_mass": 2}
    assert resolve("ram", base)["target_disorder"] == 1
    assert resolve("ram", {**base, "roll": "3 3 3 3 3 3 3 3 3 3", "self_damage_roll": "6"})["target_disorder"] == 1
    assert resolve("ram", {**base, "ruleset": "dw3-qrs"})["target_disorder"] == 0


def test_inputs_the_ruleset_does_not_use_get_a_note_each():
    dw3 = attack(dice=8, armour=4, hampered=2, target_ablative=1)
    assert any("⟨hampered⟩" in n for n in dw3["notes"]) and any("⟨target_ablative⟩" in n for n in dw3["notes"])
    dw4 = attack(ruleset="dw4", dice=8, armour=4, defence=2, markers=["reactor-leak"], escorts=2)
    assert any("⟨markers⟩" in n for n in dw4["notes"]) and any("⟨escorts⟩" in n for n in dw4["notes"])
    boarding = resolve("assault", {"ruleset": "dw4", "boarding": [3], "target_defences": 2, "target_crew": 4,
                                   "fray": 6})
    assert any("⟨fray⟩" in n for n in boarding["notes"])


@pytest.mark.parametrize("params,field", [
    ({"hull": 4, "damage_taken": 4}, "damage_taken"),  # Battle-Ready with damage >= Hull
    ({"mass": 1, "crippled": True}, "crippled"),  # a Mass 1 model is never Crippled
    ({"sustained_policy": "blank"}, "sustained_policy"),  # a Sustained policy without Sustained
    ({"shield_dice": 3}, "shield_dice"),  # shield dice without a Shield Generator
    ({"devastating_explosions_off": True}, "devastating_explosions_off"),
])
def test_contradictory_inputs_are_refused(params, field):
    with pytest.raises(UserInputError) as err:
        attack(dice=8, armour=4, **params)
    assert err.value.field == field and "\n" not in str(err.value)


def test_no_point_blank_bonus_without_a_range():
    """RB ЭСКОРТ: the Escort attack bonus is "на Ближней дистанции"; Fusillade is Point Blank only.
    No range given: neither is applied, and the note says how to add them."""
    r = attack(dice=10, armour=3, escorts=2, quality=["fusillade"], defence=4)
    assert r["pool"] == 10 and any("⟨range⟩" in n for n in r["notes"])
    assert attack(dice=10, armour=3, escorts=2, distance=6)["pool"] == 12


# ---------------------------------------------------------------- section 4 and 6: inputs first, words, language

def test_inputs_object_echoes_what_was_understood():
    r = attack(lead=9, support=[6, 6], armour=6, citadel=9, quality=["aerial"], target_adv=7, distance=15)
    inputs = r["inputs"]
    assert inputs["dice"] == 21 and inputs["pool_steps"] == ["lead 9", "+ support 6", "+ support 6"]
    assert (inputs["armour"], inputs["citadel"], inputs["band"], inputs["defence"]) == (6, 9, "closing", 7)
    assert inputs["qualities"] == ["aerial"] and inputs["defence_steps"] == ["ADV 7"]


def test_messages_never_spell_a_cli_flag():
    for params in ({"dice": 8, "armour": 4, "shield": True, "escorts": 1, "quality": ["sustained"]},
                   {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2, "obscured": True, "mass": 2}):
        r = attack(**params)
        for text in r["assumptions"] + r["notes"] + [r["verdict"]]:
            assert "--" not in text, text


def test_russian_description_gets_a_russian_answer():
    r = resolve("attack", {"description": "21 куб против брони 6, цитадель 9, защита 7, скрытая цель"})
    assert r["lang"] == "ru"
    assert r["verdict"].startswith("Кубы Защиты не бросаются")  # no Aerial quality: ЗАЩИТА, in Russian
    assert "ожидается" in r["verdict"] and any("Масса цели" in a for a in r["assumptions"])
