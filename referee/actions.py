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

from core.messages import Phrase, declare

if TYPE_CHECKING:
    from core.params import ParamSpec
    from referee.report import Report
    from referee.rulesets.base import Ruleset

Resolver = Callable[[dict[str, Any], "Ruleset", "Report", bool], tuple[dict[str, Any], str]]


ACTION_NAMES_RU = {"attack": "Атака", "assault": "Штурм", "ram": "Таран", "srs": "Атака SRS",
                   "collision": "Столкновение", "broadside": "Бортовой залп"}


@dataclass(frozen=True)
class Action:
    """One referee action. `help` is the CLI sub-command's help, the Discord command's description and
    the OpenAPI operation's summary (at most 100 characters: Discord's limit)."""

    name: str
    help: str
    module: str  # referee.<module> declares PARAMS and resolve_<family> for each family of `rulesets`
    rulesets: tuple[str, ...] = ("dw3", "dw3-qrs", "dw4")  # the rulesets that have this action
    elsewhere: tuple[str, str] = ("", "")  # what the other rulesets have instead, English and Russian (the refusal)

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

    def refusal(self, ruleset: str) -> dict[str, Any] | None:
        """Why `ruleset` cannot resolve this action, as the catalogue's "referee.refusal" parameters (None
        when it can): `text("referee.refusal", lang, **refusal)` says it in either language."""
        if ruleset in self.rulesets:
            return None
        return {"ruleset": ruleset, "action": Phrase(f"referee.action.{self.name}"),
                "elsewhere": Phrase(f"referee.elsewhere.{self.name}")}


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
           elsewhere=("Broadside is a weapon quality there (the weapon may attack once from each fire arc); resolve "
                      "it as an attack with ⟨ruleset⟩ dw4 for the 4th-edition Broadside action",
                      "там «Бортовой залп» это свойство оружия (оружие может атаковать по разу из каждого сектора "
                      "стрельбы); решайте его как атаку; для действия «Бортовой залп» 4-й редакции "
                      "задайте ⟨ruleset⟩ dw4")),
)}

# the refusal, and each action's name and alternative in it, declared once in both languages
declare({"referee.refusal": ("{ruleset} has no {action} action — {elsewhere}",
                             "в правилах {ruleset} нет действия «{action}» — {elsewhere}")})
declare({f"referee.action.{a.name}": (a.name.capitalize(), ACTION_NAMES_RU[a.name]) for a in ACTIONS.values()})
declare({f"referee.elsewhere.{a.name}": a.elsewhere for a in ACTIONS.values()})



class _HelpView(Mapping[str, str]):
    """name -> one-line help (what front ends list): read from ACTIONS, never a second table."""

    def __getitem__(self, name: str) -> str:
        return ACTIONS[name].help

    def __iter__(self) -> Iterator[str]:
        return iter(ACTIONS)

    def __len__(self) -> int:
        return len(ACTIONS)


ACTION_HELP: Mapping[str, str] = _HelpView()
