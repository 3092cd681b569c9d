"""Probability generating polynomials as plain lists: index = value, item = probability.

Pure Python, written so that the same code also runs on `fractions.Fraction`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Poly = list[Any]  # list[float] (or list[Fraction])


def conv(a: Sequence[Any], b: Sequence[Any]) -> Poly:
    """Product of two polynomials (the distribution of a sum of two independent values)."""
    if not a or not b:
        return []
    if len(a) < len(b):
        a, b = b, a
    la = len(a)
    out = [a[0] * 0] * (la + len(b) - 1)
    for j, bj in enumerate(b):
        if bj:
            seg = out[j:j + la]
            out[j:j + la] = [o + bj * x for o, x in zip(seg, a, strict=False)]
    return out


def power(p: Sequence[Any], n: int) -> Poly:
    """p**n by repeated multiplication: p is short (one die), so this is O(n^2 * len(p))."""
    result: Poly = [p[0] * 0 + 1] if p else [1]
    for _ in range(n):
        result = conv(result, p)
    return result


def powers(p: Sequence[Any], n: int, eps: float = 0.0) -> list[Poly]:
    """[p**0, p**1, ..., p**n]; with eps > 0 each power drops a far tail of mass <= eps."""
    out: list[Poly] = [[p[0] * 0 + 1]]
    for _ in range(n):
        nxt = conv(out[-1], p)
        if eps:
            drop_tail(nxt, eps)
        out.append(nxt)
    return out


def drop_tail(p: Poly, eps: float) -> float:
    """Remove the largest far tail whose total mass is <= eps; return the mass removed."""
    removed = 0.0
    i = len(p)
    while i > 1 and removed + abs(p[i - 1]) <= eps:
        removed += abs(p[i - 1])
        i -= 1
    del p[i:]
    return removed


def add_into(acc: Poly, p: Sequence[Any], weight: Any, shift: int = 0) -> Poly:
    """acc += weight * z**shift * p (acc grows as needed)."""
    need = shift + len(p)
    if len(acc) < need:
        acc.extend([weight * 0] * (need - len(acc)))
    if weight:
        seg = acc[shift:need]
        acc[shift:need] = [s + weight * x for s, x in zip(seg, p, strict=False)]
    return acc


def shifted(p: Sequence[Any], shift: int) -> Poly:
    return [p[0] * 0] * shift + list(p) if p else []


def net(hits: Sequence[Any], counters: Sequence[Any]) -> Poly:
    """Distribution of max(0, hits - counters)."""
    out = [hits[0] * 0] * len(hits)
    for c, pc in enumerate(counters):
        if not pc:
            continue
        low = sum(hits[: c + 1])
        out[0] += pc * low
        if c + 1 < len(hits):
            seg = out[1:len(hits) - c]
            out[1:len(hits) - c] = [o + pc * h for o, h in zip(seg, hits[c + 1:], strict=False)]
    return out


def difference(hits: Sequence[Any], counters: Sequence[Any]) -> dict[int, float]:
    """Distribution of hits - counters (may be negative), as {value: probability}."""
    rev = list(reversed(counters))
    prod = conv(hits, rev)
    offset = len(counters) - 1
    return {i - offset: p for i, p in enumerate(prod) if p}


def trim(p: Poly, eps: float = 0.0) -> Poly:
    while len(p) > 1 and abs(p[-1]) <= eps:
        p.pop()
    return p


def mean(p: Sequence[Any]) -> float:
    return float(sum(i * x for i, x in enumerate(p)))


def negative_binomial(n: int, p_continue: float, shift: int, tolerance: float) -> tuple[Poly, float]:
    """Number of Exploding faces in n explosion chains, as a polynomial in z**shift.

    Each chain rolls dice until a non-Exploding face: the count of Exploding faces over n
    chains is negative binomial NB(n, p_continue). Terms are generated until a proven bound
    on the remaining tail is below `tolerance`; the bound is returned.
    """
    q = 1 - p_continue
    term = q ** n
    coeffs = [term]
    j = 0
    while True:
        ratio_next = (n + j) / (j + 1) * p_continue
        nxt = term * ratio_next
        # past the mode the ratios decrease, so the tail is below a geometric series
        ratio_after = (n + j + 1) / (j + 2) * p_continue
        if ratio_after < 1:
            bound = nxt / (1 - ratio_after)
            if bound < tolerance:
                break
        coeffs.append(nxt)
        term = nxt
        j += 1
        if j > 100000:  # pragma: no cover - defensive
            raise RuntimeError("explosion series did not converge")
    out = [0.0] * (shift * (len(coeffs) - 1) + 1) if shift else [sum(coeffs)]
    if shift:
        for k, c in enumerate(coeffs):
            out[k * shift] = c
    return out, float(bound)
