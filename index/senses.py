"""Players' words with two senses across games: the context a mapping holds in.

"Overwatch" is the rules' Interception when the player shoots at aircraft on an attack run, and
nothing at all when a ship rams: Interception is only made against an Attack Run. A [[sense]] entry
of index/data/glossary.toml names such player words (of a glossary [[term]] or of synonyms.toml's
[expansions]) with the question words that must be present for the mapping to hold (`with`: one of
them) and those that must not (`without`), and the rules sentence that draws the line
(tests/test_senses.py checks it is printed). Outside its context a word reads as nothing: it is
not expanded, the sentence model is not told its rule words, it names no rule; it then weighs as
a word the rules do not use, which the relevance test already reads.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from index.glossary import matchable
from index.text import phrase_stems


@dataclass(frozen=True)
class Context:
    """Where a player word's mapping holds, as runs of stems: one of `with` (if any) and none of `without`."""

    with_: tuple[tuple[str, ...], ...]
    without: tuple[tuple[str, ...], ...]

    def holds(self, question_stems: Sequence[str]) -> bool:
        """Whether a question with these stems (in order) is in the context."""
        if self.with_ and not any(_has_run(question_stems, run) for run in self.with_):
            return False
        return not any(_has_run(question_stems, run) for run in self.without)


def sense_contexts(data: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Each [[sense]] word (as `index.glossary.matchable` keys it) -> its context's typed words,
    {"with": [...], "without": [...]}: the shape the build stores (index.vocabulary)."""
    found: dict[str, dict[str, list[str]]] = {}
    for entry in data.get("sense", []):
        context = {"with": list(entry.get("with", [])), "without": list(entry.get("without", []))}
        for word in entry["words"]:
            found[matchable(word.casefold())] = context
    return found


class Senses:
    """The contexts by the player word's stems: `holds(key, stems)` for the run `key` a question prints."""

    def __init__(self, contexts: Mapping[str, Mapping[str, Iterable[str]]]) -> None:
        self._by_key: dict[tuple[str, ...], Context] = {}
        for word, context in contexts.items():
            key = tuple(phrase_stems(word))
            if key:
                self._by_key[key] = Context(_runs(context.get("with", ())), _runs(context.get("without", ())))
        self._firsts = frozenset(key[0] for key in self._by_key)
        # the keys by their first stem: a question is checked against the words it begins, not all of them
        self._by_first: dict[str, list[tuple[tuple[str, ...], Context]]] = {}
        for key, held in self._by_key.items():
            self._by_first.setdefault(key[0], []).append((key, held))

    def holds(self, key: Sequence[str], question_stems: Sequence[str]) -> bool:
        """Whether the player word `key` (its stems) keeps its mapping in this question."""
        if not key or key[0] not in self._firsts:
            return True
        context = self._by_key.get(tuple(key))
        return context is None or context.holds(question_stems)

    def out_of_context(self, question_stems: Sequence[str]) -> frozenset[tuple[str, ...]]:
        """The player words this question prints whose mapping does not hold here (most questions: none)."""
        if self._firsts.isdisjoint(question_stems):
            return frozenset()
        return frozenset(key for first in self._firsts.intersection(question_stems)
                         for key, context in self._by_first[first]
                         if _has_run(question_stems, key) and not context.holds(question_stems))


def _runs(typed: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(run for word in typed if (run := tuple(phrase_stems(matchable(word.casefold())))))


def _has_run(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    n = len(needle)
    return n > 0 and any(tuple(haystack[i:i + n]) == tuple(needle) for i in range(len(haystack) - n + 1))
