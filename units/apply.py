"""The referee's unit hook: unit names in a request become referee values, explicit ones win.

Order: unit inputs (explicit, else found in the free-text description) are resolved to
profile values; the request's own referee values override them; the caller then runs the
referee and adds `inputs_from_profiles` (each value used, its source, and whether an
explicit value replaced it).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from core.messages import choose_lang, text_lang
from core.params import coerce_all
from units.book import UnitBook, referee_inputs
from units.messages import refusal, say
from units.model import Unit, airborne
from units.params import UNIT_INPUT_NAMES, UNIT_PARAMS

_NAMES = ("attacker", "weapon", "target")
REFEREE_OWN = {"attack": {"distance"}, "assault": set(), "ram": set()}  # unit inputs the referee also takes


# the referee's own words for "the target is Crippled" (referee/describe_vocab.py), not "crippled hull N"
_CRIPPLED_WORDS = re.compile(r"\bcrippled\b(?!\s+hull)|(?<!корпус )\bповрежден\w*", re.IGNORECASE)


def _aerial_band(action: str, profile: Mapping[str, Any], provenance: list[dict[str, Any]],
                 rest: Mapping[str, Any], ruleset: Any) -> str | None:
    """dw3: the band an Aerial ⟨target_type⟩ shifts the distance's band to, when the weapon's dice came from a
    card (None when nothing shifts: no band from a distance, an Aerial attacker, or dw4)."""
    from referee.attack_setup import aerial_band_shift

    used = str(profile.get("ruleset") or ruleset or "dw3")
    if action != "attack" or used.startswith("dw4") or rest.get("range") is not None:
        return None
    if rest.get("target_type") != "aerial" or rest.get("attacker_aerial"):
        return None
    band = next((p["value"] for p in provenance if p["param"] == "range"), None)
    if band is None or "lead" not in profile:
        return None
    shifted = aerial_band_shift(str(band))
    return shifted if shifted != band else None


def card_rule_effects(action: str, edition: str, params: Mapping[str, Any], attacker: Unit | None,
                      target: Unit | None, models: int, off: Any = (), lang: str = "en"
                      ) -> tuple[dict[str, Any], list[Any]]:
    """(referee values, one `referee.card_rules.CardRuleLine` per rule that can change `action`) from the two
    named units' cards; the unit hook and the fleet table both apply the cards through this."""
    from referee.card_rules import Card, card_effects

    cards = []
    for side, unit in (("attacker", attacker), ("target", target)):
        if unit is not None:
            cards.append(Card(unit["name"], side, [(r["name"], r.get("text") or "") for r in unit.get("rules", [])],
                              airborne=airborne(unit), stats=unit.get("stats") or {}))
    if not cards:
        return {}, []
    return card_effects(action, edition, params, cards, models, off or (), lang)


def _apply_card_rules(book: UnitBook, action: str, values: Mapping[str, Any], profile: dict[str, Any],
                      rest: Mapping[str, Any], provenance: list[dict[str, Any]], notes: list[str],
                      ruleset: Any, lang: str = "en") -> None:
    """The named units' card rules (referee/card_rules.py): each applied one sets its referee values and is
    listed with them ("Kutsov Cruiser › Ablative Armour: -1 die"); one that can change this action but is
    not modelled, or is switched off (⟨card_rules_off⟩), is said in a note. Explicit values win."""
    used = str(profile.get("ruleset") or ruleset or "dw3")
    edition = "dw4" if used.startswith("dw4") else "dw3"
    attacker = book.get(values["attacker"], "attacker", edition) if values.get("attacker") else None
    target = book.get(values["target"], "target", edition) if values.get("target") else None
    found, lines = card_rule_effects(action, edition, {**profile, **rest}, attacker, target,
                                     int(values.get("attacker_models") or 1), values.get("card_rules_off"), lang)
    for line in lines:
        if not line.applied:
            notes.append(f"{line.unit} › {line.rule}: {line.effect}")
    applied = [line for line in lines if line.applied]
    for name, value in found.items():
        why = "; ".join(say("units.card_rule_line", lang, rule=line.rule, unit=line.unit, effect=line.effect)
                        for line in applied if name in line.values)
        entry: dict[str, Any] = {"param": name, "value": value, "from": say("units.card_rules", lang, why=why)}
        if name in rest:
            entry["overridden_by"] = rest[name]
        else:
            profile[name] = value
        provenance.append(entry)


