"""Which editions a question names ("dw4", "3e qrs", "3.03", "russian book", "dust").

The phrases are declared in corpus/manifest.toml (`[[route]]`); this module only applies them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import groupby

from index.literal_guard import Guarded
from index.manifest import Route
from index.phrase_scan import any_of

_WORD_END = re.compile(r"\w*")


def named_editions(question: str, routes: Sequence[Route]) -> set[str]:
    """Every edition the question names. A phrase naming several editions ("3rd ed") gives way
    to one naming some of them ("3rd ed qrs" -> the quick reference only); phrases naming
    different editions are all kept, so a comparison ("3rd vs 4th") searches each of them. A
    question asking what changed ("did they change X in the new edition", "раньше …, а сейчас?")
    is a comparison too, when it names one edition or none ("3rd ed" names one, in two documents):
    it is searched in every edition its comparison phrase lists, when those hold the one it names.
    Naming two ("4th compared to the quick reference") says which are compared."""
    groups = route_groups(routes)
    found = {group.editions for group in groups if not group.compares and group.search(question)}
    kept = [eds for eds in found if not any(other < eds for other in found)]
    named: set[str] = set().union(*kept) if kept else set()
    for group in groups:  # in the manifest's order: the first comparison phrase found decides
        if group.compares and len(kept) <= 1 and named <= group.editions and group.search(question):
            return named | group.editions
    return named


def without_edition_names(question: str, routes: Sequence[Route]) -> str:
    """The question with the edition names cut out: "dw4" or "3rd ed" say where to look, not what
    the question is about (relevance and the answer line ignore them). Each is cut to its word's end:
    a name matched by the start of a word ("русск" in "по русской книге") would leave its ending
    ("ой"), a stem unknown to the index that weighed most of all the question's words."""
    for group in route_groups(routes):
        # "раньше …, а сейчас" spans the topic: only names are cut; a group none of whose phrases
        # occurs in the text (as cut so far) cuts nothing
        if group.compares or not group.search(question):
            continue
        for route in group.routes:
            question = _cut(question, route)
    return question


def _cut(question: str, route: Route) -> str:
    """The question with every place `route` names an edition cut out, each to its word's end."""
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
    return "".join(parts) + question[last:]


@dataclass(frozen=True)
class RouteGroup:
    """Routes next to each other in the manifest that name the same editions the same way: whether
    one of them occurs is one scan (index.phrase_scan), not one per phrase (64 phrases: routing was
    a fifth of parsing a question that names an edition), and none when the text holds none of the
    literals their matches hold (index.literal_guard)."""

    routes: tuple[Route, ...]
    editions: frozenset[str]
    compares: bool
    scan: Guarded | None  # None: the phrases' flags differ, each is searched

    def search(self, question: str) -> bool:
        """Whether one of the group's phrases occurs in `question`."""
        if self.scan is not None:
            return self.scan.search(question) is not None
        return any(route.pattern.search(question) for route in self.routes)


# id(routes) -> (routes, their groups): made once per CorpusNames (the manifest's are read once per version)
_GROUPS: dict[int, tuple[Sequence[Route], tuple[RouteGroup, ...]]] = {}


def route_groups(routes: Sequence[Route]) -> tuple[RouteGroup, ...]:
    """`routes` in their order, each run of neighbours with the same editions and kind as one group."""
    found = _GROUPS.get(id(routes))
    if found is not None and found[0] is routes:
        return found[1]
    runs = [list(run) for _, run in groupby(routes, key=lambda route: (route.editions, route.compares))]
    groups = tuple(RouteGroup(tuple(run), run[0].editions, run[0].compares,
                              Guarded(scan) if (scan := any_of([r.pattern for r in run])) is not None else None)
                   for run in runs)
    _GROUPS[id(routes)] = (routes, groups)
    return groups


def named_games(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> set[str]:
    """Games of the corpus the question names ("in Dystopian Wars"): searched in that game only."""
    return {game for game, pattern in phrases if pattern.search(question)}


def without_game_names(question: str, phrases: Sequence[tuple[str, re.Pattern[str]]]) -> str:
    """The question with the game's names cut out (where to look, not what is asked)."""
    for _, pattern in phrases:
        question = pattern.sub(" ", question)
    return question


def read_outside_edition_names(question: str, routes: Sequence[Route],
                               read: Callable[[str], str | None]) -> str | None:
    """`read` applied to the question's text between the places it names an edition, the names kept as
    typed; None when `read` changes nothing. A reading of players' words ("референсу" spelled as the
    English "referenc" by index.translit) must not unmake the phrase that routes the question
    ("по квик референсу": the quick reference), which is read from the text the readings give."""
    whole = read(question)
    if whole is None:  # nothing read (most questions): no name to keep
        return None
    # one guarded scan per group first (index.literal_guard): most questions name no edition
    spans = sorted((match.start(), _WORD_END.match(question, match.end()).end())  # type: ignore[union-attr]
                   for group in route_groups(routes) if group.search(question)
                   for route in group.routes for match in route.pattern.finditer(question))
    if not spans:
        return whole
    pieces: list[str] = []
    changed = False
    last = pieces_start = 0
    for start, end in spans:
        if start < last:  # overlapping names: one kept span
            last = max(last, end)
            pieces[-1] = question[pieces_start:last]
            continue
        between = question[last:start]
        reading = read(between) if between.strip() else None
        changed = changed or reading is not None
        pieces += [reading if reading is not None else between, question[start:end]]
        pieces_start, last = start, end
    tail = question[last:]
    reading = read(tail) if tail.strip() else None
    changed = changed or reading is not None
    pieces.append(reading if reading is not None else tail)
    return "".join(pieces) if changed else None
