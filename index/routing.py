"""Which editions a question names ("dw4", "3e qrs", "3.03", "russian book", "dust").

The phrases are declared in corpus/manifest.toml (`[[route]]`); this module only applies them.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from index.manifest import Route


def named_editions(question: str, routes: Sequence[Route]) -> set[str]:
    """Every edition the question names. A phrase naming several editions ("3rd ed") gives way
    to one naming some of them ("3rd ed qrs" -> the quick reference only); phrases naming
    different editions are all kept, so a comparison ("3rd vs 4th") searches each of them."""
    found = {route.editions for route in routes if route.pattern.search(question)}
    kept = [eds for eds in found if not any(other < eds for other in found)]
    return set().union(*kept) if kept else set()


def without_edition_names(question: str, routes: Sequence[Route]) -> str:
    """The question with the edition names cut out: "dw4" or "3rd ed" say where to look,
    not what the question is about (relevance and the answer line ignore them)."""
    for route in routes:
        question = route.pattern.sub(" ", question)
    return question


def named_games(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> set[str]:
    """Games of the corpus the question names ("in Dystopian Wars"): searched in that game only."""
    return {game for game, pattern in phrases if pattern.search(question)}


def without_game_names(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> str:
    """The question with the game's names cut out (where to look, not what is asked)."""
    for _, pattern in phrases:
        question = pattern.sub(" ", question)
    return question
