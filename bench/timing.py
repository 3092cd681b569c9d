"""What the referee benchmarks share: a median timer and the dw3 face values their Monte Carlo rolls with."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

# dw3 rulebook substitution table (1 Exploding .. 6 Blank): hits and counters per face.
HIT = {1: 2, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
COUNTER = {4: 2, 5: 1}


def timed(fn: Callable[[], object], repeat: int = 7) -> float:
    """The median wall time of `repeat` calls, in seconds."""
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)
