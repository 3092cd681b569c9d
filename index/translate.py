"""A Russian question in the English rules' terms (and an English one in the Russian book's).

The English documents (the 4th-edition glossary, the 3rd-edition quick reference) share no words
with a Russian question, and the sentence model reads English only. So a Russian question is
rendered in English through the term map (the book's own bilingual pairs, index/termmap.py) and
the [translations] of index/data/synonyms.toml (players' and everyday Russian words -> the English
rules' words): each Russian term the question uses, in any spelling the question's variants allow
(inflections, typos, players' words expanded to the book's), gives its English names. The English
stems join the lexical spellings of the words they translate; the English words, in question order,
are what the model encodes. The same pairs read the other way give an English question the
Russian book's words when it is searched there ("3.03: weight of fire" -> "Поддавливающий огонь").
"""
from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from index.ru_derivation import is_russian_stem
from index.ru_same_root import one_root
from index.text import is_cyrillic, phrase_stems, stems

KEY_CHARS = 4  # terms are looked up by their first stem's first letters ...
MAX_ENDING = 2  # ... and a stem matches one that adds or drops up to this many letters at its end
# ... and, of Russian stems, only one of the same root (index.ru_same_root); off: the prefix test alone
ONE_ROOT_ONLY = True


@dataclass(frozen=True)
class Rendering:
    """What a question says in the other language (Russian -> English, or English -> Russian)."""

    text: str  # the translated names, in the order the question uses them ("" when none)
    stems: tuple[str, ...]  # the question's stems, each translated run replaced by the translation's stems
    variants: dict[str, frozenset[str]]  # each of `stems` -> its spellings (a translation's: the original's too)
    runs: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # (the question's stems, their translation's)


class Translator:
    """Built once per index from (English, Russian) pairs; the `source` language's sides are
    matched as runs of stems and give the other side's names."""

    def __init__(self, pairs: Iterable[tuple[str, str]], source: str = "ru") -> None:
        by_first: dict[str, dict[tuple[str, ...], list[str]]] = {}
        for english, russian in pairs:
            if not english or not russian or is_cyrillic(english) or not is_cyrillic(russian):
                continue
            said, meant = (russian, english) if source == "ru" else (english, russian)
            # An English name of several words that reads as one ("Rounding Up": round) names nothing
            # rather than every "round" of a game (index.text.phrase_stems). Not on the Russian side
            # (measured): "очень большой" is how players say Very Large, though it also reads "больше".
            run = tuple(phrase_stems(said) if source == "en" else stems(said))
            if run:
                names = by_first.setdefault(run[0][:KEY_CHARS], {}).setdefault(run, [])
                if meant not in names:
                    names.append(meant)
        # Longest run first, so "Критические повреждения" wins over "Повреждения".
        self._by_first = {first: sorted(runs.items(), key=lambda kv: (-len(kv[0]), kv[0]))
                          for first, runs in by_first.items()}
        self._english_stems: dict[str, frozenset[str]] = {}

    def _stems_of(self, english: str) -> frozenset[str]:
        found = self._english_stems.get(english)
        if found is None:
            found = frozenset(stems(english))
            self._english_stems[english] = found
        return found

    def render(self, question_stems: Sequence[str], variants: Mapping[str, frozenset[str]],
               latin: Sequence[str] = (), printed: Callable[[str], bool] | None = None) -> Rendering:
        """The English of the question's Russian terms. A run of question stems names a term when
        each of its stems has the term's stem among its variants; runs do not overlap, longest
        first from the left. The Russian stemmer cuts a word's forms differently ("Таран" -> "тара",
        "таране" -> "таран"), so a stem also matches one that only adds or drops an ending of up to
        MAX_ENDING letters, when the shorter has KEY_CHARS letters or more.
        `latin`: words the question already writes in English (kept). `printed`: whether a name is
        printed in the documents searched; of a term's names those are kept when there are any
        (the book's "Disorder Conditions" is the quick reference's heading, not the 4th edition's)."""
        matched: list[tuple[int, int, list[str]]] = []
        i = 0
        while i < len(question_stems):
            # (length, exact, names): the longest run, and of equally long ones a run spelt as
            # the question spells it ("взрывные" is "взрывной" = exploding, not "Взрыв" = Blast).
            best: tuple[int, bool, list[str]] | None = None
            for spelling in sorted(variants.get(question_stems[i], frozenset({question_stems[i]}))):
                for run, names in self._by_first.get(spelling[:KEY_CHARS], ()):
                    if best is not None and (len(run), True) <= best[:2]:
                        break
                    match = _run_match(question_stems, i, run, variants)
                    if match is not None and (best is None or (len(run), match) > best[:2]):
                        best = (len(run), match, names)
            if best is None:
                i += 1
                continue
            names = [n for n in best[2] if printed(n)] if printed is not None else []
            matched.append((i, best[0], names or best[2]))
            i += best[0]
        out_stems: list[str] = []
        out: dict[str, set[str]] = {}
        runs: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        words: list[str] = []
        at = 0
        for start, length, names in [*matched, (len(question_stems), 0, [])]:
            for stem in question_stems[at:start]:
                out_stems.append(stem)
                out.setdefault(stem, set()).update(variants.get(stem, frozenset({stem})))
            if not names:
                break
            russian = tuple(question_stems[start:start + length])
            english = tuple(dict.fromkeys(e for n in names for e in stems(n)))
            spellings = set().union(*(variants.get(r, frozenset({r})) for r in russian))
            # One-word names are the same word ("Абордаж": Fray, Assault, Boarding); the words of
            # a longer name are not each other ("Critical Damage": a rule about damage is not critical).
            single = {stem for n in names if len(found := stems(n)) == 1 for stem in found}
            for stem in english:
                out_stems.append(stem)
                out.setdefault(stem, {stem}).update(spellings, single if stem in single else ())
            runs.append((russian, english))
            words += [n for n in names if n not in words]
            at = start + length
        words += [w for w in latin if w not in words]
        return Rendering(" ".join(words), tuple(out_stems), {s: frozenset(v) for s, v in out.items()},
                         tuple(runs))


def _run_match(question_stems: Sequence[str], start: int, run: tuple[str, ...],
               variants: Mapping[str, frozenset[str]]) -> bool | None:
    """None: the run is not at `start`; True: every stem as spelt; False: some only by `_same_word`."""
    if start + len(run) > len(question_stems):
        return None
    exact = True
    for have, want in zip(question_stems[start:start + len(run)], run, strict=True):
        spellings = variants.get(have, frozenset({have}))
        if want in spellings:
            continue
        if not any(_same_word(spelling, want) for spelling in spellings):
            return None
        exact = False
    return exact


def _same_word(a: str, b: str) -> bool:
    """Two stems of one word: equal, or the same but for a short ending, where the shorter loses
    at most its last letter ("тара"/"таран", "уровн"/"уровен": a fleeting vowel); of Russian stems,
    only when what each adds is a suffix of their root (index.ru_same_root: "стольк" is no "стол")."""
    return a == b or _same_stems(a, b, ONE_ROOT_ONLY)


@functools.lru_cache(maxsize=65536)  # a pure test of two stems, met again by every rendering
def _same_stems(a: str, b: str, one_root_only: bool) -> bool:
    """`_same_word` of two different stems, with ONE_ROOT_ONLY as given."""
    short, long = sorted((a, b), key=len)
    common = len(os.path.commonprefix([short, long]))
    if not (common >= max(KEY_CHARS, len(short) - 1) and len(long) - common <= MAX_ENDING + 1):
        return False
    return not (one_root_only and is_russian_stem(a) and is_russian_stem(b)) or one_root(a, b)
