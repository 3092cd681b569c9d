"""The referee's one entry point: resolve(action, params) -> JSON-ready dict."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import assault, attack, ram, rulesets, verdict
from referee.describe import parse_description
from referee.errors import InputError
from referee.params import PARAMS, ParamSpec, validate
from referee.report import Report

__all__ = ["PARAMS", "RULESETS", "ParamSpec", "resolve", "InputError"]

RULESETS: tuple[str, ...] = tuple(rulesets.REGISTRY)
ACTIONS = tuple(PARAMS)
ROLL_KEYS = ("roll", "explosions", "defence_roll", "critical_roll", "rerolls", "self_damage_roll")


def _merge(action: str, params: Mapping[str, Any]) -> dict[str, Any]:
    explicit = validate(action, params)
    text = explicit.pop("description", None)
    if not text:
        return explicit
    parsed = validate(action, parse_description(action, text))
    parsed.update(explicit)  # flags given explicitly override the free text
    return parsed


def resolve(action: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Resolve an attack, assault or ram; odds mode unless a roll is given."""
    if action not in PARAMS:
        raise InputError(f"action: unknown action {str(action)[:20]!r} (choose attack, assault or ram)", "action")
    p = _merge(action, params)
    rs = rulesets.get(p.get("ruleset"))
    report = Report(rs)
    rolled = any(k in p for k in ("roll",))
    if not rolled:
        stray = [k for k in ROLL_KEYS if k in p]
        if stray:
            raise InputError(f"roll: {stray[0]} was given without the pool's faces (--roll)", "roll")
    if action == "attack":
        setup = attack.build(p, rs, report)
        body = attack.rolled(setup, p, report) if rolled else attack.odds(setup, report)
        line = verdict.attack_rolled(body) if rolled else verdict.attack_odds(body)
    elif action == "assault":
        body, line = assault.resolve(p, rs, report, rolled)
    else:
        body, line = ram.resolve(p, rs, report, rolled)
    out = report.base_json(action, "rolled" if rolled else "odds")
    out.update(body)
    if rolled:
        out["trace"] = report.trace
    else:
        out["steps"] = report.trace
    out["verdict"] = line
    out["assumptions"] = list(report.assumptions)
    out["notes"] = list(report.notes)
    from referee.citations import unique
    out["citations"] = unique(report.citations)
    return out
