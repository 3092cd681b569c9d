"""The short human verdict sentence that leads every answer."""
from __future__ import annotations

from typing import Any


def _pct(p: float | None) -> str:
    if p is None:
        return "?"
    if 0 < p < 0.001:
        return "<0.1%"
    return f"{100 * p:.1f}%"


def attack_rolled(r: dict[str, Any]) -> str:
    parts = [f"{r['damage']} damage"]
    if r.get("catastrophic"):
        parts.append(f"{r['catastrophic']} catastrophic explosion{'s' if r['catastrophic'] > 1 else ''}")
    if r.get("critical"):
        need = r.get("critical_dice_needed", 0)
        effects = r.get("critical_effects") or []
        if need:
            parts.append(f"critical hit — roll {need} critical damage di{'ce' if need > 1 else 'e'}")
        elif effects:
            parts.append("critical: " + ", ".join(effects))
    if r.get("disorder"):
        parts.append(f"{r['disorder']} disorder")
    if r.get("state") in ("crippled", "destroyed"):
        parts.append(f"target {r['state']}")
    return f"{r['hits']} hits - {r['counters']} counters = {r['net_hits']}: " + ", ".join(parts)


def attack_odds(r: dict[str, Any]) -> str:
    at_least = r.get("p_damage_at_least", {})
    text = (f"{r['pool']} dice: expected {r['expected_hits']:.1f} hits, {r['expected_damage']:.2f} damage; "
            f"P(at least 1 damage) {_pct(at_least.get('1', 0.0))}")
    if r.get("p_critical") is not None:
        text += f", P(critical) {_pct(r['p_critical'])}"
    if r.get("p_destroyed"):
        text += f", P(destroyed) {_pct(r['p_destroyed'])}"
    return text


def ram_extra(r: dict[str, Any]) -> str:
    if r.get("p_rammer_destroyed"):
        return f"; rammer destroyed {_pct(r['p_rammer_destroyed'])}"
    return ""


def pct(p: float | None) -> str:
    return _pct(p)
