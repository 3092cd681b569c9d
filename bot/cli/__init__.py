"""The `admiralty` command: a thin argparse layer over index/, referee/ and bot/.

Each sub-command lives in its own module and registers itself here. Heavy
imports (torch, faiss, discord) happen inside the command that needs them so
that `admiralty rule` and the referee commands start fast.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from bot.cli import (
    ask,
    bot_cmd,
    feedback_cmd,
    fleet_cmd,
    index_cmd,
    referee_cmds,
    rule,
    serve,
    settings_cmd,
    units_cmd,
)
from bot.cli.boundary import EXIT_INTERRUPTED, report

__all__ = ["build_parser", "main"]

# Each module exposes register(subparsers) and sets `func` on its parser.
_COMMAND_MODULES = (ask, rule, index_cmd, referee_cmds, serve, bot_cmd, settings_cmd, feedback_cmd, units_cmd,
                    fleet_cmd)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; given the `command` about to run, the referee's flags (which need its
    parameter specs, and so its modules) are generated for that command only: fast start-up."""
    parser = argparse.ArgumentParser(
        prog="admiralty",
        description="Rules lookup and referee for tabletop naval wargaming.",
    )
    parser.add_argument("--version", action=_VersionAction, nargs=0, help="show the version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        if module is referee_cmds:
            referee_cmds.register(subparsers, flags_for=command)
        else:
            module.register(subparsers)
    return parser


class _VersionAction(argparse.Action):
    """--version, reading the package metadata only when asked (importlib.metadata is slow to load)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser | None:
    """The parser of the sub-command named on the command line (argparse keeps them in its action)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            chosen: argparse.ArgumentParser = action.choices[command]
            return chosen
    return None


def unrecognised(parser: argparse.ArgumentParser, extras: Sequence[str]) -> str:
    """'unrecognized arguments: --armor (did you mean --armour?)': the nearest flag of this command."""
    import difflib

    flags = [flag for flag in parser._option_string_actions if flag.startswith("--")]
    shown = []
    for word in extras:
        guess = difflib.get_close_matches(word.split("=", 1)[0], flags, n=1, cutoff=0.7) if word.startswith("-") else []
        shown.append(f"{word} (did you mean {guess[0]}?)" if guess else word)
    return "unrecognized arguments: " + " ".join(shown)


def _command_in(argv: Sequence[str]) -> str | None:
    """The sub-command named on the command line (its first word that isn't an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


def _version() -> str:
    """The installed package's version (from its metadata, so it never drifts from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("admiralty")
    except PackageNotFoundError:
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_in(words))
    args, extras = parser.parse_known_args(words)
    if extras:  # refused by the sub-command's own parser, with the flag it most likely meant
        command = _subparser(parser, getattr(args, "command", None)) or parser
        command.error(unrecognised(command, extras))
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        print("admiralty: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `admiralty … | head`: the reader left; not an error
        _silence_stdout()
        return 0
    except Exception as exc:  # the one boundary: one line, the documented exit code, never a traceback
        return report(exc, getattr(args, "player_lang", None))


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not complain about the pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
