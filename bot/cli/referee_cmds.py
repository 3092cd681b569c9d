"""`admiralty attack|assault|ram`: flags generated from referee.api.PARAMS, then resolve()."""
from __future__ import annotations

import argparse
import json
from typing import Any

from referee.api import PARAMS, resolve
from referee.params import ParamSpec

_HELP = {
    "attack": "resolve an attack (odds, or a roll you give with --roll)",
    "assault": "resolve an assault / boarding action",
    "ram": "resolve a ram",
}


def _add_flag(parser: argparse.ArgumentParser, spec: ParamSpec) -> None:
    if spec.name == "description":
        parser.add_argument("description", nargs="*", help=spec.help)
        return
    flag = "--" + spec.name.replace("_", "-")
    kwargs: dict[str, Any] = {"dest": spec.name, "help": spec.help, "default": None}
    if spec.kind == "bool":
        kwargs["action"] = "store_true"
        kwargs["default"] = None
    elif spec.kind == "choice":
        kwargs["choices"] = spec.choices
    elif spec.repeatable:
        kwargs["action"] = "append"
    # values are validated (and errors worded) by the referee itself, so keep them as text
    parser.add_argument(flag, **kwargs)


def _params(action: str, args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in PARAMS[action]:
        value = getattr(args, spec.name, None)
        if spec.name == "description":
            if value:
                out["description"] = " ".join(value)
            continue
        if value is None:
            continue
        out[spec.name] = value
    return out


def _run(action: str):
    def func(args: argparse.Namespace) -> int:
        result = resolve(action, _params(action, args))
        if args.json:
            print(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            from bot.referee_text import render

            print(render(result))
        return 0

    return func


def register(subparsers: argparse._SubParsersAction) -> None:
    for action in ("attack", "assault", "ram"):
        parser = subparsers.add_parser(action, help=_HELP[action], description=_HELP[action])
        for spec in PARAMS[action]:
            _add_flag(parser, spec)
        parser.add_argument("--json", action="store_true", help="print the JSON result")
        parser.set_defaults(func=_run(action))
