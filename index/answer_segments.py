"""Cutting a rule's text into the pieces an answer line is made of: sentences, list lines,
table rows, and clauses of a sentence too long for one quote. Every piece is a (start, end)
span of the text, so a quote built from them is always `text[start:end]`."""
from __future__ import annotations

import re

QUOTE_MAX_CHARS = 300  # the answer line's limit (Discord shows 300 characters of it)

_SENTENCE_END = re.compile(r"(?<=[.!?…])[*_»\"”)]*\s+(?=[*_«\"“(]*[A-ZА-ЯЁ0-9])")
_CLAUSE_END = re.compile(r"(?<=[;:,])\s+")


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in " \t\r\n-•*>#|":
        start += 1
    while end > start and text[end - 1] in " \t\r\n*_|":
        end -= 1
    return start, end


def segments(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence or line; pieces over the quote limit are cut at
    clause boundaries (or, failing that, hard) so every segment fits a quote."""
    out: list[tuple[int, int]] = []
    line_start = 0
    for line in text.split("\n"):
        line_end = line_start + len(line)
        cuts = [line_start] + [line_start + m.end() for m in _SENTENCE_END.finditer(line)] + [line_end]
        for a, b in zip(cuts, cuts[1:], strict=False):
            for piece in _fit(text, a, b):
                s, e = _trim(text, *piece)
                if e > s:
                    out.append((s, e))
        line_start = line_end + 1
    return out


def _fit(text: str, start: int, end: int) -> list[tuple[int, int]]:
    if end - start <= QUOTE_MAX_CHARS:
        return [(start, end)]
    pieces: list[tuple[int, int]] = []
    cuts = [start + m.end() for m in _CLAUSE_END.finditer(text[start:end])] + [end]
    piece_start = start
    last = start
    for cut in cuts:
        if cut - piece_start > QUOTE_MAX_CHARS and last > piece_start:
            pieces.append((piece_start, last))
            piece_start = last
        last = cut
    pieces.append((piece_start, end))
    hard: list[tuple[int, int]] = []
    for a, b in pieces:  # a clause longer than the limit: cut it at a space
        while b - a > QUOTE_MAX_CHARS:
            cut = text.rfind(" ", a + 1, a + QUOTE_MAX_CHARS)
            if cut <= a:
                cut = a + QUOTE_MAX_CHARS
            hard.append((a, cut))
            a = cut
        hard.append((a, b))
    return hard
