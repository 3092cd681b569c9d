"""Referee parameters from unit profiles, with the source of every value (a pure function).

Attack (QR "Shooting", 1. DETERMINE ACTION DICE): "Take the lead weapon's first value for the
range band that contains the initial target (if exactly on the border, treat it as in the
closer band) … Add the bracketed number for each support weapon." Bands: "Point blank:
0-10" Closing: 10-20" Long: 20-30"" (Extreme Range weapons reach 40"). Defence: "the incoming
attack must have the aerial quality to use AERIAL DEFENCE (ADV), or the submerged quality to
use SUBMERGED DEFENCE (SDV)". Assault: "a number of action dice equal to the assaulting
model's FRAY … Any model within 4" in the same unit may support the assault, adding +2 dice".
Ram: Hull and Mass of the rammer, the Ramming (X) of its ram weapon, the target's Armour,
Citadel, Mass and Hull. Each other model of the attacking unit is taken to support with the
same weapon (or to support the assault); callers' explicit values override these.
"""
from __future__ import annotations

import re
from typing import Any

from rapidfuzz import fuzz, process

from core.messages import Phrase, text
from referee.card_rules import rule_base
from referee.rulesets import get as get_ruleset
from units.messages import refusal, state_phrase, unit_label_text, unit_phrase
from units.model import BAND_LABELS, Unit, airborne, name_key
from units.qualities import normalise, ramming_value

REFEREE_BAND = {"point_blank": "point-blank", "closing": "closing", "long": "long",
                "close": "close", "standard": "standard", "extreme": "extreme"}
PROFILE_BAND = {v: k for k, v in REFEREE_BAND.items()}


def _quality_key(text: str) -> str:
    return re.sub(r"[\s(]*\d+\)?\s*$", "", text.strip().lower()).strip()


def _ramming_value(weapon: dict[str, Any], crippled: bool = False) -> int | None:
    """Ramming (X), 'Ramming 12/10' (Battle-Ready/Crippled) or 'Ramming 12' from the weapon's qualities."""
    return ramming_value(weapon["qualities"], crippled)


def pick_weapon(unit: Unit, name: str, field: str = "weapon") -> dict[str, Any]:
    """The unit's weapon by (fuzzy) name: default loadout first; rows of one name share their dice."""
    weapons = unit["weapons"]
    if not weapons:
        raise refusal("units.err.no_weapons", field, unit=unit_phrase(unit))
    names = list(dict.fromkeys(w["name"] for w in weapons))
    key = name_key(name)
    exact = [n for n in names if name_key(n) == key]
    if not exact:
        # plurals ("heavy gun batteries") and partial names ("gun battery") match fuzzily
        matches = process.extract(key, names, scorer=fuzz.WRatio, processor=name_key, limit=3, score_cutoff=75)
        if not matches:
            raise refusal("units.err.no_weapon", field, unit=unit["name"], name=name, names=", ".join(names))
        best = matches[0]
        rivals = [m for m in matches[1:] if best[1] - m[1] < 5]
        if rivals:
            raise refusal("units.err.ambiguous", field, "ambiguous", query=name,
                          names=", ".join(m[0] for m in [best, *rivals]))
        exact = [best[0]]
    rows = [w for w in weapons if w["name"] == exact[0]]
    rows.sort(key=lambda w: not w.get("default", True))
    chosen: dict[str, Any] = rows[0]
    return chosen


