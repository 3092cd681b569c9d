"""Exact distributions of Hits and Counters for a pool of Action Dice.

The counting rules (value of each face, which faces explode) come from the caller as a
`FaceRules`; rolled mode (`score`) and odds mode (`hits_distribution`) use the same
object, so a trace and a probability can never disagree.

Exploding chains are unbounded in the rules. They are summed exactly through a
negative-binomial decomposition: with per-die generating function G(z), write
G = M(z) * Geo(z**s) where Geo is the geometric law of the Exploding faces in one chain,
so G**n = M(z)**n * NB_n(z**s), and NB_n is truncated only when a proven tail bound is
below TOLERANCE.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Protocol

from referee import poly
from referee.errors import TooExpensive
from referee.faces import FACES, Face


class RerollChoice(Protocol):
    """How Sustained picks the face to re-roll (`referee.sustained.SustainedPolicy` is one); a protocol,
    so this module needs no import of the policy's (which imports this one)."""

    def eligible(self, face: Face) -> bool: ...

    def __call__(self, cnt: dict[Face, int]) -> Face | None: ...


TOLERANCE = 1e-13
CHAIN_TOLERANCE = 1e-16  # per single chain; reused up to 2 x 200 times, total stays < 1e-13
MAX_ENUMERATION = 200_000  # about a second of pure Python on 2 cores (see bench/referee.py)
TAIL = 1e-16  # far tails below this mass are dropped (and counted in the truncation bound)
UNIFORM: dict[Face, float] = {f: 1 / 6 for f in FACES}


@dataclass(frozen=True)
class FaceRules:
    """How each face scores. `initial` for the dice of the pool, `chain` for explosion dice."""

    initial: Mapping[Face, int]
    chain: Mapping[Face, int]
    initial_explodes: bool = True
    chain_explodes: bool = True

    def spawns(self, face: Face, on_explosion_die: bool) -> bool:
        if face is not Face.EXPLODING:
            return False
        return self.chain_explodes if on_explosion_die else self.initial_explodes


@dataclass
class Dist:
    """A distribution over 0..len-1 with the proven truncation bound of its tail."""

    p: list[float]
    truncation: float = 0.0
    notes: list[str] = field(default_factory=list)


def reroll_faces(reroll: frozenset[Face], base: Mapping[Face, float] = UNIFORM) -> dict[Face, float]:
    """Final face law of one die when every face in `reroll` is re-rolled once."""
    share = sum(base[f] for f in reroll)
    return {f: (0.0 if f in reroll else base[f]) + share * base[f] for f in FACES}


def die_poly(probs: Mapping[Face, float], values: Mapping[Face, int],
             only: Callable[[Face], bool] | None = None) -> list[float]:
    out: list[float] = [0.0] * (max(values.values()) + 1)
    for f in FACES:
        if only is None or only(f):
            out[values[f]] += probs[f]
    return poly.trim(out)


def hits_distribution(n: int, rules: FaceRules, probs: Mapping[Face, float] = UNIFORM,
                      tolerance: float = TOLERANCE) -> Dist:
    """Hits from n dice whose final faces follow `probs`, explosion chains included."""
    spawning = rules.initial_explodes and probs[Face.EXPLODING] > 0
    if n == 0:
        return Dist([1.0])
    if not spawning:
        return Dist(poly.power(die_poly(probs, rules.initial), n))
    chain = rules.chain
    p_x = 1 / 6
    if not rules.chain_explodes:
        # each Exploding face adds exactly one non-chaining die
        one = die_poly(UNIFORM, chain)
        g = die_poly(probs, rules.initial, lambda f: f is not Face.EXPLODING)
        g = poly.add_into(g, one, probs[Face.EXPLODING], rules.initial[Face.EXPLODING])
        return Dist(poly.power(g, n))
    s = chain[Face.EXPLODING]
    # T5: value of the terminal (non-Exploding) die of a chain
    t5 = [0.0] * (max(chain.values()) + 1)
    for f in FACES:
        if f is not Face.EXPLODING:
            t5[chain[f]] += 1 / 5
    a = [0.0] * (rules.initial[Face.EXPLODING] + 1)
    a[-1] = probs[Face.EXPLODING]
    r = die_poly(probs, rules.initial, lambda f: f is not Face.EXPLODING)
    # M = A*T5 + R*(6 - w)/5 with w = z**s
    m = poly.conv(a, t5)
    poly.add_into(m, r, 6 / 5)
    poly.add_into(m, r, -1 / 5, s)
    m = [0.0 if abs(x) < 1e-17 else x for x in m]
    norm = sum(abs(x) for x in m)
    mn = poly.power(m, n)
    nb, tail = poly.negative_binomial(n, p_x, s, tolerance / max(1.0, norm ** n))
    out = poly.conv(mn, nb)
    out = [0.0 if x < 0 and x > -1e-15 else x for x in out]
    dropped = poly.drop_tail(out, TAIL)
    return Dist(out, truncation=tail * max(1.0, norm ** n) + dropped)


