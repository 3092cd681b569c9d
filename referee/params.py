"""The parameters each action accepts: one spec each, from which every front end is built."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError

MAX_DICE = 200


@dataclass(frozen=True)
class ParamSpec:
    name: str
    kind: str  # "int" | "float" | "bool" | "str" | "int_list" | "str_list" | "choice"
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
    repeatable: bool = False


RULESET_IDS = ("dw3", "dw3-qrs", "dw4")
BANDS = ("point-blank", "closing", "long", "close", "standard", "extreme")
TRAITS = ("surface", "aerial", "submerged", "ground", "skimming")


def _common() -> list[ParamSpec]:
    return [
        ParamSpec("description", "str", "free text, English or Russian (explicit flags override it)"),
        ParamSpec("ruleset", "choice", "dw3 (rulebook v3.03, default), dw3-qrs (quick reference), dw4",
                  choices=RULESET_IDS),
    ]


def _rolled(extra: list[ParamSpec]) -> list[ParamSpec]:
    return [
        ParamSpec("roll", "int_list", "faces rolled for the pool (1 exploding, 2 heavy, 3 hit, "
                  "4 heavy counter, 5 counter, 6 blank; names accepted); gives rolled mode"),
        ParamSpec("rerolls", "str_list", "re-roll replacements as POSITION:FACE (1-based), e.g. 4:2",
                  repeatable=True),
        ParamSpec("explosions", "int_list", "explosion dice in the order rolled"),
        ParamSpec("defence_roll", "int_list", "faces of the defender's dice"),
        ParamSpec("critical_roll", "int_list", "critical damage dice (1-6)"),
        *extra,
    ]


ATTACK = [
    *_common(),
    ParamSpec("dice", "int", "total attack dice (the whole pool)", 0, MAX_DICE),
    ParamSpec("lead", "int", "lead weapon dice at this range", 0, MAX_DICE),
    ParamSpec("support", "int_list", "supporting weapon dice (repeatable)", 0, MAX_DICE, repeatable=True),
    ParamSpec("armour", "int", "target Armour (dw4: the Success Threshold)", 1, 50),
    ParamSpec("citadel", "int", "target Citadel (dw3)", 1, 100),
    ParamSpec("mass", "int", "target Mass", 1, 10),
    ParamSpec("hull", "int", "target Hull on its current side", 1, 100),
    ParamSpec("damage_taken", "int", "damage already on the target's current side", 0, 100),
    ParamSpec("crippled", "bool", "the target is already Crippled"),
    ParamSpec("crippled_hull", "int", "Hull of the Crippled side (dw3; default: same as --hull)", 1, 100),
    ParamSpec("defence", "int", "dice the defender rolls (dw3: ADV/SDV + models within 4\" + SRS + "
              "escorts; dw4: Defences rating)", 0, MAX_DICE),
    ParamSpec("target_escorts", "int", "dw4: Escort tokens with the target's unit (+1 Resistance die each)", 0, 20),
    ParamSpec("obscured", "bool", "the target is Obscured"),
    ParamSpec("obscuring_mass", "int", "dw4: Mass of the largest obscuring model (Resistance bonus dice)", 0, 10),
    ParamSpec("hampered", "int", "dw4: participating models with Hampered visibility (+2 dice each)", 0, 20),
    ParamSpec("quality", "str_list", "weapon quality, e.g. devastating, piercing, sustained, homing "
              "(dw4 values: piercing:2)", repeatable=True),
    ParamSpec("range", "choice", "range band", choices=BANDS),
    ParamSpec("distance", "float", "range in inches (band derived, eligibility checked)", 0, 200),
    ParamSpec("target_type", "choice", "target's position trait", choices=TRAITS),
    ParamSpec("attacker_aerial", "bool", "the attacking unit is Aerial (ignores the Aerial target band shift)"),
    ParamSpec("shield", "bool", "target uses a Shield Generator (dw4: Heavy Shield Generator, +1 Armour)"),
    ParamSpec("shield_dice", "int", "dice a Shield Generator removes (default 2, the QRS value)", 0, 10),
    ParamSpec("escorts", "int", "dw3: attacker's Escort tokens (+1 die each at Point Blank)", 0, 20),
    ParamSpec("markers", "str_list", "critical markers already on the target (e.g. reactor-leak)",
              repeatable=True),
    ParamSpec("target_generator", "bool", "the target has a generator (qrs Generator Shutdown)"),
    ParamSpec("target_ablative", "int", "dw4: target's Ablative Armour (X)", 0, 20),
    ParamSpec("sustained_policy", "choice", "which face Sustained re-rolls in odds mode",
              choices=("max-hits", "blank", "counter", "heavy-counter", "hit")),
    ParamSpec("mass1_strict", "bool", "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed"),
    ParamSpec("devastating_explosions_off", "bool",
              "dw3: Devastating does not apply to Exploding faces on explosion dice"),
    *_rolled([]),
]

ASSAULT = [
    *_common(),
    ParamSpec("fray", "int", "dw3: assaulting model's Fray", 0, MAX_DICE),
    ParamSpec("support", "int", "dw3: supporting models (+2 dice each)", 0, 20),
    ParamSpec("srs", "int", "dw3: attacker's SRS tokens discarded (+1 die each)", 0, 20),
    ParamSpec("escorts", "int", "dw3: attacker's Escort tokens (+1 die each)", 0, 20),
    ParamSpec("target_citadel", "int", "dw3: target's Citadel", 0, 100),
    ParamSpec("target_adv", "int", "dw3: target's Aerial Defence", 0, 50),
    ParamSpec("target_sdv", "int", "dw3: target's Submerged Defence", 0, 50),
    ParamSpec("assaulter", "choice", "assaulting model's position trait",
              choices=("surface", "aerial", "submerged", "skimming")),
    ParamSpec("target_srs", "int", "SRS tokens the target discards (dw3 +3 dice each, qrs +1)", 0, 20),
    ParamSpec("target_escorts", "int", "Escort tokens with the target (+1 die each)", 0, 20),
    ParamSpec("target_mass", "int", "target's Mass (a Mass 1 target with a critical is destroyed)", 1, 10),
    ParamSpec("boarding", "int_list", "dw4: Boarding Parties (X) of each participating model",
              0, MAX_DICE, repeatable=True),
    ParamSpec("target_defences", "int", "dw4: target's Defences rating", 0, 50),
    ParamSpec("target_crew", "int", "dw4: target's Crew rating (the Success Threshold)", 1, 20),
    ParamSpec("target_disorder", "int", "dw4: target's Disorder level (-1 Crew each)", 0, 3),
    ParamSpec("target_boarding", "int", "dw4: target's own Boarding Parties (X) (adds X Resistance dice)", 0, 50),
    *_rolled([]),
]

RAM = [
    *_common(),
    ParamSpec("hull", "int", "ramming model's unmodified Hull", 0, MAX_DICE),
    ParamSpec("inches", "float", "inches moved before the impact", 0, 100),
    ParamSpec("ramming", "int", "Ramming (X) of the ram weapon (dw3)", 0, 50),
    ParamSpec("bonus", "int", "extra ram dice from special rules (e.g. Hammer Sweep 2)", 0, 50),
    ParamSpec("rammer_mass", "int", "ramming model's Mass", 1, 10),
    ParamSpec("rammer_damage_taken", "int", "damage already on the ramming model", 0, 100),
    ParamSpec("target_armour", "int", "target's Armour (dw3)", 1, 50),
    ParamSpec("target_citadel", "int", "target's Citadel (dw3)", 1, 100),
    ParamSpec("target_mass", "int", "target's Mass", 1, 10),
    ParamSpec("target_hull", "int", "target's Hull on its current side", 1, 100),
    ParamSpec("target_damage_taken", "int", "damage already on the target", 0, 100),
    ParamSpec("quality", "str_list", "other qualities of the ram weapon (e.g. piercing)", repeatable=True),
    ParamSpec("crew", "int", "dw4: ramming model's Crew rating", 0, 20),
    ParamSpec("crew_check", "choice", "dw4: crew check result (default: odds from the card values)",
              choices=("pass", "fail", "draw")),
    ParamSpec("card_values", "str", "dw4: Victory & Valour card values as LOW-HIGH (default 1-10, assumed)"),
    ParamSpec("heavy_prow", "int", "dw4: ramming model's Heavy Prow (X)", 0, 20),
    ParamSpec("target_heavy_prow", "int", "dw4: target's Heavy Prow (X), contact in its Fore arc", 0, 20),
    ParamSpec("rammer_disorder", "int", "dw4: ramming model's Disorder level before the ram", 0, 3),
    ParamSpec("mass1_strict", "bool", "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed"),
    ParamSpec("self_damage_roll", "int_list", "the rammer's self-damage die (dw3)"),
    *_rolled([]),
]

PARAMS: dict[str, list[ParamSpec]] = {"attack": ATTACK, "assault": ASSAULT, "ram": RAM}


def _as_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise InputError(f"{name}: expected a whole number, got {value!r}", name)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise InputError(f"{name}: expected a whole number, got {str(value)[:30]!r}", name)


def _bounded(spec: ParamSpec, value: float) -> None:
    if spec.minimum is not None and value < spec.minimum:
        raise InputError(f"{spec.name}: {value:g} is below the minimum {spec.minimum:g}", spec.name)
    if spec.maximum is not None and value > spec.maximum:
        extra = " (pools are capped)" if spec.maximum == MAX_DICE else ""
        raise InputError(f"{spec.name}: {value:g} is above the maximum {spec.maximum:g}{extra}", spec.name)


def coerce(spec: ParamSpec, value: Any) -> Any:
    """Validate one value against its spec; lists stay raw for faces (parsed later)."""
    name = spec.name
    if spec.kind == "int":
        v = _as_int(name, value)
        _bounded(spec, v)
        return v
    if spec.kind == "float":
        if isinstance(value, bool):
            raise InputError(f"{name}: expected a number, got {value!r}", name)
        try:
            v = float(str(value).strip().rstrip('"').replace(",", ".")) if isinstance(value, str) else float(value)
        except (TypeError, ValueError):
            raise InputError(f"{name}: expected a number, got {str(value)[:30]!r}", name) from None
        if v != v or v in (float("inf"), float("-inf")):
            raise InputError(f"{name}: expected a finite number", name)
        _bounded(spec, v)
        return v
    if spec.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
            return value.strip().lower() in ("true", "yes", "1", "on")
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise InputError(f"{name}: expected true or false, got {str(value)[:30]!r}", name)
    if spec.kind == "str":
        if not isinstance(value, str):
            raise InputError(f"{name}: expected text", name)
        if len(value) > 2000:
            raise InputError(f"{name}: text too long (at most 2000 characters)", name)
        return value
    if spec.kind == "choice":
        if not isinstance(value, str):
            raise InputError(f"{name}: expected one of {', '.join(spec.choices or ())}", name)
        v = value.strip().lower().replace("_", "-").replace(" ", "-")
        if spec.choices and v not in spec.choices:
            raise InputError(f"{name}: {value[:30]!r} is not one of {', '.join(spec.choices)}", name)
        return v
    if spec.kind == "str_list":
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)):
            raise InputError(f"{name}: expected a list of text values", name)
        out: list[str] = []
        for item in items:
            if not isinstance(item, str):
                raise InputError(f"{name}: expected text values, got {str(item)[:30]!r}", name)
            out.extend(p.strip() for p in item.split(",") if p.strip())
        if len(out) > 200:
            raise InputError(f"{name}: too many values", name)
        return out
    if spec.kind == "int_list":
        if name in ("roll", "explosions", "defence_roll", "critical_roll", "self_damage_roll"):
            if not isinstance(value, (str, list, tuple)):
                raise InputError(f"{name}: expected a list of die faces", name)
            return value  # faces are parsed with names and symbols later
        items = value if isinstance(value, (list, tuple)) else [value]
        out_i: list[int] = []
        for item in items:
            if isinstance(item, str) and "," in item:
                out_i.extend(_as_int(name, p) for p in item.split(",") if p.strip())
            else:
                out_i.append(_as_int(name, item))
        for v in out_i:
            _bounded(spec, v)
        return out_i
    raise AssertionError(spec.kind)  # pragma: no cover


def validate(action: str, params: Mapping[str, Any]) -> dict[str, Any]:
    specs = {s.name: s for s in PARAMS[action]}
    if not isinstance(params, Mapping):
        raise InputError("params: expected a mapping of parameter names to values", "params")
    out: dict[str, Any] = {}
    for key, value in params.items():
        if not isinstance(key, str):
            raise InputError("params: parameter names must be text", "params")
        k = key.replace("-", "_")
        if k not in specs:
            raise InputError(f"{k[:40]}: unknown parameter for {action} "
                             f"(accepted: {', '.join(sorted(specs))})", k[:40])
        if value is None or (isinstance(value, (list, tuple)) and not value and specs[k].kind != "bool"):
            continue
        out[k] = coerce(specs[k], value)
    return out
