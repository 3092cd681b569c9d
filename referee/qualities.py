"""Parsing weapon qualities: names in English or Russian, dw4 values as `piercing:2`."""
from __future__ import annotations

import re

from referee.errors import InputError
from referee.rulesets.base import Ruleset

ALIASES = {
    "extreme range": "extreme-range", "ext range": "extreme-range", "ext rng": "extreme-range",
    "extreme": "extreme-range", "high velocity": "high-velocity", "hv": "high-velocity",
    "hazard": "hazardous",
    # dw4 Critical Damage qualities: short and US spellings
    "structural": "structural-failure", "system": "system-failure", "shredded": "shredded-defences",
    "shredded defenses": "shredded-defences", "nav lock": "navigation-lock",
    # Russian names from the dw3 rulebook's quality list
    "воздушное": "aerial", "дуговое": "arc", "взрыв": "blast", "бомба": "bomb",
    "бортовые батареи": "broadside", "разрушительное": "devastating", "дальнобойное": "extreme-range",
    "скорострельное": "fusillade", "главный калибр": "gunnery", "артиллерийское": "gunnery",
    "угрожающее": "hazardous", "высокая скорость снаряда": "high-velocity",
    "самонаводящееся": "homing", "неприцельный обстрел": "indirect", "ограниченное": "limited",
    "магнитное": "magnetic", "бронепробивное": "piercing", "бронебойное": "piercing",
    "таранное": "ramming", "подводное": "submerged", "непрерывный огонь": "sustained",
    "непрерывное": "sustained", "торпеда": "torpedo", "конус поражения": "torrent",
    # players' words
    "torps": "torpedo", "torp": "torpedo", "быстрые снаряды": "high-velocity", "высокоскоростное": "high-velocity",
    "самонаводящиеся": "homing",
}

LOWEST_WINS = {"torrent"}
NO_MATHS = {"blast", "torrent", "broadside", "limited", "extreme-range", "ramming"}


def parse_qualities(raw: list[str], rs: Ruleset) -> dict[str, int]:
    """{quality id: X} (X = 1 when the quality has no value)."""
    out: dict[str, int] = {}
    for item in raw:
        text = item.strip().lower().replace("_", " ")
        m = re.fullmatch(r"(.+?)\s*(?:[:=(]\s*|\s+)(\d+)\s*\)?", text)
        value = 1
        if m:
            text, value = m.group(1).strip(), int(m.group(2))
        key = ALIASES.get(text, text.replace(" ", "-"))
        if key not in rs.qualities:
            raise InputError(
                f"quality: {item.strip()[:30]!r} is not a quality the {rs.id} calculator knows "
                f"(known: {', '.join(sorted(rs.qualities))})", "quality",
                             ru=f"quality: {item.strip()[:30]!r} — свойство, которого калькулятор {rs.id} не знает "
                                f"(известны: {', '.join(sorted(rs.qualities))})")
        if value < 0 or value > 50:
            raise InputError(f"quality: {item.strip()[:30]!r} has an out-of-range value", "quality",
                             ru=f"quality: у {item.strip()[:30]!r} значение вне допустимого")
        if key in out and rs.family == "dw4":
            # GL: Rail, Piercing ... "their X values are combined"; Torrent: "the lowest X value ... is used"
            out[key] = min(out[key], value) if key in LOWEST_WINS else out[key] + value
        else:
            out[key] = value
    return out
