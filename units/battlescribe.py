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
is imported. lxml is imported here only: the lookup path never loads this module.
"""
from __future__ import annotations

import stat
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from units.errors import UnitDataError
from units.model import BANDS, STAT_KEYS, Unit, empty_bands, empty_stats, parse_dice

EXTENSIONS = (".gst", ".cat", ".gstz", ".catz")
MAX_XML_BYTES = 64 * 1024 * 1024  # one file, unzipped: real catalogues are a few MB
ROOTS = {"gameSystem", "catalogue"}
UNIT_TYPES = {"model", "unit"}
_STAT_NAMES = {
    "mass": "mass", "speed": "speed", "spd": "speed", "turn": "turn", "turning": "turn",
    "armour": "armour", "armor": "armour", "arm": "armour", "citadel": "citadel", "cit": "citadel",
    "hull": "hull", "fray": "fray", "adv": "adv", "aerial defence": "adv", "aerial defense": "adv",
    "sdv": "sdv", "submerged defence": "sdv", "submerged defense": "sdv",
}
_BAND_NAMES = {"point blank": "point_blank", "pt blank": "point_blank", "pb": "point_blank",
               "closing": "closing", "long": "long"}
_ARC_NAMES = {"arc", "fire arc", "arcs"}
_QUALITY_NAMES = {"qualities", "quality", "traits", "special"}


def _local(el: Any) -> str:
    """The tag without its namespace (parse_bytes strips namespaces once, so this is the tag)."""
    tag = el.tag
    return tag if isinstance(tag, str) else ""


def _children(el: Any, container: str, tag: str) -> Iterator[Any]:
    """`<container><tag/>…</container>` directly under `el` (lxml filters by tag in C)."""
    for box in el.iterchildren(container):
        yield from box.iterchildren(tag)


def _describe(el: Any) -> str:
    """<entryLink name='Heavy Gun Battery' targetId='w1'> (line 12): names the element at fault."""
    attrs = " ".join(f"{k}={el.get(k)!r}" for k in ("name", "id", "targetId") if el.get(k))
    return f"<{_local(el)}{' ' + attrs if attrs else ''}> (line {el.sourceline})"


@dataclass
class BSFile:
    """One parsed file: its root and every element with an id."""

    file: str
    root: Any
    ids: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.root.get("id") or self.file)

    @property
    def kind(self) -> str:
        return _local(self.root)

    @property
    def name(self) -> str:
        return str(self.root.get("name") or self.file)

    @property
    def revision(self) -> str | None:
        revision = self.root.get("revision")
        return str(revision) if revision is not None else None

    @property
    def is_library(self) -> bool:
        return str(self.root.get("library", "false")).lower() == "true"


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
    name = path.name
    try:
        if path.suffix.lower() in (".gstz", ".catz"):
            try:
                with zipfile.ZipFile(path) as archive:
                    members = [m for m in archive.infolist() if not m.is_dir()]
                    if len(members) != 1:
                        raise UnitDataError(f"{name}: a zipped BattleScribe file must hold exactly one XML file, "
                                            f"this one holds {len(members)}", "paths")
                    if members[0].file_size > MAX_XML_BYTES:
                        raise UnitDataError(f"{name}: {members[0].filename} unzips to {members[0].file_size} bytes; "
                                            f"the limit is {MAX_XML_BYTES}", "paths")
                    with archive.open(members[0]) as handle:
                        data = handle.read(MAX_XML_BYTES + 1)
            except zipfile.BadZipFile as exc:
                raise UnitDataError(f"{name}: not a zip file ({exc})", "paths") from exc
        else:
            if path.stat().st_size > MAX_XML_BYTES:
                raise UnitDataError(f"{name}: {path.stat().st_size} bytes; the limit is {MAX_XML_BYTES}", "paths")
            data = path.read_bytes()
    except OSError as exc:
        raise UnitDataError(f"{name}: cannot read the file ({exc.strerror})", "paths") from exc
    if len(data) > MAX_XML_BYTES:
        raise UnitDataError(f"{name}: more than {MAX_XML_BYTES} bytes of XML", "paths")
    return data


def parse_bytes(data: bytes, name: str) -> BSFile:
    """One file's XML, checked: well-formed, a gameSystem or catalogue root, ids indexed."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise UnitDataError(f"{name}: not well-formed XML (line {exc.lineno}: {exc.msg})", "paths") from exc
    for el in root.iter():  # BattleScribe's two schema namespaces: compare local names only
        tag = el.tag
        if isinstance(tag, str) and tag.startswith("{"):
            el.tag = tag.split("}", 1)[1]
    if _local(root) not in ROOTS:
        raise UnitDataError(f"{name}: root element <{_local(root)}> is not a BattleScribe <gameSystem> or "
                            f"<catalogue>", "paths")
    bs = BSFile(name, root)
    for el in root.iter():
        el_id = el.get("id")
        if el_id and _local(el) not in ("catalogueLink", "categoryLink"):
            bs.ids.setdefault(el_id, el)
    return bs


