"""The answers already given, by everything that decides them: the same question asked again (a
retry, a popular question, the web and Discord front ends asking alike) is answered without a search.

An answer is a pure function of the question's text (spaces folded), the options `Searcher.ask` takes
(k, game, edition, lang, mode) and the index the Searcher opened. The key holds all of them but the
index: a cache belongs to one Searcher, which reads one build for its whole life (a rebuilt index is
opened by a new Searcher, with an empty cache). bench/answer_identity.py --repeat checks that an answer
served from here is the one a search gives.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

Answer = TypeVar("Answer")

# (question, k, game, edition, lang, mode): Searcher.ask's parameters, in its order
AnswerKey = tuple[str, int, str | None, str | None, str | None, str]

ANSWER_CACHE_SIZE = 4096  # answers kept; one is a few kilobytes of objects whose long strings are the index's own


class AnswerCache(Generic[Answer]):
    """A bounded LRU of answers. Each answer is copied on the way in and on the way out (`copy`), so
    a caller that changes the one it got changes neither the kept one nor another caller's."""

    def __init__(self, copy: Callable[[Answer], Answer], size: int = ANSWER_CACHE_SIZE) -> None:
        self._copy = copy
        self._size = size
        self._items: OrderedDict[AnswerKey, Answer] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: AnswerKey) -> Answer | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
        return self._copy(found)

    def put(self, key: AnswerKey, answer: Answer) -> None:
        if self._size <= 0:
            return
        kept = self._copy(answer)
        with self._lock:
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
