"""Sentences that point from one rule to another, and the rules they name.

The documents send a reader on: the 4th-edition glossary "See Impeded Movement for more rules
regarding Treacherous Water.", "See Torrent Weapons on page 92 of the Dystopian Wars Rulebook."; the
3.03 Russian book "См. «Масса» (стр.7).", "(см. «Кубы» на стр. 3)". Such a sentence states no rule:
what it points to is another section of the same document, named by its heading (the page is the
printed book's, which the corpus does not keep). A name resolves to the document's section whose
own heading is that name, or whose heading's words open it ("Impeded" for "Impeded Movement"); a
name the document heads nothing with (another book's chapter, "«Генераторы» в ORBAT вашей фракции")
resolves to nothing.

Pure Python over rule headings: no model, no index.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from index.answer_segments import segments

# "See Impeded Movement for more rules …", "See Bomb Weapons on page 91 …": a capitalised name
# after "See" at a sentence's start, up to the words that end a name.
_SEE = re.compile(r"(?:^|(?<=[.!?>*\n]))[ \t*]*See ((?:[A-Z][\w’'-]*[ \t]?)+?)"
                  r"(?=[ \t]+(?:for|on|in|below|above)\b|[.,;]|$)")
# "См. «Масса» (стр.7)", "см. «Кубы» на стр. 3", "См. *“Перекладина над Т”*", "См. *Стандартные Сценарии*":
# the name in quotes or emphasis after "См." / "см.".
_SM = re.compile(r"[Сс]м\.[ \t]*\*?[«“\"]?\*?([^«»“”\"*()\n]{2,60}?)\*?[»”\"]?\*?"
                 r"(?=[ \t]*(?:\(|на[ \t]+стр|в[ \t]|[.,;)]|$))")
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Pointer:
    """One name a rule's text points to: `start`/`end` bound the pointing sentence in that text."""

    start: int
    end: int
    name: str


def _sentence_bounds(spans: list[tuple[int, int]], at: int) -> tuple[int, int]:
    """The sentence piece around offset `at`, as the answer line cuts the text (index.answer_segments:
    "стр.", "p." abbreviate a page and "См." opens a pointer, so they end nothing)."""
    return next(((start, end) for start, end in spans if start <= at < end), (at, at))


def pointers(text: str) -> list[Pointer]:
    """Every pointer a rule's text prints, in order; a sentence naming two rules ("См. «Дрейф»
    (стр. 18), «Уровень дезорганизации» (стр. 28).") gives one pointer per name."""
    found: list[Pointer] = []
    spans = segments(text)
    for match in _SEE.finditer(text):
        start, end = _sentence_bounds(spans, match.start(1))
        found.append(Pointer(start, end, match.group(1).strip()))
    for match in _SM.finditer(text):
        start, end = _sentence_bounds(spans, match.start())
        found.append(Pointer(start, end, match.group(1).strip(" *")))
        # further names in the same sentence: «…» after a comma
        for more in re.finditer(r"[«“]([^«»“”]{2,60})[»”]", text[match.end():end]):
            found.append(Pointer(start, end, more.group(1).strip(" *")))
    return sorted(found, key=lambda p: (p.start, p.name))


def _words(name: str) -> tuple[str, ...]:
    return tuple(w.casefold().replace("ё", "е") for w in _WORD.findall(name))


def _heading(section: str) -> str:
    return section.rsplit("›", 1)[-1]


def resolve(name: str, sections: Iterable[tuple[str, str]]) -> str | None:
    """The key of the section `name` points to, among one document's (key, section) pairs: the one
    whose own heading is the name, else the longest heading whose words open the name ("Impeded"
    for "Impeded Movement"); None when the document heads nothing so."""
    wanted = _words(name)
    if not wanted:
        return None
    best: tuple[int, str] | None = None
    for key, section in sections:
        heading = _words(_heading(section))
        if heading == wanted:
            return key
        if heading and len(heading) < len(wanted) and wanted[:len(heading)] == heading:
            if best is None or len(heading) > best[0]:
                best = (len(heading), key)
    return best[1] if best else None


def pointed_rules(text: str, key: str, sections_of_document: Mapping[str, str]) -> list[tuple[Pointer, str]]:
    """The pointers of one rule with the rule each names (never the rule itself), in order."""
    out = []
    for pointer in pointers(text):
        target = resolve(pointer.name, sections_of_document.items())
        if target is not None and target != key:
            out.append((pointer, target))
    return out


def pointed_by_rule(rules: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Every rule's pointed rules (key -> (section, text) in, key -> pointed keys out, each once, in
    order); a rule pointing nowhere it can be found is left out. Documents are told apart by the
    key's "document:" prefix."""
    by_document: dict[str, dict[str, str]] = {}
    for key, (section, _) in rules.items():
        by_document.setdefault(key.rsplit(":", 1)[0], {})[key] = section
    out: dict[str, tuple[str, ...]] = {}
    for key, (_, text) in rules.items():
        targets = tuple(dict.fromkeys(t for _, t in pointed_rules(text, key, by_document[key.rsplit(":", 1)[0]])))
        if targets:
            out[key] = targets
    return out
