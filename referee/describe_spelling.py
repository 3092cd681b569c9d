"""Spelling the description reader forgives: one-edit typos of its words, and Russian typed in Latin letters.

Only words no vocabulary phrase starts with are touched, and a correction is made only when exactly one
meaning is one edit away ("citdel" -> citadel, "armuor" -> armour, "корпс" -> корпус); "bronja" and
"u celi" are read as "броня", "у цели". Real English words that sit one edit from a key ("dead", "load",
"mast") are never corrected.
"""
from __future__ import annotations

import re

# one edit from a key, but words of their own
NOT_TYPOS = frozenset("dead load head read lean leaf mast miss moss mess mask nice rice dive dine army hall hell "
                      "hill full pull bull dull lord card cord core pray play gray grey fry dray tray mall "
                      "more other".split())
MIN_TYPO_LENGTH = 4  # shorter words only by a missing letter ("hul", "mas")

_TRANSLIT = [("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ch", "ч"), ("sh", "ш"), ("ts", "ц"),
             ("ja", "я"), ("ya", "я"), ("ju", "ю"), ("yu", "ю"), ("jo", "е"), ("yo", "е"), ("je", "е"),
             ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"), ("i", "и"),
             ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"),
             ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"), ("h", "х"), ("c", "ц"), ("y", "ы"), ("w", "в"),
             ("x", "кс"), ("'", "ь")]
_LATIN_WORD = re.compile(r"[a-z']+")


def transliterate(word: str) -> str | None:
    """A Latin-letter word as the Russian word it spells ("bronja" -> "броня"), or None."""
    if not _LATIN_WORD.fullmatch(word):
        return None
    out, i = [], 0
    while i < len(word):
        for latin, cyr in _TRANSLIT:
            if word.startswith(latin, i):
                out.append(cyr)
                i += len(latin)
                break
        else:
            return None
    return "".join(out)


def one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    k = 0
    while k < len(short) and short[k] == long_[k]:
        k += 1
    return short[k:] == long_[k + 1:]


def stem_one_edit(word: str, stem: str, max_inflection: int) -> bool:
    """Whether `word` is one edit from `stem` plus an ending of at most `max_inflection` letters."""
    for cut in (len(stem) - 1, len(stem), len(stem) + 1):
        if 0 < cut <= len(word) and len(word) - cut <= max_inflection and one_edit(word[:cut], stem):
            return True
    return False


def typo_allowed(word: str, target: str) -> bool:
    """Long enough to correct: four letters, or three with one letter missing from a four-letter word."""
    if word in NOT_TYPOS or not word.isalpha():
        return False
    return len(word) >= MIN_TYPO_LENGTH or (len(word) == 3 and len(target.rstrip("*")) == 4)
