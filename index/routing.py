"""Which editions a question names ("dw4", "3e qrs", "3.03", "russian book", "dust").

The phrases are declared in corpus/manifest.toml (`[[route]]`); this module only applies them.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from index.manifest import Route

_WORD_END = re.compile(r"\w*")


def named_editions(question: str, routes: Sequence[Route]) -> set[str]:
    """Every edition the question names. A phrase naming several editions ("3rd ed") gives way
    to one naming some of them ("3rd ed qrs" -> the quick reference only); phrases naming
    different editions are all kept, so a comparison ("3rd vs 4th") searches each of them. A
    question asking what changed ("did they change X in the new edition", "раньше …, а сейчас?")
    is a comparison too, when it names one edition or none ("3rd ed" names one, in two documents):
    it is searched in every edition its comparison phrase lists, when those hold the one it names.
    Naming two ("4th compared to the quick reference") says which are compared."""
    found = {route.editions for route in routes if not route.compares and route.pattern.search(question)}
    kept = [eds for eds in found if not any(other < eds for other in found)]
    named: set[str] = set().union(*kept) if kept else set()
    for route in routes:
        if route.compares and len(kept) <= 1 and named <= route.editions and route.pattern.search(question):
            return named | route.editions
    return named


def without_edition_names(question: str, routes: Sequence[Route]) -> str:
    """The question with the edition names cut out: "dw4" or "3rd ed" say where to look, not what
    the question is about (relevance and the answer line ignore them). Each is cut to its word's end:
    a name matched by the start of a word ("русск" in "по русской книге") would leave its ending
    ("ой"), a stem unknown to the index that weighed most of all the question's words."""
    for route in routes:
        if route.compares:  # "раньше …, а сейчас" spans the topic: only names are cut
            continue
        parts: list[str] = []
        last = 0
        for match in route.pattern.finditer(question):
            if match.start() < last:  # inside the word the previous name was cut to the end of
                continue
            end = match.end()
            if match.group(0)[-1:].isalnum():
                end = _WORD_END.match(question, end).end()  # type: ignore[union-attr]
            parts += [question[last:match.start()], " "]
            last = end
        question = "".join(parts) + question[last:]
    return question


def named_games(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> set[str]:
    """Games of the corpus the question names ("in Dystopian Wars"): searched in that game only."""
    return {game for game, pattern in phrases if pattern.search(question)}


def without_game_names(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> str:
    """The question with the game's names cut out (where to look, not what is asked)."""
    for _, pattern in phrases:
        question = pattern.sub(" ", question)
    return question
