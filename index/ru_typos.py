"""Russian typed with typos ("овария", "праити", "длица", "полныйназад"), read back in the book's spelling.

Players type fast: they swap unstressed vowels (а/о, и/е/я), drop ь/ъ, double or drop a letter,
write "ца" for "тся" and skip spaces. The lexical side matches stems, and a misspelt stem matches
nothing (the stem-level edit distance of index.search only reaches stems of 5+ letters, one edit).
A word is read again only when neither the corpus nor the players' vocabulary knows its stem, so a
printed word is never overridden: first as two known words run together, then by its sound key (the
spelling with those confusions folded) against the words the Russian book prints, then as a slip of the
fingers on the ЙЦУКЕН keyboard (`typing_slips`: a letter left out, one typed twice or with a key beside
it, a key beside the right one, two letters swapped) of exactly one word the book prints.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Container, Iterable, Mapping

from index.text import is_stopword, normalise, stemmed_in
from index.word_memo import WordMemo

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
# The Russian keyboard's letter rows: a slip of the fingers hits a key beside the right one.
_KEY_ROWS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")
_ALPHABET = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
# A letter left out or added is read only in a word this long ("кладу" is no slip of "кладут")...
MIN_SLIP_LENGTH = 6
# ... and only after its first letters, where Russian adds prefixes.
PREFIX_LETTERS = 2
SLIP_CACHE = 4096  # words whose slip reading is remembered (a process meets the same typos again)


def _key_neighbours() -> dict[str, frozenset[str]]:
    """Each letter -> the keys beside it: left and right in its row, and the two that touch it in the rows
    above and below (the rows are staggered half a key)."""
    place = {letter: (row, col) for row, keys in enumerate(_KEY_ROWS) for col, letter in enumerate(keys)}
    found: dict[str, frozenset[str]] = {}
    for letter, (row, col) in place.items():
        near = [(row, col - 1), (row, col + 1), (row - 1, col), (row - 1, col + 1), (row + 1, col - 1), (row + 1, col)]
        found[letter] = frozenset(_KEY_ROWS[r][c] for r, c in near
                                  if 0 <= r < len(_KEY_ROWS) and 0 <= c < len(_KEY_ROWS[r]))
    return found


KEY_NEIGHBOURS = _key_neighbours()


def typing_slips(typed: str) -> set[str]:
    """The words `typed` is one slip of the fingers away from: a key beside the right one ("огтнь": огонь),
    two neighbouring letters swapped ("защтиы": защиты), and in a word of MIN_SLIP_LENGTH letters a letter
    left out ("праила": правила) or typed twice or with a key beside it ("струуктура"). Not any edit: a real
    word the book does not print is often one edit from one it does ("перевести", "перенести"). Neither end
    of the word is the slip: at its start Russian adds prefixes ("брать", "убрать"; "влетел", "вылетел";
    "отказаться", "оказаться"), at its end one letter is another form ("покрыть", "покрыто"; "кладу",
    "кладут"), which the stems already read."""
    found: set[str] = set()
    last = len(typed) - 1
    for at in range(1, last):
        letter = typed[at]
        found.update(typed[:at] + key + typed[at + 1:] for key in KEY_NEIGHBOURS.get(letter, ()))  # key beside
        if at + 1 < last and letter != typed[at + 1]:
            found.add(typed[:at] + typed[at + 1] + letter + typed[at + 2:])  # swapped
    if len(typed) >= MIN_SLIP_LENGTH:
        for at in range(PREFIX_LETTERS, last + 1):
            found.update(typed[:at] + letter + typed[at:] for letter in _ALPHABET)  # left out
        for at in range(PREFIX_LETTERS, last):
            letter = typed[at]
            beside = {typed[at - 1], typed[at + 1]}
            if letter in beside or beside & KEY_NEIGHBOURS.get(letter, frozenset()):
                found.add(typed[:at] + typed[at + 1:])  # typed twice, or with the key beside
    found.discard(typed)
    return found


def sound_key(word: str) -> str:
    """`word` as it sounds: vowel confusions folded, signs dropped, "тс"/"тьс" as ц, "сч" as щ
    ("щитает": считает), doubles single, a final "ца" as "тся"."""
    key = normalise(word).translate(_SOUNDS).replace("тс", "ц").replace("сч", "щ")
    key = _DOUBLE.sub(r"\1", key)
    return key[:-1] + "и" if key.endswith("ца") else key  # "длица": players write "ца" for "тся", "ться"


# One word the book prints, as the reader looks it up: (word, how often it is printed, its sound key or
# None when it is too short to be read by it, its stem's sound key or None when the stem is too short).
SpellingEntry = tuple[str, int, str | None, str | None]


def word_counts(book_words: Iterable[str]) -> Counter[str]:
    """How often each word is printed (normalised): `book_words` holds every occurrence."""
    return Counter(normalise(w) for w in book_words)


def spelling_entries(counts: Mapping[str, int], stem: Callable[[str], str]) -> list[SpellingEntry]:
    """What `RussianSpelling` looks words up by, one entry per word, in word order. The index build
    stores them (index.vocabulary.store_russian_spelling), so a start-up does not tokenise the Russian
    book and key every word again."""
    entries: list[SpellingEntry] = []
    for word in sorted(counts):
        key = sound_key(word) if len(word) >= MIN_WORD - 1 else None  # "длится" is one letter longer than "длица"
        stem_key = sound_key(root) if len(root := stem(word)) >= MIN_STEM else None
        entries.append((word, counts[word], key, stem_key))
    return entries


class RussianSpelling:
    """Reads a question's unknown Russian words as the words the book prints."""

    def __init__(self, book_words: Iterable[str], known: Container[str], stem: Callable[[str], str],
                 entries: Iterable[SpellingEntry] | None = None) -> None:
        """`book_words`: every Russian word of the corpus, once per occurrence; `known`: the stems the
        index and the players' vocabulary know (a word whose stem is known is never read again).
        `entries`: `spelling_entries` of those words, when the build stored them (then `book_words` is not read)."""
        if entries is None:
            entries = spelling_entries(word_counts(book_words), stem)
        self._count: dict[str, int] = {}
        self._known = known
        self._stem = stem
        by_key: dict[str, list[str]] = {}
        by_stem_key: dict[str, list[str]] = {}  # the same by stem: another form of the word ("самалетов")
        for word, count, key, stem_key in entries:
            self._count[word] = count
            if key is not None:
                by_key.setdefault(key, []).append(word)
            if stem_key is not None:
                by_stem_key.setdefault(stem_key, []).append(word)
        self._by_key = by_key
        self._by_stem_key = by_stem_key
        self._slips: dict[str, str | None] = {}  # word -> `_slipped` (bounded by SLIP_CACHE)
        self._readings: WordMemo[str | None] = WordMemo()  # word -> `_reading` (index.word_memo)

    def _is_known(self, word: str) -> bool:
        return is_stopword(word) or stemmed_in(word, self._known, self._stem)

    def _split(self, word: str) -> str | None:
        """Two known words run together ("полныйназад"), the most even split."""
        best: tuple[int, str] | None = None
        for i in range(MIN_PART, len(word) - MIN_PART + 1):
            left, right = word[:i], word[i:]
            if all(not is_stopword(p) and stemmed_in(p, self._known, self._stem) for p in (left, right)):
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

    def _slipped(self, word: str) -> str | None:
        """The one word the book prints that `word` is a slip of the fingers of (`typing_slips`); None
        when none is, or when several are ("стрела" could be "стрелка" or "стрельба": no guess)."""
        if word not in self._slips:  # asked up to three times a question (the loanword reader, `read`)
            found = [w for w in typing_slips(word) if w in self._count]
            if len(self._slips) >= SLIP_CACHE:
                self._slips.clear()
            self._slips[word] = found[0] if len(found) == 1 else None
        return self._slips[word]

    def knows(self, word: str) -> bool:
        """`word` is Russian to this reader: a word it knows, two run together or a misspelling of
        one (index.translit reads only the others as English names typed in Cyrillic)."""
        word = normalise(word)
        return self._is_known(word) or (len(word) >= MIN_WORD and self._readings.read(word, self._reading) is not None)

    def _reading(self, word: str) -> str | None:
        """An unknown word as the book spells it: two words run together, the same sound, a slip; None when none."""
        return self._split(word) or self._respelt(word) or self._slipped(word)

    def read(self, question: str) -> str | None:
        """`question` with its misspelt Russian words in the book's spelling; None when none is."""
        changed = False

        def fix(match: re.Match[str]) -> str:
            nonlocal changed
            word = normalise(match.group(0))
            if len(word) < MIN_WORD or self._is_known(word):
                return match.group(0)
            read = self._readings.read(word, self._reading)
            if read is None:
                return match.group(0)
            changed = True
            return read

        text = _CYRILLIC_WORD.sub(fix, question)
        return text if changed else None

