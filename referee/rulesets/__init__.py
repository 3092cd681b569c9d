"""Registry of rulesets: id -> Ruleset."""
from __future__ import annotations

from dataclasses import replace

from referee.errors import InputError
from referee.rulesets import dw3, dw3_qrs, dw4
from referee.rulesets.base import Ruleset

# dw3 follows the Russian 3.03 book; an English player also gets the quick reference's English text
# of the same rule, where it states one (issue 21).
DW3 = replace(dw3.RULESET, english=dw3_qrs.RULESET)
REGISTRY: dict[str, Ruleset] = {r.id: r for r in (DW3, dw3_qrs.RULESET, dw4.RULESET)}
DEFAULT = "dw3"


def get(ruleset_id: str | None) -> Ruleset:
    key = (ruleset_id or DEFAULT).strip().lower().replace("_", "-")
    aliases = {"qrs": "dw3-qrs", "3": "dw3", "4": "dw4", "dw3qrs": "dw3-qrs"}
    key = aliases.get(key, key)
    if key not in REGISTRY:
        raise InputError(f"ruleset: unknown ruleset {ruleset_id!r} (choose {', '.join(REGISTRY)})", "ruleset")
    return REGISTRY[key]
