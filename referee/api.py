"""The referee's one entry point: resolve(action, params) -> JSON-ready dict."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.messages import choose_lang, text
from core.params import ParamSpec
from referee import checks, rulesets
from referee.actions import ACTIONS as REGISTRY
from referee.errors import InputError
from referee.params import PARAMS, validate
from referee.report import Report, Resolution

__all__ = ["PARAMS", "RULESETS", "ParamSpec", "resolve", "InputError"]

RULESETS: tuple[str, ...] = tuple(rulesets.REGISTRY)
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
        from referee.describe import parse_description  # its vocabulary: only a description pays for it

        hint = explicit.get("ruleset") or merged.get("ruleset")  # decides edition-dependent words
        parsed = dict(parse_description(action, text, hint))
        meta = {k: parsed.pop(k) for k in META_KEYS if k in parsed}
        merged.update(validate(action, parsed))
    merged.update(explicit)
    return merged, meta


def resolve(action: str, params: Mapping[str, Any], defaults: Mapping[str, Any] | None = None,
            lang: str | None = None) -> dict[str, Any]:
    """Resolve one action; odds mode unless a roll is given.

    `defaults` (e.g. a Discord server's ruleset) apply only where neither an explicit value nor the
    description sets the parameter. `lang` is the player's language, chosen once by the front end;
    without one, the language the description is written in."""
    if action not in REGISTRY:
        raise InputError(f"action: unknown action {str(action)[:20]!r} (choose {', '.join(REGISTRY)})", "action",
                         ru=f"action: неизвестное действие {str(action)[:20]!r} (выберите {', '.join(REGISTRY)})")
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
            raise InputError(f"roll: {stray[0]} was given without the pool's faces (⟨roll⟩)", "roll",
                             ru=f"{stray[0]} задано без граней самого броска (⟨roll⟩)")
    refusal = REGISTRY[action].refusal(rs.id)
    if refusal:
        raise InputError(text("referee.refusal", "en", **refusal), "ruleset", key="referee.refusal", params=refusal)
    checks.unused_inputs(PARAMS[action], p, rs, report)
    body, line = REGISTRY[action].resolver(rs.family)(p, rs, report, rolled)
    out = Resolution.from_report(action, "rolled" if rolled else "odds", report, body, line).to_json()
    if "ignored" in meta:  # a description was given: the words it did not understand, [] when none
        out["ignored"] = list(meta["ignored"])
    return out