def _says_crippled(text: str) -> bool:
    """The free text calls the target crippled (the referee's parser then sets ⟨crippled⟩)."""
    return bool(_CRIPPLED_WORDS.search(text))


def apply_profiles(book_factory: Any, action: str, params: Mapping[str, Any],
                   defaults: Mapping[str, Any] | None = None, lang: str | None = None
                   ) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """(referee params, provenance, notes in the player's language: `lang`, else the description's);
    `book_factory()` gives the UnitBook only when needed; the ruleset (explicit, else the units' own
    edition, else `defaults`') decides which edition's profiles are used."""
    params = dict(params)
    if action not in UNIT_PARAMS:
        return params, [], []
    given = {k: params[k] for k in UNIT_INPUT_NAMES if k in params and params[k] not in (None, "", [])}
    own = REFEREE_OWN[action]
    rest = {k: v for k, v in params.items() if k not in UNIT_INPUT_NAMES or k in own}
    book: UnitBook | None = None
    description = params.get("description")
    if isinstance(description, str) and description.strip() and not any(given.get(k) for k in _NAMES):
        from units.mentions import ambiguous_name, find_models, find_units

        book = book_factory()
        models, text = find_models(description)
        attacker, weapon, target, distance, remainder = find_units(text, book)
        if not (attacker and target):
            unclear = ambiguous_name(remainder, book)
            if unclear is not None:
                field = "target" if attacker else "attacker"
                raise refusal("units.err.ambiguous", field, "ambiguous", query=unclear[0],
                              names=", ".join(unclear[1][:5]))
        if attacker or target:
            found = {"attacker": attacker, "weapon": weapon, "target": target, "distance": distance,
                     "attacker_models": models}
            given.update({k: v for k, v in found.items() if v is not None and k not in given})
            if "distance" in own and distance is not None and "distance" not in rest:
                rest["distance"] = distance
            if remainder:
                rest["description"] = remainder
            else:
                rest.pop("description", None)
    if not any(given.get(k) for k in _NAMES):
        extra = [k for k in given if k not in own]
        if extra:
            raise refusal("units.err.needs_unit", extra[0])
        return params, [], []
    values = coerce_all(UNIT_PARAMS[action], given, context=action)
    lang = choose_lang(lang, text_lang(description))
    book = book or book_factory()
    explicit = rest.get("ruleset")
    default = (defaults or {}).get("ruleset")
    if isinstance(rest.get("description"), str) and _says_crippled(rest["description"]):
        values["target_crippled"] = True  # the referee reads "crippled" in the text: no Crippled-side Hull
    profile, provenance, notes = referee_inputs(book, action, values, band=rest.get("range"),
                                                ruleset=str(explicit) if explicit else None,
                                                default=str(default) if default else None, lang=lang)
    ruleset = profile.get("ruleset") or explicit or default  # the units' edition beats a server's default
    shifted = _aerial_band(action, profile, provenance, rest, ruleset)
    if shifted is not None:  # the weapon's dice at the band the referee will use
        first = next(p for p in provenance if p["param"] == "range")
        profile, provenance, notes = referee_inputs(book, action, values, band=shifted,
                                                    ruleset=str(explicit) if explicit else None,
                                                    default=str(default) if default else None, lang=lang)
        provenance = [p for p in provenance if p["param"] != "range"]
        provenance.append({"param": "range", "value": shifted,
                           "from": say("units.aerial_shift", lang, range=first["from"].split(" (")[0],
                                        band=shifted)})
    _apply_card_rules(book, action, values, profile, rest, provenance, notes, ruleset, lang)
    if "dice" in rest:  # an explicit whole pool replaces the weapon's lead and support
        profile.pop("lead", None)
        profile.pop("support", None)
    for entry in provenance:
        explicit = rest.get(entry["param"])
        if entry["param"] in ("lead", "support") and "dice" in rest:
            entry["overridden_by"] = {"dice": rest["dice"]}
        elif explicit is not None and entry["param"] not in own:
            entry["overridden_by"] = explicit
    return {**profile, **rest}, provenance, notes
