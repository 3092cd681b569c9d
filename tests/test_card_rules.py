"""Issue 20: unit cards' special rules as data (referee/card_rules.py), applied when a unit is named.

Each table entry is tested on a real unit: the 3rd edition from the BSData data set in ../shared/data and the
quick-reference cards of the corpus, the 4th from the New Recruit data set. Expected values are worked from the
quoted rule and the card's printed numbers, not from the code under test. Every rule name in both data sets and
the corpus glossaries is either in the table or knowingly out of it (referee/card_rules_scope.py).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee.api import resolve
from referee.card_rules import APPLIED, Card, applied_names, card_effects, rule_base
from referee.card_rules_scope import NO_EFFECT, NOT_MODELLED, QUALITIES_AND_CORE
from referee.errors import InputError
from units.apply import apply_profiles
from units.book import UnitBook

SHARED = Path("/work/shared/data")
CORPUS = Path(__file__).resolve().parent.parent / "corpus"
pytestmark = pytest.mark.skipif(not SHARED.exists(), reason="the shared unit data is not mounted")


@cache
def _units(family: str) -> dict[str, dict[str, Any]]:
    """Real units by name: BSData (dw3) or New Recruit (dw4) data, plus the corpus's quick-reference cards."""
    from units.battlescribe import load
    from units.quickref import load_quick_reference

    folder = "bsdata-dw3" if family == "dw3" else "newrecruit-dw4"
    found: dict[str, dict[str, Any]] = {}
    for units in load([SHARED / folder]).units.values():
        for unit in units:
            found.setdefault(unit["name"], unit)
    if family == "dw3":
        for unit in load_quick_reference(CORPUS, None):
            found[f"qr:{unit['name']}"] = unit
    return found


def _card(family: str, name: str, side: str, airborne: bool = False) -> Card:
    unit = _units(family)[name]
    return Card(unit["name"], side, [(r["name"], r.get("text") or "") for r in unit["rules"]], airborne)


def _rule_names(family: str) -> set[str]:
    from units.battlescribe import glossary_of, read_file
    from units.bs_graph import LinkGraph

    names = {rule_base(r["name"])[0] for u in _units(family).values() for r in u["rules"]}
    if family == "dw4":
        for path in (CORPUS / "dw4-rules-glossary.cat", SHARED / "newrecruit-dw4" / "Rules Glossary.cat"):
            bs = read_file(path)
            names |= {rule_base(rule.get("name") or "")[0] for _, rule in glossary_of(LinkGraph([bs]), bs).values()}
    return names - {""}


@pytest.mark.parametrize("family", ["dw3", "dw4"])
def test_every_rule_name_is_in_the_table_or_knowingly_out_of_it(family):
    names = _rule_names(family)
    applied, not_modelled = applied_names(family), set(NOT_MODELLED[family])
    out = QUALITIES_AND_CORE[family] | NO_EFFECT[family]
    unplaced = sorted(names - applied - not_modelled - out)
    assert not unplaced, f"place these {family} rules in referee/card_rules.py or card_rules_scope.py: {unplaced}"
    assert not (applied & (not_modelled | out)) and not (not_modelled & out)  # each in one place only
    assert len(applied) >= 4 and len(not_modelled) > 50  # both lists are real lists


def test_every_table_entry_quotes_its_rule_and_names_its_source():
    for rule in APPLIED:
        assert len(rule.quote) > 30 and rule.source, rule.name


# --- each entry on a real unit ---------------------------------------------------------------------------------

def test_quick_reference_ablative_armour_removes_one_die_unless_aerial():
    # QR card, Kutsov Cruiser: "Remove 1 action die from the attack dice pool each time an attack is made against
    # this unit. Attacks with the aerial quality ignore this rule."
    card = _card("dw3", "qr:Kutsov Cruiser", "target")
    values, lines = card_effects("attack", "dw3", {"dice": 10}, [card], 1)
    assert values == {"card_dice": -1}
    assert ("Ablative Armour", True) in [(line.rule, line.applied) for line in lines]
    values, _ = card_effects("attack", "dw3", {"dice": 10, "quality": ["aerial"]}, [card], 1)
    assert values == {}
    assert resolve("attack", {"dice": 10, "armour": 5, "citadel": 10, "card_dice": -1})["inputs"]["dice"] == 9


