"""The quick reference's unit cards (end of corpus/dw3-quick-reference.txt) as profiles.

The PDF's text extraction lost the card icons and printed each card's stat block, weapon
table and (mostly) its rules *before* its title line; a squadron card is printed once per
model. So the cards are read like this, and the reading is checked by the tests:
- a title is an all-caps name line followed by its keyword line ("ENLIGHTENED, CRUISER, …");
- between two title groups, whatever comes before the first stat block (rules only) still
  belongs to the title group above it (Merian's rules follow its title); everything from the
  first stat block on belongs to the title group below it;
- identical copies (squadron repeats) are merged; when a title group names two different
  cards (The Prometheus / Descartes Control Ship), the i-th distinct stat block and weapon
  table go to the i-th title, and the rules are split after each card's REPAIR section.
- the Crippled stat row prints only the values that change, one blank column per unchanged
  value; a value left blank is taken as unchanged (and noted), a row that cannot be read
  column by column leaves the Crippled stats unknown (None).
Profiles are parsed from the corpus on first use (a few ms), never stored.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus.icons import LOST_FACE, mark_lost_icons
from units.model import BANDS, Stats, Unit, empty_bands, empty_stats, parse_dice, title_case

SOURCE = "dw3 quick reference"
DOCUMENT_ID = "dw3-quick-reference"
FILE_NAME = "dw3-quick-reference.txt"
DEFAULT_VERSION = "3rd edition, early 3.0x"

_STATS_HEADER = re.compile(r"^\s*MASS SPD TURN\s+ARM HULL CIT FRAY ADV / SDV\s*$")
_WEAPON_HEADER = re.compile(r"^\s*WEAPON FIRE ARC PT BLANK CLOSING LONG QUALITIES\s*$")
_BAND = r"(?:\d+|-)\s*\((?:\d+|-)\)"
_WEAPON_ROW = re.compile(
    rf"^\s*(?P<name>[A-Z][A-Za-z' \-]*?)\s+(?P<arc>360\S*|P & S|[FAPS](?:\s*/\s*[FAPS])*)\s+"
    rf"(?P<b1>{_BAND})\s+(?P<b2>{_BAND})\s+(?P<b3>{_BAND})\s*(?P<q>.*?)\s*$")
_CRIPPLED_ROW = re.compile(r"^\s*CRIPPLED\b(?P<rest>.*)$")
_BAND_VALUE = re.compile(_BAND)
_QUALITY_CONTINUATION = re.compile(r"^\s{3,}[A-Z][A-Z ,]+\s*$")
_KEYWORDS = re.compile(r"^[A-Z][A-Z &'\-]*(,\s*[A-Z][A-Z &'\-]*)+\s*$")
_CAPS_LINE = re.compile(r"^[A-Z][A-Z &'\-]*[A-Z]\s*$")
_STAT_ROW = re.compile(r"^[\d /]+$")
# The card's column order (MASS SPD TURN ARM HULL CIT FRAY ADV / SDV), not STAT_KEYS' order.
CARD_COLUMNS = ("mass", "speed", "turn", "armour", "hull", "citadel", "fray", "adv", "sdv")


@dataclass
class _Rule:
    category: str | None
    name: str
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Lines joined into paragraphs (a blank line ends one), paragraphs by newlines."""
        paragraphs: list[str] = []
        current: list[str] = []
        for line in [*self.lines, ""]:
            if line.strip():
                current.append(line.strip())
            elif current:
                paragraphs.append(" ".join(current))
                current = []
        return "\n".join(paragraphs)

    @property
    def icons_lost(self) -> bool:
        """A die-face icon left a gap (two spaces inside a line, or a space before ';'/'.'), or the
        gap is marked (corpus.icons.LOST_FACE)."""
        return any(re.search(r"\S  +\S|\s[;.,]|^\s+\S", line) or LOST_FACE in line
                   for line in self.lines if line.strip())


@dataclass
class _Segment:
    """What lies between two title groups, in order."""

    stats: list[tuple[str, str | None]] = field(default_factory=list)  # (battle-ready row, crippled row)
    weapons: list[list[dict[str, Any]]] = field(default_factory=list)
    rules: list[_Rule] = field(default_factory=list)
    rules_before_stats: list[_Rule] = field(default_factory=list)