def read_file(path: Path) -> BSFile:
    return parse_bytes(_read_bytes(path), path.name)


class LinkGraph:
    """Every loaded file, and for each catalogue the files its links may reach."""

    def __init__(self, files: list[BSFile]) -> None:
        self.files = files
        self.by_id = {f.id: f for f in files}
        self.profiles: dict[Any, tuple[str, dict[str, Any], list[str]]] = {}  # element -> (kind, parsed, notes)
        self._scopes: dict[str, list[BSFile]] = {}
        self.type_names: dict[str, str] = {}
        for f in files:
            for el in f.root.iter():
                if _local(el) in ("characteristicType", "profileType") and el.get("id"):
                    self.type_names[el.get("id")] = el.get("name") or ""

    def scope(self, bs: BSFile) -> list[BSFile]:
        """The file, its catalogueLinks (transitively) and its game system, in that order."""
        if bs.id in self._scopes:
            return self._scopes[bs.id]
        seen: list[BSFile] = []
        queue = [bs]
        while queue:
            current = queue.pop(0)
            if current in seen:
                continue
            seen.append(current)
            for link in _children(current.root, "catalogueLinks", "catalogueLink"):
                target = self.by_id.get(link.get("targetId") or "")
                if target is None:
                    raise UnitDataError(f"{current.file}: {_describe(link)} names a catalogue that is not among "
                                        "the imported files; import the whole folder", "paths")
                queue.append(target)
        system_id = bs.root.get("gameSystemId")
        if system_id and system_id in self.by_id and self.by_id[system_id] not in seen:
            seen.append(self.by_id[system_id])
        self._scopes[bs.id] = seen
        return seen

    def find(self, bs: BSFile, target_id: str, scope: list[BSFile]) -> Any | None:
        for f in scope:
            el = f.ids.get(target_id)
            if el is not None:
                return el
        return None

    def check_links(self, bs: BSFile) -> None:
        """Every entryLink and infoLink of the file reaches an element: else the file is refused."""
        scope = self.scope(bs)
        for el in bs.root.iter():
            if _local(el) in ("entryLink", "infoLink"):
                target = el.get("targetId")
                if not target or self.find(bs, target, scope) is None:
                    system = bs.root.get("gameSystemId")
                    hint = "" if not system or system in self.by_id else \
                        f" (its game system {system!r} was not imported with it)"
                    raise UnitDataError(f"{bs.file}: broken link {_describe(el)}: no element with that id in the "
                                        f"catalogue, its linked catalogues or its game system{hint}", "paths")


def _char_name(graph: LinkGraph, char: Any) -> str:
    name = char.get("name") or graph.type_names.get(char.get("typeId") or "", "")
    return " ".join(name.replace("_", " ").lower().split())


def _characteristics(graph: LinkGraph, profile: Any) -> dict[str, str]:
    chars = _children(profile, "characteristics", "characteristic")
    return {_char_name(graph, c): (c.text or "").strip() for c in chars}


def _split_states(text: str) -> tuple[str, str | None]:
    """'10(5) / 6(3)' -> ('10(5)', '6(3)'); '3/3' -> ('3', '3'); '6' -> ('6', None)."""
    parts = [p.strip() for p in text.split("/")]
    if len(parts) == 2:
        return parts[0], parts[1]
    return text.strip(), None


