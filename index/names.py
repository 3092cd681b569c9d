"""A question that is mostly a rule's name, however typed: "how does devistating work",
"emergancy manuver", "full rev". `admiralty rule` finds such names by fuzzy matching; `ask`
uses the same tolerance here when its relevance test would otherwise say "not in the rules".

Matching is per word, so a long question cannot match a name by chance spelling: every word of
the name must be typed (exactly, as its beginning, or misspelt), and the name must be most of
what the question is about.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from index.text import words

MIN_RATIO = 75.0  # a misspelt word ("devistating", "manuver" for "manoeuvre") against the name's word
MIN_FUZZY_CHARS = 5  # shorter words must be typed exactly (or as a 3+ letter beginning)
MIN_PREFIX = 3  # "rev" for "reverse"
MIN_SHARE = 0.5  # the name's words are at least this share of the question's content words
NAME_CACHE = 4096  # names whose topic words are remembered


@dataclass(frozen=True)
class NameMatch:
    name: str
    key: str  # the rule that defines it
    score: float


class NameReader:
    """Rule names (from the index's term table), matched word by word against a question."""

    def __init__(self, names: Iterable[tuple[str, str]], ignore: Callable[[str], bool],
                 printed: Callable[[str], bool] = lambda word: False) -> None:
        """names: (name, rule key); `ignore` says which question words carry no topic; `printed`
        which words the documents print: such a word is not a misspelling of another
        ("сражение" is not "Отражение")."""
        self._ignore = ignore
        self._printed = printed
        self._names = sorted({(tuple(w for w in words(name) if not ignore(w)), name, key) for name, key in names})
        self._names = [n for n in self._names if n[0]]
        self._name_words: dict[str, tuple[str, ...]] = {}  # a name -> its topic words (bounded)
        # Remembered for a few questions: one ask reads its question against names several times.
        self.reading = lru_cache(maxsize=64)(self._reading)
        self._for_count: dict[int, list[tuple[tuple[str, ...], str, str]]] = {}

    def _names_for(self, count: int) -> list[tuple[tuple[str, ...], str, str]]:
        """The names a question of `count` topic words can be (no longer than it, at least MIN_SHARE
        of it), in their order; once per count."""
        found = self._for_count.get(count)
        if found is None:
            found = [n for n in self._names if not (len(n[0]) > count or len(n[0]) < MIN_SHARE * count)]
            self._for_count[count] = found
        return found

    def _reading(self, question: str) -> QuestionReading:
        """The question's words, read once for every name tried against them."""
        return QuestionReading(tuple(w for w in dict.fromkeys(words(question)) if not self._ignore(w)), self._printed)

    def read(self, question: str, allowed: Callable[[str], bool]) -> NameMatch | None:
        """The name the question is read as, when one matches clearly; else None."""
        reading = self.reading(question)
        typed = reading.words
        if not typed:
            return None
        best: NameMatch | None = None
        best_rank = (0, 0.0)
        tie = False
        for name_words, name, key in self._names_for(len(typed)):
            scores = reading.scores(name_words)  # most names fail here, before the cost of `allowed`
            if scores is None or not allowed(key):
                continue
            score = sum(scores) / len(scores)
            # The name reading more of the question wins, then the better typed: "Emergency Manuver"
            # is Emergency Manoeuvre (both words, one misspelt), not Emergency (one word, exact).
            rank = (len(name_words), score)
            if best is None or rank > best_rank:
                best, best_rank, tie = NameMatch(name, key, score), rank, False
            elif rank == best_rank and key != best.key and name.casefold() != best.name.casefold():
                tie = True
        return None if tie else best

    def typed(self, name: str, question: str) -> float:
        """How closely the question types every word of `name` ("interphase gen" for Interphase
        Generator: 0.95), however long the question: 0..1, 0 when a word of the name is missing."""
        reading = self.reading(question)
        name_words = self._name_words.get(name)
        if name_words is None:
            name_words = tuple(w for w in words(name) if not self._ignore(w))
            if len(self._name_words) < NAME_CACHE:
                self._name_words[name] = name_words
        if not reading.words or not name_words:
            return 0.0
        scores = reading.scores(name_words)
        return 0.0 if scores is None else sum(scores) / len(scores) / 100.0


class QuestionReading:
    """One question's topic words and, per name word tried, its best score against them
    (remembered: the name reader tries hundreds of names sharing words on one question)."""

    def __init__(self, typed: tuple[str, ...], printed: Callable[[str], bool]) -> None:
        self.words = typed
        # per typed word: may it be a name word's beginning; may it be a misspelling of one
        self._typed = [(t, len(t) >= MIN_PREFIX, len(t) >= MIN_FUZZY_CHARS and not printed(t)) for t in typed]
        self._best: dict[str, float] = {}

    def scores(self, name_words: tuple[str, ...]) -> list[float] | None:
        """Each name word's best score against the question's words; None when one is below MIN_RATIO."""
        out = []
        for word in name_words:
            best = self._best.get(word)
            if best is None:
                best = self._best[word] = self._best_score(word)
            if best < MIN_RATIO:
                return None
            out.append(best)
        return out

    def _best_score(self, name_word: str) -> float:
        """The name word typed exactly: 100; as a typed word's continuation: 90; misspelt: its
        similarity (both 5+ letters, the typed word not one the documents print); best of the words."""
        best = 0.0
        fuzzy = len(name_word) >= MIN_FUZZY_CHARS
        for typed, prefix, misspelt in self._typed:
            if name_word == typed:
                score = 100.0
            elif prefix and name_word.startswith(typed):
                score = 90.0
            elif misspelt and fuzzy:
                score = float(fuzz.ratio(name_word, typed))
            else:
                score = 0.0
            best = max(best, score)
        return best