def _is_title_case(line: str) -> bool:
    words = line.split()
    return 0 < len(words) <= 5 and all(w[0].isupper() or w[0].isdigit() for w in words) \
        and not line.rstrip().endswith((".", ",", ";", ":"))


def _weapon(m: re.Match[str]) -> dict[str, Any]:
    bands = empty_bands()
    for band, key in zip(BANDS, ("b1", "b2", "b3"), strict=True):
        dice = parse_dice(m.group(key))
        assert dice is not None
        bands[band]["battle_ready"] = {"lead": dice[0], "support": dice[1]}
    arc = m.group("arc").replace("º", "°")
    arc = "360°" if arc.startswith("360") else arc
    qualities = [title_case(q.strip()) for q in m.group("q").split(",") if q.strip()]
    return {"name": m.group("name").strip(), "arc": arc, "qualities": qualities, "bands": bands,
            "default": True, "option": None}


def _apply_crippled(group: list[dict[str, Any]], rest: str) -> None:
    """A CRIPPLED row gives the Crippled values of every weapon since the previous one, band by band."""
    values = [parse_dice(v) for v in _BAND_VALUE.findall(rest)]
    for weapon in group:
        for i, band in enumerate(BANDS):
            br = weapon["bands"][band]["battle_ready"]
            if i < len(values) and values[i] is not None:
                lead, support = values[i]  # type: ignore[misc]
                weapon["bands"][band]["crippled"] = {"lead": lead, "support": support}
            elif br["lead"] == 0:  # "- (-)" when battle ready: no better once crippled
                weapon["bands"][band]["crippled"] = {"lead": 0, "support": 0}


def _parse_weapon_table(lines: list[str], start: int) -> tuple[list[dict[str, Any]], int]:
    weapons: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    i = start
    while i < len(lines):
        line = lines[i]
        m = _WEAPON_ROW.match(line)
        crippled = _CRIPPLED_ROW.match(line)
        if m:
            weapon = _weapon(m)
            weapons.append(weapon)
            pending.append(weapon)
        elif crippled:
            _apply_crippled(pending, crippled.group("rest"))
            pending = []
        elif weapons and _QUALITY_CONTINUATION.match(line):
            weapons[-1]["qualities"].extend(title_case(q.strip()) for q in line.split(",") if q.strip())
        elif line.strip():
            break
        i += 1
    return weapons, i


def _read_stats(br_row: str, crippled_row: str | None) -> tuple[Stats, Stats, list[str]]:
    notes: list[str] = []
    battle_ready = empty_stats()
    values = br_row.replace("/", " ").split()
    if len(values) == len(CARD_COLUMNS):
        battle_ready.update({k: int(v) for k, v in zip(CARD_COLUMNS, values, strict=True)})
    else:
        notes.append("the Battle-Ready stat row could not be read column by column: stats unknown")
        return battle_ready, empty_stats(), notes
    crippled = empty_stats()
    if crippled_row is None:
        notes.append("no Crippled stat row is printed on the card: Crippled stats unknown")
        return battle_ready, crippled, notes
    # one leading space per row, then one blank cell per unchanged value: "  7 4   9  3 / 3"
    cells = crippled_row.rstrip()[1:].replace(" / ", " ").split(" ")
    readable = len(cells) == len(CARD_COLUMNS) and all(c == "" or c.isdigit() for c in cells)
    if readable:
        for key, cell in zip(CARD_COLUMNS, cells, strict=True):
            value = int(cell) if cell else battle_ready[key]
            br = battle_ready[key]
            if br is not None and value is not None and value > br:  # crippling never improves a stat
                readable = False
                break
            crippled[key] = value
    if not readable:
        notes.append("the Crippled stat row could not be read column by column: Crippled stats unknown")
        return battle_ready, empty_stats(), notes
    unchanged = [k for k, c in zip(CARD_COLUMNS, cells, strict=True) if not c]
    if unchanged:
        notes.append("Crippled " + ", ".join(unchanged) + " are blank on the card (icons lost in extraction): "
                     "read as unchanged from Battle-Ready")
    return battle_ready, crippled, notes