class _Inputs:
    def __init__(self, edition: str = "dw3", lang: str = "en") -> None:
        self.params: dict[str, Any] = {}
        self.provenance: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.edition = edition
        self.lang = lang

    def say(self, key: str, **params: Any) -> str:
        """A units/messages.py text in the player's language."""
        return text(key, self.lang, **params)

    def label(self, unit: Unit) -> str:
        return unit_label_text(unit, self.lang)

    def weapon(self, unit: Unit, weapon: dict[str, Any]) -> str:
        arc = f" ({weapon['arc']})" if weapon.get("arc") else ""
        return f"{self.label(unit)} › {weapon['name']}{arc}"

    def put(self, param: str, value: Any, source: str) -> None:
        self.params[param] = value
        self.provenance.append({"param": param, "value": value, "from": source})

    def stat(self, param: str, unit: Unit, key: str, crippled: bool, role: str) -> None:
        state = "crippled" if crippled else "battle_ready"
        value = unit["stats"][state][key]
        if value is None:
            raise refusal("units.err.no_stat", role, unit=unit_phrase(unit), state=state_phrase(crippled),
                          stat=Phrase(f"units.stat.{key}"), param=param)
        label = self.say(f"units.stat.{key}")
        label = self.say("units.crippled_stat", stat=label) if crippled else label
        self.put(param, value, f"{self.label(unit)} › {label}")

    def optional_stat(self, param: str, unit: Unit, key: str, crippled: bool) -> None:
        state = "crippled" if crippled else "battle_ready"
        if unit["stats"][state][key] is not None:
            self.stat(param, unit, key, crippled, "target")


def _weapon_phrase(weapon: dict[str, Any]) -> str:
    """A weapon as an error names it: its printed name and arc (the unit is named by the error's field)."""
    return f"{weapon['name']} ({weapon['arc']})" if weapon.get("arc") else str(weapon["name"])


def _band_phrase(band: str) -> Phrase | str:
    return Phrase(f"units.band.{band}") if band in BAND_LABELS else band


def _attack(out: _Inputs, attacker: Unit | None, weapon_name: str | None, target: Unit | None,
            distance: float | None, models: int, attacker_crippled: bool, target_crippled: bool,
            band: str | None) -> None:
    dw4 = out.edition == "dw4"
    if attacker is not None:
        if not attacker["weapons"]:
            raise refusal("units.err.no_weapons_attack", "attacker", unit=unit_phrase(attacker))
        if not weapon_name:
            names = ", ".join(dict.fromkeys(w["name"] for w in attacker["weapons"]))
            raise refusal("units.err.lead_weapon", "weapon", unit=attacker["name"], names=names)
        weapon = pick_weapon(attacker, weapon_name)
        qualities, notes = normalise(weapon["qualities"], "dw4" if dw4 else "dw3", attacker_crippled, target,
                                     out.lang)
        out.notes.extend(out.say("units.weapon_note", weapon=weapon["name"], note=n) for n in notes)
        extreme = "extreme-range" in qualities
        if band is None:
            if distance is None:
                raise refusal("units.err.distance", "distance")
            rules = get_ruleset("dw4" if dw4 else "dw3")  # the referee's one band_for: the same band it derives
            referee_band = rules.band_for(distance, extreme)
            if referee_band is None:
                reach = (rules.extreme_range_long if extreme else None) or rules.bands[-1][1]
                raise refusal("units.err.beyond", "distance", distance=f"{distance:g}", weapon=weapon["name"],
                              reach=f"{reach:g}")
            band = PROFILE_BAND[referee_band]
        if band not in weapon["bands"]:
            bands = ", ".join(BAND_LABELS[b] for b in weapon["bands"])
            raise refusal("units.err.not_a_band", "range", band=_band_phrase(band), weapon=_weapon_phrase(weapon),
                          bands=bands)
        state = "crippled" if attacker_crippled else "battle_ready"
        dice = weapon["bands"][band][state]
        where = f"{out.weapon(attacker, weapon)} › {out.say(f'units.band.{band}')}"
        where += "" if dw4 else f" › {out.say(f'units.state.{state}')}"
        if dice["lead"] is None:
            raise refusal("units.err.no_lead", "weapon", weapon=_weapon_phrase(weapon),
                          state=state_phrase(attacker_crippled), band=_band_phrase(band))
        if dice["lead"] == 0:
            if distance is not None:
                raise refusal("units.err.dash_at", "weapon", weapon=weapon["name"], band=_band_phrase(band),
                              distance=f"{distance:g}")
            raise refusal("units.err.dash", "weapon", weapon=weapon["name"], band=_band_phrase(band))
        out.put("lead", dice["lead"], where if dw4 else out.say("units.lead", where=where))
        if models > 1:
            support = dice["lead"] if dw4 else dice["support"]
            if support is None:
                raise refusal("units.err.no_support", "weapon", weapon=weapon["name"])
            out.put("support", [support] * (models - 1),
                    out.say("units.support_dw4" if dw4 else "units.support_dw3", where=where, count=models - 1))
        if qualities:
            out.put("quality", qualities, out.say("units.qualities", weapon=out.weapon(attacker, weapon)))
        if distance is not None:  # the referee derives the same band from the distance and cites it
            out.provenance.append({"param": "range", "value": REFEREE_BAND[band],
                                   "from": out.say("units.range", distance=f"{distance:g}",
                                                   band=out.say(f"units.band.{band}"),
                                                   bands=out.say(f"units.bands.{out.edition}"))})
        keys = {q.split(":")[0] for q in qualities}
        if target is not None and not dw4:
            if "aerial" in keys:
                out.stat("defence", target, "adv", target_crippled, "target")
            elif "submerged" in keys:
                out.stat("defence", target, "sdv", target_crippled, "target")
    elif weapon_name:
        raise refusal("units.err.weapon_needs_attacker", "weapon")
    if target is not None:
        out.stat("armour", target, "armour", target_crippled, "target")
        if dw4:
            out.optional_stat("defence", target, "defence", target_crippled)
        else:
            out.stat("citadel", target, "citadel", target_crippled, "target")
        out.stat("mass", target, "mass", target_crippled, "target")
        out.stat("hull", target, "hull", target_crippled, "target")
        if target_crippled:
            out.put("crippled", True, out.say("units.crippled_given", unit=out.label(target)))
        elif not dw4 and _has_crippled_side(target):
            out.stat("crippled_hull", target, "hull", True, "target")


