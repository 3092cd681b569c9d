"""Descriptions written the way players write them outside the reader's own set (bench/data/referee_text2.jsonl):
unit card lines, fleet-app pastes, two actions in one message, markers in their own words, Discord shorthand.

Expected values are read off each sentence by hand; where a rule decides the reading, its sentence is quoted.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.referee_text import classify
from referee.describe import DescriptionError, parse_description

SET2 = Path(__file__).resolve().parents[1] / "bench" / "data" / "referee_text2.jsonl"


def parsed(action: str, text: str) -> dict[str, object]:
    out = dict(parse_description(action, text))
    out.pop("lang")
    out.pop("ignored")
    return out


# --- a weapon's card line --------------------------------------------------------------------------

def test_card_line_gives_the_named_bands_lead_and_support():
    # The quick reference orders the bands "Point blank: 0-10\" Closing: 10-20\" Long: 20-30\"", and the
    # card's columns are Point Blank, Closing, Long: at closing, 9(4) is the lead and each support's 4.
    got = parsed("attack", "Borodino: Heavy Gun Battery 6(3) / 9(4) / 6(3), firing at closing with the lead "
                           "and two supports, his cruiser A5 C9")
    assert got == {"lead": 9, "support": [4, 4], "range": "closing", "armour": 5, "citadel": 9}


def test_card_line_without_support_values_is_the_dice_of_the_named_band():
    assert parsed("attack", "Heavy Gun 8/6/4 at long vs A6 C10") == {
        "dice": 4, "range": "long", "armour": 6, "citadel": 10}


def test_card_line_without_a_band_is_not_read_and_no_value_is_taken_from_it():
    out = parse_description("attack", "Heavy Gun 8/6/4 vs A6 C10")
    assert (out["armour"], out["citadel"]) == (6, 10) and "dice" not in out and "lead" not in out
    assert {"8", "6", "4"} <= set(out["ignored"])  # the player sees the line was not read


def test_one_weapon_value_with_its_lead_and_supports_named_apart():
    # "9(4)": the card's lead value and, in brackets, each support's; "ведущий и одна поддержка": one support
    assert parsed("attack", "Бородино: Heavy Gun Battery 9(4) на closing, ведущий и одна поддержка, цель A5 C9") == {
        "lead": 9, "support": [4], "range": "closing", "armour": 5, "citadel": 9}
    out = parse_description("attack", "9(4) at closing, lead only, A5")
    assert out["lead"] == 9 and "support" not in out and "4" in out["ignored"]


def test_a_count_of_supports_is_never_their_dice():
    out = parse_description("attack", "lead 10, two supports, A5 C9")
    assert "support" not in out and "supports" in out["ignored"]
    out = parse_description("attack", "ведущее 10 и одна поддержка, броня 5")
    assert "support" not in out and "поддержка" in out["ignored"]
    out = parse_description("attack", "lead 8 + 2 supports, A5 C9")  # added, but still a count
    assert out["lead"] == 8 and "support" not in out and "2" in out["ignored"]


# --- two actions in one message --------------------------------------------------------------------

def test_the_same_value_given_twice_for_two_attacks_is_asked_not_dropped():
    with pytest.raises(DescriptionError, match="twice"):
        parse_description("attack", "first my Borodino shoots 12 dice at his cruiser A5 C9, then my frigates "
                                    "add 6 dice at the same target")


# --- markers and conditions in the player's words --------------------------------------------------

def test_markers_said_as_a_state_of_the_ship():
    # QRS: "Reactor leak: This model receives a reactor leak marker." "Generator shutdown: This model receives
    # a generator shutdown marker. A model with this marker ignores any effects from its generators."
    got = parsed("attack", "12 dice vs A5 C9; his reactor is leaking and his generators are shut down")
    assert got["markers"] == ["reactor-leak", "generator-shutdown"] and "target_generator" not in got
    got = parsed("attack", "12 кубов, A5 C9, у цели маркеры: утечка реактора и отказ генераторов")
    assert got["markers"] == ["reactor-leak", "generator-shutdown"] and "target_generator" not in got


def test_short_form_crippled_in_russian():
    # the Russian card: "Боеготовое (Battle-Ready) или Поврежденное (Crippled)"; "он уже повреждён" says it
    assert parsed("attack", "22 куба, броня 6, цитадель 10, он уже повреждён")["crippled"] is True


def test_incendiary_broadsides_rating_is_not_a_second_broadside():
    # dw4 glossary, Incendiary Broadsides: "roll a number of Critical Damage Dice equal to this model's
    # Broadside rating" — "(5)" is that rating, not a second contributing model's Broadside.
    assert parsed("broadside", "broadside 5, I'm at disorder 2, incendiary broadsides (5), his hull 7") == {
        "broadside": [5], "attacker_disorder": 2, "incendiary": 5, "target_hull": 7}


def test_one_rating_for_each_of_the_ships_counted():
    assert parsed("broadside", "three ships contributing, broadside 3 each")["broadside"] == [3, 3, 3]
    assert parsed("broadside", "бортовой залп: 3 корабля по Broadside 2, Hull цели 6")["broadside"] == [2, 2, 2]
    assert parsed("broadside", "broadside 3, 3 ships")["broadside"] == [3]  # no "each": the count is listed


# --- whose value it is -----------------------------------------------------------------------------

def test_the_speaker_as_the_object_swaps_the_sides():
    # a collision's mover is the model that moved into the other: here his ship
    assert parsed("collision", "his mass 3 ship hit me (I'm mass 2)") == {"mover_mass": 3, "impact_mass": 2}
    assert parsed("attack", "he shoots my cruiser: 14 dice, my A5 C9, my ADV 2, it's aerial") == {
        "dice": 14, "armour": 5, "citadel": 9, "target_adv": 2, "quality": ["aerial"]}


def test_the_speaker_as_the_subject_keeps_the_sides():
    got = parsed("attack", "shooting my enemy's cruiser: 12 dice, A5 C9, my 2 escorts")
    assert got["escorts"] == 2 and "target_escorts" not in got
    got = parsed("ram", "I am ramming my opponent's cruiser: hull 6, moved 5\", his armour 4 citadel 7")
    assert got["hull"] == 6 and got["target_armour"] == 4 and "target_hull" not in got


def test_hit_me_swaps_sides_only_in_a_collision():
    got = parsed("attack", "I shoot his cruiser that hit my frigate: 12 dice, A5 C9, his 2 escorts")
    assert got["target_escorts"] == 2 and "escorts" not in got


def test_him_as_an_object_owns_none_of_the_values_after_it():
    assert parsed("ram", "rammed him 4\" hull 6 vs A4 C7")["hull"] == 6


def test_a_value_only_the_speaker_has_ends_the_targets_list():
    # a ram's Crew is the rammer's only, so after it "vs" no longer says whose the Heavy Prow is: asked
    with pytest.raises(DescriptionError, match="whose are 'heavy prow 2'"):
        parse_description("ram", "dw4 ram: mass 3 vs mass 2, crew 6, heavy prow 2")
    assert parsed("ram", "dw4 ram: mass 3 vs mass 2, his heavy prow 2, crew 6")["target_heavy_prow"] == 2


def test_a_submarine_is_the_assaulter_only_when_it_is_the_speakers():
    got = parsed("assault", "my sub assaults his battleship from below: fray 5. His ADV 4, SDV 2, citadel 10.")
    assert got["assaulter"] == "submerged"
    out = parse_description("assault", "assault his sub: fray 6, citadel 8")
    assert "assaulter" not in out and "sub" in out["ignored"]


def test_a_correction_withdraws_the_value_just_before_it():
    out = parse_description("attack", "with my 3 escorts around it - wait no, his 3 escorts. Lead 8, A5 C9")
    assert out["target_escorts"] == 3 and "escorts" not in out
    assert "3 escorts" in out["ignored"]  # the withdrawn value is shown, not silently dropped
    out = parse_description("attack", "12 dice, armour 5, I mean armour 6")
    assert out["armour"] == 6 and "armour 5" in out["ignored"]


def test_escorts_attached_to_a_ship_are_not_the_attached_rule():
    # ⟨attached⟩: "the target's unit is an attached/parent unit in formation (+1 Defence die)" — a rulebook
    # unit rule; "his escorts attached" are Escort tokens with the ship
    got = parsed("attack", "Submerged torps: dice 14, SDV 3, armour 7, citadel 12, two of his escorts attached")
    assert got["target_escorts"] == 2 and "attached" not in got


# --- shorthand and number forms --------------------------------------------------------------------

def test_discord_shorthand():
    assert parsed("attack", "atk 10d A5 C9 closing lol") == {"dice": 10, "armour": 5, "citadel": 9,
                                                             "range": "closing"}
    assert parsed("attack", "lead 10 sup 5x2 PB vs A6 C11")["support"] == [5, 5]
    assert parsed("srs", "torpedo bombers x3 -> his cruiser, SDV 2, A5/C9")["tokens"] == 3
    assert parsed("srs", "3 tokens x2, A5")["tokens"] == 3  # a count already given: "x2" is listed


def test_a_number_before_a_key_with_its_own_number_is_listed_not_taken():
    out = parse_description("attack", "8 vs armour 6")
    assert out["armour"] == 6 and "8" in out["ignored"]


def test_russian_with_english_loan_words():
    assert parsed("attack", "лид 10, саппорт 5 и 5, PB, у цели ADV 3, A6 C10") == {
        "lead": 10, "support": [5, 5], "range": "point-blank", "target_adv": 3, "armour": 6, "citadel": 10}
    assert parsed("attack", "торпы 10 кубов, SDV цели 3, A4/C8")["quality"] == ["torpedo"]
    assert parsed("srs", "Подводный налёт, 4 токена торпедоносцев, ППО цели 2")["torpedo"] is True
    assert parsed("assault", "абордаж 6, поддерживает 1 модель, у цели цитадель 8")["support"] == 1


def test_shallows_are_not_read_as_terrain():
    # the Russian rulebook: "отмели, коралловые рифы … считаются Опасными Водами" (hazardous waters, not a
    # collision with terrain); "сел на мель" is listed, never read as an impact
    out = parse_description("collision", "сел на мель, масса 3, корпус 8")
    assert "impact" not in out and "мель" in out["ignored"]


def test_number_forms_players_write():
    assert parsed("attack", "a dozen dice vs armour 5 citadel 9")["dice"] == 12
    assert parsed("attack", "half a dozen dice vs armour 5")["dice"] == 6
    # two short names and two numbers: in the order written, as "ADV/SDV 4/2" is
    assert parsed("attack", "lead 10 sup 5x2 PB vs A/C 6/11") == {
        "lead": 10, "support": [5, 5], "range": "point-blank", "armour": 6, "citadel": 11}
    assert parsed("assault", "dw4 boarding: boarding values 4 and 3, his defences 2")["boarding"] == [4, 3]


def test_models_of_the_targets_unit_within_4_inches():
    # defence_models: "other models of the target's unit with Defence >= 1 within 4\" (+1 die each)"
    assert parsed("attack", "12 dice vs armour 4, target is within 4\" of two more of his models")[
        "defence_models"] == 2
    assert parsed("attack", "lead 6 at PB; target A3 C6, within 4\" of one other ship of his unit")[
        "defence_models"] == 1
    out = parse_description("attack", "12 dice, within 4\" of 2 of my models, A5")
    assert "defence_models" not in out and "2" in out["ignored"]  # the speaker's models give no Defence die
    assert "defence_models" not in parse_description("attack", "within 4.5\" of 2 models")


# --- the new set as a whole ------------------------------------------------------------------------

def test_new_player_styles_set_has_no_silent_misread():
    items = [json.loads(line) for line in SET2.read_text(encoding="utf-8").splitlines() if line.strip()]
    outcomes = [classify(it["action"], it["text"], it["ruleset"], it["expect"], it["ask"]).outcome for it in items]
    assert len(items) >= 60
    assert outcomes.count("silent misread") == 0
    assert outcomes.count("read right") >= 63  # 38 before these rules
