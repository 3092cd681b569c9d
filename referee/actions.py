"""The referee's actions: one entry each (name, one-line help, the module that declares it).

An action is one module, `referee.<module>`, that declares `PARAMS` (its inputs, each with the
rulesets that use it) and one resolver per edition family, `resolve_dw3` and `resolve_dw4`
(`resolve(p, ruleset, report, rolled) -> (body, verdict line)`), plus one entry here. This
module is cheap to import (no dice maths): a front end can list the actions (the CLI's
sub-commands, say) without loading them; `params` and `resolver` import the module when asked.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.params import ParamSpec
    from referee.report import Report
    from referee.rulesets.base import Ruleset

Resolver = Callable[[dict[str, Any], "Ruleset", "Report", bool], tuple[dict[str, Any], str]]
FAMILIES = ("dw3", "dw4")  # Ruleset.family values: each action module has one resolver per family


@dataclass(frozen=True)
class Action:
    """One referee action. `help` is the CLI sub-command's help, the Discord command's description and
    the OpenAPI operation's summary (at most 100 characters: Discord's limit)."""

    name: str
    help: str
    module: str  # referee.<module> declares PARAMS, resolve_dw3 and resolve_dw4

    def _module(self) -> Any:
        return import_module(f"referee.{self.module}")

    @property
    def params(self) -> list[ParamSpec]:
        specs: list[ParamSpec] = self._module().PARAMS
        return specs

    def resolver(self, family: str) -> Resolver:
        """The resolver of one edition family (dw3 or dw4)."""
        function: Resolver = getattr(self._module(), f"resolve_{family}")
        return function


ACTIONS: dict[str, Action] = {action.name: action for action in (
    Action("attack", "Dice odds or result of an attack (hits, counters, damage, criticals).", "attack"),
    Action("assault", "Odds or result of an assault / boarding action.", "assault"),
    Action("ram", "Odds or result of a ram.", "ram"),
    Action("srs", "Odds or result of an SRS Attack Run with Interception (tokens lost, damage or critical "
           "effects).", "srs"),
    Action("collision", "Result of a Collision (a move into a model or terrain, a ram under 3\" or a failed Crew "
           "Check).", "collision"),
    Action("broadside", "dw4 Broadside action: odds or result of the flank batteries' roll against one Target.",
           "broadside"),
)}

# name -> one-line help (what front ends list)
ACTION_HELP: dict[str, str] = {name: action.help for name, action in ACTIONS.items()}
