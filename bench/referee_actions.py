"""Benchmark the newer referee actions (srs, broadside, collision) and the pieces wired into the attack and
the ram (dw4 Disorder on the attacker's roll, a Crew Check weighing the Ram and the Collision) against Monte
Carlo in the same run.

Each case times the exact odds (median of 7) and an independent Monte Carlo written here from the rule
text (it does not import the referee's dice code), then prints the time ratio and the largest
|exact - Monte Carlo| over the compared probabilities with the Monte Carlo standard error.

Usage: .venv/bin/python bench/referee_actions.py [--trials 100000]  (bench/referee.py runs it too)
"""
from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import COUNTER, HIT, timed  # noqa: E402
from referee.api import resolve  # noqa: E402


def _action_hits(rng: random.Random, n: int, reroll_blank: bool = False) -> int:
    """Hits of n dice: 1 Exploding (2 + an extra die, which may explode), 2 Heavy, 3 Hit; re-rolled Blanks
    (Weight of Fire) are re-rolled once, extra dice never."""
    hits = 0
    extra = 0
    for _ in range(n):
        f = rng.randint(1, 6)
        if reroll_blank and f == 6:
            f = rng.randint(1, 6)
        hits += HIT[f]
        extra += f == 1
    while extra:
        f = rng.randint(1, 6)
        hits += HIT[f]
        extra += (f == 1) - 1
    return hits


def _counters(rng: random.Random, n: int) -> int:
    return sum(COUNTER.get(rng.randint(1, 6), 0) for _ in range(n))


