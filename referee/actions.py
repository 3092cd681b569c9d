"""The referee's actions: one entry each (name, one-line help, the module that declares it).

An action is one module, `referee.<module>`, that declares `PARAMS` (its inputs, each with the
rulesets that use it) and one resolver per edition family it has, `resolve_dw3` and `resolve_dw4`
(`resolve(p, ruleset, report, rolled) -> (body, verdict line)`), plus one entry here (with the
rulesets that have the action, when not all do). This
module is cheap to import (no dice maths): a front end can list the actions (the CLI's
sub-commands, say) without loading them; `params` and `resolver` import the module when asked.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.params import ParamSpec
    from referee.report import Report
    from referee.rulesets.base import Ruleset

Resolver = Callable[[dict[str, Any], "Ruleset", "Report", bool], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Action:
    """One referee action. `help` is the CLI sub-command's help, the Discord command's description and
    the OpenAPI operation's summary (at most 100 characters: Discord's limit)."""

    name: str
    help: str
    module: str  # referee.<module> declares PARAMS and resolve_<family> for each family of `rulesets`
    rulesets: tuple[str, ...] = ("dw3", "dw3-qrs", "dw4")  # the rulesets that have this action
    elsewhere: str = ""  # what the other rulesets have instead (the refusal says it)

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

    def refusal(self, ruleset: str) -> str | None:
        """Why `ruleset` cannot resolve this action (None when it can)."""
        if ruleset in self.rulesets:
            return None
        return f"ruleset: {ruleset} has no {self.name.capitalize()} action — {self.elsewhere}"


ACTIONS: dict[str, Action] = {action.name: action for action in (
    Action("attack", "Dice odds or result of an attack (hits, counters, damage, criticals).", "attack"),
    Action("assault", "Odds or result of an assault / boarding action.", "assault"),
    Action("ram", "Odds or result of a ram.", "ram"),
    Action("srs", "Odds or result of an SRS Attack Run with Interception (tokens lost, damage or critical "
           "effects).", "srs"),
    Action("collision", "Result of a Collision (a move into a model or terrain, a ram under 3\" or a failed Crew "
           "Check).", "collision"),
    Action("broadside", "dw4 Broadside action: odds or result of the flank batteries' roll against one Target.",
           "broadside", rulesets=("dw4",),
           elsewhere="Broadside is a weapon quality there (the weapon may attack once from each fire arc); resolve it "
                     "as an attack with ⟨ruleset⟩ dw4 for the 4th-edition Broadside action"),
)}



class _HelpView(Mapping[str, str]):
    """name -> one-line help (what front ends list): read from ACTIONS, never a second table."""

    def __getitem__(self, name: str) -> str:
        return ACTIONS[name].help

    def __iter__(self) -> Iterator[str]:
        return iter(ACTIONS)

    def __len__(self) -> int:
        return len(ACTIONS)


ACTION_HELP: Mapping[str, str] = _HelpView()
