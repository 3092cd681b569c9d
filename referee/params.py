"""The parameters each action accepts: one spec each, from which every front end is built."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.params import Kind, ParamSpec, coerce_all

# The new actions' modules declare their own PARAMS; none of them imports this module.
from referee import broadside, collision, critical_effects, disorder, secondary, srs
from referee.action_common import MAX_FACES, common
from referee.actions import ACTION_HELP  # noqa: F401  (re-exported: one place declares the actions)

INT, FLOAT, BOOL, TEXT, CHOICE = Kind.INT, Kind.FLOAT, Kind.BOOL, Kind.TEXT, Kind.CHOICE
INTS, TEXTS, FACES = Kind.INTS, Kind.TEXTS, Kind.FACES

MAX_DICE = 200
MAX_QUALITIES = 30
BANDS = ("point-blank", "closing", "long", "close", "standard", "extreme")
TRAITS = ("surface", "aerial", "submerged", "ground", "skimming", "airborne", "underwater")
# dw4 names of the same position traits
TRAIT_ALIASES = {"airborne": "aerial", "underwater": "submerged"}


def _rolled(extra: list[ParamSpec]) -> list[ParamSpec]:
    return [
        ParamSpec("roll", FACES, "faces rolled for the pool (1 exploding, 2 heavy, 3 hit, "
                  "4 heavy counter, 5 counter, 6 blank; names accepted); gives rolled mode", max_items=MAX_FACES),
        ParamSpec("rerolls", TEXTS, "re-roll replacements as POSITION:FACE (1-based), e.g. 4:2",
                  max_items=MAX_FACES),
        ParamSpec("explosions", FACES, "explosion dice in the order rolled", max_items=MAX_FACES),
        ParamSpec("defence_roll", FACES, "faces of the defender's dice", max_items=MAX_FACES),
        ParamSpec("critical_roll", FACES, "critical damage dice (1-6)", max_items=MAX_FACES),
        *extra,
    ]


ATTACK = [
    *common(),
    ParamSpec("dice", INT, "total attack dice (the whole pool)", 0, MAX_DICE),
    ParamSpec("lead", INT, "lead weapon dice at this range", 0, MAX_DICE),
    ParamSpec("support", INTS, "supporting weapon dice (repeatable)", 0, MAX_DICE),
    ParamSpec("armour", INT, "target Armour (dw4: the Success Threshold)", 1, 50),
    ParamSpec("citadel", INT, "target Citadel (dw3)", 1, 100),
    ParamSpec("mass", INT, "target Mass", 1, 10),
    ParamSpec("hull", INT, "target Hull on its current side", 1, 100),
    ParamSpec("damage_taken", INT, "damage already on the target's current side", 0, 100),
    ParamSpec("crippled", BOOL, "the target is already Crippled"),
    ParamSpec("crippled_hull", INT, "Hull of the Crippled side (dw3; default: same as ⟨hull⟩)", 1, 100),
    ParamSpec("defence", INT, "the target's defence dice as one total (dw3: or give its parts, "
              "⟨target_adv⟩/⟨target_sdv⟩ and the rest; dw4: the Defences rating)", 0, MAX_DICE),
    ParamSpec("target_adv", INT, "dw3: target's Aerial Defence (ADV), rolled against an Aerial attack", 0, 50),
    ParamSpec("target_sdv", INT, "dw3: target's Submerged Defence (SDV), rolled against a Submerged attack",
              0, 50),
    ParamSpec("defence_models", INT, "dw3: other models of the target's unit within 4\" with that Defence "
              "of 1 or more (+1 die each)", 0, 20),
    ParamSpec("target_escorts", INT, "Escort tokens with the target's unit (+1 defence die each; dw4: +1 "
              "Resistance die each)", 0, 20),
    ParamSpec("srs_discard", INT, "dw3: SRS tokens the target discards from base contact (+1 defence die each)",
              0, 20),
    ParamSpec("attached", BOOL, "dw3 rulebook: the target's unit is Attached to (or the parent of) another "
              "unit and in Coherency (+1 defence die)"),
    ParamSpec("obscured", BOOL, "the target is Obscured"),
    ParamSpec("obscuring_mass", INT, "dw4: Mass of the largest obscuring model (Resistance bonus dice)", 0, 10),
    ParamSpec("hampered", INT, "dw4: participating models with Hampered visibility (+2 dice each)", 0, 20),
    ParamSpec("quality", TEXTS, "weapon quality, e.g. devastating, piercing, sustained, homing "
              "(dw4 values: piercing:2)", max_items=MAX_QUALITIES),
    ParamSpec("range", CHOICE, "range band", choices=BANDS),
    ParamSpec("distance", FLOAT, "range in inches (band derived, eligibility checked)", 0, 200),
    ParamSpec("target_type", CHOICE, "target's position trait", choices=TRAITS),
    ParamSpec("attacker_aerial", BOOL, "the attacking unit is Aerial (ignores the Aerial target band shift)"),
    ParamSpec("shield", BOOL, "target uses a Shield Generator (dw4: Heavy Shield Generator, +1 Armour)"),
    ParamSpec("shield_dice", INT, "dice a Shield Generator removes (default 2, the QRS value)", 0, 10),
    ParamSpec("escorts", INT, "dw3: attacker's Escort tokens (+1 die each at Point Blank)", 0, 20),
    ParamSpec("markers", TEXTS, "critical markers already on the target (e.g. reactor-leak)",
              max_items=MAX_QUALITIES),
    ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: assumed "
              "yes, and a Shield Generator implies yes)"),
    ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 more "
              "Disorder, quick reference re-roll)"),
    ParamSpec("blocked", BOOL, "dw4: Visibility to the Initial Target is Blocked (+3 Resistance dice per "
              "Indirect weapon)"),
    ParamSpec("target_ablative", INT, "dw4: target's Ablative Armour (X)", 0, 20),
    ParamSpec("sustained_policy", CHOICE, "which face Sustained re-rolls in odds mode",
              choices=("max-hits", "blank", "counter", "heavy-counter", "hit")),
    ParamSpec("mass1_strict", BOOL, "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed"),
    ParamSpec("devastating_explosions_off", BOOL,
              "dw3: Devastating does not apply to Exploding faces on explosion dice"),
    *secondary.PARAMS,
    *critical_effects.PARAMS,
    *disorder.PARAMS,
    *_rolled([]),
]

ASSAULT = [
    *common(),
    ParamSpec("fray", INT, "dw3: assaulting model's Fray", 0, MAX_DICE),
    ParamSpec("support", INT, "dw3: supporting models (+2 dice each)", 0, 20),
    ParamSpec("srs", INT, "dw3: attacker's SRS tokens discarded (+1 die each)", 0, 20),
    ParamSpec("escorts", INT, "dw3: attacker's Escort tokens (+1 die each)", 0, 20),
    ParamSpec("target_citadel", INT, "dw3: target's Citadel", 0, 100),
    ParamSpec("target_adv", INT, "dw3: target's Aerial Defence", 0, 50),
    ParamSpec("target_sdv", INT, "dw3: target's Submerged Defence", 0, 50),
    ParamSpec("assaulter", CHOICE, "assaulting model's position trait",
              choices=("surface", "aerial", "submerged", "skimming")),
    ParamSpec("target_srs", INT, "SRS tokens the target discards (dw3 +3 dice each, qrs +1)", 0, 20),
    ParamSpec("target_escorts", INT, "Escort tokens with the target (+1 die each)", 0, 20),
    ParamSpec("target_mass", INT, "target's Mass (a Mass 1 target with a critical is destroyed)", 1, 10),
    ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: assumed yes)"),
    ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 more "
              "Disorder, quick reference re-roll)"),
    ParamSpec("markers", TEXTS, "dw3: critical markers already on the target (a duplicate is a Catastrophic "
              "Explosion)", max_items=MAX_QUALITIES),
    ParamSpec("boarding", INTS, "dw4: Boarding Parties (X) of each participating model",
              0, MAX_DICE),
    ParamSpec("target_defences", INT, "dw4: target's Defences rating", 0, 50),
    ParamSpec("target_crew", INT, "dw4: target's Crew rating (the Success Threshold)", 1, 20),
    ParamSpec("target_disorder", INT, "dw4: target's Disorder level (-1 Crew each)", 0, 3),
    ParamSpec("target_boarding", INT, "dw4: target's own Boarding Parties (X) (adds X Resistance dice)", 0, 50),
    *disorder.PARAMS,
    *_rolled([]),
]

RAM = [
    *common(),
    ParamSpec("hull", INT, "ramming model's unmodified Hull", 0, MAX_DICE),
    ParamSpec("inches", FLOAT, "inches moved before the impact", 0, 100),
    ParamSpec("ramming", INT, "Ramming (X) of the ram weapon (dw3)", 0, 50),
    ParamSpec("bonus", INT, "extra ram dice from special rules (e.g. Hammer Sweep 2)", 0, 50),
    ParamSpec("rammer_mass", INT, "ramming model's Mass", 1, 10),
    ParamSpec("rammer_damage_taken", INT, "damage already on the ramming model", 0, 100),
    ParamSpec("target_armour", INT, "target's Armour (dw3)", 1, 50),
    ParamSpec("target_citadel", INT, "target's Citadel (dw3)", 1, 100),
    ParamSpec("target_mass", INT, "target's Mass", 1, 10),
    ParamSpec("target_hull", INT, "target's Hull on its current side", 1, 100),
    ParamSpec("target_damage_taken", INT, "damage already on the target", 0, 100),
    ParamSpec("quality", TEXTS, "other qualities of the ram weapon (e.g. piercing)", max_items=MAX_QUALITIES),
    ParamSpec("crew", INT, "dw4: ramming model's Crew rating", 0, 20),
    ParamSpec("crew_check", CHOICE, "dw4: crew check result (default: odds from the card values)",
              choices=("pass", "fail", "draw")),
    ParamSpec("card_values", TEXT, "dw4: Victory & Valour card values as LOW-HIGH (default 1-10, assumed)",
              max_length=20),
    ParamSpec("heavy_prow", INT, "dw4: ramming model's Heavy Prow (X)", 0, 20),
    ParamSpec("target_heavy_prow", INT, "dw4: target's Heavy Prow (X), contact in its Fore arc", 0, 20),
    ParamSpec("rammer_disorder", INT, "dw4: ramming model's Disorder level before the ram", 0, 3),
    ParamSpec("mass1_strict", BOOL, "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed"),
    ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: assumed yes)"),
    ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 more "
              "Disorder, quick reference re-roll)"),
    ParamSpec("self_damage_roll", FACES, "the rammer's self-damage die (dw3)", max_items=MAX_FACES),
    *_rolled([]),
]

PARAMS: dict[str, list[ParamSpec]] = {"attack": ATTACK, "assault": ASSAULT, "ram": RAM}
PARAMS.update({"srs": srs.PARAMS, "collision": collision.PARAMS, "broadside": broadside.PARAMS})



def validate(action: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Typed values for one action's parameters (text forms accepted, as typed on a command line)."""
    return coerce_all(PARAMS[action], params, context=action)
