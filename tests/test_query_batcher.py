"""index.embed.QueryBatcher under more concurrent questions than one batch holds: every caller gets
its own vector back, none waits for ever. (Before the fix a leader whose question was not among the
oldest `max_batch` encoded the others and then waited on its own with nobody left to encode it:
one thread hung in each of 5 of 5 runs of this test, and one request for good in bench/load.py.)"""
from __future__ import annotations

import threading
import time

import numpy as np

from index.embed import QueryBatcher


def _encode(texts: list[str]) -> np.ndarray:
    time.sleep(0.0005)  # a forward pass takes a while: others queue meanwhile
    return np.array([[float(len(text)), float(sum(map(ord, text)))] for text in texts])


def test_every_caller_gets_its_own_vector_when_more_wait_than_one_batch_holds():
    batcher = QueryBatcher(_encode, max_batch=2)
    wrong: list[str] = []

    def ask(thread: int) -> None:
        for n in range(100):
            text = f"question {thread}-{n}"
            if not np.array_equal(batcher.encode(text), _encode([text])[0]):
                wrong.append(text)

    threads = [threading.Thread(target=ask, args=(t,), daemon=True) for t in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert [t.name for t in threads if t.is_alive()] == []  # nobody waits for ever
    assert wrong == []


def test_a_failed_batch_fails_each_of_its_callers_once():
    def broken(texts: list[str]) -> np.ndarray:
        return _encode(texts[:-1])  # one vector short: an error for the batch, not a silent wait

    batcher = QueryBatcher(broken, max_batch=4)
    try:
        batcher.encode("alone")
    except ValueError:
        pass
    else:
        raise AssertionError("a batch with a missing vector must fail its callers")