def test_the_rulebook_ablative_armour_is_named_not_applied():
    # BSData (3.0x): "this Unit can affect a number of Exploding Hit results … up to its Mass value": another
    # rule under the same name, not modelled, so it is said and nothing is removed
    card = _card("dw3", "Borodino Battleship", "target")
    values, lines = card_effects("attack", "dw3", {"dice": 10, "mass": 3}, [card], 1)
    assert "card_dice" not in values
    ablative = [line for line in lines if line.rule == "Ablative Armour"]
    assert ablative and not ablative[0].applied and "not model" in ablative[0].effect


def test_internal_shield_generator_removes_two_dice():
    # QR card, The Prometheus: "Remove 2 action dice from the dice pool of each attack against this model."
    values, _ = card_effects("attack", "dw3", {"dice": 10}, [_card("dw3", "qr:The Prometheus", "target")], 1)
    assert values["shield"] is True and values["shield_dice"] == 2
    assert resolve("attack", {"dice": 10, "armour": 7, "citadel": 14, **values})["inputs"]["dice"] == 8


def test_bsdata_shield_generator_removes_the_targets_mass_at_most_three():
    # BSData: "remove Action Dice equal to the Mass Attribute of this Unit from any Attack against it (to a
    # Maximum of 3 dice)"; a unit that has it, at Mass 2 and at Mass 4
    unit = next(u for u in _units("dw3").values()
                if any(r["name"] == "Shield generator" and "equal to the Mass" in (r.get("text") or "")
                       for r in u["rules"]))
    card = Card(unit["name"], "target", [(r["name"], r.get("text") or "") for r in unit["rules"]])
    assert card_effects("attack", "dw3", {"mass": 2}, [card], 1)[0]["shield_dice"] == 2
    assert card_effects("attack", "dw3", {"mass": 4}, [card], 1)[0]["shield_dice"] == 3


def test_point_defence_shield_generator_works_like_a_shield_generator():
    card = _card("dw3", "America Special Operations Vessel", "target")
    values, _ = card_effects("attack", "dw3", {"mass": 3}, [card], 1)
    assert values["shield"] is True and values["shield_dice"] == 3


def test_pack_hunter_adds_two_dice_with_three_models():
    # QR card, Merian Frigate: "+2 to attack and assault action dice pools if at least 3 models in the unit
    # contribute to the dice pool"
    card = _card("dw3", "qr:Merian Frigate", "attacker")
    assert card_effects("attack", "dw3", {}, [card], 3)[0] == {"card_dice": 2}
    assert card_effects("assault", "dw3", {}, [card], 3)[0] == {"card_dice": 2}
    assert card_effects("attack", "dw3", {}, [card], 2)[0] == {}


def test_cloud_hunting_adds_two_dice_against_aerial_targets():
    card = _card("dw3", "qr:Descartes Control Ship", "attacker")
    assert card_effects("attack", "dw3", {"target_type": "aerial"}, [card], 1)[0] == {"card_dice": 2}
    assert card_effects("attack", "dw3", {}, [card], 1)[0] == {}


def test_dw4_ablative_armour_x_and_heavy_prow_x_from_the_kutsov_card():
    # New Recruit data, Kutsov Cruiser: Ablative Armour (3), Heavy Prow (3)
    kutsov = _card("dw4", "Kutsov Cruiser", "target")
    assert card_effects("attack", "dw4", {}, [kutsov], 1)[0] == {"target_ablative": 3}
    assert card_effects("ram", "dw4", {}, [kutsov], 1)[0] == {"target_heavy_prow": 3}
    rammer = _card("dw4", "Kutsov Cruiser", "attacker")
    assert card_effects("ram", "dw4", {}, [rammer], 1)[0] == {"heavy_prow": 3}


