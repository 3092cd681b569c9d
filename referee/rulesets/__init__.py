"""Registry of rulesets: id -> Ruleset."""
from __future__ import annotations

from referee.errors import InputError
from referee.rulesets import dw3, dw3_qrs, dw4
from referee.rulesets.base import Ruleset

REGISTRY: dict[str, Ruleset] = {r.id: r for r in (dw3.RULESET, dw3_qrs.RULESET, dw4.RULESET)}
DEFAULT = "dw3"


def get(ruleset_id: str | None) -> Ruleset:
    key = (ruleset_id or DEFAULT).strip().lower().replace("_", "-")
    aliases = {"qrs": "dw3-qrs", "3": "dw3", "4": "dw4", "dw3qrs": "dw3-qrs"}
    key = aliases.get(key, key)
    if key not in REGISTRY:
        raise InputError(f"ruleset: unknown ruleset {ruleset_id!r} (choose {', '.join(REGISTRY)})", "ruleset")
    return REGISTRY[key]
