"""A regular expression tried only on texts that hold the words every match of it holds (issue 18).

Python's `re` cannot skip ahead in a case-ignoring alternation of many phrases: it tries each
alternative at every position, so the manifest's edition and game phrases cost a question ~160 µs and
the off-rules phrases ~130 µs (70 characters on average), most of them on questions that hold none of
their words. Every match of a pattern holds certain literal runs ("ред" for "4[- ]?(я|й|ой)?\\s*ред\\w*",
"3" and "ed" for "3\\s?ed\\b"; one of "price", "prices", … for an alternation): when a text holds none of
those combinations, the pattern cannot match it, and `Guarded` answers without running it. Otherwise it
runs the pattern itself, so every answer is the pattern's own (its match, where and which).

Ignoring case, `re` matches a text character with a pattern character when their simple lower-case
forms are equal or are one of the few characters `re` also counts as equal ("ſ" and "s", "ᲀ" and "в":
re._casefix); both sides are folded alike here (lower case, then each such class to one character),
so a folded text holds a folded literal wherever the pattern could match it. A text with a character
whose lower case is longer than it ("İ") is not folded: the pattern runs. A part that ignores case
only within its own scope (`(?i:…)` in a pattern that keeps case) is read folded too, its literals marked
(`FOLDED`) to be looked for in the folded text.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from re._casefix import _EXTRA_CASES
from typing import Any

# A conjunction: literal runs that must all occur. A requirement: one of its conjunctions must hold;
# () — no conjunction at all — never holds, and ((),) — an empty one — always does.
Conjunction = frozenset[str]
Requirement = tuple[Conjunction, ...]
ALWAYS: Requirement = (frozenset(),)
MAX_CONJUNCTIONS = 256  # a requirement larger than this drops conjuncts (it only grows more permissive)
FOLDED = "\x00"  # opens a literal read under a scoped (?i:…) of a case-keeping pattern: held in the folded text

# each character `re` counts as one with others when ignoring case -> the class's least character (the
# common letters, "i", "s", "в", are the least of theirs: only rare characters are rewritten)
_CANONICAL = {chr(member): chr(min((lower, *others))) for lower, others in _EXTRA_CASES.items()
              for member in (lower, *others) if member != min((lower, *others))}
_FOLD = str.maketrans(_CANONICAL)
_RARE = re.compile("[" + re.escape("".join(_CANONICAL)) + "]")
# characters whose lower case is more than one character (U+0130 alone in Unicode 15)
_LONG_LOWER = re.compile("[\u0130]")


def fold(text: str) -> str:
    """Lower case, each of `re`'s extra case classes read as one character."""
    lower = text.lower()
    return lower.translate(_FOLD) if _RARE.search(lower) else lower


def requirement(pattern: re.Pattern[str]) -> Requirement:
    """What every match of `pattern` holds, as literal runs in folded text when it ignores case."""
    folded = bool(pattern.flags & re.IGNORECASE)
    return _simplified(_sequence(_parser.parse(pattern.pattern, pattern.flags).data, folded))


def _sequence(items: list[tuple[object, Any]], folded: bool, marked: bool = False) -> Requirement:
    """Every item of a sequence matches in turn: a run of literals is one literal run, and the items'
    requirements all hold. `marked`: the run ignores case in a pattern that keeps it (see FOLDED)."""
    mark = FOLDED if marked else ""
    parts: list[Requirement] = []
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            letter = chr(av)
            if folded and _LONG_LOWER.search(letter):
                part: Requirement | None = ALWAYS
            else:
                run.append(fold(letter) if folded else letter)
                continue
        else:
            part = _item(op, av, folded, marked)
        if run:
            parts.append((frozenset({mark + "".join(run)}),))
            run = []
        if part is not None and part != ALWAYS:
            parts.append(part)
    if run:
        parts.append((frozenset({mark + "".join(run)}),))
    found: Requirement = ALWAYS
    for part in sorted(parts, key=len):  # the fewest alternatives first: dropped last when too many
        product = tuple({one | other for one in found for other in part})
        if len(product) > MAX_CONJUNCTIONS and found != ALWAYS:
            continue  # (a part alone is kept however many alternatives it has: a long list of phrases)
        found = product
    return found


