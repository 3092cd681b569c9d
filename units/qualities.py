"""Weapon quality text from unit data to the referee's quality tokens, with a note for the rest.

The data spells qualities many ways: case ("GUNNERY"), typos seen in the BattleScribe files
("Aereal", "Susteined", "Failiure", "Hazard (2" without its bracket), compound forms
("Ramming 12/10" = Battle-Ready/Crippled values, "Extreme Range/Limited", "Torrent (Small)",
"Sustained (Aerial Units)" = only against those targets), values ("Piercing (1)" -> piercing:1)
and the 1st/2nd markers a weapon's alternative profiles carry ("Gunnery 1st", "Aerial (Front
First)"). A quality the calculator of the chosen ruleset does not model is named in a note and
left out: the attack still resolves.
"""
from __future__ import annotations

import re
from typing import Any

from units.messages import say
from units.model import name_key

TYPOS = {"aereal": "aerial", "susteined": "sustained", "failiure": "failure", "leithal": "lethal",
         "starbord": "starboard"}
ALIASES = {"extreme range": "extreme-range", "ext range": "extreme-range", "high velocity": "high-velocity",
           "hazard": "hazardous", "navigation lock": "navigation-lock", "structural failure": "structural-failure",
           "system failure": "system-failure", "shredded defences": "shredded-defences",
           "shredded defenses": "shredded-defences"}
_ORDINAL = re.compile(r"\s*\(?\s*(?:(?:front|rear|port|starboard)\s+)?"
                      r"(?:first|second|third|forth|fourth|1st|2nd|3rd|3nd|4th)\s*\)?\s*$")
_VALUE = re.compile(r"^(?P<base>.+?)\s*\((?P<inner>[^()]*)\)$")
_RAMMING = re.compile(r"^ramming\s*\(?\s*(\d+)\s*(?:/\s*(\d+))?\s*\)?$")


def known_qualities(ruleset: str) -> set[str]:
    """The quality ids the referee's calculator for `ruleset` models."""
    from referee.rulesets import get

    return set(get(ruleset).qualities)


def _clean(text: str) -> str:
    text = " ".join(text.replace("**", "").replace("_", " ").split()).lower()
    if text.count("(") > text.count(")"):
        text += ")"
    for typo, right in TYPOS.items():
        text = re.sub(rf"\b{typo}\b", right, text)
    return re.sub(r"^[a-z]\s+(?=[a-z]{4,})", "", text)  # 'd Submerged': a stray letter before the name


def _target_words(target: Any) -> set[str]:
    if not target:
        return set()
    words: set[str] = set()
    for keyword in [*(target.get("keywords") or []), target.get("name") or ""]:
        for word in name_key(keyword).split():
            words.add(word.rstrip("s"))
    return words


def normalise(raw: list[str], ruleset: str, crippled: bool = False,
              target: Any = None, lang: str = "en") -> tuple[list[str], list[str]]:
    """(referee quality tokens, notes in `lang`) for a weapon's printed qualities under `ruleset`."""
    known = known_qualities(ruleset)
    dw4 = ruleset.startswith("dw4")
    tokens: list[str] = []
    notes: list[str] = []
    queue = [q for q in raw if q and q.strip()]
    while queue:
        printed = queue.pop(0)
        text = _clean(printed)
        if _ORDINAL.search(text) and _ORDINAL.sub("", text):
            text = _ORDINAL.sub("", text)  # which of the weapon's profiles: not a quality of its own
        ram = _RAMMING.match(text)
        if ram:
            text = f"ramming ({int(ram.group(2) if crippled and ram.group(2) else ram.group(1))})"
        if "/" in text and not ram:
            parts = [p.strip() for p in text.split("/")]
            if all(parts) and not any(p.isdigit() for p in parts):
                queue[:0] = parts
                continue
        value: int | None = None
        condition: str | None = None
        m = _VALUE.match(text)
        if m:
            text, inner = m.group("base").strip(), m.group("inner").strip()
            if inner.isdigit():
                value = int(inner)
            elif inner:
                condition = inner
        text = text.split(":")[0].strip()
        key = ALIASES.get(text, text.replace(" ", "-"))
        if key not in known:
            notes.append(say("units.q.unknown", lang, quality=printed.strip(), ruleset=ruleset))
            continue
        if condition is not None:
            wanted = {w.rstrip("s") for w in name_key(condition).split() if w not in ("unit", "units", "and", "only")}
            if key in ("torrent",) or not wanted:
                notes.append(say("units.q.condition_ignored", lang, quality=printed.strip(), condition=condition,
                                 key=key))
            elif target is None:
                notes.append(say("units.q.as_given", lang, quality=printed.strip(), condition=condition))
            elif wanted & _target_words(target):
                notes.append(say("units.q.applies", lang, quality=printed.strip(), condition=condition))
            else:
                notes.append(say("units.q.not_this_target", lang, quality=printed.strip(), condition=condition))
                continue
        token = key if value is None or (not dw4 and key != "ramming") else f"{key}:{value}"
        if token not in tokens:
            tokens.append(token)
    return tokens, notes


def ramming_value(qualities: list[str], crippled: bool = False) -> int | None:
    """X of 'Ramming (X)', 'Ramming X' or 'Ramming 12/10' (the second value when Crippled)."""
    for printed in qualities:
        m = _RAMMING.match(_clean(printed))
        if m:
            return int(m.group(2) if crippled and m.group(2) else m.group(1))
    return None
