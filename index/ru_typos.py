"""Russian typed with typos ("овария", "праити", "длица", "полныйназад"), read back in the book's spelling.

Players type fast: they swap unstressed vowels (а/о, и/е/я), drop ь/ъ, double or drop a letter,
write "ца" for "тся" and skip spaces. The lexical side matches stems, and a misspelt stem matches
nothing (the stem-level edit distance of index.search only reaches stems of 5+ letters, one edit).
A word is read again only when neither the corpus nor the players' vocabulary knows its stem, so a
printed word is never overridden: first as two known words run together, then by its sound key (the
spelling with those confusions folded) against the words the Russian book prints.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Container, Iterable

from index.text import is_stopword, normalise

# Shorter words are too often another real word that sounds alike ("стал" and "стол").
MIN_WORD = 5
# A stem this long is compared by its sound key too, so any form of a word counts ("самалетов": самолеты).
MIN_STEM = 5
# Each part of a run-together word: shorter parts are prefixes and particles ("от|дать", "раз|решен", "мора|ли").
MIN_PART = 4

_CYRILLIC_WORD = re.compile(r"[а-яёА-ЯЁ]+")
# Unstressed vowels sound alike (о as а; е, я, э as и), й is heard as и, the hard and soft signs
# are not heard at all; "сч" is said as щ.
_SOUNDS = str.maketrans({"о": "а", "е": "и", "ё": "и", "э": "и", "я": "и", "й": "и", "ь": None, "ъ": None})
_DOUBLE = re.compile(r"(.)\1+")


def sound_key(word: str) -> str:
    """`word` as it sounds: vowel confusions folded, signs dropped, "тс"/"тьс" as ц, "сч" as щ
    ("щитает": считает), doubles single, a final "ца" as "тся"."""
    key = normalise(word).translate(_SOUNDS).replace("тс", "ц").replace("сч", "щ")
    key = _DOUBLE.sub(r"\1", key)
    return key[:-1] + "и" if key.endswith("ца") else key  # "длица": players write "ца" for "тся", "ться"


class RussianSpelling:
    """Reads a question's unknown Russian words as the words the book prints."""

    def __init__(self, book_words: Iterable[str], known: Container[str], stem: Callable[[str], str]) -> None:
        """`book_words`: every Russian word of the corpus, once per occurrence; `known`: the stems the
        index and the players' vocabulary know (a word whose stem is known is never read again)."""
        counts = Counter(normalise(w) for w in book_words)
        self._count = counts
        self._known = known
        self._stem = stem
        by_key: dict[str, list[str]] = {}
        by_stem_key: dict[str, list[str]] = {}  # the same by stem: another form of the word ("самалетов")
        for word in sorted(counts):
            if len(word) >= MIN_WORD - 1:  # "длится" is one letter longer than "длица"
                by_key.setdefault(sound_key(word), []).append(word)
            if len(root := stem(word)) >= MIN_STEM:
                by_stem_key.setdefault(sound_key(root), []).append(word)
        self._by_key = by_key
        self._by_stem_key = by_stem_key

    def _is_known(self, word: str) -> bool:
        return is_stopword(word) or self._stem(word) in self._known

    def _split(self, word: str) -> str | None:
        """Two known words run together ("полныйназад"), the most even split."""
        best: tuple[int, str] | None = None
        for i in range(MIN_PART, len(word) - MIN_PART + 1):
            left, right = word[:i], word[i:]
            if all(not is_stopword(p) and self._stem(p) in self._known for p in (left, right)):
                even = min(len(left), len(right))
                if best is None or even > best[0]:
                    best = (even, f"{left} {right}")
        return best[1] if best else None

    def _respelt(self, word: str) -> str | None:
        """The book's most printed word with `word`'s sound key. Not one edit further: a real word the
        book does not print is as often one edit from one it does ("перевести", "перенести"), and read
        as that it made off-topic questions look like rules questions (measured: abstention fell)."""
        found = self._by_key.get(sound_key(word))
        if not found and len(root := self._stem(word)) >= MIN_STEM:
            found = self._by_stem_key.get(sound_key(root))
        if not found:
            return None
        return min(found, key=lambda w: (-self._count[w], w))

    def read(self, question: str) -> str | None:
        """`question` with its misspelt Russian words in the book's spelling; None when none is."""
        changed = False

        def fix(match: re.Match[str]) -> str:
            nonlocal changed
            word = normalise(match.group(0))
            if len(word) < MIN_WORD or self._is_known(word):
                return match.group(0)
            read = self._split(word) or self._respelt(word)
            if read is None:
                return match.group(0)
            changed = True
            return read

        text = _CYRILLIC_WORD.sub(fix, question)
        return text if changed else None