def mc_srs_rb(tokens: int, adv: int, interceptors: int, armour: int, mass: int, trials: int,
              seed: int = 1) -> dict[int, float]:
    """RB: interception pool ADV + 3 per defending token, a token lost per 3 Counters; 3 dice per token
    left; Weight of Fire (tokens left >= 2 x Mass) re-rolls Blanks; no defence roll; damage = Hits // Armour."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        lost = min(tokens, _counters(rng, adv + 3 * interceptors) // 3)
        left = tokens - lost
        hits = _action_hits(rng, 3 * left, reroll_blank=left >= 2 * mass and left > 0)
        d = hits // armour
        out[d] = out.get(d, 0) + 1
    return {k: v / trials for k, v in out.items()}


def mc_srs_gl(tokens: int, attack: int, interceptors: int, intercept: int, resilience: int, defences: list[int],
              armour: int, escorts: int, trials: int, seed: int = 2) -> dict[int, float]:
    """GL: Interception Attempt (Successes = Hits // Resilience), then Attack dice per token left against
    the nominated targets' Defences + Escorts; Critical Damage Effects on targets = min(Successes, targets)."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        lost = min(tokens, _action_hits(rng, interceptors * intercept) // resilience) if interceptors else 0
        left = tokens - lost
        nominated = min(left, len(defences))
        net = max(0, _action_hits(rng, left * attack) - _counters(rng, sum(defences[:nominated]) + escorts))
        e = min(net // armour, nominated)
        out[e] = out.get(e, 0) + 1
    return {k: v / trials for k, v in out.items()}


def mc_broadside(n: int, trials: int, seed: int = 3) -> dict[int, float]:
    """GL Broadside: 1 Damage per Standard Strike, 2 per Heavy and Exploding, no extra dice."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        d = sum(HIT[rng.randint(1, 6)] for _ in range(n))
        out[d] = out.get(d, 0) + 1
    return {k: v / trials for k, v in out.items()}


def mc_collision_gl(mass: int, trials: int, seed: int = 4) -> dict[int, float]:
    """GL Collision with terrain: Mass dice, 1 Damage per Strike of any kind (faces 1-3)."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        d = sum(rng.randint(1, 6) <= 3 for _ in range(mass))
        out[d] = out.get(d, 0) + 1
    return {k: v / trials for k, v in out.items()}


def _disordered_hits(rng: random.Random, n: int, level: int) -> int:
    """GL Disorder on the attacker's roll: level 2 Heavy Strikes score 1, level 3 Heavy and Exploding score 1
    and add no die; every die of the roll is converted, the Exploding Strikes' extra dice included."""
    hits, left = 0, n
    while left:
        left -= 1
        face = rng.randint(1, 6)
        if face == 1:
            hits += 1 if level >= 3 else 2
            left += 0 if level >= 3 else 1
        elif face == 2:
            hits += 1 if level >= 2 else 2
        elif face == 3:
            hits += 1
    return hits


def mc_attack_dw4_disorder(n: int, defences: int, armour: int, level: int, trials: int,
                           seed: int = 5) -> dict[int, float]:
    """dw4 Attack: n dice at the attacker's Disorder level vs a Resistance Roll; Damage = net Hits // Armour."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        d = max(0, _disordered_hits(rng, n, level) - _counters(rng, defences)) // armour
        out[d] = out.get(d, 0) + 1
    return {k: v / trials for k, v in out.items()}


def mc_ram_dw4(pool: int, crew: int, rammer_mass: int, target_mass: int, trials: int,
               seed: int = 6) -> dict[int, float]:
    """GL Ram, the rammer's own Damage: Crew Check on a card 1-10 (pass at or under Crew); a pass rolls the
    pool at Disorder 1 (no conversion), Hits // the rammer's Mass; a failure is a Collision, which rolls the
    rammer's Mass in dice against a heavier target, 1 Damage per Strike."""
    rng = random.Random(seed)
    out: dict[int, int] = {}
    for _ in range(trials):
        if rng.randint(1, 10) <= crew:
            d = _disordered_hits(rng, pool, 1) // rammer_mass
        elif target_mass > rammer_mass:
            d = sum(rng.randint(1, 6) <= 3 for _ in range(rammer_mass))
        else:
            d = 0
        out[d] = out.get(d, 0) + 1
    return {k: v / trials for k, v in out.items()}


CASES: list[tuple[str, str, dict[str, Any], str, Callable[[int], dict[int, float]]]] = [
    ("SRS dw3: 8 tokens vs ADV 4 + 2 interceptors, Mass 3", "srs",
     {"tokens": 8, "interceptors": 2, "target_adv": 4, "target_armour": 5, "target_mass": 3}, "p_damage",
     lambda t: mc_srs_rb(8, 4, 2, 5, 3, t)),
    ("SRS dw4: 4 tokens x 3, 2 interceptors x 2", "srs",
     {"ruleset": "dw4", "tokens": 4, "attack_rating": 3, "interceptors": 2, "intercept_rating": 2,
      "resilience": 3, "target_defences": [2, 2], "target_armour": 4, "target_escorts": 1},
     "p_critical_effects", lambda t: mc_srs_gl(4, 3, 2, 2, 3, [2, 2], 4, 1, t)),
    ("Broadside dw4: 12 dice", "broadside", {"ruleset": "dw4", "broadside": [6, 6]}, "p_damage",
     lambda t: mc_broadside(12, t)),
    ("Collision dw4: Mass 4 vs terrain", "collision", {"ruleset": "dw4", "mover_mass": 4, "impact": "terrain"},
     "p_mover_damage", lambda t: mc_collision_gl(4, t)),
    ("Attack dw4: 10 dice at Disorder 2 vs Defences 3", "attack",
     {"ruleset": "dw4", "dice": 10, "defence": 3, "armour": 3, "attacker_disorder": 2}, "p_damage",
     lambda t: mc_attack_dw4_disorder(10, 3, 3, 2, t)),
    ("Ram dw4: Crew 6, Mass 2 into Mass 3 (rammer damage)", "ram",
     {"ruleset": "dw4", "hull": 6, "inches": 5, "rammer_mass": 2, "target_mass": 3, "crew": 6}, "self_damage",
     lambda t: mc_ram_dw4(11, 6, 2, 3, t)),
]


def run(trials: int) -> int:
    """Print exact time, Monte Carlo time, their ratio and the largest probability gap for each case."""
    print(f"new actions vs Monte Carlo ({trials} trials each, same run):")
    for name, action, params, key, mc in CASES:
        exact = resolve(action, params)
        t_exact = timed(functools.partial(resolve, action, params))
        t = time.perf_counter()
        sim = mc(trials)
        t_mc = time.perf_counter() - t
        keys = set(sim) | {int(k) for k in exact[key]}
        worst = max(abs(exact[key].get(str(k), 0.0) - sim.get(k, 0.0)) for k in keys)
        print(f"  {name:<48} exact {1000 * t_exact:7.2f} ms  Monte Carlo {1000 * t_mc:8.1f} ms  "
              f"ratio {t_mc / t_exact:7.1f}x  max |exact - MC| {worst:.4f} "
              f"(MC s.e. ~ {0.5 / trials ** 0.5:.4f})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=100_000)
    return run(parser.parse_args().trials)


if __name__ == "__main__":
    sys.exit(main())
