"""The ATTACK action: its inputs (which ruleset uses each) and one resolver per edition.

`attack_core` computes the odds or scores the roll; `attack_dw3` / `attack_dw4` build the setup.
"""
from __future__ import annotations

from typing import Any

from core.params import Kind, ParamSpec
from referee import attack_core, critical_effects, disorder, secondary, verdict
from referee.action_common import (
    BANDS,
    DW3,
    DW3_RULEBOOK,
    DW4,
    MAX_DICE,
    MAX_QUALITIES,
    TRAITS,
    common,
    only,
    rolled_inputs,
)
from referee.report import Report
from referee.rulesets.base import Ruleset

INT, FLOAT, BOOL, CHOICE, INTS, TEXTS = Kind.INT, Kind.FLOAT, Kind.BOOL, Kind.CHOICE, Kind.INTS, Kind.TEXTS

DW3_ONLY = "a 3rd-edition input; dw4 has no such rule"
GENERATORS = "Generator Shutdown re-rolls and extra Disorder are 3rd-edition rules"
ONE_DEFENCE = "dw4 targets have one Defences rating (give ⟨defence⟩)"

PARAMS: list[ParamSpec] = [
    *common(),
    ParamSpec("dice", INT, "total attack dice (the whole pool)", 0, MAX_DICE),
    ParamSpec("lead", INT, "lead weapon dice at this range", 0, MAX_DICE),
    ParamSpec("support", INTS, "supporting weapon dice (repeatable)", 0, MAX_DICE),
    ParamSpec("armour", INT, "target Armour (dw4: the Success Threshold)", 1, 50),
    *only(DW3, "dw4 has no Citadel",
          ParamSpec("citadel", INT, "target Citadel (dw3)", 1, 100)),
    ParamSpec("mass", INT, "target Mass", 1, 10),
    ParamSpec("hull", INT, "target Hull on its current side", 1, 100),
    ParamSpec("damage_taken", INT, "damage already on the target's current side", 0, 100),
    ParamSpec("crippled", BOOL, "the target is already Crippled"),
    *only(DW3, "dw4 models have one Hull value",
          ParamSpec("crippled_hull", INT, "Hull of the Crippled side (dw3; default: same as ⟨hull⟩)", 1, 100)),
    ParamSpec("defence", INT, "the target's defence dice as one total (dw3: or give its parts, "
              "⟨target_adv⟩/⟨target_sdv⟩ and the rest; dw4: the Defences rating)", 0, MAX_DICE),
    *only(DW3, ONE_DEFENCE,
          ParamSpec("target_adv", INT, "dw3: target's Aerial Defence (ADV), rolled against an Aerial attack",
                    0, 50),
          ParamSpec("target_sdv", INT, "dw3: target's Submerged Defence (SDV), rolled against a Submerged attack",
                    0, 50)),
    *only(DW3, "dw4 Resistance gets no dice from other models of the unit",
          ParamSpec("defence_models", INT, "dw3: other models of the target's unit within 4\" with that Defence "
                    "of 1 or more (+1 die each)", 0, 20)),
    ParamSpec("target_escorts", INT, "Escort tokens with the target's unit (+1 defence die each; dw4: +1 "
              "Resistance die each)", 0, 20),
    *only(DW3, "the dw4 SRS Air Support bonus is not modelled (its size is not in the glossary)",
          ParamSpec("srs_discard", INT, "dw3: SRS tokens the target discards from base contact (+1 defence die "
                    "each)", 0, 20)),
    *only(DW3_RULEBOOK, {"dw3-qrs": "the quick reference has no combined-unit defence bonus",
                         "dw4": "dw4 has no combined-unit defence bonus in the glossary"},
          ParamSpec("attached", BOOL, "dw3 rulebook: the target's unit is Attached to (or the parent of) another "
                    "unit and in Coherency (+1 defence die)")),
    ParamSpec("obscured", BOOL, "the target is Obscured"),
    *only(DW4, "dw3 Obscured stops explosions; it adds no dice",
          ParamSpec("obscuring_mass", INT, "dw4: Mass of the largest obscuring model (Resistance bonus dice)",
                    0, 10)),
    *only(DW4, "Hampered Visibility is a dw4 rule",
          ParamSpec("hampered", INT, "dw4: participating models with Hampered visibility (+2 dice each)", 0, 20)),
    ParamSpec("quality", TEXTS, "weapon quality, e.g. devastating, piercing, sustained, homing "
              "(dw4 values: piercing:2)", max_items=MAX_QUALITIES),
    ParamSpec("range", CHOICE, "range band", choices=BANDS),
    ParamSpec("distance", FLOAT, "range in inches (band derived, eligibility checked)", 0, 200),
    ParamSpec("target_type", CHOICE, "target's position trait", choices=TRAITS),
    *only(DW3, "the dw4 range bands are not shifted for Airborne targets",
          ParamSpec("attacker_aerial", BOOL, "the attacking unit is Aerial (ignores the Aerial target band "
                    "shift)")),
    ParamSpec("card_dice", INT, "dice added (+) or removed (-) by the unit cards' special rules (filled and "
              "listed when units are named: Ablative Armour, Pack Hunter, …)", -20, 20),
    ParamSpec("shield", BOOL, "target uses a Shield Generator (dw4: Heavy Shield Generator, +1 Armour)"),
    *only(DW3, "a dw4 Heavy Shield Generator adds +1 to the Success Threshold, it removes no dice",
          ParamSpec("shield_dice", INT, "dice a Shield Generator removes (default 2, the QRS value)", 0, 10)),
    *only(DW3_RULEBOOK, {"dw3-qrs": "the quick reference gives escorts no attack dice (only defence and assault "
                                    "dice)",
                         "dw4": "dw4 Escort tokens add Resistance dice to the target, not attack dice (use "
                                "⟨target_escorts⟩)"},
          ParamSpec("escorts", INT, "dw3: attacker's Escort tokens (+1 die each at Point Blank)", 0, 20)),
    *only(DW3, "dw4 Critical Damage Effects are chosen, not rolled markers that change this attack",
          ParamSpec("markers", TEXTS, "critical markers already on the target (e.g. reactor-leak)",
                    max_items=MAX_QUALITIES)),
    *only(DW3, GENERATORS,
          ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: "
                    "assumed yes, and a Shield Generator implies yes)"),
          ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 "
                    "more Disorder, quick reference re-roll)")),
    *only(DW4, "Blocked Visibility adding Resistance dice is a dw4 Indirect rule",
          ParamSpec("blocked", BOOL, "dw4: Visibility to the Initial Target is Blocked (+3 Resistance dice per "
                    "Indirect weapon)")),
    *only(DW4, "Ablative Armour is a dw4 rule",
          ParamSpec("target_ablative", INT, "dw4: target's Ablative Armour (X)", 0, 20)),
    *only(DW3, "dw4 has no card rule re-rolling Blank results here",
          ParamSpec("reroll_blanks", BOOL, "dw3: Blank results may be re-rolled (a card rule such as Focused Fire; "
                    "filled when units are named)")),
    *only(DW3, "a 3rd-edition Magnetic generator's rule; the 4th edition's has another",
          ParamSpec("reroll_heavy", BOOL, "dw3: Heavy Hits must be re-rolled (a card rule such as the target's "
                    "Magnetic generator against Aerial attacks; filled when units are named)")),
    *only(DW3, "Luminiferous Defences is a 3rd-edition card rule",
          ParamSpec("heavy_as_hit", BOOL, "dw3: Heavy Hits count as one Hit against this target when it is not "
                    "Obscured (a card rule such as Luminiferous Defences; filled when units are named)"),
          ParamSpec("defence_any", BOOL, "dw3: the target rolls its ⟨defence⟩ dice against this attack though it "
                    "has neither Aerial nor Submerged (a card rule such as Luminiferous Defences)")),
    *only(DW4, "a dw4 Magnetic Generator's rule; the 3rd edition's has another",
          ParamSpec("resistance_heavy_counters", BOOL, "dw4: Heavy Strikes in the Resistance Roll count as Heavy "
                    "Counters (a card rule such as Magnetic Generator, against Aerial, Assault or Submerged "
                    "Weapons)")),
    *only(DW3, "a dw4 attack adds no Disorder to its target here",
          ParamSpec("target_disorder", INT, "dw3: the target's Disorder level before the attack (at level 3 each "
                    "further level from criticals, Hazardous or Arc is 1 damage instead)", 0, 3)),
    *only(DW3, "dw4 has no Sustained quality",
          ParamSpec("sustained_policy", CHOICE, "which face Sustained re-rolls in odds mode",
                    choices=("max-hits", "blank", "counter", "heavy-counter", "hit"))),
    *only(DW3, "dw4 has no Citadel destruction of Mass 1 models",
          ParamSpec("mass1_strict", BOOL, "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed")),
    *only(DW3, DW3_ONLY,
          ParamSpec("devastating_explosions_off", BOOL,
                    "dw3: Devastating does not apply to Exploding faces on explosion dice")),
    *secondary.PARAMS,
    *only(DW4, "Precise is a dw4 Critical Damage quality", *critical_effects.PARAMS),
    *only(DW4, "Disorder converting the attacker's Strikes is a dw4 rule", *disorder.PARAMS),
    *rolled_inputs(),
]