def card_region_start(lines: list[str]) -> int | None:
    """The line where the cards begin: the first stat-block header. The rules come before it, only
    cards after it (rule search leaves this region to the card reader: index/unitcards.py)."""
    return next((i for i, line in enumerate(lines) if _STATS_HEADER.match(line)), None)


def _scan(lines: list[str]) -> list[tuple[str, Any]]:
    """The card region as events: ('title', (name, keywords)), ('stats', …), ('weapons', …), ('rule', _Rule)."""
    events: list[tuple[str, Any]] = []
    first = card_region_start(lines)
    if first is None:
        return events
    i = first
    category: str | None = None
    rule: _Rule | None = None
    after_break = True
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if _STATS_HEADER.match(line):
            rule = None
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            br = lines[j] if j < len(lines) else ""
            below = lines[j + 1].strip() if j + 1 < len(lines) else ""
            cr = lines[j + 1] if below and _STAT_ROW.match(below) else None
            events.append(("stats", (br.strip(), cr)))
            i = j + (2 if cr else 1)
            continue
        if _WEAPON_HEADER.match(line):
            rule = None
            weapons, i = _parse_weapon_table(lines, i + 1)
            events.append(("weapons", weapons))
            continue
        if _CAPS_LINE.match(stripped) and _KEYWORDS.match(nxt):
            rule, category = None, None
            events.append(("title", (title_case(stripped), [k.strip() for k in nxt.split(",")])))
            i += 2
            continue
        if _CAPS_LINE.match(stripped) and not _KEYWORDS.match(nxt) and stripped == stripped.upper() \
                and len(stripped.split()) <= 3:
            category, rule, after_break = stripped, None, True
            i += 1
            continue
        if not stripped:
            after_break = True
            if rule is not None:
                rule.lines.append("")
            i += 1
            continue
        if after_break and _is_title_case(stripped):
            rule = _Rule(category, stripped)
            events.append(("rule", rule))
        elif rule is not None:
            rule.lines.append(line)
        after_break = False
        i += 1
    return events


def _segments(events: list[tuple[str, Any]]) -> tuple[list[list[tuple[str, list[str]]]], list[_Segment]]:
    """Title groups and the segments around them: segments[k] lies before title group k."""
    groups: list[list[tuple[str, list[str]]]] = []
    segments: list[_Segment] = [_Segment()]
    in_titles = False
    for kind, value in events:
        if kind == "title":
            if not in_titles:
                groups.append([])
                segments.append(_Segment())
            in_titles = True
            if value[0] not in [name for name, _ in groups[-1]]:
                groups[-1].append(value)
            continue
        in_titles = False
        seg = segments[-1]
        if kind == "stats":
            if (value[0], value[1]) not in seg.stats:
                seg.stats.append(value)
        elif kind == "weapons":
            if value not in seg.weapons:
                seg.weapons.append(value)
        elif kind == "rule":
            (seg.rules if seg.stats else seg.rules_before_stats).append(value)
    return groups, segments


def _dedupe_rules(rules: list[_Rule]) -> list[_Rule]:
    seen: set[tuple[str, str]] = set()
    out = []
    for rule in rules:
        key = (rule.name, rule.text)
        if key not in seen:
            seen.add(key)
            out.append(rule)
    return out


def _split_rules(rules: list[_Rule], cards: int) -> list[list[_Rule]] | None:
    """Rules of `cards` different cards printed in a row: each card's list ends with its REPAIR section."""
    if cards == 1:
        return [rules]
    groups: list[list[_Rule]] = [[]]
    for rule in rules:
        if groups[-1] and groups[-1][-1].category == "REPAIR" and rule.category != "REPAIR":
            groups.append([])
        groups[-1].append(rule)
    return groups if len(groups) == cards else None


