"""The referee's actions and their one-line help: cheap to import (no dice maths), so a front end can
list the actions (the CLI's sub-commands, say) without loading them. `referee.params.PARAMS` holds each
action's parameters under the same names; a test checks the two agree.
"""
from __future__ import annotations

# One line per action, shown as the CLI sub-command's help, the Discord command's description and the
# OpenAPI operation's summary (at most 100 characters: Discord's limit).
ACTION_HELP: dict[str, str] = {
    "attack": "Dice odds or result of an attack (hits, counters, damage, criticals).",
    "assault": "Odds or result of an assault / boarding action.",
    "ram": "Odds or result of a ram.",
    "srs": "Odds or result of an SRS Attack Run with Interception (tokens lost, damage or critical effects).",
    "collision": "Result of a Collision (a move into a model or terrain, a ram under 3\" or a failed Crew Check).",
    "broadside": "dw4 Broadside action: odds or result of the flank batteries' roll against one Target.",
}
