"""BattleScribe / New Recruit rosters (.rosz: a zip holding one .ros XML; or the .ros itself) to a fleet.

A roster is what a player built: `roster` → `forces/force` (one per catalogue: the faction)
→ `selections/selection` (each ship or squadron, and inside it the models, weapons and
upgrades chosen), every selection with its embedded `profiles`, `rules` and `costs`. So a
fleet needs no catalogue: each top selection is a ship card read from what is embedded
(the same characteristic readers as the catalogue import); a nested model or unit that
carries its own stat profile is an escort or attached unit and becomes its own card. The
number of a model selection is the number of models; of a weapon, its mounts per model;
points are the Points costs of the selection and everything chosen inside it.
"""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from units.bs_graph import children
from units.bs_values import (
    char_key,
    edition_of_profile,
    is_stat_profile,
    is_weapon_profile,
    read_stats,
    read_weapon,
    split_list,
)
from units.messages import data_refusal
from units.model import EDITION_LABELS, name_key
from units.zipped import parse_xml, read_limited

MAX_ROSTER_BYTES = 16 * 1024 * 1024
MAX_ROSTER_UPLOAD = 4 * 1024 * 1024  # a roster file a player uploads (a chat attachment): a real one is ~50 KB
_UPLOAD_NAME = re.compile(r"[^\w.() -]+")
GAME_NAME = re.compile(r"dystopian\s*wars", re.IGNORECASE)
UNIT_TYPES = {"unit", "model"}


def _kids(el: Any, container: str, tag: str) -> list[Any]:
    return list(children(el, container, tag))


def check_upload(filename: str, size: int) -> str:
    """A safe local name for an uploaded roster (its own name, path and odd characters dropped), or the
    refusal a player reads: not a .rosz/.ros file, or larger than MAX_ROSTER_UPLOAD."""
    name = _UPLOAD_NAME.sub("_", Path(str(filename)).name).strip(" .")[:80] or "roster"
    if Path(name).suffix.lower() not in (".rosz", ".ros"):
        raise data_refusal("units.err.not_roster", "roster", name=name)
    if size > MAX_ROSTER_UPLOAD:
        raise data_refusal("units.err.file_too_big", "roster", name=name, size=size, limit=MAX_ROSTER_UPLOAD)
    return name


def read_roster_bytes(path: Path) -> bytes:
    """The .ros XML of a .rosz (exactly one file in the zip) or of a .ros file; limits checked."""
    suffix = path.suffix.lower()
    if suffix not in (".rosz", ".ros"):
        raise data_refusal("units.err.not_roster", "roster", name=path.name)
    return read_limited(path, suffix == ".rosz", MAX_ROSTER_BYTES, "roster", ".ros file")


def parse_roster(data: bytes, name: str) -> Any:
    root = parse_xml(data, name, "roster")
    if root.tag != "roster":
        raise data_refusal("units.err.roster_root", "roster", name=name, tag=root.tag)
    return root


def _chars(profile: Any) -> dict[str, str]:
    return {char_key(c.get("name") or ""): (c.text or "").strip()
            for c in _kids(profile, "characteristics", "characteristic")}


def _points(sel: Any) -> float:
    return sum(float(c.get("value") or 0) for c in _kids(sel, "costs", "cost")
               if (c.get("name") or "").strip().lower() in ("points", "pts"))


def _number(sel: Any) -> int:
    try:
        return max(1, int(sel.get("number") or 1))
    except ValueError:
        return 1