def test_dw4_heavy_shield_generator_and_aerial_shield_enhancer():
    # "a +1 Modifier to its Armour rating"; Aerial Shield Enhancer: "its Armour rating receives a +2 Modifier
    # instead of +1" for an Airborne model with a Heavy Shield Generator
    tether = _units("dw4")["Daedalus Tethership"]
    names = {rule_base(r["name"])[0] for r in tether["rules"]}
    assert {"heavy shield generator", "aerial shield enhancer"} <= names
    card = Card(tether["name"], "target", [(r["name"], r.get("text") or "") for r in tether["rules"]], airborne=True)
    values, _ = card_effects("attack", "dw4", {"armour": 5}, [card], 1)
    assert values["shield"] is True and values["armour"] == 6  # the referee adds the usual +1: 5 + 1 + 1
    grounded = Card(card.unit, "target", card.rules, airborne=False)
    assert "armour" not in card_effects("attack", "dw4", {"armour": 5}, [grounded], 1)[0]


def test_a_rule_can_be_switched_off():
    card = _card("dw3", "qr:Kutsov Cruiser", "target")
    values, lines = card_effects("attack", "dw3", {}, [card], 1, off=["ablative armour"])
    ablative = next(line for line in lines if line.rule == "Ablative Armour")
    assert values == {} and not ablative.applied and "switched off" in ablative.effect


# --- through the unit hook: the three cases ---------------------------------------------------------------

@pytest.fixture(scope="module")
def book(tmp_path_factory) -> UnitBook:
    return UnitBook(tmp_path_factory.mktemp("units-empty"), CORPUS)


def _pool(book: UnitBook, action: str, params: dict[str, Any]) -> tuple[int, list[dict[str, Any]], list[str]]:
    values, provenance, notes = apply_profiles(lambda: book, action, params)
    inputs = resolve(action, values)["inputs"]
    return inputs["dice"] if action == "attack" else inputs["attack_pool"], provenance, notes


def test_named_units_apply_their_card_rules_and_list_them(book):
    pool, provenance, _ = _pool(book, "attack", {"target": "Kutsov", "dice": 10})
    assert pool == 9  # Ablative Armour: 10 - 1
    assert any("Ablative Armour (Kutsov Cruiser): -1 die" in p["from"] for p in provenance)
    assert _pool(book, "attack", {"target": "Prometheus", "dice": 10})[0] == 8  # shield generator: 10 - 2
    # Merian Pulse emitter at 8" (Point Blank): lead 8, two supports of 6 = 20; Pack Hunter +2 = 22
    assert _pool(book, "attack", {"attacker": "Merian", "weapon": "Pulse emitter", "distance": 8,
                                  "attacker_models": 3, "armour": 5, "citadel": 9})[0] == 22
    assert _pool(book, "attack", {"target": "Kutsov", "dice": 10, "card_rules_off": ["Ablative Armour"]})[0] == 10


def test_a_rule_that_can_change_the_result_but_is_not_modelled_is_named(book):
    _, _, notes = _pool(book, "attack", {"target": "Lovelace", "dice": 10})
    assert any("Enlightened Science" in n and "not applied" in n for n in notes)


def test_mechanical_soul_supports_an_assault_with_one_die_not_two(book):
    # QR card, Merian Frigate: "These models can only support assaults with +1 attack dice to the assaulting
    # model's FRAY." Merian's Fray 1, one other model supporting: 1 + 1 = 2 (not 1 + 2 = 3)
    pool, provenance, _ = _pool(book, "assault", {"attacker": "Merian", "attacker_models": 2, "target": "Kutsov"})
    assert pool == 1 + 1
    assert any("Mechanical Soul" in p["from"] for p in provenance if p["param"] == "card_dice")
    alone = _pool(book, "assault", {"attacker": "Merian", "attacker_models": 1, "target": "Kutsov"})[0]
    assert alone == 1  # no model supports: nothing to take away


def test_the_fleet_table_applies_the_cards_too(book):
    # "What can my fleet do to that ship?": the same cards as a named attack (Kutsov's Ablative Armour -1 die;
    # Merian's Pack Hunter +2 once 3 models contribute)
    from units.fleet import attack_rows

    merian = dict(book.get("Merian", "attacker", "dw3"), models=3)
    rows = attack_rows({"ships": [merian]}, book.get("Kutsov", "target", "dw3"), "dw3")
    emitter = next(r for r in rows if r["weapon"] == "Pulse emitter" and r["band"] == "Point Blank")
    assert emitter["params"]["card_dice"] == 2 - 1  # Pack Hunter +2, Ablative Armour -1
    # Merian card: Pulse emitter Point Blank 8(6), two supports; +1 from the cards — the referee's own pool, which
    # the fleet table shows as its dice
    from referee.api import resolve

    assert resolve("attack", emitter["params"])["pool"] == 8 + 6 + 6 + 1


