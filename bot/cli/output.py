"""Small helpers shared by the CLI commands: JSON out, wrapped text, citation lines."""
from __future__ import annotations

import json
import shutil
import sys
import textwrap
from typing import Any


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


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


def warn(message: str) -> None:
    print(f"admiralty: {message}", file=sys.stderr)
