"""Turn a distribution of net Hits into the contract's odds fields (attack and ram)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee import poly


@dataclass(frozen=True)
class NetOutcome:
    """What one net-hit total does: base damage plus branches over critical dice."""

    damage: int
    critical: bool | None
    catastrophic: bool | None
    branches: tuple[tuple[float, int, str | None], ...]  # (probability, total damage, state)


def _at_least(dist: dict[int, float]) -> dict[str, float]:
    out: dict[str, float] = {}
    top = max(dist) if dist else 0
    running = 0.0
    for k in range(top, 0, -1):
        running += dist.get(k, 0.0)
        out[str(k)] = min(1.0, running)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def _normalised(dist: dict[int, float]) -> dict[str, float]:
    return {str(k): v for k, v in sorted(dist.items()) if v > 0}


def aggregate(hits: Sequence[float], net: Sequence[float], outcome: Callable[[int], NetOutcome],
              hull_known: bool) -> dict[str, Any]:
    damage: dict[int, float] = {}
    total: dict[int, float] = {}
    p_crit = 0.0
    p_cat = 0.0
    crit_known = True
    p_crippled = 0.0
    p_destroyed = 0.0
    state_known = hull_known
    for n, pn in enumerate(net):
        if pn <= 0:
            continue
        o = outcome(n)
        damage[o.damage] = damage.get(o.damage, 0.0) + pn
        if o.critical is None:
            crit_known = False
        else:
            p_crit += pn if o.critical else 0.0
            p_cat += pn if o.catastrophic else 0.0
        for pb, t, state in o.branches:
            w = pn * pb
            total[t] = total.get(t, 0.0) + w
            if state == "destroyed":
                p_destroyed += w
                p_crippled += w
            elif state == "crippled":
                p_crippled += w
            elif state is None:
                state_known = False
    return {
        "expected_hits": poly.mean(hits),
        "expected_damage": sum(k * v for k, v in damage.items()),
        "p_damage": _normalised(damage),
        "p_damage_at_least": _at_least(damage),
        "p_critical": min(1.0, p_crit) if crit_known else None,
        "p_catastrophic": min(1.0, p_cat) if crit_known else None,
        "p_total_damage": _normalised(total),
        "expected_total_damage": sum(k * v for k, v in total.items()),
        "p_total_damage_at_least": _at_least(total),
        "p_crippled": min(1.0, p_crippled) if state_known else None,
        "p_destroyed": min(1.0, p_destroyed) if state_known else None,
        "p_net_hits": {str(i): p for i, p in enumerate(net) if p > 1e-15},
    }