# --- issue 20 leftovers: Focused Fire, Hammer Sweep, Mechanical Soul, Sky Commandos -------------------------------

def test_focused_fire_adds_two_dice_and_rerolls_blanks_for_its_qualities():
    # BSData 3.08: "A single Attack each Activation with at least one of the indicated Qualities, led by a Model
    # with this rule, receives +2 Action Dice and may re-roll Blank results" — Boston Frigates: Focused Fire (Aerial)
    card = _card("dw3", "Boston Frigates Squadron", "attacker")
    values, lines = card_effects("attack", "dw3", {"dice": 6, "quality": ["aerial"]}, [card], 1)
    assert values == {"card_dice": 2, "reroll_blanks": True}
    assert any(line.rule.startswith("Focused Fire") and line.applied for line in lines)
    values, lines = card_effects("attack", "dw3", {"dice": 6, "quality": ["gunnery"]}, [card], 1)
    assert values == {} and any("none of its qualities (Aerial)" in line.effect for line in lines)
    # 6 dice + 2 = 8; a rolled Blank may be re-rolled, as Homing's: "6 6 3 …" with die 1 re-rolled to a Heavy Hit
    r = resolve("attack", {"dice": 6, "armour": 2, "card_dice": 2, "reroll_blanks": True,
                           "roll": "6 6 3 3 3 3 3 3", "rerolls": ["1:2"]})
    assert r["inputs"]["dice"] == 8 and r["hits"] == 2 + 6  # the Heavy Hit's 2 + six Hits
    with pytest.raises(InputError):  # without the rule a Blank is not re-rolled
        resolve("attack", {"dice": 8, "armour": 2, "roll": "6 6 3 3 3 3 3 3", "rerolls": ["1:2"]})


def test_focused_fire_with_an_unprinted_quality_is_not_applied():
    card = Card("Some Cruiser", "attacker", [("Focused Fire (x) [3.08]", "")])
    values, lines = card_effects("attack", "dw3", {"quality": ["gunnery"]}, [card], 1)
    assert values == {} and "not printed" in lines[0].effect


def test_re_rolling_blanks_raises_the_odds():
    # a Blank (1 in 6) re-rolled once: the chance of a scoring first die rises from 3/6 (faces 1-3) to
    # 3/6 + 1/6 x 3/6 = 7/12
    plain = resolve("attack", {"dice": 1, "armour": 1, "citadel": 50})
    again = resolve("attack", {"dice": 1, "armour": 1, "citadel": 50, "reroll_blanks": True})
    assert plain["p_damage_at_least"]["1"] == pytest.approx(3 / 6, abs=1e-9)
    assert again["p_damage_at_least"]["1"] == pytest.approx(7 / 12, abs=1e-9)


def test_hammer_sweep_adds_two_ram_dice():
    # BSData 3.08: "… gain +2 to their Ramming Dice Pool if they make no turns during this Movement." Borodino
    # rams after 3": Hull + 3 (one die per inch) + 2 — no turns assumed and said
    card = _card("dw3", "Borodino Battleship", "attacker")
    values, lines = card_effects("ram", "dw3", {}, [card], 1)
    assert values == {"bonus": 2}
    sweep = next(line for line in lines if line.rule.startswith("Hammer Sweep"))
    assert sweep.applied and "no turns" in sweep.effect
    assert card_effects("ram", "dw3", {"bonus": 1}, [card], 1)[0] == {"bonus": 3}
    hull = _units("dw3")["Borodino Battleship"]["stats"]["battle_ready"]["hull"]
    r = resolve("ram", {"ruleset": "dw3", "hull": hull, "rammer_mass": 3, "inches": 3, **values,
                        "target_armour": 5, "target_citadel": 9, "target_mass": 2})
    assert r["inputs"]["dice"] == hull + 3 + 2


