"""Free-text descriptions (English or Russian) -> parameters. Explicit flags override these."""
from __future__ import annotations

import re
from typing import Any

from referee.qualities import ALIASES as QUALITY_ALIASES

NUM = r"(\d+(?:[.,]\d+)?)"

# (pattern, parameter) for "<word> <number>" and "<number> <word>" forms, per action.
_WORD_NUMBER = {
    "attack": [
        (r"(?:armou?r|брон[яиеюё]\w*|arm)", "armour"),
        (r"(?:citadel|цитадел\w*|cit)", "citadel"),
        (r"(?:defen[cs]e|adv|sdv|защит\w*|оборон\w*|resistance)", "defence"),
        (r"(?:mass|масс\w*)", "mass"),
        (r"(?:hull|корпус\w*)", "hull"),
        (r"(?:lead|ведущ\w*)", "lead"),
        (r"(?:escorts?|эскорт\w*)", "escorts"),
        (r"(?:damage taken|taken|получено)", "damage_taken"),
        (r"(?:shield dice)", "shield_dice"),
    ],
    "assault": [
        (r"(?:fray|абордаж\w*)", "fray"),
        (r"(?:support(?:ing)?(?: models)?|поддерж\w*)", "support"),
        (r"(?:target citadel|citadel|цитадел\w*)", "target_citadel"),
        (r"(?:adv)", "target_adv"), (r"(?:sdv)", "target_sdv"),
        (r"(?:srs)", "srs"),
        (r"(?:escorts?|эскорт\w*)", "escorts"),
        (r"(?:defences|defense rating|защит\w*)", "target_defences"),
        (r"(?:crew|экипаж\w*)", "target_crew"),
        (r"(?:target mass|mass|масс\w*)", "target_mass"),
    ],
    "ram": [
        (r"(?:hull|корпус\w*)", "hull"),
        (r"(?:ramming|таран\w*)", "ramming"),
        (r"(?:rammer mass)", "rammer_mass"),
        (r"(?:armou?r|брон\w*)", "target_armour"),
        (r"(?:citadel|цитадел\w*)", "target_citadel"),
        (r"(?:target mass|mass|масс\w*)", "target_mass"),
        (r"(?:crew|экипаж\w*)", "crew"),
        (r"(?:heavy prow)", "heavy_prow"),
        (r"(?:bonus)", "bonus"),
    ],
}

_DICE = r"(?:dice|die|d6|куб\w*|кост\w*)"
_INCHES = r"(?:\"|”|''|inch(?:es)?|in\b|дюйм\w*)"


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _int_or_float(v: float) -> Any:
    return int(v) if float(v).is_integer() else v


def parse_description(action: str, text: str) -> dict[str, Any]:
    """Pick numbers and keywords out of a sentence; unknown words are ignored."""
    t = " " + text.lower().replace("ё", "е") + " "
    out: dict[str, Any] = {}
    for pattern, name in _WORD_NUMBER.get(action, []):
        m = re.search(pattern + r"\s*(?:[:=]|of|is|-)?\s*" + NUM, t)
        if m and name not in out:
            out[name] = _int_or_float(_num(m.group(1)))
    if action in ("attack", "assault"):
        m = re.search(NUM + r"\s*" + _DICE, t)
        if m and action == "attack":
            out.setdefault("dice", int(_num(m.group(1))))
    if action == "attack":
        m = re.search(NUM + r"\s*" + _INCHES, t) or re.search(r"(?:range|дистанц\w*)\s*" + NUM, t)
        if m:
            out["distance"] = _num(m.group(1))
        for words, band in ((r"point[- ]blank|ближн", "point-blank"), (r"\bclosing\b|средн", "closing"),
                            (r"\blong range\b|\blong\b|дальн(?:яя|ей) дистанц", "long")):
            if re.search(words, t) and "distance" not in out:
                out["range"] = band
        if re.search(r"obscured|скрыт", t):
            out["obscured"] = True
        if re.search(r"shield generator|генератор\w* щита|\bshield\b|\bщит\b", t):
            out["shield"] = True
        for trait, words in (("aerial", r"aerial target|воздушн\w* цел"),
                             ("submerged", r"submerged target|подводн\w* цел"),
                             ("ground", r"ground target|наземн\w* цел")):
            if re.search(words, t):
                out["target_type"] = trait
        qualities = []
        for word, key in sorted(_quality_words().items(), key=lambda kv: -len(kv[0])):
            if re.search(r"(?<![\w-])" + re.escape(word) + r"(?:\s*\(?(\d+)\)?)?(?![\w-])", t):
                m = re.search(r"(?<![\w-])" + re.escape(word) + r"\s*\(?(\d+)\)?", t)
                if key not in [q.split(":")[0] for q in qualities]:
                    qualities.append(f"{key}:{m.group(1)}" if m and key in ("piercing", "devastating",
                                                                            "high-velocity") else key)
                t = t.replace(word, " ")
        if qualities:
            out["quality"] = qualities
    if action == "ram":
        m = re.search(r"(?:moved|moves|after|прош\w*|двигал\w*)?\s*" + NUM + r"\s*" + _INCHES, t)
        if m:
            out["inches"] = _num(m.group(1))
    if action == "assault":
        m = re.search(r"(?:boarding parties|boarding)\s*\(?" + NUM, t)
        if m:
            out["boarding"] = [int(_num(m.group(1)))]
        for trait in ("aerial", "submerged", "skimming"):
            if re.search(trait + r" assault", t):
                out["assaulter"] = trait
    for rid, words in (("dw3-qrs", r"\bqrs\b|quick reference"), ("dw4", r"\bdw4\b|4th edition|4-?я редакц"),
                       ("dw3", r"\bdw3\b")):
        if re.search(words, t):
            out.setdefault("ruleset", rid)
    return out


def _quality_words() -> dict[str, str]:
    words = {k: v for k, v in QUALITY_ALIASES.items()}
    for q in ("aerial", "submerged", "arc", "bomb", "blast", "torrent", "broadside", "devastating",
              "fusillade", "gunnery", "hazardous", "high velocity", "homing", "indirect", "limited",
              "magnetic", "piercing", "sustained", "torpedo", "hunter"):
        words[q] = q.replace(" ", "-")
    words.pop("взрыв", None)  # also the word for explosion in general
    words.pop("extreme", None)
    words.pop("hv", None)
    return words
