"""Benchmark the referee's exact odds against a Monte Carlo baseline measured in the same run.

Usage: .venv/bin/python bench/referee.py [--trials 100000]
Targets (pure Python, 2 cores): 30 dice vs 10 <= 5 ms, 60 vs 20 <= 20 ms, Sustained 30 <= 300 ms.
"""
from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import COUNTER, HIT, timed  # noqa: E402
from referee.api import resolve  # noqa: E402

CASES = {
    "30 dice vs 10 defence": ({"dice": 30, "armour": 5, "citadel": 12, "defence": 10, "quality": ["aerial"],
                               "hull": 8}, 0.005),
    "60 dice vs 20 defence": ({"dice": 60, "armour": 5, "citadel": 12, "defence": 20, "quality": ["aerial"],
                               "hull": 8}, 0.020),
    "Sustained, 30 dice vs 10": ({"dice": 30, "armour": 5, "citadel": 12, "defence": 10,
                                  "quality": ["aerial", "sustained"], "hull": 8}, 0.300),
    "dw4 Rail 2 vs Airborne, 30 vs 10": ({"ruleset": "dw4", "dice": 30, "armour": 5, "defence": 10,
                                          "quality": ["rail:2"], "target_type": "airborne"}, 0.300),
}
RAIL_CASE = "dw4 Rail 2 vs Airborne, 30 vs 10"


def monte_carlo(n: int, defence: int, armour: int, trials: int, seed: int = 1, rail: int = 0,
                airborne: bool = False) -> dict[int, float]:
    """Damage by simulation. `rail`: the first X Exploding faces of the initial roll add two dice (GL Rail);
    `airborne`: Heavy and Standard Strikes in the defence roll count as a Counter (GL Unconventional Target)."""
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    counter = {**COUNTER, **({2: 1, 3: 1} if airborne else {})}
    for _ in range(trials):
        hits = 0
        initial = [rng.randint(1, 6) for _ in range(n)]
        hits += sum(HIT[f] for f in initial)
        exploding = initial.count(1)
        rolls = exploding + min(exploding, rail)
        while rolls:
            f = rng.randint(1, 6)
            hits += HIT[f]
            rolls -= 1
            if f == 1:
                rolls += 1
        c = sum(counter.get(rng.randint(1, 6), 0) for _ in range(defence))
        d = max(0, hits - c) // armour
        counts[d] = counts.get(d, 0) + 1
    return {k: v / trials for k, v in counts.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=100_000)
    args = parser.parse_args()
    results = {}
    for name, (params, target) in CASES.items():
        resolve("attack", params)  # warm-up
        results[name] = timed(functools.partial(resolve, "attack", params), 7)
        print(f"{name:<28} {1000 * results[name]:8.2f} ms  (target {1000 * target:.0f} ms, "
              f"{'OK' if results[name] <= target else 'OVER'})")
    t = time.perf_counter()
    mc = monte_carlo(30, 10, 5, args.trials)
    mc_time = time.perf_counter() - t
    exact = resolve("attack", CASES["30 dice vs 10 defence"][0])
    print(f"{'Monte Carlo, ' + str(args.trials) + ' trials':<28} {1000 * mc_time:8.2f} ms")
    for name, value in results.items():
        print(f"  ratio Monte Carlo / {name}: {mc_time / value:8.1f}x")
    worst = max(abs(exact["p_damage"].get(str(k), 0.0) - v) for k, v in mc.items())
    print(f"  largest |exact - Monte Carlo| over P(damage = k): {worst:.4f} "
          f"(Monte Carlo standard error ~ {0.5 / args.trials ** 0.5:.4f})")
    t = time.perf_counter()
    mc_rail = monte_carlo(30, 10, 5, args.trials, seed=2, rail=2, airborne=True)
    rail_time = time.perf_counter() - t
    exact_rail = resolve("attack", CASES[RAIL_CASE][0])
    worst = max(abs(exact_rail["p_damage"].get(str(k), 0.0) - v) for k, v in mc_rail.items())
    print(f"  {RAIL_CASE}: Monte Carlo {1000 * rail_time:.0f} ms = {rail_time / results[RAIL_CASE]:.1f}x the exact "
          f"odds; largest |exact - Monte Carlo| {worst:.4f}")
    return new_actions(args.trials)


def new_actions(trials: int) -> int:
    """SRS, Broadside and Collision against their own Monte Carlo (bench/referee_actions.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import referee_actions

    return int(referee_actions.run(trials))


if __name__ == "__main__":
    sys.exit(main())
