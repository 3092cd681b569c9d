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
from functools import lru_cache

from index.text import is_stopword

MAX_WORDS = 4  # the longest name read
MIN_LETTERS = 3  # letters of each word of a run (no stopword either: "в упор" is no name)
MIN_SOUNDS = 4  # consonants a run must sound in all ("в россии", "переворота": Hover SRS, Pivot)

_EN_SOUNDS = [("tion", "Sn"), ("sion", "Sn"), ("tch", "C"), ("ch", "C"), ("sh", "S"), ("zh", "Z"), ("ph", "f"),
              ("gh", ""), ("th", "s"), ("ck", "k"), ("qu", "kv"), ("wh", "v"), ("x", "ks"), ("j", "dZ"), ("z", "s"),
              ("ce", "se"), ("ci", "si"), ("cy", "sy"), ("c", "k")]
_EN_SOUND = re.compile("|".join(re.escape(latin) for latin, _ in _EN_SOUNDS))
_EN_OF = dict(_EN_SOUNDS)
_RU_SOUNDS = {"б": "b", "в": "v", "г": "g", "д": "d", "ж": "Z", "з": "s", "к": "k", "л": "l", "м": "m", "н": "n",
              "п": "p", "с": "s", "т": "t", "ф": "f", "ц": "ts", "ч": "C", "ш": "S", "щ": "S"}
_HEARD = set("bdfgklmnpstvCSZ")
# every other Cyrillic letter (vowels, й, ь, ъ, р, х) is unheard
_RU_TABLE = str.maketrans({**{c: "" for c in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"}, **_RU_SOUNDS})
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


_SOFT_G = re.compile(r"g(?=[eiy])")


def english_sound_readings(word: str) -> set[str]:
    """`english_sounds`, and for a g before e, i or y the other sounds Russian writes it with: г in
    "генератор" (Generator), ж in "мираж" (Mirage), дж in "джинн"."""
    readings = {english_sounds(word)}
    if _SOFT_G.search(word.lower()):
        readings |= {english_sounds(_SOFT_G.sub(other, word.lower())) for other in ("zh", "j")}
    return readings


@lru_cache(maxsize=65536)
def russian_sounds(word: str) -> str:
    """A Cyrillic word's heard consonants ("клауд": kld, "агитейшн": gtSn, "хеви": v)."""
    letters = word.lower()
    # a doubled letter once
    single = "".join(c for c, before in zip(letters, " " + letters[:-1], strict=True) if c != before)
    return _heard(single.translate(_RU_TABLE))


class SoundedNames:
    """The documents' English names by their words' sounds; built once per index."""

    def __init__(self, names: Iterable[str]) -> None:
        found: dict[tuple[str, ...], set[str]] = {}
        for name in names:
            words = re.findall(r"[A-Za-z]+", name)
            if not words or len(words) > MAX_WORDS or re.search(r"[а-яё]", name, re.IGNORECASE):
                continue
            # a heading printed in capitals is written as a name ("RAIDING PARTIES": Raiding Parties)
            written = " ".join(w.capitalize() if w.isupper() and len(w) > 3 else w for w in words)
            for sounds in itertools.product(*(english_sound_readings(w) for w in words)):
                if all(sounds):
                    found.setdefault(sounds, set()).add(written)
        # a sound two different names share names neither
        self._names = {sounds: next(iter(names)) for sounds, names in found.items()
                       if len({n.casefold() for n in names}) == 1}

    def read(self, question: str, foreign: Callable[[str], bool], stem: Callable[[str], str]) -> str | None:
        """The question with each run of Cyrillic words that sounds like a name written as the name; None
        when none does. `foreign`: a word the corpus does not print (no stopword), as one word of a run must be. Only
        the runs around such a word are sounded out (most Russian questions have none: nothing is done)."""
        found = list(_CYRILLIC_WORD.finditer(question))
        words = [m.group(0).lower() for m in found]
        strange = [i for i, w in enumerate(words) if len(w) >= MIN_LETTERS and foreign(w)] if len(words) > 1 else []
        if not strange:
            return None

        def usable(i: int) -> bool:
            return len(words[i]) >= MIN_LETTERS and not is_stopword(words[i])

        near = {j - k for j in strange for k in range(MAX_WORDS)}  # the runs' possible first words
        # each word as typed, or its stem (an inflected "дайвом"), sounded out once
        sounds: dict[int, tuple[str, ...]] = {}

        def sounds_of(i: int) -> tuple[str, ...]:
            if i not in sounds:
                sounds[i] = tuple(dict.fromkeys(russian_sounds(f) for f in (words[i], stem(words[i]))))
            return sounds[i]

        def joined(i: int) -> bool:  # word i and the next, one space or hyphen apart
            return question[found[i].end():found[i + 1].start()] in (" ", "-")

        out: list[str] = []
        at = i = 0
        while i < len(words):
            name = None
            if i in near and usable(i):
                n = 1
                while n < MAX_WORDS and i + n < len(words) and joined(i + n - 1) and usable(i + n):
                    n += 1
                for size in range(n, 1, -1):
                    if not any(i <= j < i + size for j in strange):
                        continue
                    for spelling in itertools.product(*(sounds_of(k) for k in range(i, i + size))):
                        if all(spelling) and sum(map(len, spelling)) >= MIN_SOUNDS and spelling in self._names:
                            name = self._names[spelling]
                            break
                    if name is not None:
                        out += [question[at:found[i].start()], name]
                        at, i = found[i + size - 1].end(), i + size
                        break
            if name is None:
                i += 1
        return "".join(out) + question[at:] if out else None
