"""BattleScribe game systems and catalogues (.gst/.cat, zipped .gstz/.catz) to unit profiles.

Links are resolved the way BattleScribe does: a catalogue sees its own ids, the ids of the
catalogues it names in `catalogueLinks` (the shared weapon library) and of its game system.
`entryLink`s reach shared selection entries and groups, `infoLink`s shared profiles and
rules, and a `selectionEntryGroup`'s `defaultSelectionEntryId` marks the default loadout;
the group's other entries are listed as options. A unit is a root entry of type model or
unit that carries a stat profile (a profile with Mass/Armour/Citadel characteristics).

Values: `10(5) / 6(3)` is Battle-Ready lead(support) / Crippled lead(support); `3/3` is
Battle-Ready/Crippled; a single value counts for both states (noted on the unit).
Every file is checked in full before anything is returned, so a bad file (not XML, wrong
root, broken link) is a UnitDataError naming the file and the element, and nothing of it
is imported. lxml is imported only on import (units/zipped.parse_xml): the lookup path never loads it.
"""
from __future__ import annotations

import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from units.bs_cards import CardBuilder, rule_key
from units.bs_conditions import clear_cache
from units.bs_graph import BSFile, LinkGraph, children, local_name
from units.bs_values import char_key
from units.errors import UnitDataError
from units.model import BANDS, EDITION_LABELS, STAT_KEYS, Unit
from units.zipped import parse_xml, read_limited

EXTENSIONS = (".gst", ".cat", ".gstz", ".catz")
MAX_XML_BYTES = 64 * 1024 * 1024  # one file, unzipped: real catalogues are a few MB
ROOTS = {"gameSystem", "catalogue"}


def _check_path(path: Path) -> None:
    """Refuse, by type, what cannot be imported: a device (/dev/zero), pipe or socket, an unusable name,
    control characters in the name. (A missing path is left to the caller's "no such file".)"""
    text = str(path)
    shown = f"{text[:60]}…" if len(text) > 60 else text
    if any(unicodedata.category(char) == "Cc" for char in text):
        raise UnitDataError(f"{shown!r}: the path holds control characters", "paths")
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UnitDataError(f"{shown}: {exc.strerror or exc}", "paths") from exc
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise UnitDataError(f"{shown}: not a regular file or folder (a device, pipe or socket); "
                            "give a BattleScribe file or a folder of them", "paths")


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders as their BattleScribe files (sorted); anything else is an error."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        _check_path(path)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in EXTENSIONS)
            if not found:
                raise UnitDataError(f"{path}: no .gst, .cat, .gstz or .catz files in this folder", "paths")
            out.extend(found)
        elif path.is_file():
            if path.suffix.lower() not in EXTENSIONS:
                raise UnitDataError(f"{path.name}: not a BattleScribe file (expected .gst, .cat, .gstz or .catz)",
                                    "paths")
            out.append(path)
        else:
            raise UnitDataError(f"{path}: no such file or folder", "paths")
    return list(dict.fromkeys(out))


def _read_bytes(path: Path) -> bytes:
    return read_limited(path, path.suffix.lower() in (".gstz", ".catz"), MAX_XML_BYTES, "paths", "XML file")


def parse_bytes(data: bytes, name: str) -> BSFile:
    """One file's XML, checked: well-formed, a gameSystem or catalogue root, ids indexed."""
    root = parse_xml(data, name, "paths")
    if local_name(root) not in ROOTS:
        raise UnitDataError(f"{name}: root element <{local_name(root)}> is not a BattleScribe <gameSystem> or "
                            f"<catalogue>", "paths")
    bs = BSFile(name, root)
    for el in root.iter():
        el_id = el.get("id")
        if el_id and local_name(el) not in ("catalogueLink", "categoryLink"):
            bs.ids.setdefault(el_id, el)
    return bs


def read_file(path: Path) -> BSFile:
    return parse_bytes(_read_bytes(path), path.name)


def edition_of(graph: LinkGraph, bs: BSFile) -> str:
    """'dw4' or 'dw3': from the game system's name ('Dystopian Wars 4.0'), else from its profile types."""
    system = bs if bs.kind == "gameSystem" else graph.by_id.get(bs.root.get("gameSystemId") or "")
    if system is not None:
        m = re.search(r"(\d+)(?:\.\d+)?\s*$", system.name)
        if m and m.group(1) in ("3", "4"):
            return f"dw{m.group(1)}"
    names = {char_key(n) for n in graph.type_names.values()}
    return "dw4" if {"defence", "actions", "crew"} & names else "dw3"


def faction_of(bs: BSFile) -> str:
    """'Commonwealth v3.06' -> 'Commonwealth' (the version is on the card's source)."""
    return re.sub(r"\s+v?\d+(?:\.\d+)+\w*\s*$", "", bs.name).strip() or bs.name


def glossary_of(graph: LinkGraph, bs: BSFile) -> dict[str, tuple[str, Any]]:
    """Every rule the catalogue can link (its own, its libraries', its game system's) by name key."""
    out: dict[str, tuple[str, Any]] = {}
    for f in graph.scope(bs):
        own = graph.rule_keys.get(f.root)
        if own is None:
            own = graph.rule_keys[f.root] = {}
            for rule in f.root.iter("rule"):
                own.setdefault(rule_key(rule.get("name") or ""), rule)
        for key, rule in own.items():
            if key and key not in out:
                out[key] = (f.name, rule)
    return out


