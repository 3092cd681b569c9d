"""A book's chapter tree taken from its own table of contents.

The Russian rulebook's Markdown marks some chapters `#` and others `##`, so whole chapters
("ЭТАП АБОРДАЖА", "ТАБЛИЦА РЕЗУЛЬТАТОВ АБОРДАЖА", "ЗАЩИТА") nested under the one before
("КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ") and citations named the wrong chapter. The book prints its
contents ("ЭТАП АБОРДАЖА ..... 24"); every heading that is a contents entry becomes a
chapter (level 1) and every other heading after the contents sits below its chapter.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz.distance import OSA

# "ЭТАП АБОРДАЖА ..... 24" (tags already removed; two columns per line are both read)
_ENTRY = re.compile(r"([^\t.][^\t]*?)\s*\.{3,}\s*(\d+)")
_MIN_ENTRIES = 5  # fewer dotted lines is not a table of contents


def contents_entries(lines: Sequence[str]) -> list[str]:
    """Titles of the first block of dotted lines, in page order (two columns are read row
    by row, so sort by page). The book's index further on is dotted too, and is not read."""
    found: list[tuple[int, int, str]] = []
    for line in lines:
        entries = list(_ENTRY.finditer(line))
        if not entries and line.strip() and found:
            break
        found += [(int(m.group(2)), len(found) + k, m.group(1).strip()) for k, m in enumerate(entries)]
    if len(found) < _MIN_ENTRIES:
        return []
    return [title for _, _, title in sorted(found)]


def _fold(title: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", title.upper().replace("Ё", "Е")).split())


def _same_title(entry: str, heading: str) -> bool:
    """Printed contents and headings differ by a typo or two ("СТРЕЛБЫ", "АКТИВАЦИЙ")."""
    a, b = _fold(entry), _fold(heading)
    return OSA.distance(a, b) <= max(1, min(len(a), len(b)) // 8)


def _match_in_order(entries: Sequence[str], titles: Sequence[str]) -> list[int | None]:
    """For each entry, the first heading after the previous match with the same title."""
    matched: list[int | None] = []
    start = 0
    for entry in entries:
        hit = next((i for i in range(start, len(titles)) if _same_title(entry, titles[i])), None)
        matched.append(hit)
        if hit is not None:
            start = hit + 1
    return matched


def _fill_gaps(matched: list[int | None], levels: Sequence[int]) -> list[int | None]:
    """An entry printed under another name ("ЭСКАДРИЛИИ БЛИЖНЕГО БОЯ" for "ЭСКАДРИЛЬИ МАЛОЙ
    ДАЛЬНОСТИ") is the one highest heading between its neighbours, when both neighbours are
    matched and exactly one heading between them is at the highest level there."""
    filled = list(matched)
    for k, hit in enumerate(matched):
        if hit is not None:
            continue
        if k == 0 or k + 1 >= len(matched):
            continue
        left, right = matched[k - 1], matched[k + 1]
        if left is None or right is None:
            continue
        between = range(left + 1, right)
        if not between:
            continue
        top = min(levels[i] for i in between)
        highest = [i for i in between if levels[i] == top]
        if len(highest) == 1:
            filled[k] = highest[0]
    return filled


def chapter_levels(headings: Sequence[tuple[int, str]], entries: Sequence[str]) -> list[int]:
    """Heading levels with every contents entry a chapter; the headings before the first
    chapter keep theirs, a `#` title outside the contents (the index) stays a chapter, and
    any other heading is at least one level below its chapter."""
    levels = [level for level, _ in headings]
    if not entries:
        return levels
    matched = _fill_gaps(_match_in_order(entries, [t for _, t in headings]), levels)
    chapters = {i for i in matched if i is not None}
    if not chapters:
        return levels
    first = min(chapters)
    return [
        level if i < first else 1 if i in chapters or level == 1 else max(level, 2)
        for i, level in enumerate(levels)
    ]