def chain_poly(rules: FaceRules) -> Dist:
    """Extra hits from one explosion die and everything it chains into."""
    # One chain is reused once per die, so its own cut is made n-times tighter (pools <= 200).
    one_chain = hits_distribution(1, FaceRules(rules.chain, rules.chain, rules.chain_explodes,
                                               rules.chain_explodes), tolerance=CHAIN_TOLERANCE)
    return one_chain


def counters_distribution(n: int, values: Mapping[Face, int],
                          probs: Mapping[Face, float] = UNIFORM) -> Dist:
    """Counters from n defence dice (defence dice never add dice)."""
    if n == 0:
        return Dist([1.0])
    return Dist(poly.power(die_poly(probs, values), n))


def capped_conversion_counters(n: int, values: Mapping[Face, int], source: Face, target: Face,
                               limit: int) -> Dist:
    """Counters when up to `limit` faces `source` are converted to `target` (dw4 High Velocity)."""
    p = 1 / 6
    out: list[float] = [0.0]
    for k in range(n + 1):  # number of `source` faces
        pk = comb(n, k) * p ** k * (1 - p) ** (n - k)
        if not pk:
            continue
        converted = min(k, limit)
        base = converted * values[target] + (k - converted) * values[source]
        rest = {f: (0.0 if f is source else 1 / 5) for f in FACES}
        rest_poly = poly.power(die_poly(rest, values), n - k)
        poly.add_into(out, rest_poly, pk, base)
    return Dist(poly.trim(out))


def converted_explosions_distribution(n: int, rules: FaceRules, convert: int,
                                      probs: Mapping[Face, float] = UNIFORM, rail: int = 0) -> Dist:
    """Hits when `convert` > 0 Heavy faces become Exploding (dw4 Devastating) or, when
    negative, that many Exploding faces become Heavy (dw4 Ablative Armour); and with dw4
    Rail (X), when the first `rail` Exploding Strikes of the initial roll add two dice, not one.

    The number converted depends on how many such faces were rolled, so the pool's face
    counts are kept separate: enumerate (Exploding, Heavy) counts, the rest is binomial.
    """
    _check_cost("Devastating/Ablative/Rail", n, lambda m: comb(m + 2, 2) * m)
    px, ph = probs[Face.EXPLODING], probs[Face.HEAVY]
    rest_total = 1 - px - ph
    rest = {f: (probs[f] / rest_total if rest_total and f not in (Face.EXPLODING, Face.HEAVY) else 0.0)
            for f in FACES}
    rest_poly = die_poly(rest, rules.initial) if rest_total else [1.0]
    rest_pows = poly.powers(rest_poly, n)
    one_chain = chain_poly(rules)
    chain_pows = poly.powers(one_chain.p, n + min(n, rail))  # at most n Exploding faces
    vx, vh = rules.initial[Face.EXPLODING], rules.initial[Face.HEAVY]
    out: list[float] = [0.0]
    for r in range(n + 1):
        a = n - r
        if rest_total == 0 and r:
            continue
        p_rest = comb(n, r) * rest_total ** r * (1 - rest_total) ** a
        if not p_rest:
            continue
        inner: list[float] = [0.0]
        share = px / (px + ph) if px + ph else 0.0
        for nx in range(a + 1):
            nh = a - nx
            w = comb(a, nx) * share ** nx * (1 - share) ** nh
            if not w:
                continue
            if convert >= 0:
                moved = min(convert, nh)
                fx, fh = nx + moved, nh - moved
            else:
                moved = min(-convert, nx)
                fx, fh = nx - moved, nh + moved
            spawn = fx + min(fx, rail) if rules.initial_explodes else 0
            poly.add_into(inner, chain_pows[spawn], w, fx * vx + fh * vh)
        poly.add_into(out, poly.conv(inner, rest_pows[r]), p_rest)
    return Dist(poly.trim(out), truncation=one_chain.truncation * (n + min(n, rail)))


