"""The request fields of each endpoint: the rules endpoints' specs and the referee's, re-exported
from the one place each is declared (index.params, referee.params) through the service."""
from __future__ import annotations

import functools

from bot.service import ASK_PARAMS, COMPLETE_PARAMS, LANG_PARAM, RULE_PARAMS, ParamSpec, referee_params, spec_named

ASK = ASK_PARAMS
RULE = RULE_PARAMS
COMPLETE = COMPLETE_PARAMS
MAX_COMPLETIONS = int(spec_named(COMPLETE_PARAMS, "limit").maximum or 25)


def fleet_vs_specs() -> tuple[ParamSpec, ...]:
    """`POST /v1/fleet/vs`: the target, fleet and ruleset (units.params), and the player's language."""
    from units.params import FLEET_VS_PARAMS

    return (*FLEET_VS_PARAMS, LANG_PARAM)


@functools.cache  # fixed per action: merged once, not on every request (~60 specs for an attack)
def referee_specs(action: str) -> tuple[ParamSpec, ...]:
    """The referee's own parameter specs for one action, and the player's language (`lang`)."""
    return (*referee_params(action), LANG_PARAM)
