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


def process_times(commands: dict[str, list[str]], runs: int, envs: dict[str, dict[str, str]] | None = None,
                  cwd: str | None = None, cpu: dict[str, list[float]] | None = None) -> dict[str, list[float]]:
    """Wall times of whole processes: each command run once to warm the page cache, then `runs`
    rounds interleaved, so machine drift hits every command alike. A failing command raises.
    With `cpu`, each run's CPU seconds (user + system, the process and its children) go there too:
    on a machine shared with other jobs they move much less than wall time."""
    import resource
    import subprocess

    def once(name: str) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(commands[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                       env=(envs or {}).get(name), cwd=cwd)
        took = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if cpu is not None:
            cpu.setdefault(name, []).append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        return took

    for name in commands:
        once(name)
    if cpu is not None:
        cpu.clear()  # the warm-up runs are not measured
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name in commands:
            times[name].append(once(name))
    return times