def units_of(graph: LinkGraph, bs: BSFile) -> list[Unit]:
    """The units a file defines at its root (its own entries and the shared ones it links there),
    then the escorts and attached units they reach that are not roots themselves."""
    units: list[Unit] = []
    roots: list[Any] = list(children(bs.root, "selectionEntries", "selectionEntry"))
    scope = graph.scope(bs)
    for link in children(bs.root, "entryLinks", "entryLink"):
        target = graph.find(bs, link.get("targetId") or "", scope)
        if target is not None and local_name(target) == "selectionEntry":
            roots.append(target)
    if not roots:
        return units
    faction, edition = faction_of(bs), edition_of(graph, bs)
    label = EDITION_LABELS[edition]
    glossary = glossary_of(graph, bs)
    queue = list(roots)
    done: set[Any] = set()
    while queue:
        entry = queue.pop(0)
        if entry in done:
            continue
        done.add(entry)
        builder = CardBuilder(graph, bs, entry, edition, glossary)
        unit = builder.build(faction, label)
        if unit is not None:
            units.append(unit)
            queue.extend(e for e in builder.attached_entries if e not in done)
    return units


@dataclass
class ImportResult:
    """What one import produced: per source its metadata and units."""

    sources: list[dict[str, Any]]
    units: dict[str, list[Unit]]  # source id -> units
    xml: dict[str, bytes]  # source id -> the file's XML, kept so later imports can resolve links into it


GAME_NAME = re.compile(r"dystopian\s*wars", re.IGNORECASE)


def check_game_systems(graph: LinkGraph, files: list[BSFile]) -> None:
    """Only Dystopian Wars: a game system of another game, or a catalogue of one, is refused."""
    for bs in sorted(files, key=lambda f: f.kind != "gameSystem"):  # name the game system itself first
        if bs.kind == "gameSystem":
            if not GAME_NAME.search(bs.name):
                raise UnitDataError(f"{bs.file}: game system {bs.name!r} is not Dystopian Wars; only Dystopian Wars "
                                    "data (BSData's for the 3rd edition, New Recruit's for the 4th) is read", "paths")
            continue
        system = graph.by_id.get(bs.root.get("gameSystemId") or "")
        if system is not None and not GAME_NAME.search(system.name):
            raise UnitDataError(f"{bs.file}: a catalogue of {system.name!r}, not of Dystopian Wars", "paths")


def load(paths: Iterable[str | Path], context: dict[str, bytes] | None = None,
         context_names: dict[str, str] | None = None) -> ImportResult:
    """Parse and check every file, then build its units; `context` are earlier imports' XML by source id.

    A catalogue imported earlier that links a file of this import (a faction linking an updated
    Weapon.cat, every catalogue of an updated game system) is rebuilt with it, so no faction keeps
    values from the old library; if it no longer resolves, the whole import is refused saying why."""
    clear_cache()
    try:
        return _load(paths, context, context_names)
    finally:
        clear_cache()


def _load(paths: Iterable[str | Path], context: dict[str, bytes] | None,
          context_names: dict[str, str] | None) -> ImportResult:
    files: list[BSFile] = []
    xml: dict[str, bytes] = {}
    for path in expand_paths(paths):
        data = _read_bytes(path)
        bs = parse_bytes(data, path.name)
        if bs.id in xml:
            other = next(f.file for f in files if f.id == bs.id)
            raise UnitDataError(f"{path.name}: the same catalogue (id {bs.id!r}) as {other}; import one of them",
                                "paths")
        files.append(bs)
        xml[bs.id] = data
    names = context_names or {}
    extra = [parse_bytes(data, names.get(sid) or f"(imported earlier) {sid}")
             for sid, data in (context or {}).items() if sid not in xml]
    graph = LinkGraph(files + extra)
    check_game_systems(graph, files)
    new_ids = {f.id for f in files}
    dependents = [f for f in extra if f.kind == "catalogue" and any(g.id in new_ids for g in graph.scope(f)[1:])]
    for bs in files:
        graph.check_links(bs)
    for bs in dependents:
        try:
            graph.check_links(bs)
        except UnitDataError as exc:
            updated = ", ".join(f.file for f in files if f in graph.scope(bs))
            raise UnitDataError(f"{exc} — {bs.file} was imported earlier and links {updated}, which this import "
                                f"replaces; import the matching {bs.file} with it", "paths") from exc
    sources: list[dict[str, Any]] = []
    units: dict[str, list[Unit]] = {}
    for bs in [*files, *dependents]:
        found = units_of(graph, bs)
        units[bs.id] = found
        sources.append({"id": bs.id, "file": bs.file, "name": bs.name, "revision": bs.revision,
                        "kind": bs.kind, "units": len(found), "rebuilt": bs in dependents})
        if bs in dependents:
            xml[bs.id] = (context or {})[bs.id]
    return ImportResult(sources, units, xml)


__all__ = ["BANDS", "STAT_KEYS", "ImportResult", "load", "expand_paths", "parse_bytes", "read_file"]