class _UnitBuilder:
    def __init__(self, graph: LinkGraph, bs: BSFile, entry: Any) -> None:
        self.graph, self.bs, self.entry = graph, bs, entry
        self.scope = graph.scope(bs)
        self.notes: list[str] = []
        self.weapons: list[dict[str, Any]] = []
        self.rules: list[dict[str, Any]] = []
        self.stats: dict[str, Any] | None = None
        self._seen: set[Any] = set()  # elements, not ids: a kept reference keeps lxml's proxy

    def resolve(self, link: Any) -> Any:
        target = self.graph.find(self.bs, link.get("targetId") or "", self.scope)
        if target is None:  # check_links ran first; kept for safety
            raise UnitDataError(f"{self.bs.file}: broken link {_describe(link)}", "paths")
        return target

    def is_stat_profile(self, chars: dict[str, str]) -> bool:
        keys = {_STAT_NAMES[n] for n in chars if n in _STAT_NAMES}
        return len(keys & {"mass", "armour", "citadel", "hull"}) >= 2

    @staticmethod
    def is_weapon_profile(chars: dict[str, str]) -> bool:
        return sum(1 for n in chars if n in _BAND_NAMES) >= 2

    def add_profile(self, profile: Any, default: bool, option: str | None) -> None:
        """A stat or weapon profile; each shared profile element is parsed once per import."""
        cached = self.graph.profiles.get(profile)
        if cached is None:
            chars = _characteristics(self.graph, profile)
            saved, self.notes = self.notes, []
            if self.is_stat_profile(chars):
                cached = ("stats", self.read_stats(profile, chars), self.notes)
            elif self.is_weapon_profile(chars):
                cached = ("weapon", self.read_weapon(profile, chars, True, None), self.notes)
            else:
                cached = ("other", {}, [])
            self.notes = saved
            self.graph.profiles[profile] = cached
        kind, parsed, notes = cached
        # Shared parsed values are never mutated afterwards (the unit goes straight to JSON),
        # so a shallow copy that sets this use's default/option is enough.
        if kind == "stats" and self.stats is None:
            self.stats = parsed
            self.notes.extend(notes)
        elif kind == "weapon":
            self.weapons.append({**parsed, "default": default, "option": option})
            self.notes.extend(notes)

    def read_stats(self, profile: Any, chars: dict[str, str]) -> dict[str, Any]:
        battle_ready, crippled = empty_stats(), empty_stats()
        single: list[str] = []
        for name, raw in chars.items():
            key = _STAT_NAMES.get(name)
            if key is None or not raw:
                continue
            br_text, cr_text = _split_states(raw)
            br, cr = _int(br_text), _int(cr_text) if cr_text is not None else None
            if br is None or (cr_text is not None and cr is None):
                self.notes.append(f"{key} {raw!r} is not a number or N/N: unknown")
                continue
            battle_ready[key] = br
            if cr_text is None:
                cr = br
                single.append(key)
            crippled[key] = cr
        if single:
            self.notes.append("one value given for " + ", ".join(single) + ": used for both states")
        return {"battle_ready": battle_ready, "crippled": crippled}

    def read_weapon(self, profile: Any, chars: dict[str, str], default: bool, option: str | None) -> dict[str, Any]:
        bands = empty_bands()
        name = profile.get("name") or "weapon"
        for char_name, raw in chars.items():
            band = _BAND_NAMES.get(char_name)
            if band is None or not raw:
                continue
            br_text, cr_text = _split_states(raw)
            br = parse_dice(br_text)
            cr = parse_dice(cr_text) if cr_text is not None else br
            if br is None or cr is None:
                self.notes.append(f"{name}: {char_name} {raw!r} is not lead(support) / lead(support): unknown")
                continue
            if cr_text is None:
                self.notes.append(f"{name}: one {char_name} value given: used for both states")
            bands[band]["battle_ready"] = {"lead": br[0], "support": br[1]}
            bands[band]["crippled"] = {"lead": cr[0], "support": cr[1]}
        arc = next((v for k, v in chars.items() if k in _ARC_NAMES and v), None)
        qualities_text = next((v for k, v in chars.items() if k in _QUALITY_NAMES and v), "")
        qualities = [q.strip() for q in qualities_text.replace(";", ",").split(",") if q.strip() and q.strip() != "-"]
        return {"name": name, "arc": arc, "qualities": qualities, "bands": bands, "default": default,
                "option": option}

    def add_rule(self, rule: Any) -> None:
        description = next((d for d in rule if _local(d) == "description"), None)
        text = " ".join((description.text or "").split()) if description is not None else ""
        name = rule.get("name") or "rule"
        if all(r["name"] != name for r in self.rules):
            self.rules.append({"name": name, "category": None, "text": text or None,
                               "citation": f"{self.bs.name} (BattleScribe) › {name}" if text else None})

    def walk(self, el: Any, default: bool = True, option: str | None = None, top: bool = False) -> None:
        """Profiles, rules and weapons of an entry, its links, child entries and groups."""
        if el in self._seen:
            return
        self._seen.add(el)
        for profile in _children(el, "profiles", "profile"):
            self.add_profile(profile, default, option)
        for rule in _children(el, "rules", "rule"):
            if top:
                self.add_rule(rule)
        for link in _children(el, "infoLinks", "infoLink"):
            target = self.resolve(link)
            kind = _local(target)
            if kind == "profile":
                self.add_profile(target, default, option)
            elif kind == "rule" and top:
                self.add_rule(target)
        for child in _children(el, "selectionEntries", "selectionEntry"):
            self.walk(child, default, option)
        for link in _children(el, "entryLinks", "entryLink"):
            target = self.resolve(link)
            if _local(target) == "selectionEntryGroup":
                self.walk_group(target, default, link.get("id"))
            else:
                self.walk(target, default, option)
        for group in _children(el, "selectionEntryGroups", "selectionEntryGroup"):
            self.walk_group(group, default, None)

    def walk_group(self, group: Any, default: bool, link_id: str | None) -> None:
        """A group's default entry is part of the default loadout; its other entries are options."""
        chosen = group.get("defaultSelectionEntryId")
        name = group.get("name") or "options"
        members: list[tuple[Any, Any]] = []
        for child in _children(group, "selectionEntries", "selectionEntry"):
            members.append((child, child))
        for link in _children(group, "entryLinks", "entryLink"):
            members.append((link, self.resolve(link)))
        for holder, target in members:
            is_default = bool(chosen) and chosen in (holder.get("id"), target.get("id"), holder.get("targetId"))
            self.walk(target, default and is_default, name)
        for sub in _children(group, "selectionEntryGroups", "selectionEntryGroup"):
            self.walk_group(sub, default, None)

    def build(self, faction: str) -> Unit | None:
        self.walk(self.entry, top=True)
        if self.stats is None:
            return None
        name = self.entry.get("name") or "unit"
        return {
            "name": name, "faction": faction, "source": f"{self.bs.name} (BattleScribe)",
            "version": f"revision {self.bs.revision}" if self.bs.revision else "revision unknown",
            "source_file": self.bs.file, "source_id": self.bs.id, "keywords": [], "aliases": [],
            "stats": self.stats, "weapons": self.weapons, "rules": self.rules,
            "notes": list(dict.fromkeys(self.notes)),
        }


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    text = text.strip().rstrip('"')
    if text == "-":
        return 0
    return int(text) if text.isdigit() else None


