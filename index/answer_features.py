"""What a candidate answer line is made of, as numbers a fitted model weighs
(index/data/answer_model.toml, fitted by bench/fit_answer.py): how much of the question it
holds and where, whether it states what the question's shape asks for (a number, a limit, a
result, a definition), and what kind of sentence it opens with (a heading, a worked example,
a continuation that lost its subject, a table row, a stat row)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from index.answer_shape import QuestionShape
from index.statrows import is_stat_row

# The order the model's weights are stored in; every name is one feature below.
FEATURES = (
    "cov_first", "cov_window", "share_first", "share_window", "evidence_first", "core_segments",
    "number_first", "number_window", "limit_first",
    "opening", "definition_opening", "position", "line_start",
    "heading_first", "heading_inside", "example_first", "example_window", "note_first",
    "conditional_first", "happens_conditional", "happens_result", "continuation_first",
    "table_first", "stat_row", "closeness",
)

NUMBER = re.compile(r"\d+(?:[.,]\d+)?(?:\s*(?:[\"”″]|дюйм\w*|inch(?:es)?))?", re.IGNORECASE)
_NUMBER_WORDS = re.compile(
    r"\b(twice|double|half|once|one|two|three|four|five|six|равн\w*|вдвое|дважды|половин\w*|"
    r"один|одн\w+|два|две|три|четыре|пять|шесть|equal to|as many|number of|столько|во сколько)\b",
    re.IGNORECASE)
_DISTANCE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:[\"”″]|дюйм\w*|inch(?:es)?)", re.IGNORECASE)
# "at least one patch", "one or more models", "one of", "one another": a quantifier, not a quantity
# stated as an answer; such a "one" earns no number bonus.
_QUANTIFIER_ONE = re.compile(
    r"\b(at\s+least\s+one|one\s+or\s+more|one\s+of|one\s+another|no\s+one|any\s+one|"
    r"хотя\s+бы\s+одн\w*|одн\w*\s+или\s+несколько|одн\w*\s+из|друг\s+друга)\b", re.IGNORECASE)
LIMIT = re.compile(
    r"\b(cannot|can not|can'?t|may not|must not|may only|can only|never|no more than|not more than|"
    r"at most|up to|only|unless|нельзя|не может|не могут|не может быть|ни од\w+|не более|только|"
    r"более одного раза)\b", re.IGNORECASE)
_EXAMPLE = re.compile(r"\b(for example|for instance|e\.g\.|example|например|пример\w*)\b", re.IGNORECASE)
_NOTE = re.compile(r"^[*(]*(note|designer'?s note|важно|примечание)\b", re.IGNORECASE)
_CONDITIONAL = re.compile(r"^[*(«\"]*(if|when|whenever|while|unless|once|если|когда|пока|при|в случае)\b",
                          re.IGNORECASE)
# A sentence opening with a pronoun or a link word leans on the one before it: its start is
# the tail of a rule without its subject.
_CONTINUATION = re.compile(
    r"^[*(«\"]*(this|that|these|those|it|its|they|their|such|then|also|additionally|however|otherwise|"
    r"instead|in addition|in this case|in that case|в этом случае|в таком случае|это|эт[аиоу]\w*|она|он|они|"
    r"оно|кроме того|однако|иначе|также|тогда|затем)\b", re.IGNORECASE)
# What a rule does to a model: the result a "what happens" question asks for.
_CONSEQUENCE = re.compile(
    r"\b(suffers?|gains?|loses?|lose|destroyed|removed?|immediately|receives?|adds?|halved|doubled|"
    r"cannot|may not|must|is treated|counts as|instead|"
    r"получа\w+|теря\w+|уничтож\w+|убира\w+|убер\w+|удаля\w+|немедленно|не может|не могут|должн\w+|"
    r"добавля\w+|считается|вместо)\b", re.IGNORECASE)
_STEP_NUMBER = re.compile(r"^\(?\d{1,2}[.)]?$")


def has_number(text: str) -> bool:
    text = _QUANTIFIER_ONE.sub(" ", text)
    return bool(NUMBER.search(text) or _NUMBER_WORDS.search(text))


def fits_number(text: str, distance: bool) -> bool:
    """A distance question is answered by a distance ('4”', '12 дюймов'); any other
    numeric question by any number or number word."""
    if distance:
        return bool(_DISTANCE.search(text))
    return has_number(text)


def is_step_number(sentence: str) -> bool:
    """A numbered step's bare number ("5.") printed on a line of its own."""
    return bool(_STEP_NUMBER.match(sentence.strip()))


def is_heading(sentence: str) -> bool:
    """A heading or step title ("RESOLVING A RAM", "Make a Crew Check", "5."): a short line
    that ends without a sentence's punctuation (a table row, "751 to 1,500\t5", is none)."""
    words = sentence.split()
    if is_step_number(sentence):
        return True
    return (0 < len(words) <= 6 and "\t" not in sentence
            and not re.search(r"[.!?:;…,)»\"”\d]$", sentence.strip()))


@dataclass(frozen=True)
class Window:
    """A candidate answer line: segments first..last of the rule (indexes into the segment
    list), chosen for what segments first..core hold (the rest is what follows while it fits)."""
    first: int
    core: int
    last: int


def window_features(window: Window, sentences: Sequence[str], held_first: float, held: float, total: float,
                    heaviest: float, shape: QuestionShape, closeness: Sequence[float] | None,
                    starts_line: bool) -> list[float]:
    """The FEATURES of one window. `held_first`/`held`: the question weight its first segment /
    its core holds (each question word once); `total`/`heaviest`: the question's summed and
    largest weight."""
    first = sentences[window.first]
    inside = sentences[window.first:window.last + 1]
    core = " ".join(sentences[window.first:window.core + 1])
    opening_pair = " ".join(inside[:2])  # a result follows its condition closely
    example_asked = shape.example
    return [
        held_first / heaviest,
        held / heaviest,
        held_first / total,
        held / total,
        float(held_first > 0 or (shape.numeric and fits_number(first, shape.distance))),
        float(window.core - window.first),
        float(shape.numeric and fits_number(first, shape.distance)),
        float(shape.numeric and fits_number(core, shape.distance)),
        float(shape.limit and bool(LIMIT.search(first))),
        float(window.first == 0),
        float(shape.definition and window.first == 0),
        window.first / max(1, len(sentences) - 1),
        float(starts_line),
        float(is_heading(first)),
        float(any(is_heading(s) for s in inside[1:])),
        float(not example_asked and bool(_EXAMPLE.search(first))),
        float(not example_asked and bool(_EXAMPLE.search(core))),
        float(bool(_NOTE.search(first))),
        float(bool(_CONDITIONAL.search(first))),
        float(shape.happens and bool(_CONDITIONAL.search(first))),
        float(shape.happens and bool(_CONSEQUENCE.search(opening_pair))),
        float(bool(_CONTINUATION.search(first))),
        float("\t" in first),
        float(any(is_stat_row(s) for s in inside)),
        max(closeness[window.first:window.core + 1]) if closeness else 0.0,
    ]
