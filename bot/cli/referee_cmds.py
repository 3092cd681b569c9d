"""`admiralty attack|assault|ram|…`: one sub-command per referee action, flags generated from its specs.

Values reach the service as typed text; `core.params.coerce` (called by the referee) owns every
limit, so an error reads the same here as over HTTP, with the flag spelled as a flag.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from bot.cli.output import add_lang_flag, emit
from bot.service import Admiralty, Kind, ParamSpec, referee_actions, referee_params
from core.messages import text

# One complete mapping from a spec's Kind to argparse keywords (values stay text: coerce() types them).
FLAG_KWARGS: dict[Kind, Callable[[ParamSpec], dict[str, Any]]] = {
    Kind.INT: lambda spec: {"metavar": "N"},
    Kind.FLOAT: lambda spec: {"metavar": "X"},
    Kind.BOOL: lambda spec: {"action": "store_true", "default": None},
    Kind.TEXT: lambda spec: {"metavar": "TEXT"},
    Kind.CHOICE: lambda spec: {"metavar": "{" + ",".join(spec.choices) + "}"},
    Kind.INTS: lambda spec: {"metavar": "N[,N…]", "action": "append"},
    Kind.TEXTS: lambda spec: {"metavar": "NAME[,NAME…]", "action": "append"},
    Kind.FACES: lambda spec: {"metavar": "FACES"},  # one text: "1 1 2 3", "1,1,2,3" or face names
}


Groups = dict[tuple[str, ...], "argparse._ArgumentGroup"]


def _group(parser: argparse.ArgumentParser, groups: Groups, spec: ParamSpec) -> Any:
    """Where the flag is listed in --help: with every ruleset's, or under the rulesets that use it
    (`ParamSpec.rulesets`, the declaration the referee's "not used" notes read too)."""
    if not spec.rulesets:
        return parser
    if spec.rulesets not in groups:
        groups[spec.rulesets] = parser.add_argument_group(f"only with --ruleset {' or '.join(spec.rulesets)}")
    return groups[spec.rulesets]


def _add_flag(parser: argparse.ArgumentParser, spec: ParamSpec, groups: Groups) -> None:
    if spec.name == "description":
        parser.add_argument("description", nargs="*", help=spec.help)
        return
    kwargs: dict[str, Any] = {"dest": spec.name, "help": spec.help, "default": None}
    kwargs.update(FLAG_KWARGS[spec.kind](spec))
    _group(parser, groups, spec).add_argument(spec.flag, **kwargs)


def _params(specs: list[ParamSpec], args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in specs:
        value = getattr(args, spec.name, None)
        if spec.name == "description":
            if value:
                out["description"] = " ".join(value)
        elif value is not None:
            out[spec.name] = value
    return out


def _run(action: str, specs: list[ParamSpec]) -> Callable[[argparse.Namespace], int]:
    def func(args: argparse.Namespace) -> int:
        return emit(args, Admiralty().referee(action, _params(specs, args), style="cli", lang=args.player_lang),
                    _referee_text)

    return func


def _referee_text(result: dict[str, Any]) -> str:
    """The referee's answer, then where each unit-profile value came from (issue 10) and the unit notes (17)."""
    from bot.referee_text import render

    lines = [render(result)]
    lang = str(result.get("lang") or "en")
    for item in result.get("inputs_from_profiles", []):
        over = text("cli.overridden", lang, value=item["overridden_by"]) if "overridden_by" in item else ""
        lines.append(f"  {item['param']} = {item['value']}  ← {item['from']}{over}")
    for note in result.get("unit_notes", []):
        lines.append("  " + text("cli.unit_note", lang, note=note))
    return "\n".join(lines)


# Worked examples for `--help` (tests/test_cli_help.py runs every one of them).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "attack": ("admiralty attack --dice 12 --armour 5 --citadel 8",
               'admiralty attack "21 dice vs armour 6 citadel 9, devastating"',
               "admiralty attack --ruleset dw4 --dice 12 --armour 4 --defence 3 --lang ru"),
    "assault": ("admiralty assault --fray 6 --target-citadel 8 --target-adv 2 --target-sdv 2",
                "admiralty assault --ruleset dw4 --boarding 3,2 --target-defences 3 --target-crew 4"),
    "ram": ("admiralty ram --hull 8 --inches 6 --target-armour 5 --target-citadel 8",),
    "collision": ("admiralty collision --mover-mass 3 --impact model --impact-mass 2",),
    "srs": ("admiralty srs --tokens 4 --target-adv 2 --target-armour 5",),
    "broadside": ("admiralty broadside --ruleset dw4 --broadside 6,4 --target-hull 8",),
}


def examples_text(action: str) -> str | None:
    lines = EXAMPLES.get(action)
    return "examples:\n" + "\n".join(f"  {line}" for line in lines) if lines else None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], flags_for: str | None = None) -> None:
    """One sub-command per action; with `flags_for` set (the command about to run), only that
    command gets its flags, so other commands never load the referee's specs."""
    for action, help_text in referee_actions().items():
        parser = subparsers.add_parser(action, help=help_text, description=help_text,
                                       epilog=examples_text(action),
                                       formatter_class=argparse.RawDescriptionHelpFormatter)
        if flags_for is not None and flags_for != action:
            continue
        specs = referee_params(action)
        groups: Groups = {}
        for spec in specs:
            _add_flag(parser, spec, groups)
        parser.add_argument("--json", action="store_true", help="print the JSON result")
        add_lang_flag(parser)
        parser.set_defaults(func=_run(action, specs))