def parse_cards(text: str, version: str = DEFAULT_VERSION) -> list[Unit]:
    """Every unit card of the quick reference as a profile (see the module docstring for the reading)."""
    groups, segments = _segments(_scan(text.splitlines()))
    units: list[Unit] = []
    for k, titles in enumerate(groups):
        before, after = segments[k], segments[k + 1]
        stats = before.stats
        weapons = before.weapons
        rules_split = _split_rules(_dedupe_rules(before.rules), len(titles))
        extra_rules = _dedupe_rules(after.rules_before_stats)
        for n, (name, keywords) in enumerate(titles):
            notes: list[str] = []
            if n < len(stats):
                br, cr, stat_notes = _read_stats(*stats[n])
                notes.extend(stat_notes)
            else:
                br, cr = empty_stats(), empty_stats()
                notes.append("no stat block could be matched to this card: stats unknown")
            unit_weapons = [dict(w, bands={b: dict(s) for b, s in w["bands"].items()})
                            for w in (weapons[n] if n < len(weapons) else [])]
            if not unit_weapons:
                notes.append("no weapon table could be matched to this card")
            for weapon in unit_weapons:
                missing = [b for b in BANDS if weapon["bands"][b]["crippled"]["lead"] is None]
                if missing:
                    notes.append(f"{weapon['name']} ({weapon['arc']}): no Crippled values printed: unknown")
            if rules_split is None:
                card_rules = _dedupe_rules(before.rules)
                notes.append("the rules printed for this title group could not be split between its cards: "
                             "all are listed")
            else:
                card_rules = rules_split[n]
            card_rules = card_rules + extra_rules
            rules = []
            for rule in card_rules:
                rules.append({"name": rule.name, "category": title_case(rule.category) if rule.category else None,
                              "text": rule.text, "citation": f"{SOURCE} unit card › {name} › {rule.name}"})
                if rule.icons_lost:
                    notes.append(f"rule {rule.name!r}: die-face icons were lost in extraction; "
                                 "the text has gaps where they stood")
            faction = title_case(keywords[0]) if keywords else None
            aliases = [title_case(k[: -len(" CLASS")]) for k in keywords if k.endswith(" CLASS")]
            if name.startswith("The "):
                aliases.append(name[4:])
            aliases.append(name.split()[0] if not name.startswith("The ") else name.split()[1])
            units.append({
                "name": name, "faction": faction, "source": SOURCE, "version": version,
                "source_file": FILE_NAME, "keywords": [title_case(k) for k in keywords],
                "aliases": list(dict.fromkeys(a for a in aliases if a != name)),
                "stats": {"battle_ready": br, "crippled": cr},
                "weapons": unit_weapons, "rules": rules, "notes": list(dict.fromkeys(notes)),
            })
    return units


PARSER_VERSION = 2  # bump when the reading above changes: cached profiles are then rebuilt
# (rule search indexes the cards' rules too: bump index/chunking.CHUNKER_VERSION with it)
CACHE_NAME = "units-quickref.json"


def load_quick_reference(corpus_dir: Path, cache_dir: Path | None = None) -> list[Unit]:
    """Profiles from the corpus copy of the quick reference; its version from the manifest.

    With `cache_dir`, the parsed cards are kept there as JSON, keyed by the size and mtime of the
    quick reference and the manifest, so a cold start reads JSON instead of parsing (~30 ms)."""
    import json
    import os

    from units.errors import UnitDataError

    path = corpus_dir / FILE_NAME
    try:
        stamps = [PARSER_VERSION] + [[p.stat().st_size, p.stat().st_mtime_ns]
                                     for p in (path, corpus_dir / "manifest.toml") if p.exists()]
        stamp = json.dumps(stamps + [str(path)])
    except OSError:
        stamp = None
    cache = cache_dir / CACHE_NAME if cache_dir is not None else None
    if cache is not None and stamp is not None:
        try:
            cached = json.loads(cache.read_text(encoding="utf-8"))
            if cached.get("stamp") == stamp:
                return list(cached["units"])
        except (OSError, ValueError, AttributeError):
            pass
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UnitDataError(f"cannot read the quick reference {path}: {exc.strerror}", "corpus") from exc
    units = parse_cards(mark_lost_icons(text), _version(corpus_dir))  # the card text shows where a face was lost
    if cache is not None and stamp is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f"{cache.name}.tmp-{os.getpid()}")
            tmp.write_text(json.dumps({"stamp": stamp, "units": units}), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass  # a read-only data dir: parse again next time
    return units


def _version(corpus_dir: Path) -> str:
    import tomllib

    try:
        manifest = tomllib.loads((corpus_dir / "manifest.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return DEFAULT_VERSION
    for doc in manifest.get("document", []):
        if doc.get("id") == DOCUMENT_ID and doc.get("version"):
            return str(doc["version"])
    return DEFAULT_VERSION
