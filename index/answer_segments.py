"""Cutting a rule's text into the pieces an answer line is made of: sentences, list lines,
table rows, and clauses of a sentence too long for one quote. Every piece is a (start, end)
span of the text, so a quote built from them is always `text[start:end]`."""
from __future__ import annotations

import re

QUOTE_MAX_CHARS = 320  # the answer line's limit: the quote test's (bench/retrieval.py); Discord shows all of it

_SENTENCE_END = re.compile(r"(?<=[.!?…])[*_»\"”)]*\s+(?=[*_«\"“(]*[A-ZА-ЯЁ0-9])")
# Abbreviations that never end a sentence: a page reference ("См. «Масса» (стр. 7)", "see p. 12")
# or a Latin/Russian "that is / for example" ("т.е.", "e.g."). "т.д." and "etc." often end one.
_ABBREVIATION = re.compile(r"(?i)(?<![\w.])(стр|см|рис|напр|т\.\s?е|т\.\s?к|p|pp|cf|e\.g|i\.e|vs|fig)\.[*_»\"”)]*$")
_CLAUSE_END = re.compile(r"(?<=[;:,])\s+")
_LINE_BREAK = re.compile(r"\n+")
# The printed page's wrap inside a sentence, not the end of a line of text: a break before a
# lower-case word ("if\nan attack has", "Модели\n\nвсе повреждения"), or a single break after a
# line of running text cut mid-clause ("... has Ablative\nArmour (2), ...").
_NEXT_LOWER = re.compile(r"[ \t]*[a-zа-яё]")
_CUT_MID_CLAUSE = re.compile(r"[a-zа-яё,]$")
_NEXT_ITEM = re.compile(r"[ \t]*([-•*]|\d+[.)]\s)")
WRAPPED_LINE_WORDS = 7  # a line this long is running text (a heading or list label is shorter)


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in " \t\r\n-•*>#|":
        start += 1
    while end > start and text[end - 1] in " \t\r\n*_|":
        end -= 1
    return start, end


def segments(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence or line; pieces over the quote limit are cut at
    clause boundaries (or, failing that, hard) so every segment fits a quote. A sentence
    wrapped over two printed lines stays one segment."""
    out: list[tuple[int, int]] = []
    for line_start, line_end in _lines(text):
        line = text[line_start:line_end]
        ends = [m for m in _SENTENCE_END.finditer(line) if not _ABBREVIATION.search(line, 0, m.start())]
        cuts = [line_start] + [line_start + m.end() for m in ends] + [line_end]
        for a, b in zip(cuts, cuts[1:], strict=False):
            for piece in _fit(text, a, b):
                s, e = _trim(text, *piece)
                if e > s:
                    out.append((s, e))
    return out


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line of text, a wrapped sentence's lines taken as one."""
    out = []
    start = 0
    for match in _LINE_BREAK.finditer(text):
        if not _wrapped(text[start:match.start()], match.group(0), text[match.end():]):
            out.append((start, match.start()))
            start = match.end()
    out.append((start, len(text)))
    return out


def _wrapped(line: str, breaks: str, rest: str) -> bool:
    """Whether the break after `line` (so far) only wraps a sentence that `rest` goes on with."""
    if _NEXT_LOWER.match(rest):
        return True
    last = line.rsplit("\n", 1)[-1]  # the printed line just before the break
    return (breaks == "\n" and bool(_CUT_MID_CLAUSE.search(last)) and len(last.split()) >= WRAPPED_LINE_WORDS
            and not last.isupper() and "\t" not in last and not _NEXT_ITEM.match(rest))


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