def sustained_distribution(n: int, rules: FaceRules, locked_reroll: frozenset[Face],
                           choose: RerollChoice) -> Dist:
    """Hits when, after any face-set re-roll, ONE face type may be re-rolled (dw3 Sustained).

    `choose(counts)` gets {face: count} of the candidate faces still eligible and returns
    the face to re-roll (or None). Dice already re-rolled, and explosion dice, never are.
    """
    fresh = hits_distribution(1, rules, tolerance=CHAIN_TOLERANCE)
    candidates = [f for f in FACES if f not in locked_reroll and rules.initial[f] < 10 and
                  f is not Face.EXPLODING]
    candidates = [f for f in candidates if choose.eligible(f)]
    k = len(candidates)
    _check_cost("Sustained", n, lambda m: comb(m + k, k))
    # a die is "locked" when its face is not a candidate (kept or already re-rolled)
    p_cand = len(candidates) / 6
    share = sum(1 / 6 for _ in locked_reroll)
    locked_probs = {f: (0.0 if f in candidates or f in locked_reroll else 1 / 6) + share / 6 for f in FACES}
    total_locked = 1 - p_cand
    locked = {f: locked_probs[f] / total_locked for f in FACES} if total_locked else None
    eps = TAIL / 8
    locked_pows = (poly.powers(hits_distribution(1, rules, locked).p, n, eps) if locked
                   else [[1.0]] * (n + 1))
    fresh_pows = poly.powers(fresh.p, n, eps)
    out: list[float] = [0.0]
    for m in range(n + 1):
        pm = comb(n, m) * p_cand ** m * total_locked ** (n - m)
        if not pm:
            continue
        grouped: dict[tuple[int, int], float] = {}
        for split, w in _splits(m, k):
            cnt: dict[Face, int] = dict(zip(candidates, split, strict=True))
            pick = choose(cnt)
            kept = sum(c * rules.initial[f] for f, c in cnt.items() if f is not pick)
            key = (kept, cnt[pick] if pick is not None else 0)
            grouped[key] = grouped.get(key, 0.0) + w
        inner: list[float] = [0.0]
        for (kept, c_star), w in grouped.items():
            poly.add_into(inner, fresh_pows[c_star], w, kept)
        poly.add_into(out, poly.conv(inner, locked_pows[n - m]), pm)
    dropped = poly.drop_tail(out, TAIL)
    return Dist(out, truncation=fresh.truncation * 2 * n + 4 * n * eps + dropped)


def _check_cost(what: str, n: int, cost: Callable[[int], int]) -> None:
    """Exact odds that keep face counts apart enumerate every split of the pool (the cost
    grows as a power of n): refuse, clearly, a pool that would take more than ~a second."""
    if cost(n) <= MAX_ENUMERATION:
        return
    limit = max(m for m in range(n) if cost(m) <= MAX_ENUMERATION)
    raise TooExpensive(
        f"dice: exact {what} odds for {n} dice would take too long here; the limit for this "
        f"attack is {limit} dice (split the attack, or roll it and give ⟨roll⟩)",
        "dice",
    )


def _splits(m: int, k: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """All ways to split m dice over k equally likely types, with multinomial weights."""
    if k == 0:
        if m == 0:
            yield (), 1.0
        return
    if k == 1:
        yield (m,), 1.0
        return
    for first in range(m + 1):
        w1 = comb(m, first) * (1 / k) ** first * ((k - 1) / k) ** (m - first)
        for rest, w in _splits(m - first, k - 1):
            yield (first,) + rest, w1 * w


def expected_value(rules: FaceRules, face: Face, on_explosion_die: bool = False) -> float:
    """Expected hits of a die now showing `face` (its explosion chain included)."""
    chain = poly.mean(chain_poly(rules).p)
    values = rules.chain if on_explosion_die else rules.initial
    return values[face] + (chain if rules.spawns(face, on_explosion_die) else 0.0)


def score(initial: Sequence[Face], explosions: Sequence[Face], rules: FaceRules) -> int:
    """Hits of a rolled attack: the same face values the distributions use."""
    return sum(rules.initial[f] for f in initial) + sum(rules.chain[f] for f in explosions)


def explosion_dice_needed(initial: Sequence[Face], explosions: Sequence[Face], rules: FaceRules,
                          rail: int = 0) -> int:
    """How many explosion dice the rules require for this roll (chains included).

    `rail`: the first that many Exploding faces of the initial roll add a second die (dw4 Rail)."""
    spawning = sum(1 for f in initial if rules.spawns(f, False))
    needed = spawning + min(spawning, rail)
    i = 0
    while i < min(needed, len(explosions)):
        if rules.spawns(explosions[i], True):
            needed += 1
        i += 1
    return needed


def count_counters(faces: Sequence[Face], values: Mapping[Face, int]) -> int:
    return sum(values[f] for f in faces)