def test_sky_commandos_board_airborne_targets_and_defend_once():
    # GL Sky Commandos: "This model's unit can make Boarding actions that target Airborne models. When this model
    # Participates in a Boarding action, it contributes X dice to the Action Roll. If this model is targeted by a
    # Boarding action, it adds X dice to its Resistance Roll." Steward Airship: Sky Commandos (8), no Boarding Parties
    steward = _card("dw4", "Steward Airship", "attacker")
    airborne = Card("An Airship", "target", [], airborne=True)
    values, _ = card_effects("assault", "dw4", {}, [steward, airborne], 2)
    assert values == {"boarding": [8, 8]}
    surface = Card("A Cruiser", "target", [], airborne=False)
    values, lines = card_effects("assault", "dw4", {}, [steward, surface], 2)
    assert values == {} and any("not Airborne" in line.effect for line in lines)
    # as the target: +8 Resistance dice; a Thule Skyfortress also has Boarding Parties (10): counted once
    target = _card("dw4", "Steward Airship", "target")
    assert card_effects("assault", "dw4", {}, [target], 1)[0] == {"target_boarding": 8}
    thule = _card("dw4", "Thule Skyfortress", "target")
    assert card_effects("assault", "dw4", {"target_boarding": 10}, [thule], 1)[0] == {}


# --- issue 20 leftovers, the most common "not applied" rules of the shared data (bench count: Give Em Hell on 52
# dw3 cards, Luminiferous Defences on 43, Air-Razor Munitions on 9) ---------------------------------------------------

def test_quick_reference_luminiferous_defences_defends_against_gunnery():
    # QR card, Lovelace Cruiser: "May use crippled ADV (3) against any weapon with the Gunnery quality."
    card = _card("dw3", "qr:Lovelace Cruiser", "target")
    values = card_effects("attack", "dw3", {"quality": ["gunnery"]}, [card], 1)[0]
    assert values["defence"] == 3 and values["defence_any"] is True  # (and its Internal Shield Generator)
    assert "defence" not in card_effects("attack", "dw3", {"quality": ["torpedo"]}, [card], 1)[0]
    r = resolve("attack", {"dice": 10, "armour": 5, "citadel": 11, "quality": ["gunnery"], "defence": 3,
                           "defence_any": True})
    assert r["inputs"]["defence"] == 3 and r["defence_pool"] == 3
    plain = resolve("attack", {"dice": 10, "armour": 5, "citadel": 11, "quality": ["gunnery"], "defence": 3})
    assert plain["defence_pool"] == 0  # without the card a Gunnery attack is not defended against (ЗАЩИТА)


def test_rulebook_luminiferous_defences_turns_heavy_hits_into_hits_and_defends_with_crippled_adv():
    # BSData 3.06: "Any Attack against a non-Obscured Model with this rule counts Heavy Hit results as Hit Results
    # instead … may use Defences against Attacks with the Gunnery or Broadside Qualities using their Crippled ADV
    # … No Unit may have a Defence Dice Pool greater than 6 … Crippled Models … cannot use Luminiferous Defences."
    unit = _units("dw3")["Descartes Control Ship"]
    card = Card(unit["name"], "target", [(r["name"], r.get("text") or "") for r in unit["rules"]],
                stats=unit["stats"])
    adv = unit["stats"]["crippled"]["adv"]
    values, _ = card_effects("attack", "dw3", {"quality": ["gunnery"]}, [card], 1)
    assert values == {"heavy_as_hit": True, "defence": min(adv, 6), "defence_any": True}
    assert card_effects("attack", "dw3", {"quality": ["torpedo"]}, [card], 1)[0] == {"heavy_as_hit": True}
    values, lines = card_effects("attack", "dw3", {"crippled": True}, [card], 1)
    assert values == {} and any("Crippled" in line.effect for line in lines)
    # one die against Armour 2: damage needs 2 hits — an Exploding Hit (2) or a Heavy Hit (2): 2/6; with Heavy
    # Hits worth 1, only the Exploding Hit: 1/6; an Obscured target keeps its Heavy Hits at 2 (the rule's
    # "non-Obscured"), but then explosions stop: the Exploding Hit still counts 2
    base = {"dice": 1, "armour": 2, "citadel": 50}
    assert resolve("attack", base)["p_damage_at_least"]["1"] == pytest.approx(2 / 6, abs=1e-9)
    assert resolve("attack", {**base, "heavy_as_hit": True})["p_damage_at_least"]["1"] == pytest.approx(1 / 6,
                                                                                                         abs=1e-9)
    obscured = resolve("attack", {**base, "heavy_as_hit": True, "obscured": True})
    assert obscured["p_damage_at_least"]["1"] == pytest.approx(2 / 6, abs=1e-9)
    assert any("heavy_as_hit" in n for n in obscured["notes"])