def _item(op: object, av: Any, folded: bool, marked: bool) -> Requirement | None:
    """One item's requirement; None when it holds no literal a match needs (a class, an assertion)."""
    if op is sre.SUBPATTERN:
        # scoped flags: only a scope that starts ignoring case changes how literals are read (a scope that
        # stops ignoring it inside a folded pattern still holds its literals folded; the others -- x, s, a
        # -- change no literal)
        _, added, _, body = av
        if added & sre.SRE_FLAG_IGNORECASE and not folded:
            return _sequence(body.data, True, marked=True)
        return _sequence(body.data, folded, marked)
    if op is sre.ATOMIC_GROUP:
        return _sequence(av.data, folded, marked)
    if op is sre.BRANCH:
        found: set[Conjunction] = set()
        for branch in av[1]:
            alternative = _sequence(branch.data, folded, marked)
            if alternative == ALWAYS:
                return None
            found.update(alternative)
        return tuple(found)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _, body = av
        return _sequence(body.data, folded, marked) if least >= 1 else None
    return None


def _simplified(found: Requirement) -> Requirement:
    """Conjunctions that hold another are dropped (the other holds whenever they do)."""
    ordered = sorted(set(found), key=len)
    kept: list[Conjunction] = []
    for conjunction in ordered:
        if not any(other <= conjunction for other in kept):
            kept.append(conjunction)
    return tuple(kept)


# the last text folded and its fold: one question meets a dozen guarded patterns in a row
_LAST: tuple[str, str] = ("", "")


def _folded(text: str) -> str:
    global _LAST
    last = _LAST
    if last[0] == text:
        return last[1]
    folded = fold(text)
    _LAST = (text, folded)
    return folded


class Guarded:
    """`pattern`, run only on a text holding one of the literal combinations all its matches hold."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._folded = bool(pattern.flags & re.IGNORECASE)
        self._marked = False  # some literal ignores case in a pattern that keeps it (FOLDED)
        # each conjunction by its longest literal (the likeliest to be missing, so looked for first), with
        # the rest of its literals; None: not read yet (read on first use: importing stays as cheap)
        self._by_first: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] | None = None

    def _read(self) -> tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]:
        found = requirement(self.pattern) or ALWAYS  # (no conjunction read: the pattern always runs)
        if frozenset() in found:
            return ()
        by_first: dict[str, list[tuple[str, ...]]] = {}
        for conjunction in sorted(found, key=sorted):
            first = max(sorted(conjunction), key=len)
            by_first.setdefault(first, []).append(tuple(sorted(conjunction - {first})))
        self._marked = any(literal.startswith(FOLDED) for conjunction in found for literal in conjunction)
        return tuple((first, tuple(rests)) for first, rests in sorted(by_first.items()))

    def possible(self, text: str) -> bool:
        """False only when `pattern` cannot match `text` anywhere."""
        by_first = self._by_first
        if by_first is None:
            by_first = self._by_first = self._read()
        if not by_first:
            return True
        if self._folded:
            if _LONG_LOWER.search(text):
                return True
            text = _folded(text)
        elif self._marked:
            return self._possible_marked(text, by_first)
        for first, rests in by_first:
            if first in text:
                for rest in rests:
                    if all(literal in text for literal in rest):
                        return True
        return False

    @staticmethod
    def _possible_marked(text: str, by_first: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]) -> bool:
        """`possible` for a case-keeping pattern with scoped case-ignoring parts: a marked literal is
        looked for in the folded text (any text with a long-lowering capital may hold it)."""
        long_lower = _LONG_LOWER.search(text) is not None
        folded = _folded(text)

        def holds(literal: str) -> bool:
            if literal.startswith(FOLDED):
                return long_lower or literal[1:] in folded
            return literal in text
        return any(holds(first) and all(holds(literal) for literal in rest)
                   for first, rests in by_first for rest in rests)

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self.possible(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text) if self.possible(text) else iter(())

    def sub(self, replacement: str, text: str) -> str:
        return self.pattern.sub(replacement, text) if self.possible(text) else text
