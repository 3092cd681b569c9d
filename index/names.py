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

from rapidfuzz import fuzz

from index.text import words

MIN_RATIO = 75.0  # a misspelt word ("devistating", "manuver" for "manoeuvre") against the name's word
MIN_FUZZY_CHARS = 5  # shorter words must be typed exactly (or as a 3+ letter beginning)
MIN_PREFIX = 3  # "rev" for "reverse"
MIN_SHARE = 0.5  # the name's words are at least this share of the question's content words


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

    def read(self, question: str, allowed: Callable[[str], bool]) -> NameMatch | None:
        """The name the question is read as, when one matches clearly; else None."""
        typed = [w for w in dict.fromkeys(words(question)) if not self._ignore(w)]
        if not typed:
            return None
        best: NameMatch | None = None
        tie = False
        for name_words, name, key in self._names:
            if len(name_words) > len(typed) or len(name_words) < MIN_SHARE * len(typed) or not allowed(key):
                continue
            scores = [max((_word_score(w, t, self._printed) for t in typed), default=0.0) for w in name_words]
            if min(scores) < MIN_RATIO:
                continue
            score = sum(scores) / len(scores)
            if best is None or score > best.score:
                best, tie = NameMatch(name, key, score), False
            elif score == best.score and key != best.key and name.casefold() != best.name.casefold():
                tie = True
        return None if tie else best


    def typed(self, name: str, question: str) -> float:
        """How closely the question types every word of `name` ("interphase gen" for Interphase
        Generator: 0.95), however long the question: 0..1, 0 when a word of the name is missing."""
        typed = [w for w in dict.fromkeys(words(question)) if not self._ignore(w)]
        name_words = [w for w in words(name) if not self._ignore(w)]
        if not typed or not name_words:
            return 0.0
        scores = [max(_word_score(w, t, self._printed) for t in typed) for w in name_words]
        return 0.0 if min(scores) < MIN_RATIO else sum(scores) / len(scores) / 100.0


def _word_score(name_word: str, typed: str, printed: Callable[[str], bool]) -> float:
    if name_word == typed:
        return 100.0
    if len(typed) >= MIN_PREFIX and name_word.startswith(typed):
        return 90.0
    if len(name_word) >= MIN_FUZZY_CHARS and len(typed) >= MIN_FUZZY_CHARS and not printed(typed):
        return float(fuzz.ratio(name_word, typed))
    return 0.0
