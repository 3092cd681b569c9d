"""Which editions a question names ("dw4", "3e qrs", "3.03", "russian book", "dust")."""
from __future__ import annotations

import re

# (pattern, editions it names). Order does not matter: every match adds its editions.
_ROUTES: list[tuple[re.Pattern[str], frozenset[str]]] = [
    (re.compile(p, re.IGNORECASE), frozenset(e))
    for p, e in [
        (r"\b(dw4|v4|4e|4th|fourth|4\.0\d?|4\s?ed|glossary)\b|четв[её]рт|\b4[- ]?(я|й|ой)?\s*ред", {"dw4-glossary"}),
        (r"\b(qrs|quick[\s-]?ref(erence)?)\b", {"dw3-quick-reference"}),
        (r"\b(v?3\.0[1-9]|rule\s?book|russian|translation)\b|\bрусск", {"dw3-rulebook"}),
        (r"\b(dw3|v3|3e|3rd|third|3\s?ed)\b|трет[ья]|\b3[- ]?(я|й|ей)?\s*ред", {"dw3-quick-reference", "dw3-rulebook"}),
        (r"\bdust\b", {"dust-warfare"}),
        (r"\b(usr|skirmish)\b", {"usr"}),
    ]
]


def named_editions(question: str) -> set[str]:
    """Editions the question names; a more specific name wins over a generic '3rd ed'."""
    found: list[frozenset[str]] = [eds for pattern, eds in _ROUTES if pattern.search(question)]
    if not found:
        return set()
    specific = [eds for eds in found if len(eds) == 1]
    editions = set().union(*specific) if specific else set().union(*found)
    return editions


def without_edition_names(question: str) -> str:
    """The question with the edition names cut out: "dw4" or "3rd ed" say where to look,
    not what the question is about (relevance and the answer line ignore them)."""
    for pattern, _ in _ROUTES:
        question = pattern.sub(" ", question)
    return question
