"""The parser of each corpus format (manifest.toml's `format`)."""
from __future__ import annotations

from collections.abc import Callable

from index.manifest import DocumentInfo
from index.parsing.battlescribe import parse_battlescribe
from index.parsing.capstext import parse_caps_text
from index.parsing.markdown import parse_markdown, parse_markdown_table
from index.parsing.sections import Section

PARSERS: dict[str, Callable[[str, DocumentInfo], list[Section]]] = {
    "battlescribe-cat": parse_battlescribe,
    "caps-text": parse_caps_text,
    "markdown": parse_markdown,
    "markdown-table": parse_markdown_table,
}