def test_give_em_hell_makes_a_draw_a_havoc_result():
    # BSData 3.08: "When this Unit makes an Assault, if the result is a Draw, it is instead considered a Havoc
    # result." Yorktown Cruiser Squadron (Union)
    card = _card("dw3", "Yorktown Cruiser Squadron", "attacker")
    assert card_effects("assault", "dw3", {}, [card], 1)[0] == {"draw_is_havoc": True}
    attack_line = next(line for line in card_effects("attack", "dw3", {}, [card], 1)[1]
                       if line.rule.startswith("Give"))
    assert not attack_line.applied and "Devastating" in attack_line.effect
    # rolled: Fray 2, two Hits; Citadel 2, two Counters: 2 - 2 = 0, a Draw -> Havoc (1 damage and a Disorder level)
    rolled = {"ruleset": "dw3", "fray": 2, "target_citadel": 2, "target_adv": 0, "roll": "3 3",
              "defence_roll": "5 5"}
    assert resolve("assault", rolled)["result"] == "repelled"
    havoc = resolve("assault", {**rolled, "draw_is_havoc": True})
    assert havoc["result"] == "havoc" and havoc["damage"] == 1
    # odds: the Draw's probability moves from Repelled to Havoc, nothing else changes
    odds = {"ruleset": "dw3", "fray": 6, "target_citadel": 5, "target_adv": 2}
    plain, hell = resolve("assault", odds), resolve("assault", {**odds, "draw_is_havoc": True})
    draw = plain["p_margin"]["0"]
    assert hell["p_result"]["havoc"] == pytest.approx(plain["p_result"]["havoc"] + draw, abs=1e-12)
    assert hell["p_result"]["repelled"] == pytest.approx(plain["p_result"]["repelled"] - draw, abs=1e-12)
    qrs = resolve("assault", {**odds, "ruleset": "dw3-qrs", "draw_is_havoc": True})
    assert any("draw_is_havoc" in n and "not used" in n for n in qrs["notes"])


def test_air_razor_munitions_makes_broadsides_sustained_against_aerial_units():
    # BSData 3.08: "When making Attacks with the Broadside Quality against Aerial Units, this Unit gains the
    # Sustained (Aerial Units) Quality." Ticonderoga Assault Airship Squadron
    card = _card("dw3", "Ticonderoga Assault Airship Squadron", "attacker")
    values, _ = card_effects("attack", "dw3", {"quality": ["broadside"], "target_type": "aerial"}, [card], 1)
    assert values == {"quality": ["broadside", "sustained"]}
    assert card_effects("attack", "dw3", {"quality": ["broadside"], "target_type": "surface"}, [card], 1)[0] == {}
    assert card_effects("attack", "dw3", {"quality": ["gunnery"], "target_type": "aerial"}, [card], 1)[0] == {}


# --- dw4 ram: Mechanical Soul (15 dw4 cards), Daredevil Crew (5), Very Large (5) ----------------------------------

def test_mechanical_soul_keeps_the_crew_check_at_the_printed_crew():
    # GL Mechanical Soul: "This model's Crew rating cannot be Modified". A Crew 6 rammer at Disorder 2 passes a
    # Crew Check on card values 1-10 with 6 in 10 (not 4 in 10: Disorder would lower its Crew)
    card = _card("dw4", "Merian Automata Frigate", "attacker")
    assert card_effects("ram", "dw4", {}, [card], 1)[0] == {"crew_unmodified": True}
    base = {"ruleset": "dw4", "hull": 4, "inches": 3, "rammer_mass": 1, "target_mass": 2, "crew": 6,
            "rammer_disorder": 2}
    assert resolve("ram", base)["p_crew_pass"] == pytest.approx(4 / 10)
    assert resolve("ram", {**base, "crew_unmodified": True})["p_crew_pass"] == pytest.approx(6 / 10)


