"""English rule names typed in Cyrillic as they sound ("клауд дайв": Cloud Dive, "граунд ассолт": Ground Assault).

Russian players write an English rule's name by ear. `index.translit.read_english_loanwords` reads one
word letter by letter ("ралли": rally), which English spelling defeats: "клауд" is no "cloud", "дайв" no
"dive", and a 4-letter word is never read. Here both sides are reduced to the consonants a listener
hears (vowels, h, r, a non-initial w and a final s dropped; "tion" as "шн", "th" as "з", "c" as "к" or
"с"), and a run of two to four Cyrillic words whose sounds are, word for word, those of a name the
English documents print (their rule names and headings, never a question's words) is read as that name.
The run must hold a word the corpus does not print, no stopword or word shorter than three letters, and
four consonants in all ("в упор", "за край" sound like Heavy Prow and Hover SRS). One word alone is
never read: its consonants are too little evidence ("балласт" sounds like Blast, "переворота" like Pivot).
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable

from index.text import is_stopword

MAX_WORDS = 4  # the longest name read
MIN_LETTERS = 3  # letters of each word of a run (no stopword either: "в упор" is no name)
MIN_SOUNDS = 4  # consonants a run must sound in all ("в россии", "переворота": Hover SRS, Pivot)

_EN_SOUNDS = [("tion", "Sn"), ("sion", "Sn"), ("tch", "C"), ("ch", "C"), ("sh", "S"), ("ph", "f"), ("gh", ""),
              ("th", "s"), ("ck", "k"), ("qu", "kv"), ("wh", "v"), ("x", "ks"), ("j", "dZ"), ("z", "s"),
              ("ce", "se"), ("ci", "si"), ("cy", "sy"), ("c", "k")]
_EN_SOUND = re.compile("|".join(re.escape(latin) for latin, _ in _EN_SOUNDS))
_EN_OF = dict(_EN_SOUNDS)
_RU_SOUNDS = {"б": "b", "в": "v", "г": "g", "д": "d", "ж": "Z", "з": "s", "к": "k", "л": "l", "м": "m", "н": "n",
              "п": "p", "с": "s", "т": "t", "ф": "f", "ц": "ts", "ч": "C", "ш": "S", "щ": "S"}
_HEARD = set("bdfgklmnpstvCSZ")
_CYRILLIC_RUN = re.compile(r"[а-яё]+(?:[ -][а-яё]+)*", re.IGNORECASE)
_CYRILLIC_WORD = re.compile(r"[а-яё]+", re.IGNORECASE)


def _heard(letters: str) -> str:
    """The consonants a listener hears, a final s dropped (a plural: "пати" for "parties")."""
    sounds = "".join(c for c in letters if c in _HEARD)
    return sounds[:-1] if len(sounds) > 1 and sounds.endswith("s") else sounds


def english_sounds(word: str) -> str:
    """An English word's heard consonants ("Cloud": kld, "Agitation": gtSn, "Heavy": v)."""
    lower = re.sub(r"(.)\1", r"\1", re.sub(r"[^a-z]", "", word.lower()))
    spoken = ("v" + lower[1:]) if lower.startswith("w") else lower
    return _heard(_EN_SOUND.sub(lambda m: _EN_OF[m.group(0)], spoken))


def russian_sounds(word: str) -> str:
    """A Cyrillic word's heard consonants ("клауд": kld, "агитейшн": gtSn, "хеви": v)."""
    lower = re.sub(r"(.)\1", r"\1", word.lower())
    return _heard("".join(_RU_SOUNDS.get(c, "") for c in lower))


class SoundedNames:
    """The documents' English names by their words' sounds; built once per index."""

    def __init__(self, names: Iterable[str]) -> None:
        found: dict[tuple[str, ...], set[str]] = {}
        for name in names:
            words = re.findall(r"[A-Za-z]+", name)
            if not words or len(words) > MAX_WORDS or re.search(r"[а-яё]", name, re.IGNORECASE):
                continue
            sounds = tuple(english_sounds(w) for w in words)
            if all(sounds):
                found.setdefault(sounds, set()).add(" ".join(words))
        # a sound two different names share names neither
        self._names = {sounds: next(iter(names)) for sounds, names in found.items()
                       if len({n.casefold() for n in names}) == 1}

    def read(self, question: str, foreign: Callable[[str], bool], stem: Callable[[str], str]) -> str | None:
        """The question with each run of Cyrillic words that sounds like a name written as the name; None
        when none does. `foreign`: a word the corpus does not print, as one word of a run must be."""
        changed = False

        def name_of(words: list[str]) -> str | None:
            if len(words) < 2 or not any(foreign(w.lower()) for w in words):
                return None
            if any(len(w) < MIN_LETTERS or is_stopword(w.lower()) for w in words):
                return None
            # each word as typed, or its stem (an inflected "дайвом")
            forms = [dict.fromkeys((w, stem(w.lower()))) for w in words]
            for spelling in itertools.product(*forms):
                sounds = tuple(russian_sounds(w) for w in spelling)
                if not all(sounds) or sum(map(len, sounds)) < MIN_SOUNDS:
                    continue
                name = self._names.get(sounds)
                if name is not None:
                    return name
            return None

        def read_run(match: re.Match[str]) -> str:
            nonlocal changed
            text = match.group(0)
            spans = [m.span() for m in _CYRILLIC_WORD.finditer(text)]
            out: list[str] = []
            at = i = 0
            while i < len(spans):
                for n in range(min(MAX_WORDS, len(spans) - i), 1, -1):
                    name = name_of([text[a:b] for a, b in spans[i:i + n]])
                    if name is not None:
                        out += [text[at:spans[i][0]], name]
                        at, i, changed = spans[i + n - 1][1], i + n, True
                        break
                else:
                    i += 1
            return "".join(out) + text[at:]

        reading = _CYRILLIC_RUN.sub(read_run, question)
        return reading if changed else None
