"""Characteristic text of BattleScribe profiles to numbers, for both editions.

3rd edition (BSData): `8/8` is Battle-Ready/Crippled, `6(3) / 4(1)` is lead(support)
Battle-Ready / Crippled; a single value counts for both states (noted). 4th edition (New
Recruit): one value per characteristic, Speed a range `2"-7"`, a weapon value one number
per band (no support value). Text that is not a number (`Mx4 / Mx2`, `*`) stays unknown
(None) with a note naming the characteristic and the text; the raw text is kept on the card.
"""
from __future__ import annotations

import re
from typing import Any

from units.model import empty_bands, empty_stats, parse_dice

STAT_NAMES = {
    "mass": "mass", "speed": "speed", "spd": "speed", "turn": "turn", "turning": "turn", "turn limit": "turn",
    "armour": "armour", "armor": "armour", "arm": "armour", "citadel": "citadel", "cit": "citadel",
    "hull": "hull", "fray": "fray", "adv": "adv", "aerial defence": "adv", "aerial defense": "adv",
    "sdv": "sdv", "submerged defence": "sdv", "submerged defense": "sdv",
    "defence": "defence", "defense": "defence", "actions": "actions", "broadside": "broadside",
    "repair": "repair", "crew": "crew", "models": "models",
}
BAND_NAMES = {"point blank": "point_blank", "pt blank": "point_blank", "pb": "point_blank",
              "closing": "closing", "long": "long",
              "close": "close", "standard": "standard", "extreme range": "extreme", "extreme": "extreme"}
DW4_BANDS = {"close", "standard", "extreme"}
ARC_NAMES = {"arc", "fire arc", "arcs"}
QUALITY_NAMES = {"qualities", "quality", "traits", "special"}
_RANGE = re.compile(r'^\s*(\d+)\s*["”″]?\s*-\s*(\d+)\s*["”″]?\s*$')


def char_key(name: str) -> str:
    """'Standard (10"- 30")' -> 'standard'; 'Turn Limit' -> 'turn limit'; 'Extreme range(+30")' -> 'extreme range'."""
    name = re.sub(r"\(.*", "", name.replace("_", " "))
    return " ".join(name.lower().split())


def is_stat_profile(chars: dict[str, str]) -> bool:
    keys = {STAT_NAMES[n] for n in chars if n in STAT_NAMES}
    return len(keys & {"mass", "armour", "citadel", "hull"}) >= 2


def is_weapon_profile(chars: dict[str, str]) -> bool:
    return sum(1 for n in chars if n in BAND_NAMES) >= 2


def edition_of_profile(chars: dict[str, str]) -> str:
    """'dw4' when a stat or weapon profile uses 4th-edition characteristics, else 'dw3'."""
    keys = {STAT_NAMES.get(n) or BAND_NAMES.get(n) for n in chars}
    return "dw4" if keys & {"defence", "actions", "crew", *DW4_BANDS} else "dw3"


def split_states(text: str) -> tuple[str, str | None]:
    """'10(5) / 6(3)' -> ('10(5)', '6(3)'); '3/3' -> ('3', '3'); '6' -> ('6', None)."""
    parts = [p.strip() for p in text.split("/")]
    if len(parts) == 2:
        return parts[0], parts[1]
    return text.strip(), None


def to_int(text: str | None) -> int | None:
    if text is None:
        return None
    text = text.strip().rstrip('"”″').strip()
    if text == "-":
        return 0
    return int(text) if text.isdigit() else None


def read_stats(chars: dict[str, str], edition: str, notes: list[str]) -> dict[str, Any]:
    """{"battle_ready", "crippled"}: every STAT_KEYS key, None when not printed or not a number."""
    battle_ready, crippled = empty_stats(edition), empty_stats(edition)
    single: list[str] = []
    for name, raw in chars.items():
        key = STAT_NAMES.get(name)
        if key is None or key not in battle_ready or not raw:
            continue
        if key == "speed" and edition == "dw4":
            m = _RANGE.match(raw)
            if m:
                for stats in (battle_ready, crippled):
                    stats["speed_min"], stats["speed"] = int(m.group(1)), int(m.group(2))
                continue
        br_text, cr_text = split_states(raw) if edition == "dw3" else (raw, None)
        br, cr = to_int(br_text), to_int(cr_text) if cr_text is not None else None
        if br is None or (cr_text is not None and cr is None):
            notes.append(f"{key} {raw!r} is not a number{' or N/N' if edition == 'dw3' else ''}: unknown")
            continue
        battle_ready[key] = br
        if cr_text is None:
            cr = br
            single.append(key)
        crippled[key] = cr
    if single and edition == "dw3":
        notes.append("one value given for " + ", ".join(single) + ": used for both states")
    return {"battle_ready": battle_ready, "crippled": crippled}


def read_weapon(name: str, chars: dict[str, str], edition: str, notes: list[str]) -> dict[str, Any]:
    """A weapon row: bands (lead/support per state), arc, qualities, and the printed text."""
    bands = empty_bands(edition)
    for char_name, raw in chars.items():
        band = BAND_NAMES.get(char_name)
        if band is None or band not in bands or not raw:
            continue
        if edition == "dw4":
            value = to_int(raw)
            if value is None:
                notes.append(f"{name}: {char_name} {raw!r} is not a number: unknown")
                continue
            for state in ("battle_ready", "crippled"):
                bands[band][state] = {"lead": value, "support": None}
            continue
        br_text, cr_text = split_states(raw)
        br = parse_dice(br_text)
        cr = parse_dice(cr_text) if cr_text is not None else br
        if br is None or cr is None:
            notes.append(f"{name}: {char_name} {raw!r} is not lead(support) / lead(support): unknown")
            continue
        if cr_text is None:
            notes.append(f"{name}: one {char_name} value given: used for both states")
        bands[band]["battle_ready"] = {"lead": br[0], "support": br[1]}
        bands[band]["crippled"] = {"lead": cr[0], "support": cr[1]}
    arc = next((v for k, v in chars.items() if k in ARC_NAMES and v and v != "-"), None)
    qualities_text = next((v for k, v in chars.items() if k in QUALITY_NAMES and v), "")
    return {"name": name, "arc": arc, "qualities": split_list(qualities_text), "bands": bands}


def split_list(text: str) -> list[str]:
    """'Gunnery, Piercing (1)' -> ['Gunnery', 'Piercing (1)']; commas inside brackets stay."""
    out: list[str] = []
    depth, current = 0, ""
    for ch in text.replace(";", ","):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth <= 0:
            out.append(current)
            current = ""
        else:
            current += ch
    out.append(current)
    cleaned = [" ".join(item.replace("**", "").split()) for item in out]
    return [item for item in cleaned if item and item != "-"]