class _Card:
    """One ship (or escort) of the roster, read from its selection and what was chosen inside it."""

    def __init__(self, sel: Any, faction: str, edition: str, source: str) -> None:
        self.sel, self.faction, self.edition, self.source = sel, faction, edition, source
        self.stats: dict[str, Any] | None = None
        self.weapons: list[dict[str, Any]] = []
        self.rules: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.points = 0.0
        self.models: int | None = None
        self.attached: list[Any] = []
        self.texts: dict[str, str] = {}

    def own_stats(self, sel: Any) -> bool:
        return any(is_stat_profile(_chars(p)) for p in _kids(sel, "profiles", "profile"))

    def walk(self, sel: Any, top: bool = False) -> None:
        if not top and (sel.get("type") or "") in UNIT_TYPES and self.stats is not None and self.own_stats(sel):
            self.attached.append(sel)
            return
        if (sel.get("type") or "") == "model" and self.models is None:
            self.models = _number(sel)
        self.points += _points(sel)
        weapon = any(is_weapon_profile(_chars(p)) for p in _kids(sel, "profiles", "profile"))
        for rule in _kids(sel, "rules", "rule"):
            text = " ".join(("".join(rule.itertext())).split())
            self.texts[name_key(re.sub(r"\s*\(.*", "", rule.get("name") or ""))] = text
            if (rule.get("hidden") or "") != "true" and not weapon:  # a weapon's rules are its qualities
                self._rule(rule.get("name") or "rule", "special rule", text or None)
        for profile in _kids(sel, "profiles", "profile"):
            chars = _chars(profile)
            name = (profile.get("name") or "").strip()
            if is_stat_profile(chars):
                if self.stats is None:
                    self.stats = read_stats(chars, self.edition, self.notes)
            elif is_weapon_profile(chars):
                row = read_weapon(name, chars, self.edition, self.notes)
                row.update({"default": True, "option": None, "count": _number(sel), "raw": chars})
                self.weapons.append(row)
            else:
                kind = (profile.get("typeName") or "").strip().lower()
                if kind in ("properties", "systems"):
                    for item in split_list(next(iter(chars.values()), "")):
                        self._rule(item, "property" if kind == "properties" else "system", None)
                else:
                    text = "; ".join(f"{k} {v}".strip() for k, v in chars.items() if v)
                    self._rule(name, "srs" if "squadron" in kind or "srs" in kind else kind or "profile",
                               text or None)
        for child in _kids(sel, "selections", "selection"):
            self.walk(child)

    def _rule(self, name: str, kind: str, text: str | None) -> None:
        name = re.sub(r"\s*\[[\w.]+\]\s*$", "", name).strip()
        if all(name_key(r["name"]) != name_key(name) for r in self.rules):
            self.rules.append({"name": name, "kind": kind, "text": text,
                               "citation": f"{self.source} (roster) › {name}" if text else None})

    def build(self) -> dict[str, Any] | None:
        self.walk(self.sel, top=True)
        if self.stats is None:
            return None
        for rule in self.rules:  # New Recruit embeds the rules a Property names once, on the selection
            if rule["text"] is None:
                rule["text"] = self.texts.get(name_key(re.sub(r"\s*\(.*", "", rule["name"].split(":")[0])))
                if rule["text"]:
                    rule["citation"] = f"{self.source} (roster) › {rule['name']}"
        points = self.points
        return {"name": (self.sel.get("customName") or self.sel.get("name") or "unit").strip(),
                "class": (self.sel.get("name") or "").strip(), "faction": self.faction,
                "edition": self.edition, "edition_label": EDITION_LABELS[self.edition],
                "source": f"{self.source} (roster)", "version": "as built", "models": self.models or 1,
                "points": int(points) if points == int(points) else points, "stats": self.stats,
                "weapons": self.weapons, "rules": self.rules, "notes": list(dict.fromkeys(self.notes)),
                "keywords": [], "aliases": []}


def _edition(root: Any) -> str:
    m = re.search(r"(\d+)(?:\.\d+)?\s*$", root.get("gameSystemName") or "")
    if m and m.group(1) in ("3", "4"):
        return f"dw{m.group(1)}"
    for profile in root.iter("profile"):
        chars = _chars(profile)
        if is_stat_profile(chars) or is_weapon_profile(chars):
            return edition_of_profile(chars)
    return "dw3"


def read_fleet(path: Path) -> dict[str, Any]:
    """The fleet of a roster file: its ships (escorts and attached units as their own cards)."""
    path = Path(path)
    root = parse_roster(read_roster_bytes(path), path.name)
    system = root.get("gameSystemName") or ""
    if system and not GAME_NAME.search(system):
        raise data_refusal("units.err.roster_game", "roster", name=path.name, system=system)
    edition = _edition(root)
    ships: list[dict[str, Any]] = []
    forces = []
    for force in _kids(root, "forces", "force"):
        catalogue = force.get("catalogueName") or force.get("name") or "?"
        faction = re.sub(r"\s+v?\d+(?:\.\d+)+\w*\s*$", "", catalogue).strip()
        forces.append({"name": force.get("name"), "catalogue": catalogue})
        queue = list(_kids(force, "selections", "selection"))
        while queue:
            sel = queue.pop(0)
            card = _Card(sel, faction, edition, path.name)
            unit = card.build()
            if unit is not None:
                ships.append(unit)
            queue.extend(card.attached)
    if not ships:
        raise data_refusal("units.err.roster_empty", "roster", name=path.name)
    total = sum(float(c.get("value") or 0) for c in _kids(root, "costs", "cost")
                if (c.get("name") or "").strip().lower() in ("points", "pts"))
    return {"name": (root.get("name") or path.stem).strip(), "file": path.name, "game_system": system,
            "edition": edition, "edition_label": EDITION_LABELS[edition], "forces": forces,
            "points": int(total) if total == int(total) else total, "ships": ships,
            "imported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
