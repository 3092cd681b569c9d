"""Game terms inside free text: which rule names a question mentions (so the rule that
defines the term can come first), and which Russian terms a passage uses (so an English
reader gets their English names).

Matching is on stems, so every inflection counts ("rammed" -> Ram, "Тарана" -> Таран).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from index.text import is_cyrillic, stems

MAX_TERMS_EN = 12  # English names listed under one Russian passage


@dataclass(frozen=True)
class SpottedTerm:
    """A term the question names: its stems and the chunks that define it."""

    name: str
    stems: tuple[str, ...]
    chunk_ids: frozenset[str]


def _runs(haystack: list[str], needle: tuple[str, ...]) -> int:
    """Index of the first contiguous occurrence of `needle` in `haystack`, or -1."""
    n = len(needle)
    for i in range(len(haystack) - n + 1):
        if tuple(haystack[i:i + n]) == needle:
            return i
    return -1


def _first_run(haystack: list[str], needle: tuple[str, ...], starts: Sequence[int]) -> int:
    """`_runs(haystack, needle)`, trying only `starts` (where needle[0] occurs, ascending)."""
    n = len(needle)
    for i in starts:
        if n == 1 or tuple(haystack[i:i + n]) == needle:
            return i
    return -1


class TermSpotter:
    """Built once per index from the `terms` and `term_pairs` tables."""

    def __init__(self, terms: Iterable[Mapping[str, str]], pairs: Iterable[tuple[str, str]]) -> None:
        by_stems: dict[tuple[str, ...], tuple[str, set[str]]] = {}
        for row in terms:
            key = tuple(stems(row["term"]))
            if key:
                by_stems.setdefault(key, (row["term"], set()))[1].add(row["chunk_id"])
        self._pairs: list[tuple[tuple[str, ...], str, str]] = []  # (russian stems, russian, english)
        self._english_stems: dict[str, tuple[str, ...]] = {}
        translations: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
        for english, russian in pairs:
            en, ru = tuple(stems(english)), tuple(stems(russian))
            if en and ru:
                self._pairs.append((ru, russian, english))
                self._english_stems[english] = en
                translations.setdefault(en, set()).add(ru)
                translations.setdefault(ru, set()).add(en)
        # A name defines the chunks of its own rows plus those of its translations.
        self._terms: dict[tuple[str, ...], SpottedTerm] = {}
        for key in set(by_stems) | set(translations):
            name, chunks = by_stems.get(key, ("", set()))
            chunks = set(chunks)
            for other in translations.get(key, ()):
                other_name, other_chunks = by_stems.get(other, ("", set()))
                chunks |= other_chunks
                name = name or other_name
            if chunks:
                self._terms[key] = SpottedTerm(name or " ".join(key), key, frozenset(chunks))
        self._longest = max((len(k) for k in self._terms), default=0)
        # The pairs by the first stem of each side: a question is matched against the few pairs
        # whose name starts with one of its words, not against all of them.
        self._by_english: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
        self._by_russian: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
        for ru_stems, _, english in self._pairs:
            en_stems = self._english_stems[english]
            self._by_english.setdefault(en_stems[0], []).append((en_stems, ru_stems))
            if is_cyrillic(" ".join(ru_stems)):
                self._by_russian.setdefault(ru_stems[0], []).append((ru_stems, en_stems))

    def spot(self, question_stems: list[str], searched: Callable[[str], bool] | None = None) -> list[SpottedTerm]:
        """Terms named in the question, longest first; a shorter name inside a longer one
        that was found is not listed again ("critical damage" hides "damage"). `searched`: whether
        a chunk is in the documents searched; a name defined only outside them is still listed (its
        words may head a rule there: "SRS", the glossary's, heads the quick reference's "LAUNCH SRS
        TOKENS") but hides nothing ("Levels of Disorder", the Russian book's, hid the 4th edition's
        "Disorder" from a question searched in the 4th edition)."""
        found: list[SpottedTerm] = []
        covered: set[int] = set()
        for n in range(min(self._longest, len(question_stems)), 0, -1):
            for i in range(len(question_stems) - n + 1):
                term = self._terms.get(tuple(question_stems[i:i + n]))
                if term is None or covered.issuperset(range(i, i + n)):
                    continue
                found.append(term)
                if searched is None or any(searched(c) for c in sorted(term.chunk_ids)):
                    covered.update(range(i, i + n))
        return found

    def russian_spellings(self, topic: list[str]) -> dict[str, set[str]]:
        """English question stem -> Russian stems of the terms it names ("storm" -> "бур"),
        so an English question can pick a sentence out of a Russian rule."""
        return _spellings(set(topic), self._by_english)

    def english_spellings(self, topic: list[str]) -> dict[str, set[str]]:
        """Russian question stem -> English stems of the terms it names ("таран" -> "ram"), so a
        Russian question can search the English documents ("в 4ке при таране ...")."""
        return _spellings(set(topic), self._by_russian)

    def english_names(self, russian_text: str) -> list[dict[str, str]]:
        """[{"term": Russian name, "en": English name}] for the map's terms the text uses,
        in order of first use, one per English name."""
        text_stems = stems(russian_text)
        # Where each stem occurs, so a name is tried only where its first word stands
        # (the same first occurrence `_runs` finds, without scanning the text per name).
        starts: dict[str, list[int]] = {}
        for i, stem in enumerate(text_stems):
            starts.setdefault(stem, []).append(i)
        hits: list[tuple[int, int, str, str]] = []
        for ru_stems, russian, english in self._pairs:
            at = _first_run(text_stems, ru_stems, starts.get(ru_stems[0], ()))
            if at >= 0 and is_cyrillic(russian):
                hits.append((at, -len(ru_stems), russian, english))
        out: list[dict[str, str]] = []
        seen: set[str] = set()
        for _, _, russian, english in sorted(hits):
            if english.casefold() in seen or russian.casefold() in seen:
                continue
            seen.update((english.casefold(), russian.casefold()))
            out.append({"term": russian, "en": english})
            if len(out) == MAX_TERMS_EN:
                break
        return out


def _spellings(present: set[str], pairs: Mapping[str, list[tuple[tuple[str, ...], tuple[str, ...]]]],
               ) -> dict[str, set[str]]:
    """Stem -> the other language's stems of every name (all of its words in `present`) it is part of."""
    out: dict[str, set[str]] = {}
    for first in sorted(present & pairs.keys()):
        for name, other in pairs[first]:
            if present.issuperset(name):
                for stem in name:
                    out.setdefault(stem, set()).update(other)
    return out

