"""The player's fleets (imported rosters) and what a fleet's weapons bring against one target.

Fleets are kept in `<data dir>/fleets.json` (written to a new file, then swapped in), the
last imported one current; a scope (a Discord server's, say) keeps its own in
`<data dir>/fleets/<scope>.json` and sees the data directory's fleets only while it has none.
`attack_rows` turns "what can my fleet do to that ship" into one referee attack per ship ×
weapon × range band: a weapon's mounts on the ship (mounts per model × models) fire together —
in the 3rd edition one lead value plus the bracketed support value of every other mount ("Add
the bracketed number for each support weapon"), in the 4th each mount's value. The service
runs the referee on each row (units never does dice maths).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from core.messages import error_text
from units.apply import card_rule_effects
from units.errors import UnitLookupError
from units.messages import data_refusal, refusal, say
from units.model import EDITION_BANDS, Unit, name_key
from units.referee_inputs import REFEREE_BAND, profile_inputs

FLEETS_FILE = "fleets.json"
MAX_FLEETS = 50


_SCOPE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def _path(data_dir: Path, scope: str | None = None) -> Path:
    if scope is None:
        return Path(data_dir) / FLEETS_FILE
    if not _SCOPE.match(scope):
        raise ValueError(f"fleet scope {scope!r}: lower-case letters, digits, - and _ only")
    return Path(data_dir) / "fleets" / f"{scope}.json"


def _read(data_dir: Path, scope: str | None = None) -> dict[str, Any]:
    path = _path(data_dir, scope)
    if not path.exists():
        return {"current": None, "fleets": {}}
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    except (OSError, ValueError) as exc:
        raise data_refusal("units.err.fleet_file", "fleet", reason=str(exc)) from exc


def _write(data_dir: Path, data: dict[str, Any], scope: str | None = None) -> None:
    path = _path(data_dir, scope)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def import_fleet(data_dir: Path, roster: str | Path, scope: str | None = None) -> dict[str, Any]:
    """Read a .rosz/.ros roster and keep it as the current fleet of `scope` (same name: replaced)."""
    from units.roster import read_fleet
    from units.store import import_lock

    fleet = read_fleet(Path(roster))
    with import_lock(Path(data_dir)):
        data = _read(data_dir, scope)
        data["fleets"][fleet["name"]] = fleet
        if len(data["fleets"]) > MAX_FLEETS:
            raise data_refusal("units.err.too_many_fleets", "roster", limit=MAX_FLEETS)
        data["current"] = fleet["name"]
        _write(data_dir, data, scope)
    return summary(fleet)


def get_fleet(data_dir: Path, name: str | None = None, scope: str | None = None) -> dict[str, Any]:
    """The named fleet (fuzzy-free: its exact name, any case), else the current one: of `scope` when it has
    imported any, else of the data directory."""
    data = _read(data_dir, scope) if scope is not None else {"fleets": {}}
    if not data["fleets"]:
        data = _read(data_dir)
    if not data["fleets"]:
        raise refusal("units.err.no_fleet", "fleet", "no_fleet", 404)
    if name:
        found = [f for key, f in data["fleets"].items() if name_key(key) == name_key(name)]
        if not found:
            raise refusal("units.err.no_fleet_named", "fleet", "no_fleet", 404, name=name,
                          names=", ".join(data["fleets"]))
        fleet: dict[str, Any] = found[0]
        return fleet
    current: dict[str, Any] = data["fleets"][data["current"]]
    return current


def card_notes(rows: list[tuple[str, str, list[tuple[str, str]]]]) -> list[str]:
    """The table's card-rule lines, each once: (ship, weapon, [(unit › rule, effect)]) per row. A rule whose
    effect is the same on every row is said once; one that differs by weapon names the weapons of each effect."""
    effects: dict[str, dict[str, list[str]]] = {}
    for ship, weapon, lines in rows:
        for label, effect in lines:
            weapons = effects.setdefault(label, {}).setdefault(effect, [])
            if f"{ship} › {weapon}" not in weapons:
                weapons.append(f"{ship} › {weapon}")
    out = []
    for label, by_effect in effects.items():
        if len(by_effect) == 1:
            out.append(f"{label}: {next(iter(by_effect))}")
        else:
            out.extend(f"{label} ({', '.join(weapons)}): {effect}" for effect, weapons in by_effect.items())
    return out


def summary(fleet: dict[str, Any]) -> dict[str, Any]:
    """The `fleet show` shape: each ship with its models, points, weapons (mounts, arc) and rule names."""
    ships = []
    for ship in fleet["ships"]:
        weapons: dict[str, dict[str, Any]] = {}
        for w in ship["weapons"]:
            entry = weapons.setdefault(w["name"], {"name": w["name"], "mounts": 0, "arcs": []})
            entry["mounts"] += w.get("count", 1)
            if w.get("arc") and w["arc"] not in entry["arcs"]:
                entry["arcs"].append(w["arc"])
        ships.append({"name": ship["name"], "class": ship.get("class"), "faction": ship["faction"],
                      "models": ship.get("models", 1), "points": ship.get("points"),
                      "weapons": list(weapons.values()), "rules": [r["name"] for r in ship["rules"]]})
    return {"name": fleet["name"], "file": fleet["file"], "edition": fleet["edition"],
            "edition_label": fleet["edition_label"], "points": fleet["points"],
            "forces": fleet["forces"], "ships": ships}


def attack_rows(fleet: dict[str, Any], target: Unit, edition: str, lang: str = "en") -> list[dict[str, Any]]:
    """One row per ship × weapon × band: the referee's attack params, or why it cannot fire there (in `lang`).

    The dice column is not counted here: the service takes it from the referee's own pool (shield dice,
    card rules and every other step the single attack applies), so the table and `attack` cannot differ."""
    rows: list[dict[str, Any]] = []
    for ship in fleet["ships"]:
        names = list(dict.fromkeys(w["name"] for w in ship["weapons"]))
        for weapon in names:
            mounts = sum(w.get("count", 1) for w in ship["weapons"] if w["name"] == weapon) * (ship.get("models") or 1)
            for band in EDITION_BANDS[edition]:
                row: dict[str, Any] = {"ship": ship["name"], "weapon": weapon, "mounts": mounts,
                                       "band": say(f"units.band.{band}", lang), "range": REFEREE_BAND[band]}
                notes: list[str] = []
                try:
                    params, provenance = profile_inputs("attack", ship, weapon, target, None, mounts, False, False,
                                                        REFEREE_BAND[band], edition, notes, lang)
                except UnitLookupError as exc:
                    row["cannot"] = error_text(exc, lang).split(": ", 1)[-1]
                    rows.append(row)
                    continue
                params.update({"range": REFEREE_BAND[band], "ruleset": edition})
                # the two cards' special rules (issue 20), as for a named attack: Ablative Armour, shields, …
                found, lines = card_rule_effects("attack", edition, params, ship, target, ship.get("models") or 1,
                                                 lang=lang)
                params.update(found)
                row.update({"params": params, "notes": notes,
                            "card_notes": [(f"{line.unit} › {line.rule}", line.effect) for line in lines]})
                rows.append(row)
    return rows