def test_daredevil_crew_passes_and_gains_no_disorder_and_very_large_gains_none_either():
    # GL Daredevil Crew: "This model automatically passes its Crew Check when Resolving a Ram and does not gain
    # Disorder in the Inflict Disorder step." GL Very Large: "suffers no Disorder from Collisions or Ramming actions"
    daredevil = _card("dw4", "Death Bringer", "attacker")
    values, _ = card_effects("ram", "dw4", {}, [daredevil], 1)
    assert values["crew_check"] == "pass" and values["rammer_no_disorder"] is True  # (and its Heavy Prow)
    base = {"ruleset": "dw4", "hull": 8, "inches": 3, "rammer_mass": 3, "target_mass": 2, "rammer_disorder": 1}
    r = resolve("ram", {**base, **values})
    assert r["p_crew_pass"] == 1.0 and r["rammer_disorder"] == 1  # stays at 1 (without the rule: 2)
    assert resolve("ram", {**base, "crew_check": "pass"})["rammer_disorder"] == 2
    anastasia = _card("dw4", "Anastasia", "target")
    assert card_effects("ram", "dw4", {}, [anastasia], 1)[0] == {"target_no_disorder": True}
    assert resolve("ram", {**base, "crew_check": "pass", "target_no_disorder": True})["p_target_disorder"] == 0.0
    assert resolve("ram", {**base, "crew_check": "pass"})["p_target_disorder"] == 1.0


def test_dw4_magnetic_generator_turns_resistance_heavy_strikes_into_heavy_counters():
    # GL Magnetic Generator: "If a model in this unit is targeted by an Attack action involving Aerial, Assault, or
    # Submerged Weapons …, convert any Heavy Strikes in the Resistance Roll to Heavy Counters". Anastasia has one.
    card = _card("dw4", "Anastasia", "target")
    assert card_effects("attack", "dw4", {"quality": ["aerial"]}, [card], 1)[0]["resistance_heavy_counters"] is True
    # (its Ablative Armour and Heavy Shield Generator apply as well)
    assert "resistance_heavy_counters" not in card_effects("attack", "dw4", {"quality": ["torpedo"]}, [card], 1)[0]
    # one Resistance die: a Heavy Counter (2) and a Counter (1) score 3/6 a die; the Heavy Strike face as a Heavy
    # Counter adds 2/6: 5/6
    base = {"ruleset": "dw4", "dice": 4, "armour": 4, "defence": 1, "quality": ["aerial"]}
    assert resolve("attack", base)["expected_counters"] == pytest.approx(3 / 6)
    assert resolve("attack", {**base, "resistance_heavy_counters": True})["expected_counters"] == pytest.approx(5 / 6)


def test_black_wolf_mercenaries_says_when_it_applies():
    # BSData 3.06: "Models in this Unit may re-roll Blank dice results in any Action Dice Pool. The Black Wolf
    # Mercenaries Rule only applies during each Round where the Force this Unit is part of had more Victory Points"
    # — the score is not an input: the line says so and names the input that re-rolls Blanks
    unit = next(u for u in _units("dw3").values() if any(r["name"] == "Black Wolf Mercenaries" for r in u["rules"]))
    card = Card(unit["name"], "attacker", [(r["name"], r.get("text") or "") for r in unit["rules"]])
    values, lines = card_effects("attack", "dw3", {}, [card], 1)
    wolf = next(line for line in lines if line.rule == "Black Wolf Mercenaries")
    assert "reroll_blanks" not in values and not wolf.applied and "⟨reroll_blanks⟩" in wolf.effect


@pytest.fixture(scope="module")
def dw4_book(tmp_path_factory) -> UnitBook:
    from units.book import import_files

    folder = tmp_path_factory.mktemp("units-dw4")
    import_files(folder, [SHARED / "newrecruit-dw4"])
    return UnitBook(folder, CORPUS)


