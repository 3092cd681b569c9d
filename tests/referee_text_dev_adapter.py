"""Helper (no tests): the shared free-text development set in the project's own inputs.

`../shared/eval/referee_text_dev.jsonl` writes each reading in a neutral vocabulary (`attacker_escorts`,
`band`, `inches_moved`, `attacker_models`, …). `dev_items()` maps each reading onto the parameters of
`referee.params.PARAMS[action]`, in the shape `bench/referee_text.py` scores. A value the project has no
input for (a dw3 assault's total defence dice, a ram's "heavy prow" without its number) cannot be read
right: the best the reader can do is to list its words as not understood, so such items are marked
`unrepresentable` and their best outcome is "flagged".
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DEV_SET = Path("/work/shared/eval/referee_text_dev.jsonl")

# neutral name -> project parameter, per action; None: the action has no input for it
_NAMES: dict[str, dict[str, str | None]] = {
    "attack": {"band": "range", "attacker_escorts": "escorts", "target_models_within_4": "defence_models",
               "target_srs": "srs_discard", "qualities": "quality", "generators": "target_generator"},
    "assault": {"attacker_models": "support", "attacker_srs": "srs", "attacker_escorts": "escorts",
                "citadel": "target_citadel", "mass": "target_mass", "dice": None, "defence": None,
                "crippled": None, "damage_taken": None, "distance": None},
    "ram": {"inches_moved": "inches", "armour": "target_armour", "citadel": "target_citadel",
            "mass": "target_mass", "heavy_prow": None, "dice": None, "qualities": "quality"},
    # an Attack Run's target's own SRS are its interceptors: RB Перехват "Каждый SRS-токен, защищающий Цель
    # Налета, может добавить 3 куба" (⟨interceptors⟩: the target's friendly SRS tokens in base contact)
    "srs": {"armour": "target_armour", "citadel": "target_citadel", "target_srs": "interceptors"},
    "collision": {},
    "broadside": {"distance": None, "dice": None, "obscured": None, "attacker_models": None},
}
_MARKERS = {"fire": None}


def _map(action: str, reading: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    names = _NAMES[action]
    out: dict[str, Any] = {}
    lost: list[str] = []
    for key, value in reading.items():
        if action == "assault" and key == "qualities":
            if value == ["submerged"]:
                out["assaulter"] = "submerged"
            else:
                lost.append(key)
            continue
        if action == "srs" and key == "qualities":
            if "torpedo" in value:
                out["torpedo"] = True
            if set(value) - {"torpedo"}:
                lost.append(key)
            continue
        if action == "broadside" and key == "broadside":
            out["broadside"] = [value] * int(reading.get("attacker_models", 1))
            continue
        if key == "markers":
            kept = [m for m in value if _MARKERS.get(m, m)]
            if len(kept) < len(value):
                lost.append(key)
            if kept:
                out["markers"] = kept
            continue
        if key == "generators" and value is False:
            out["no_generators"] = True
            continue
        if key == "support" and value == []:
            continue  # "no support": nothing to read
        if action == "collision" and key == "impact" and value == "model":
            continue  # the collision's default (its ParamSpec: "model (default)"): read or not, the same
        name = names.get(key, key)
        if name is None:
            lost.append(key)
        else:
            out[name] = value
    return out, lost


def dev_items() -> list[dict[str, Any]]:
    """The development set as {"id", "text", "lang", "action", "ruleset", "expect", "ask", "unrepresentable"}."""
    items = []
    for line in DEV_SET.read_text(encoding="utf-8").splitlines():
        raw = json.loads(line)
        expect, lost = _map(raw["action"], raw["reading"])
        items.append({"id": raw["id"], "text": raw["text"], "lang": raw["lang"], "action": raw["action"],
                      "ruleset": raw["edition"], "expect": expect,
                      "ask": any(a.startswith("whose") for a in raw["ask_back"]), "unrepresentable": lost})
    return items
