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

from core.params import coerce_all
from units.book import UnitBook, referee_inputs
from units.errors import UnitLookupError
from units.params import UNIT_INPUT_NAMES, UNIT_PARAMS

_NAMES = ("attacker", "weapon", "target")
REFEREE_OWN = {"attack": {"distance"}, "assault": set(), "ram": set()}  # unit inputs the referee also takes


# the referee's own words for "the target is Crippled" (referee/describe_vocab.py), not "crippled hull N"
_CRIPPLED_WORDS = re.compile(r"\bcrippled\b(?!\s+hull)|(?<!корпус )\bповрежден\w*", re.IGNORECASE)


def _says_crippled(text: str) -> bool:
    """The free text calls the target crippled (the referee's parser then sets ⟨crippled⟩)."""
    return bool(_CRIPPLED_WORDS.search(text))


def apply_profiles(book_factory: Any, action: str, params: Mapping[str, Any],
                   defaults: Mapping[str, Any] | None = None
                   ) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """(referee params, provenance, notes); `book_factory()` gives the UnitBook only when needed;
    the ruleset (explicit, else `defaults`') decides which edition's profiles are used."""
    params = dict(params)
    if action not in UNIT_PARAMS:
        return params, [], []
    given = {k: params[k] for k in UNIT_INPUT_NAMES if k in params and params[k] not in (None, "", [])}
    own = REFEREE_OWN[action]
    rest = {k: v for k, v in params.items() if k not in UNIT_INPUT_NAMES or k in own}
    book: UnitBook | None = None
    description = params.get("description")
    if isinstance(description, str) and description.strip() and not any(given.get(k) for k in _NAMES):
        from units.mentions import find_models, find_units

        book = book_factory()
        models, text = find_models(description)
        attacker, weapon, target, distance, remainder = find_units(text, book)
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
            raise UnitLookupError(f"{extra[0]}: unit inputs need a unit: give ⟨attacker⟩ or ⟨target⟩", extra[0])
        return params, [], []
    values = coerce_all(UNIT_PARAMS[action], given, context=action)
    book = book or book_factory()
    ruleset = rest.get("ruleset") or (defaults or {}).get("ruleset")
    if isinstance(rest.get("description"), str) and _says_crippled(rest["description"]):
        values["target_crippled"] = True  # the referee reads "crippled" in the text: no Crippled-side Hull
    profile, provenance, notes = referee_inputs(book, action, values, band=rest.get("range"),
                                                ruleset=str(ruleset) if ruleset else None)
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