def test_a_sky_commando_boards_an_airborne_target_and_is_told_about_a_surface_one(dw4_book):
    # Steward Airship: Sky Commandos (8) and no Boarding Parties; Khodynka Heavy Skycruiser is Airborne, Rurik not
    values, provenance, _ = apply_profiles(lambda: dw4_book, "assault", {"attacker": "Steward Airship",
                                                                         "target": "Khodynka Heavy Skycruiser",
                                                                         "ruleset": "dw4"})
    assert values["boarding"] == [8] and resolve("assault", values)["attack_pool"] == 8
    from core.messages import error_text
    from units.errors import UnitLookupError

    with pytest.raises(UnitLookupError) as surface:
        apply_profiles(lambda: dw4_book, "assault", {"attacker": "Steward Airship", "target": "Rurik",
                                                     "ruleset": "dw4"})
    assert "boards Airborne models only" in error_text(surface.value, "en")
    assert "только воздушные модели" in error_text(surface.value, "ru")


def test_dw3_magnetic_generator_rerolls_heavy_hits_of_aerial_attacks():
    # BSData 3.06: "Any Heavy Hits against a Model with this Generator by weapons with the Aerial Quality or by
    # Enemy SRS must be re-rolled." Tobolsk Mobile Stronghold has one.
    card = _card("dw3", "Tobolsk Mobile Stronghold", "target")
    assert card_effects("attack", "dw3", {"quality": ["aerial"]}, [card], 1)[0].get("reroll_heavy") is True
    assert "reroll_heavy" not in card_effects("attack", "dw3", {"quality": ["gunnery"]}, [card], 1)[0]
    # one die against Armour 2: 2 Hits from an Exploding (1/6) or a Heavy Hit (1/6); the Heavy re-rolled scores
    # again only on Exploding or Heavy (2/6): 1/6 + 1/6 x 2/6 = 2/9
    base = {"dice": 1, "armour": 2, "citadel": 50}
    assert resolve("attack", base)["p_damage_at_least"]["1"] == pytest.approx(2 / 6, abs=1e-9)
    assert resolve("attack", {**base, "reroll_heavy": True})["p_damage_at_least"]["1"] == pytest.approx(2 / 9,
                                                                                                         abs=1e-9)


def test_mechanical_soul_keeps_a_boarded_targets_crew():
    # GL Mechanical Soul: "This model's Crew rating cannot be Modified": a Crew 6 target at Disorder 2 keeps its
    # Success Threshold at 6 (the referee otherwise reads Disorder as -1 Crew a level: 4)
    card = _card("dw4", "Merian Automata Frigate", "target")
    assert card_effects("assault", "dw4", {}, [card], 1)[0] == {"target_crew_unmodified": True}
    base = {"ruleset": "dw4", "boarding": [4], "target_defences": 2, "target_crew": 6, "target_disorder": 2}
    assert resolve("assault", base)["threshold"] == 4
    assert resolve("assault", {**base, "target_crew_unmodified": True})["threshold"] == 6


def test_rules_that_depend_on_the_turn_say_which_input_to_set():
    # BSData 3.06 Heavy Firepower: "… may make the following Valour Effect. When making an Attack, up to three of
    # that Model's weapons may contribute their Lead value …" (Borodino); Tactical Cavitation: "… the Unit is
    # Obscured against Submerged Attacks …" once the action is made (Valiant Fast Destroyers); HEC Contractor
    # "+2 to the Defence Action Dice Pool …" only when its force is not ahead on Victory Points
    borodino = _card("dw3", "Borodino Battleship", "attacker")
    fire = next(line for line in card_effects("attack", "dw3", {}, [borodino], 1)[1]
                if line.rule == "Heavy Firepower")
    assert not fire.applied and "Valour Effect" in fire.effect and "⟨dice⟩" in fire.effect
    valiant = _card("dw3", "Valiant Fast Destroyers Squadron", "target")
    values, lines = card_effects("attack", "dw3", {"quality": ["submerged", "torpedo"]}, [valiant], 1, lang="ru")
    said = {line.rule.split(" (")[0]: line.effect for line in lines}
    assert "⟨obscured⟩" in said["Tactical Cavitation"] and said["Tactical Cavitation"].startswith("не действует")
    assert "⟨defence⟩" in said["HEC Contractor"] and "defence" not in values