def _body(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool
          ) -> tuple[dict[str, Any], attack_core.AttackSetup]:
    """The odds (or the scored roll) with any Blast/Torrent secondary targets: the same in both editions."""
    setup = attack_core.build(p, rs, report)
    if rolled:
        body = attack_core.rolled(setup, p, report)
        secondary.attach(body, p.get("secondary"), setup.qualities, rs, report, net_hits=body["net_hits"],
                         rules=setup.rules, mass1_strict=setup.mass1_strict)
    else:
        body = attack_core.odds(setup, report)
        secondary.attach(body, p.get("secondary"), setup.qualities, rs, report,
                         net=secondary.net_from_json(body["p_net_hits"]), rules=setup.rules,
                         mass1_strict=setup.mass1_strict)
    return body, setup


def _line(body: dict[str, Any], report: Report, rolled: bool) -> str:
    return verdict.attack_rolled(body, report.lang) if rolled else verdict.attack_odds(body, report.lang)


def resolve_dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    body, _ = _body(p, rs, report, rolled)
    return body, _line(body, report, rolled)


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    body, setup = _body(p, rs, report, rolled)
    critical_effects.attach(body, setup.qualities, report, p.get("precise_effect"))  # dw4 Critical Damage Effects
    return body, _line(body, report, rolled)
