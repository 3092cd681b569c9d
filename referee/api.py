"""The referee's one entry point: resolve(action, params) -> JSON-ready dict."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from core.messages import choose_lang
from core.params import ParamSpec
from referee import (
    assault,
    attack,
    broadside,
    checks,
    collision,
    critical_effects,
    ram,
    rulesets,
    secondary,
    srs,
    verdict,
)
from referee.describe import parse_description
from referee.errors import InputError
from referee.params import PARAMS, validate
from referee.report import Report, Resolution
from referee.rulesets.base import Ruleset

__all__ = ["PARAMS", "RULESETS", "ParamSpec", "resolve", "InputError"]

RULESETS: tuple[str, ...] = tuple(rulesets.REGISTRY)
ACTIONS = tuple(PARAMS)
ROLL_KEYS = ("roll", "explosions", "defence_roll", "critical_roll", "rerolls", "self_damage_roll")


# keys the free-text parser may add that are not inputs: the detected language, the words it skipped
META_KEYS = ("lang", "ignored")


def _merge(action: str, params: Mapping[str, Any],
           defaults: Mapping[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Explicit values beat the free-text description, which beats the defaults (a server's).

    Returns the inputs and the parser's meta data (`lang`, `ignored`)."""
    merged = validate(action, defaults or {})
    explicit = validate(action, params)
    text = explicit.pop("description", None)
    meta: dict[str, Any] = {}
    if text:
        hint = explicit.get("ruleset") or merged.get("ruleset")  # decides edition-dependent words
        parsed = dict(parse_description(action, text, hint))
        meta = {k: parsed.pop(k) for k in META_KEYS if k in parsed}
        merged.update(validate(action, parsed))
    merged.update(explicit)
    return merged, meta


Resolver = Callable[[dict[str, Any], Ruleset, Report, bool], tuple[dict[str, Any], str]]


def _attack(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    setup = attack.build(p, rs, report)
    if rolled:
        body = attack.rolled(setup, p, report)
        secondary.attach(body, p.get("secondary"), setup.qualities, rs, report, net_hits=body["net_hits"],
                         rules=setup.rules, mass1_strict=setup.mass1_strict)
    else:
        body = attack.odds(setup, report)
        secondary.attach(body, p.get("secondary"), setup.qualities, rs, report,
                         net=secondary.net_from_json(body["p_net_hits"]), rules=setup.rules,
                         mass1_strict=setup.mass1_strict)
    if rs.family == "dw4":
        critical_effects.attach(body, setup.qualities, report, p.get("precise_effect"))
    line = verdict.attack_rolled(body, report.lang) if rolled else verdict.attack_odds(body, report.lang)
    return body, line


# One resolver per action; a new action is its own module plus one line here and one in params.PARAMS.
RESOLVERS: dict[str, Resolver] = {"attack": _attack, "assault": assault.resolve, "ram": ram.resolve}
RESOLVERS.update({"srs": srs.resolve, "collision": collision.resolve, "broadside": broadside.resolve})


def resolve(action: str, params: Mapping[str, Any], defaults: Mapping[str, Any] | None = None,
            lang: str | None = None) -> dict[str, Any]:
    """Resolve one action; odds mode unless a roll is given.

    `defaults` (e.g. a Discord server's ruleset) apply only where neither an explicit value nor the
    description sets the parameter. `lang` is the player's language, chosen once by the front end;
    without one, the language the description is written in."""
    if action not in RESOLVERS:
        raise InputError(f"action: unknown action {str(action)[:20]!r} (choose {', '.join(RESOLVERS)})", "action")
    p, meta = _merge(action, params, defaults)
    rs = rulesets.get(p.get("ruleset"))
    report = Report(rs, choose_lang(lang, meta.get("lang")))
    ignored = meta.get("ignored")
    if ignored:
        words = ", ".join(str(w) for w in (ignored if isinstance(ignored, (list, tuple)) else [ignored]))
        report.note(f"ignored: {words}", f"не понято и пропущено: {words}")
    rolled = "roll" in p
    if not rolled:
        stray = [k for k in ROLL_KEYS if k in p]
        if stray:
            raise InputError(f"roll: {stray[0]} was given without the pool's faces (⟨roll⟩)", "roll")
    checks.unused_inputs(action, p, rs, report)
    body, line = RESOLVERS[action](p, rs, report, rolled)
    out = Resolution.from_report(action, "rolled" if rolled else "odds", report, body, line).to_json()
    if "ignored" in meta:  # a description was given: the words it did not understand, [] when none
        out["ignored"] = list(meta["ignored"])
    return out
