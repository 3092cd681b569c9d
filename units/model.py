"""The profile shape shared by every source: JSON-ready dicts, null for unknown values.

A unit is `{"name", "faction", "source", "version", "aliases", "stats", "weapons", "rules",
"notes"}`; `stats` has `battle_ready` and `crippled`, each with every key of STAT_KEYS;
a weapon has `bands` with every key of BANDS, each with both states' `lead`/`support`.
A dash on a card ("- (-)") is 0: the weapon cannot fire (or support) at that band; None
means the value is not printed or not recoverable.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

STAT_KEYS_DW3 = ("mass", "speed", "turn", "armour", "citadel", "hull", "fray", "adv", "sdv")
# 4th edition: no Citadel, Fray, ADV/SDV; Speed is a range (speed_min-speed); one value per stat.
STAT_KEYS_DW4 = ("mass", "speed_min", "speed", "turn", "defence", "armour", "hull", "actions", "broadside",
                 "repair", "crew", "models")
STAT_KEYS = tuple(dict.fromkeys([*STAT_KEYS_DW3, *STAT_KEYS_DW4]))
STAT_LABELS = {"mass": "Mass", "speed": "Speed", "turn": "Turn", "armour": "Armour", "citadel": "Citadel",
               "hull": "Hull", "fray": "Fray", "adv": "ADV", "sdv": "SDV", "speed_min": "Speed (min)",
               "defence": "Defence", "actions": "Actions", "broadside": "Broadside", "repair": "Repair",
               "crew": "Crew", "models": "Models"}
BANDS = ("point_blank", "closing", "long")
BANDS_DW4 = ("close", "standard", "extreme")
EDITION_BANDS = {"dw3": BANDS, "dw4": BANDS_DW4}
EDITION_STATS = {"dw3": STAT_KEYS_DW3, "dw4": STAT_KEYS_DW4}
EDITION_LABELS = {"dw3": "3rd edition", "dw4": "4th edition"}
BAND_LABELS = {"point_blank": "Point Blank", "closing": "Closing", "long": "Long",
               "close": "Close", "standard": "Standard", "extreme": "Extreme"}
STATES = ("battle_ready", "crippled")

Stats = dict[str, int | None]
Unit = dict[str, Any]
Weapon = dict[str, Any]


def empty_stats(edition: str = "dw3") -> Stats:
    """Every characteristic of the edition's stat line, None (unknown)."""
    return dict.fromkeys(EDITION_STATS[edition])


def empty_bands(edition: str = "dw3") -> dict[str, dict[str, dict[str, int | None]]]:
    return {band: {state: {"lead": None, "support": None} for state in STATES} for band in EDITION_BANDS[edition]}


def unit_edition(unit: Unit) -> str:
    """'dw3' or 'dw4': cards written before editions were recorded are 3rd-edition cards."""
    return str(unit.get("edition") or "dw3")


def weapon_bands(weapon: Weapon) -> tuple[str, ...]:
    """The band keys a weapon row uses (its edition's three bands)."""
    return tuple(weapon["bands"])


def name_key(text: str) -> str:
    """Case-, accent- and punctuation-blind key: 'Borodino-class  Battleship' -> 'borodino class battleship'."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


# "Borodino" names the "Borodino Battleship" card: a class name without its ship type.
SHIP_TYPES = ("battleship", "cruiser", "frigate", "destroyer", "dreadnought", "carrier", "corvette",
              "escort", "battlecruiser", "monitor", "gunship", "submarine", "bomber", "fortress",
              "control ship", "generator ship", "heavy cruiser", "light cruiser", "battle carrier",
              "squadron", "class", "platform", "heavy battleship", "fleet carrier", "sky fortress",
              "support vessel", "special operations vessel", "battle cruiser", "heavy carrier",
              "assault carrier", "destroyer squadron", "frigate squadron", "corvette squadron",
              "escort carrier", "submarine squadron", "dreadnought class", "battleship class", "automata")


def lookup_keys(name: str, aliases: list[str]) -> list[str]:
    """Every key a unit is found by: its name, its aliases, and its name without its type words
    ('Lovelace Cruiser Squadron' -> 'lovelace cruiser', 'lovelace'; 'Borodino-class' -> 'borodino')."""
    keys = [name_key(name), *(name_key(a) for a in aliases)]
    base = keys[0]
    stripped = True
    while stripped:
        stripped = False
        for kind in sorted(SHIP_TYPES, key=len, reverse=True):
            if base.endswith(" " + kind) and len(base) > len(kind) + 1:
                base = base[: -len(kind) - 1]
                keys.append(base)
                stripped = True
                break
    if base.startswith("the ") and len(base) > 4:
        keys.append(base[4:])
    return [k for k in dict.fromkeys(keys) if k]


_CYRILLIC = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
             "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
             "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y",
             "ь": "", "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye"}


def transliterations(key: str) -> list[str]:
    """Latin spellings of a Cyrillic name key ('ловелас' -> 'lovelas', 'lovelace'); [] for Latin text.

    One table (the common Russian-to-English one) plus the spellings English names use for the
    same sounds: final 's' as 'ce', 'ks' as 'x', 'kh' as 'h', 'ts' as 'z'."""
    if not any("\u0400" <= ch <= "\u04ff" for ch in key):
        return []
    base = "".join(_CYRILLIC.get(ch, ch) for ch in key)
    variants = [base, re.sub(r"s\b", "ce", base), base.replace("ks", "x"), base.replace("kh", "h"),
                base.replace("ts", "z"), base.replace("iy", "y")]
    return [v for v in dict.fromkeys(variants) if v != key]


def airborne(unit: Unit) -> bool:
    """An Airborne (dw4) or Aerial (dw3) unit, by its card's keywords."""
    traits = " ".join(unit.get("keywords") or []).lower()
    return "airborne" in traits or "aerial" in traits


def unit_label(unit: Unit) -> str:
    """'Lovelace Cruiser (Enlightened, 3rd edition: Enlightened v3.06 (BattleScribe), revision 26)': names the
    faction, edition, source and version (the quick reference's version already names its edition)."""
    faction = f"{unit['faction']}, " if unit.get("faction") else ""
    if unit.get("edition_label"):
        return f"{unit['name']} ({faction}{unit['edition_label']}: {unit['source']}, {unit['version']})"
    return f"{unit['name']} ({faction}{unit['source']}, {unit['version']})"


_DICE = re.compile(r"^\s*(-|\d+)\s*(?:\(\s*(-|\d+)\s*\))?\s*$")


def parse_dice(text: str) -> tuple[int | None, int | None] | None:
    """'10(5)' -> (10, 5); '- (-)' -> (0, 0); '8 (-)' -> (8, 0); '6' -> (6, None); other text -> None."""
    m = _DICE.match(text)
    if not m:
        return None
    lead = 0 if m.group(1) == "-" else int(m.group(1))
    if m.group(2) is None:
        return lead, None
    support = 0 if m.group(2) == "-" else int(m.group(2))
    return lead, support


def title_case(text: str) -> str:
    """'HEAVY GUN BATTERY' -> 'Heavy Gun Battery'; keeps short all-caps words like 'SRS'."""
    words = []
    for word in text.split():
        words.append(word if word in {"SRS", "ADV", "SDV", "PC"} else word[:1] + word[1:].lower())
    return " ".join(words)
