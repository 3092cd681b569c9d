"""Small helpers shared by the CLI commands: JSON out, wrapped text, citation lines."""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from core.messages import declare, text

declare({
    "cli.ambiguous.unit": ("“{query}” could mean several units; try one of:",
                           "«{query}» может означать несколько юнитов; выберите один:"),
    "cli.ambiguous.rule": ("“{query}” could mean several rules; try one of:",
                           "«{query}» может означать несколько правил; выберите одно:"),
    "cli.not_found.unit": ("No unit named “{query}”.", "Нет юнита «{query}»."),
    "cli.not_found.rule": ("No rule named “{query}”.", "Нет правила «{query}»."),
    "cli.did_you_mean": (" Did you mean: {names}?", " Возможно, вы имели в виду: {names}?"),
})


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def emit(args: argparse.Namespace, result: Any, render: Callable[[Any], str], code: int = 0) -> int:
    """Every command's last step: the service's result as JSON (`--json`) or as the command's text; the exit code."""
    if getattr(args, "json", False):
        print_json(result)
    else:
        print(render(result))
    return code


def wrap(text: str, indent: str = "    ") -> str:
    width = max(40, min(100, shutil.get_terminal_size((100, 20)).columns) - len(indent))
    out = []
    for paragraph in text.split("\n"):
        filled = textwrap.fill(paragraph, width, initial_indent=indent, subsequent_indent=indent)
        out.append(filled if paragraph.strip() else "")
    return "\n".join(out)


def citation(item: dict[str, Any]) -> str:
    """'Dystopian Wars Rules Glossary (4th edition …) › Ram' — every answer names its source."""
    return f"{item['document_title']} [{item['edition_label']}, {item['language']}] › {item['section']}"


def add_lang_flag(parser: argparse.ArgumentParser) -> None:
    """`--lang en|ru`: the player's language for every text of the answer and its errors."""
    from bot.service import LANG_PARAM

    parser.add_argument("--lang", dest="player_lang", choices=LANG_PARAM.choices, default=None,
                        help="language of the answer and its messages: en or ru "
                             "(default: the language the description is written in, else English)")


def warn(message: str) -> None:
    print(f"admiralty: {message}", file=sys.stderr)


def print_unmatched(result: dict[str, Any], what: str, lang: str | None = None) -> bool:
    """For a name lookup (`rule`, `unit`) that did not find exactly one thing: print the candidates
    (in the player's `lang`) and return True; return False when `result` holds a match to show."""
    if result["status"] == "ambiguous":
        print(text(f"cli.ambiguous.{what}", lang, query=result["query"]))
        for name in result["candidates"]:
            print(f"  - {name}")
        return True
    if result["status"] == "not_found":
        near = text("cli.did_you_mean", lang, names=", ".join(result["candidates"])) if result["candidates"] else ""
        print(text(f"cli.not_found.{what}", lang, query=result["query"]) + near)
        return True
    return False


def whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse `type` for a whole number from `low` to `high` (a port, a worker count, a Discord id),
    refusing anything else in one line that names `what` it is."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what} (a whole number), got {text[:40]!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}, got {value}")
        return value

    return parse
