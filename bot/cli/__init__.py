"""The `admiralty` command: a thin argparse layer over index/, referee/ and bot/.

Each sub-command lives in its own module and registers itself here. Heavy
imports (torch, faiss, discord) happen inside the command that needs them so
that `admiralty rule` and the referee commands start fast.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from bot.cli import ask, bot_cmd, index_cmd, referee_cmds, rule, serve
from bot.errors import UserError

__all__ = ["UserError", "build_parser", "main"]

# Each module exposes register(subparsers) and sets `func` on its parser.
_COMMAND_MODULES = (ask, rule, index_cmd, referee_cmds, serve, bot_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="admiralty",
        description="Rules lookup and referee for tabletop naval wargaming.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        module.register(subparsers)
    return parser


def _user_error_types() -> tuple[type[BaseException], ...]:
    """Error types that mean 'bad input' rather than 'bug' (imported lazily: no torch)."""
    from index.errors import AdmiraltyError
    from referee.errors import InputError

    return (UserError, AdmiraltyError, InputError)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        print("admiralty: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except _user_error_types() as exc:
        print(f"admiralty: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
