"""One bounded, thread-safe LRU for what a process keeps between questions (question vectors,
answers): the concept is declared once, so the two caches cannot drift in how they evict or count."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class BoundedLRU(Generic[Key, Value]):
    """At most `size` items, the least recently used dropped first. With `copy`, each value is copied on
    the way in and on the way out, so a caller that changes the one it got changes neither the kept one
    nor another caller's; without it the values are shared and must not be changed."""

    def __init__(self, size: int, copy: Callable[[Value], Value] | None = None) -> None:
        self._size = size
        self._copy = copy
        self._items: OrderedDict[Key, Value] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Key) -> Value | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
        return found if self._copy is None else self._copy(found)

    def put(self, key: Key, value: Value) -> None:
        if self._size <= 0:
            return
        kept = value if self._copy is None else self._copy(value)
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
