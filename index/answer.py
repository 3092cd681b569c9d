"""The answer line: the sentence(s) of a rule that answer the question, quoted verbatim.

A rule text is cut into segments (sentences, list lines); windows of up to three
consecutive segments, at most QUOTE_MAX_CHARS long, are scored by the question stems they
contain (IDF-weighted, each stem counted once; Russian stems the stemmer cut differently
still count), with a bonus for a number of the right kind when the question asks "how many /
сколько" (any number or number word) or "how far / на каком расстоянии" (a distance). A window
starts at a segment with evidence of its own; one that starts inside a table starts at the
sentence introducing it. The quote is always `text[start:end]`: never rewritten.
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from index.text import stems

QUOTE_MAX_CHARS = 300
MAX_WINDOW = 3  # segments in one quote
EXTEND_TO = 300  # a quote shorter than this takes in the following sentences up to it
MIN_QUOTE_CHARS = 25  # a bare heading ("RESOLVING A RAM") is not an answer
NUMBER_BONUS = 1.0  # x the heaviest query-stem weight, for a number in a "how many" answer
RU_PREFIX_MIN = 4  # Russian stems this long match spellings they begin (or that begin them)
DENSE_WEIGHT = 1.0  # x mean weight x cosine: how much the model's sentence choice counts

_SENTENCE_END = re.compile(r"(?<=[.!?…])[*_»\"”)]*\s+(?=[*_«\"“(]*[A-ZА-ЯЁ0-9])")
_CLAUSE_END = re.compile(r"(?<=[;:,])\s+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?(?:\s*(?:[\"”″]|дюйм\w*|inch(?:es)?))?", re.IGNORECASE)
_NUMBER_WORDS = re.compile(
    r"\b(twice|double|half|once|one|two|three|four|five|six|равн\w*|вдвое|дважды|половин\w*|"
    r"один|одн\w+|два|две|три|четыре|пять|шесть|equal to|as many|number of|столько|во сколько)\b",
    re.IGNORECASE)
_CYRILLIC_WORD = re.compile(r"^[а-яё]+$")
_DISTANCE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:[\"”″]|дюйм\w*|inch(?:es)?)", re.IGNORECASE)
_DISTANCE_QUESTION = re.compile(
    r"\b(how (far|close)|what range|range|distance|within|на каком рас+тоянии|расстояни\w*|дистанци\w*|"
    r"как далеко|дюйм\w*)\b", re.IGNORECASE)
_NUMERIC_QUESTION = re.compile(
    r"\b(how (many|much|far|close|long|big|often)|what range|range|distance|number of|"
    r"сколько|скока|скольк\w*|насколько|на каком рас+тоянии|расстояни\w*|дистанци\w*|дюйм\w*)\b",
    re.IGNORECASE)


# A question about a limit or a permission ("when can a model NOT rally", "can airborne models
# block line of sight", "можно ли перебросить куб дважды") is answered by the sentence stating the
# limit ("A model cannot Rally if ...", "never Block", "ни один куб не может быть Переброшен более
# одного раза"), not by the rule's opening: such sentences get the same bonus a number gets.
_LIMIT_QUESTION = re.compile(
    r"\b(not|never|cannot|can'?t|won'?t|isn'?t|aren'?t|doesn'?t|don'?t|limit\w*|max\w*|only|twice|again|"
    r"allowed|nobody|no one|нельзя|не|ни|только|дважды|снова|ещ[её] раз|максимум|лимит|разрешен\w*)\b|"
    r"^\s*(can|could|may)\b|^\s*(можно|может|могут)\b", re.IGNORECASE)
_LIMIT = re.compile(
    r"\b(cannot|can not|can'?t|may not|must not|may only|can only|never|no more than|not more than|"
    r"at most|up to|only|unless|нельзя|не может|не могут|не может быть|ни од\w+|не более|только|"
    r"более одного раза)\b", re.IGNORECASE)


def is_limit_question(question: str) -> bool:
    return bool(_LIMIT_QUESTION.search(question))


@dataclass(frozen=True)
class Quote:
    start: int
    end: int
    score: float


def is_numeric_question(question: str) -> bool:
    return bool(_NUMERIC_QUESTION.search(question))


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


# "at least one patch", "one or more models", "one of", "one another": a quantifier, not a quantity
# stated as an answer; such a "one" earns no number bonus.
_QUANTIFIER_ONE = re.compile(
    r"\b(at\s+least\s+one|one\s+or\s+more|one\s+of|one\s+another|no\s+one|any\s+one|"
    r"хотя\s+бы\s+одн\w*|одн\w*\s+или\s+несколько|одн\w*\s+из|друг\s+друга)\b", re.IGNORECASE)


def has_number(text: str) -> bool:
    text = _QUANTIFIER_ONE.sub(" ", text)
    return bool(_NUMBER.search(text) or _NUMBER_WORDS.search(text))


def is_distance_question(question: str) -> bool:
    return bool(_DISTANCE_QUESTION.search(question))


def _fits_number(text: str, distance: bool) -> bool:
    """A distance question is answered by a distance ('4”', '12 дюймов'); any other
    numeric question by any number or number word."""
    if distance:
        return bool(_DISTANCE.search(text))
    return has_number(text)


def _prefix_owner(stem: str, owner: Mapping[str, set[str]]) -> set[str]:
    """Russian stems that the stemmer cut differently ("бросьт"/"броса", "ремонтн"/"ремонт"):
    they share a beginning of at least RU_PREFIX_MIN letters that leaves at most two letters
    of the longer one over."""
    if not _CYRILLIC_WORD.match(stem):
        return set()
    found: set[str] = set()
    for spelling, sources in owner.items():
        if spelling[:RU_PREFIX_MIN] != stem[:RU_PREFIX_MIN]:
            continue
        common = len(os.path.commonprefix([stem, spelling]))
        if common >= max(RU_PREFIX_MIN, max(len(stem), len(spelling)) - 2):
            found |= sources
    return found


def best_quote(text: str, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]] | None = None,
               numeric: bool = False, opening: bool = False,
               closeness: list[float] | None = None, distance: bool = False,
               limit: bool = False) -> Quote | None:
    """The highest-scoring window of consecutive segments. `variants` maps each question
    stem to the spellings that count as it (expansions, typos, translations). A window starts
    at a segment that carries evidence itself (a question word, or for a numeric question a
    number of the right kind). A numeric question ("how many", or "how far": `distance`)
    prefers windows stating a number of that kind. When no segment shares a word with the
    question, `opening` quotes the rule's first sentence (the question named the rule: its
    opening defines it); otherwise None. `closeness`, one per segment, is the model's cosine
    between the question and that segment, when known."""
    spans = segments(text)
    if not spans or not weights:
        return None
    owner: dict[str, set[str]] = {}
    for source, spellings in (variants or {s: frozenset({s}) for s in weights}).items():
        for spelling in spellings | {source}:
            owner.setdefault(spelling, set()).add(source)
    seg_stems = []
    for s, e in spans:
        found: set[str] = set()
        for st in stems(text[s:e]):
            found |= owner.get(st) or _prefix_owner(st, owner)
        seg_stems.append(found)
    mean = sum(weights.values()) / len(weights)
    number_bonus = NUMBER_BONUS * max(weights.values())
    best: Quote | None = None
    for i in range(len(spans)):
        if not seg_stems[i] and not (numeric and _fits_number(text[spans[i][0]:spans[i][1]], distance)):
            continue  # a window starts at a segment that carries evidence itself
        matched: set[str] = set()
        for j in range(i, min(i + MAX_WINDOW, len(spans))):
            start, end = spans[i][0], spans[j][1]
            if end - start > QUOTE_MAX_CHARS:
                break
            added = seg_stems[j] - matched
            numbered = numeric and _fits_number(text[spans[j][0]:spans[j][1]], distance)
            if j > i and not added and not numbered:
                continue  # a neighbour that adds nothing the question asked about
            matched |= added
            if end - start < MIN_QUOTE_CHARS:
                continue
            score = sum(weights.get(s, 0.0) for s in sorted(matched))  # sorted: float sums in one order
            if numeric and _fits_number(text[start:end], distance):
                score += number_bonus
            if limit and _LIMIT.search(text[spans[i][0]:spans[i][1]]):
                score += number_bonus  # the window opens with a limit or a permission
            if closeness is not None:
                score += DENSE_WEIGHT * mean * max(closeness[i:j + 1])
            score -= 0.01 * mean * (j - i)  # equal evidence: the shorter quote
            if best is None or score > best.score:
                best = Quote(start, end, score)
    if best is not None:
        best = _with_caption(text, spans, _extend(text, spans, best))
    if best is None and opening:
        end = next((e for s, e in spans if e - spans[0][0] >= MIN_QUOTE_CHARS), spans[0][1])
        if end - spans[0][0] <= QUOTE_MAX_CHARS:
            best = Quote(spans[0][0], end, 0.0)
    return best


def _with_caption(text: str, spans: list[tuple[int, int]], quote: Quote) -> Quote:
    """Table rows ("От 750 до 1499\t5") mean nothing without the sentence that introduces
    the table: a quote starting inside a table starts at that sentence instead (when the
    whole still fits a quote)."""
    if "\t" not in text[quote.start:quote.end].split("\n", 1)[0]:
        return quote
    before = [s for s in spans if s[1] <= quote.start]
    start = quote.start
    for s, _ in reversed(before):
        if quote.end - s > QUOTE_MAX_CHARS:
            return quote
        start = s
        if "\t" not in text[s:quote.start].split("\n", 1)[0]:
            break
    return Quote(start, quote.end, quote.score)


def _extend(text: str, spans: list[tuple[int, int]], quote: Quote) -> Quote:
    """A short answer sentence usually needs the next one ("Reactor leak: This model
    receives a marker." is followed by what the marker does; a condition is followed by its
    consequence, often in the next paragraph): add following sentences while the quote stays
    under EXTEND_TO characters."""
    end = quote.end
    for s, e in spans:
        if s < end:
            continue
        if e - quote.start > EXTEND_TO:
            break
        end = e
    return Quote(quote.start, end, quote.score)


# "(стр. 21)", "(p. 21)", "see page 21": where a rule is printed, not what it says
_PAGE_REFERENCE = re.compile(r"(?i)\b(стр|p|pp|page)\.?\s*\d+")


def numbers(text: str) -> list[str]:
    """Numbers a quote states, inch marks unified: '3”', '3 inches' and '3"' are all '3"'.
    Page references are not statements."""
    out = []
    for match in _NUMBER.finditer(_PAGE_REFERENCE.sub(" ", text)):
        value = re.sub(r"\s+", "", match.group(0))
        value = re.sub(r"(?i)(дюйм\w*|inch(es)?|[”″])$", '"', value)
        out.append(value)
    return list(dict.fromkeys(out))


def disagreement_note(lines: list[tuple[str, str]]) -> str | None:
    """lines: (edition label, quote) for one game's editions. A note only when at least two
    lines state numbers and the numbers differ; it names each edition's numbers."""
    stated = [(label, numbers(quote)) for label, quote in lines]
    stated = [(label, nums) for label, nums in stated if nums]
    if stated and all(any(n.endswith('"') for n in nums) for _, nums in stated):
        # Every line states a distance: compare distances, not step numbers or counts.
        stated = [(label, [n for n in nums if n.endswith('"')]) for label, nums in stated]
    if len(stated) < 2 or len({tuple(sorted(nums)) for _, nums in stated}) < 2:
        return None
    parts = "; ".join(f"{label}: {', '.join(nums)}" for label, nums in stated)
    return f"The editions' answers state different numbers ({parts}); use the line for the edition you play."
