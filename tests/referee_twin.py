"""Independent exact (Fraction) and Monte Carlo twins of the referee's dice maths, for tests only.

Written from the rules, not from referee/dice.py: dice are enumerated face by face.
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

SIXTH = Fraction(1, 6)
# faces 1..6: Exploding, Heavy, Hit, Heavy Counter, Counter, Blank
HIT_VALUE = {1: 2, 2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
COUNTER_VALUE = {1: 0, 2: 0, 3: 0, 4: 2, 5: 1, 6: 0}


def chain_die(depth: int, x_value: int, explode: bool) -> tuple[dict[int, Fraction], Fraction]:
    """Hits from one (never re-rolled) die and the dice it chains into, to `depth` levels.

    Returns the distribution and the probability mass dropped past the depth.
    """
    dist: dict[int, Fraction] = {}
    lost = Fraction(0)
    for face in range(1, 7):
        value = x_value if face == 1 else HIT_VALUE[face]
        if face == 1 and explode:
            if depth == 0:
                lost += SIXTH
                continue
            sub, sub_lost = chain_die(depth - 1, x_value, explode)
            lost += SIXTH * sub_lost
            for v, p in sub.items():
                dist[v + value] = dist.get(v + value, 0) + SIXTH * p
        else:
            dist[value] = dist.get(value, 0) + SIXTH
    return dist, lost


def initial_die(depth: int, x_value: int, explode: bool, reroll: set[int]) -> tuple[dict[int, Fraction], Fraction]:
    fresh, lost_fresh = chain_die(depth, x_value, explode)
    dist: dict[int, Fraction] = {}
    lost = Fraction(0)
    for face in range(1, 7):
        if face in reroll:
            for v, p in fresh.items():
                dist[v] = dist.get(v, 0) + SIXTH * p
            lost += SIXTH * lost_fresh
        elif face == 1 and explode:
            for v, p in fresh.items():
                dist[v + x_value] = dist.get(v + x_value, 0) + SIXTH * p
            lost += SIXTH * lost_fresh
        else:
            value = x_value if face == 1 else HIT_VALUE[face]
            dist[value] = dist.get(value, 0) + SIXTH
    return dist, lost


def add(dists: list[dict[int, Fraction]]) -> dict[int, Fraction]:
    """Distribution of the sum of independent values (pairwise folding of dictionaries)."""
    out: dict[int, Fraction] = {0: Fraction(1)}
    for d in dists:
        nxt: dict[int, Fraction] = {}
        for a, pa in out.items():
            for b, pb in d.items():
                nxt[a + b] = nxt.get(a + b, 0) + pa * pb
        out = nxt
    return out


def counters(n: int, heavy_value: int = 2) -> dict[int, Fraction]:
    one: dict[int, Fraction] = {}
    for face in range(1, 7):
        v = heavy_value if face == 4 else COUNTER_VALUE[face]
        one[v] = one.get(v, 0) + SIXTH
    return add([one] * n) if n else {0: Fraction(1)}


def net(hits: dict[int, Fraction], cnt: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for h, ph in hits.items():
        for c, pc in cnt.items():
            k = max(0, h - c)
            out[k] = out.get(k, 0) + ph * pc
    return out


def sustained_hits(n: int, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """dw3 Sustained, policy: re-roll the most numerous of Heavy Counter / Counter / Blank."""
    fresh, lost_fresh = chain_die(depth, 2, True)
    x_line = {v + 2: p for v, p in fresh.items()}
    out: dict[int, Fraction] = {}
    lost = Fraction(0)
    cache: dict[tuple[int, int], dict[int, Fraction]] = {}
    for faces in product(range(1, 7), repeat=n):
        cnt = {f: faces.count(f) for f in (4, 5, 6)}
        rerolled = max(cnt.values())
        key = (faces.count(1), rerolled)
        if key not in cache:
            cache[key] = add([x_line] * key[0] + [fresh] * key[1])
        base = 2 * faces.count(2) + faces.count(3)
        pr = SIXTH ** n
        dist = cache[key]
        lost += pr * (1 - sum(dist.values()))
        for v, p in dist.items():
            out[v + base] = out.get(v + base, 0) + pr * p
    return out, lost


def monte_carlo_attack(n: int, defence: int, armour: int, trials: int, seed: int,
                       sustained: bool = False, obscured: bool = False, rail: int = 0,
                       airborne: bool = False) -> dict[int, float]:
    """P(damage = k) by simulation (dw3: X 2 + explode, H 2, S 1; C 1, K 2).

    `rail` (GL Rail): the first X Exploding faces of the initial roll add two dice, not one.
    `airborne` (GL Unconventional Target): Heavy and Standard Strikes in the defence roll count 1."""
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    counter_value = dict(COUNTER_VALUE)
    if airborne:
        counter_value[2] = counter_value[3] = 1
    for _ in range(trials):
        faces = [rng.randint(1, 6) for _ in range(n)]
        if sustained:
            pick = max((4, 5, 6), key=lambda f: faces.count(f))
            faces = [rng.randint(1, 6) if f == pick else f for f in faces]
        hits = sum(HIT_VALUE[f] for f in faces)
        extra = 0 if obscured else faces.count(1) + min(faces.count(1), rail)
        while extra:
            f = rng.randint(1, 6)
            hits += HIT_VALUE[f]
            extra -= 1
            if f == 1:
                extra += 1
        c = sum(counter_value[rng.randint(1, 6)] for _ in range(defence))
        d = max(0, hits - c) // armour
        counts[d] = counts.get(d, 0) + 1
    return {k: v / trials for k, v in counts.items()}