def units_of(graph: LinkGraph, bs: BSFile) -> list[Unit]:
    """The units a file defines at its root (its own entries and the shared ones it links there)."""
    units: list[Unit] = []
    roots: list[Any] = list(_children(bs.root, "selectionEntries", "selectionEntry"))
    scope = graph.scope(bs)
    for link in _children(bs.root, "entryLinks", "entryLink"):
        target = graph.find(bs, link.get("targetId") or "", scope)
        if target is not None and _local(target) == "selectionEntry":
            roots.append(target)
    faction = bs.name
    for entry in roots:
        if (entry.get("type") or "") not in UNIT_TYPES:
            continue
        unit = _UnitBuilder(graph, bs, entry).build(faction)
        if unit is not None:
            units.append(unit)
    return units


@dataclass
class ImportResult:
    """What one import produced: per source its metadata and units."""

    sources: list[dict[str, Any]]
    units: dict[str, list[Unit]]  # source id -> units
    xml: dict[str, bytes]  # source id -> the file's XML, kept so later imports can resolve links into it


def load(paths: Iterable[str | Path], context: dict[str, bytes] | None = None) -> ImportResult:
    """Parse and check every file, then build its units; `context` are earlier imports' XML by source id."""
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
    extra = [parse_bytes(data, f"(imported earlier) {sid}") for sid, data in (context or {}).items() if sid not in xml]
    graph = LinkGraph(files + extra)
    for bs in files:
        graph.check_links(bs)
    sources: list[dict[str, Any]] = []
    units: dict[str, list[Unit]] = {}
    for bs in files:
        found = units_of(graph, bs)
        units[bs.id] = found
        sources.append({"id": bs.id, "file": bs.file, "name": bs.name, "revision": bs.revision,
                        "kind": bs.kind, "units": len(found)})
    return ImportResult(sources, units, xml)


__all__ = ["BANDS", "STAT_KEYS", "ImportResult", "load", "expand_paths", "parse_bytes", "read_file"]
