"""One scan for "does one of these phrases occur in the text?" (issue 18: a tenth of parsing a question).

Python's `re` tries every alternative of an alternation at every position of the text. Most of our
phrase lists open their alternatives with a word boundary ("\\bdw4", "\\bhouse[- ]?rul\\w*"): gathered
under one shared "\\b(?:...)", they are tried only where a word begins, and the few others everywhere.
That halves the time of a scan. Only whether one matches is asked, so the order of the alternatives
does not matter (which of them matches, and where, may differ from the patterns' own: never read it).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

_BOUNDARY = "\\b"
# Inline flags or back references tie a pattern's text to its own numbering or scope: such lists are
# joined as they are.
_UNSAFE = re.compile(r"\(\?[aiLmsux-]|\\\d|\(\?P=")


def any_of(patterns: Sequence[re.Pattern[str]]) -> re.Pattern[str] | None:
    """A pattern whose `search` finds a match exactly when one of `patterns` does; None when their
    flags differ (then search each)."""
    flags = {p.flags for p in patterns}
    if len(flags) != 1:
        return None
    texts = [p.pattern for p in patterns]
    branches: list[str] | None = []
    for text in texts:
        found = alternatives(text) if not _UNSAFE.search(text) else None
        if found is None or branches is None:
            branches = None
        else:
            branches += found
    if branches is None:
        return re.compile("|".join(f"(?:{t})" for t in texts), flags.pop())
    bounded = [b[len(_BOUNDARY):] for b in branches if b.startswith(_BOUNDARY)]
    joined = [f"(?:{b})" for b in branches if not b.startswith(_BOUNDARY)]
    if bounded:
        joined.insert(0, _BOUNDARY + "(?:" + "|".join(f"(?:{b})" for b in bounded) + ")")
    return re.compile("|".join(joined), flags.pop())


def alternatives(pattern: str) -> list[str] | None:
    """The pattern's top-level alternatives ("a|b(c|d)" -> "a", "b(c|d)"), a non-capturing group that
    is a whole alternative opened ("(?:a|b)" -> "a", "b"); None when its parentheses do not pair."""
    out: list[str] = []
    for branch in _split(pattern):
        if branch is None:
            return None
        inner = branch[3:-1] if branch.startswith("(?:") and _closes_at_end(branch) else None
        if inner is None:
            out.append(branch)
            continue
        found = alternatives(inner)
        if found is None:
            return None
        out += found
    return out


def _split(pattern: str) -> list[str | None]:
    """`pattern` cut at each "|" outside groups, character classes and escapes ([None]: unpaired)."""
    parts: list[str | None] = []
    depth, opened, escaped, start = 0, -1, False, 0  # opened: where the class read now opened (-1: none)
    for place, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif opened >= 0:  # a "]" first in a class ("[]", "[^]") is one of its characters
            first = opened + 2 if pattern[opened + 1:opened + 2] == "^" else opened + 1
            if char == "]" and place > first:
                opened = -1
        elif char == "[":
            opened = place
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return [None]
        elif char == "|" and depth == 0:
            parts.append(pattern[start:place])
            start = place + 1
    if depth != 0 or opened >= 0 or escaped:
        return [None]
    parts.append(pattern[start:])
    return parts


def _closes_at_end(group: str) -> bool:
    """The "(" that opens `group` is closed by its last character (not "(?:a)(b)")."""
    return _split(group[1:-1]) != [None] and _split(group[1:]) == [None]
