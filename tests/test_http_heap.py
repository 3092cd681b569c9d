"""bot/http/heap.py: after loading, a server's objects are out of the garbage collector's sight."""
from __future__ import annotations

import gc
import weakref

from bot.http.heap import freeze_loaded_objects


class _Node:
    """A container that can sit in a reference cycle and be weakly referenced."""

    def __init__(self) -> None:
        self.next: object = None


def test_loaded_objects_are_frozen_and_the_loadings_garbage_collected():
    loaded = {"index": [_Node()]}  # alive: stands for the loaded index
    cycle = _Node()
    cycle.next = cycle  # garbage only a collection can free, once the name is gone
    gone = weakref.ref(cycle)
    del cycle
    try:
        assert freeze_loaded_objects() > 0
        assert gone() is None  # collected before freezing, not frozen forever
        assert not any(obj is loaded for obj in gc.get_objects())  # what a full collection walks
        made_after = {"answer": []}
        assert any(obj is made_after for obj in gc.get_objects())  # new objects are collected as usual
    finally:
        gc.unfreeze()  # the rest of the test session keeps the usual collector