def _has_crippled_side(target: Unit) -> bool:
    """A Mass 1 model has no Crippled side (dw3: it is destroyed, not Crippled); others have one when printed."""
    return target["stats"]["crippled"]["hull"] is not None and target["stats"]["battle_ready"]["mass"] != 1


def _boarding_parties(unit: Unit, name: str = "boarding parties") -> int | None:
    """X of the unit card's "Boarding Parties (X)" property (dw4), or None when it has none."""
    for rule in unit.get("rules", []):
        base, value = rule_base(rule["name"])
        if base == name and value is not None:
            return value
    return None


def _boarding(out: _Inputs, attacker: Unit | None, target: Unit | None, models: int,
              attacker_crippled: bool, target_crippled: bool) -> None:
    """dw4 Boarding: the attacker's Boarding Parties (X), one per model; the target's Defences and Crew
    (its Success Threshold) and its own Boarding Parties (X)."""
    if attacker is not None:
        parties = _boarding_parties(attacker)
        if parties is None and _boarding_parties(attacker, "sky commandos") is not None:
            if target is not None and not airborne(target):
                raise refusal("units.err.sky_commandos", "target", unit=unit_phrase(attacker))
            parties = 0  # its Sky Commandos (X) board Airborne targets: the card rule sets the dice (card_rules.py)
        if parties is None:
            raise refusal("units.err.no_boarding", "boarding", unit=unit_phrase(attacker))
        if parties:
            out.put("boarding", [parties] * models,
                    out.say("units.boarding_models", unit=out.label(attacker), x=parties, count=models)
                    if models > 1 else out.say("units.boarding", unit=out.label(attacker), x=parties))
    if target is not None:
        out.stat("target_defences", target, "defence", target_crippled, "target")
        out.stat("target_crew", target, "crew", target_crippled, "target")
        own = _boarding_parties(target)
        if own is not None:
            out.put("target_boarding", own, out.say("units.boarding", unit=out.label(target), x=own))


