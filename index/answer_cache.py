"""The answers already given, by everything that decides them: the same question asked again (a
retry, a popular question, the web and Discord front ends asking alike) is answered without a search.

An answer is a pure function of the question's text (spaces folded), the options `Searcher.ask` takes
(k, game, edition, lang, mode) and the index the Searcher opened. The key holds all of them but the
index: a cache belongs to one Searcher, which reads one build for its whole life (a rebuilt index is
opened by a new Searcher, with an empty cache). bench/answer_identity.py --repeat checks that an answer
served from here is the one a search gives.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from core.lru import BoundedLRU

Answer = TypeVar("Answer")

# (question, k, game, edition, lang, mode): Searcher.ask's parameters, in its order
AnswerKey = tuple[str, int, str | None, str | None, str | None, str]

ANSWER_CACHE_SIZE = 4096  # answers kept; one is a few kilobytes of objects whose long strings are the index's own


class AnswerCache(BoundedLRU[AnswerKey, Answer]):
    """A bounded LRU of answers (core.lru), each copied on the way in and out (`copy`)."""

    def __init__(self, copy: Callable[[Answer], Answer], size: int = ANSWER_CACHE_SIZE) -> None:
        super().__init__(size, copy)