def _assault(out: _Inputs, attacker: Unit | None, target: Unit | None, models: int,
             attacker_crippled: bool, target_crippled: bool) -> None:
    if out.edition == "dw4":
        _boarding(out, attacker, target, models, attacker_crippled, target_crippled)
        return
    if attacker is not None:
        out.stat("fray", attacker, "fray", attacker_crippled, "attacker")
        if models > 1:
            out.put("support", models - 1, out.say("units.assault_support", count=models - 1,
                                                    unit=out.label(attacker)))
    if target is not None:
        out.stat("target_citadel", target, "citadel", target_crippled, "target")
        out.optional_stat("target_adv", target, "adv", target_crippled)
        out.optional_stat("target_sdv", target, "sdv", target_crippled)
        out.stat("target_mass", target, "mass", target_crippled, "target")


def _ram(out: _Inputs, attacker: Unit | None, weapon_name: str | None, target: Unit | None,
         distance: float | None, attacker_crippled: bool, target_crippled: bool) -> None:
    if attacker is not None:
        out.stat("hull", attacker, "hull", attacker_crippled, "attacker")
        out.stat("rammer_mass", attacker, "mass", attacker_crippled, "attacker")
        if out.edition == "dw4":  # the Crew Check before the impact
            out.stat("crew", attacker, "crew", attacker_crippled, "attacker")
        weapon = pick_weapon(attacker, weapon_name) if weapon_name else \
            next((w for w in attacker["weapons"] if _ramming_value(w) is not None), None)
        if weapon is not None:
            value = _ramming_value(weapon, attacker_crippled)
            if value is None:
                raise refusal("units.err.no_ramming", "weapon", weapon=weapon["name"])
            out.put("ramming", value, f"{out.weapon(attacker, weapon)} › Ramming ({value})")
            printed = [q for q in weapon["qualities"] if _ramming_value({"qualities": [q]}) is None]
            others, notes = normalise(printed, out.edition, attacker_crippled, target, out.lang)
            out.notes.extend(out.say("units.weapon_note", weapon=weapon["name"], note=n) for n in notes)
            if others:
                out.put("quality", others, out.say("units.qualities", weapon=out.weapon(attacker, weapon)))
    elif weapon_name:
        raise refusal("units.err.weapon_needs_attacker", "weapon")
    if distance is not None:
        out.put("inches", distance, out.say("units.ram_inches"))
    if target is not None:
        if out.edition != "dw4":  # dw4 Ram damage does not roll against Armour or Citadel
            out.stat("target_armour", target, "armour", target_crippled, "target")
            out.stat("target_citadel", target, "citadel", target_crippled, "target")
        out.stat("target_mass", target, "mass", target_crippled, "target")
        out.stat("target_hull", target, "hull", target_crippled, "target")


def profile_inputs(action: str, attacker: Unit | None = None, weapon: str | None = None, target: Unit | None = None,
                   distance: float | None = None, attacker_models: int | None = None,
                   attacker_crippled: bool = False, target_crippled: bool = False,
                   band: str | None = None, edition: str = "dw3",
                   notes: list[str] | None = None, lang: str = "en") -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(referee params, provenance) for `action` from the given profiles of `edition` ('dw3' or
    'dw4'); `band` (a referee range name) replaces the band the distance would give; notes (a
    quality not modelled, say) are appended to `notes` when given."""
    out = _Inputs(edition, lang)
    models = attacker_models or 1
    profile_band = PROFILE_BAND.get(band or "", None)
    if action == "attack":
        _attack(out, attacker, weapon, target, distance, models, attacker_crippled, target_crippled, profile_band)
    elif action == "assault":
        _assault(out, attacker, target, models, attacker_crippled, target_crippled)
    elif action == "ram":
        _ram(out, attacker, weapon, target, distance, attacker_crippled, target_crippled)
    else:
        raise refusal("units.err.action", "action", action=action)
    if notes is not None:
        notes.extend(out.notes)
    return out.params, out.provenance
