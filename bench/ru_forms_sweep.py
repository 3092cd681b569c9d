"""Do the forms a Russian player types reach the Russian book's own stems? A morphology sweep.

Every content word of the 3.03 Russian book's rule names (its headings and bold names) and of its term
pairs (the book's index, synonyms.toml's [pairs]) is declined and conjugated the way Russian grammar
does — the six cases in both numbers, an adjective's long and short forms, a verb's persons, past,
gerund and participles, verbal nouns, diminutives, ё typed for е — and each form is read as a question's
word is: its stem, or a stem `index.ru_forms.other_forms` reads it as. A form that reaches neither the
book word's stem nor a stem of the same word is a miss. The paradigms are written from the grammar
(endings by the word's own ending), not from questions; some generated forms are not real Russian words
(a masculine noun in -ь declined as feminine too): they cost nothing when they reach, and are counted
when they do not.

`python bench/ru_forms_sweep.py` prints the misses per class; tests/test_russian_players_phone.py holds the
classes the readings cover to none.
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from corpus import CORPUS_DIR  # noqa: E402
from index.ru_forms import other_forms  # noqa: E402
from index.termmap import load_synonyms, mine_index_pairs  # noqa: E402
from index.text import is_stopword, stem, words  # noqa: E402

BOOK = CORPUS_DIR / "dw3-rulebook-ru.md"

_HEADING = re.compile(r"^#+\s*(.+)$", re.MULTILINE)
_BOLD = re.compile(r"\*\*([^*\n]{2,80}?)\*\*")
_VOWELS = "аеёиоуыэюя"
_HUSHING = "гкхжшчщ"  # after these, и not ы (spelling rule)


def book_words(text: str) -> list[str]:
    """The content words of the book's rule names and term pairs, once each, in order."""
    names = [m.group(1) for m in _HEADING.finditer(text)]
    names += [re.sub(r"\([^)]*\)", " ", m.group(1)) for m in _BOLD.finditer(text)]
    names += [p.russian for p in mine_index_pairs(text)]
    names += [p.russian for p in load_synonyms().pairs]
    found: dict[str, None] = {}
    for name in names:
        for word in words(name):
            if len(word) >= 4 and re.fullmatch(r"[а-я]+", word) and not is_stopword(word):
                found[word] = None
    return list(found)


def _noun_forms(word: str) -> Iterator[tuple[str, str]]:
    """(class, form): the word's case forms, by its nominative ending."""
    def y(base: str) -> str:  # ы or и after the base's last letter
        return "и" if base[-1:] in _HUSHING else "ы"
    if word.endswith("ия"):
        b = word[:-2]
        endings = ["ии", "ию", "ией", "ий", "иям", "иями", "иях"]
    elif word.endswith("ие"):
        b = word[:-2]
        endings = ["ия", "ию", "ием", "ии", "ий", "иям", "иями", "иях"]
    elif word.endswith("а"):
        b = word[:-1]
        endings = [y(b), "е", "у", "ой", "ам", "ами", "ах"]
    elif word.endswith("я"):
        b = word[:-1]
        endings = ["и", "е", "ю", "ей", "ям", "ями", "ях"]
    elif word.endswith("о"):
        b = word[:-1]
        endings = ["а", "у", "ом", "е", "ам", "ами", "ах"]
    elif word.endswith("ь"):
        b = word[:-1]
        endings = ["и", "ью", "я", "ю", "ем", "е", "ей", "ям", "ями", "ях"]
    elif word.endswith("й"):
        b = word[:-1]
        endings = ["я", "ю", "ем", "е", "и", "ев", "ям", "ями", "ях"]
    elif word[-1:] not in _VOWELS:
        b = word
        hushing = b[-1:] in "жшчщц"  # "абордажем", "абордажей": о after a hushing consonant is е
        endings = ["а", "у", "ем" if hushing else "ом", "е", y(b), "ей" if hushing else "ов", "ам", "ами", "ах"]
    else:
        return
    for ending in endings:
        yield "noun case", b + ending


def _adjective_forms(word: str) -> Iterator[tuple[str, str]]:
    """An adjective's or participle's long forms in every gender, number and case, and short forms."""
    match = re.fullmatch(r"(.+?)(ый|ий|ой|ая|яя|ое|ее|ые|ие)", word)
    if match is None or len(match.group(1)) < 3:
        return
    b = match.group(1)
    soft = word.endswith(("ий", "яя", "ее", "ие")) and b[-1:] not in _HUSHING
    hard = ["ый", "ого", "ому", "ым", "ом", "ая", "ой", "ую", "ое", "ые", "ых", "ыми"]
    if soft:
        hard = ["ий", "его", "ему", "им", "ем", "яя", "ей", "юю", "ее", "ие", "их", "ими"]
    elif b[-1:] in _HUSHING:
        hard = ["ий", "ого", "ому", "им", "ом", "ая", "ой", "ую", "ое", "ие", "их", "ими"]
    for ending in hard:
        yield "adjective case", b + ending
    if b.endswith("нн") and len(b) >= 6:  # a passive participle: "повреждённый" -> "повреждён", "повреждена"
        for ending in ("", "а", "о", "ы"):
            yield "short participle", b[:-1] + ending
    elif b.endswith("н") and b[-2:-1] not in _VOWELS and not soft:  # "опасный" -> "опасен", "опасна"
        yield "short adjective", b[:-2] + "ен" if b.endswith("ьн") else b[:-1] + "ен"  # "специален"
        for ending in ("а", "о", "ы"):
            yield "short adjective", b + ending


def _verb_forms(word: str) -> Iterator[tuple[str, str]]:
    """An infinitive's present (1st/3rd singular, 3rd plural), past, gerund and participles."""
    if word.endswith(("овать", "евать")):
        b = word[:-5]
        forms = [b + e for e in ("ую", "ует", "уют", "уя", "ующий", "ующих")]
        forms += [word[:-2] + e for e in ("л", "ла", "ли", "нный", "нные")]
    elif word.endswith("ить"):
        b = word[:-3]
        forms = [b + e for e in ("ю", "ит", "ят", "ил", "ила", "или", "я", "ящий", "ящих", "ь")]
    elif word.endswith(("ать", "ять")):
        b = word[:-2]
        forms = [b + e for e in ("ю", "ет", "ют", "л", "ла", "ли", "я", "ющий", "ющих", "нный")]
    else:
        return
    for form in forms:
        yield "verb form", form
    yield from _verbal_nouns(word)


# the consonant of an -ить verb's root before the verbal noun's -ение ("повысить": "повышение")
_TO_NOUN = {"ст": "щ", "с": "ш", "з": "ж", "т": "щ", "д": "жд", "б": "бл", "в": "вл", "п": "пл", "м": "мл", "ф": "фл"}


def _verbal_nouns(word: str) -> Iterator[tuple[str, str]]:
    """The verbal noun of a verb, two cases: "повысить": "повышение", "повышения"; "сбрасывать": "сбрасывание"."""
    if word.endswith("ить"):
        b = word[:-3]
        for consonant, alternate in _TO_NOUN.items():
            if b.endswith(consonant):
                b = b[: -len(consonant)] + alternate
                break
        noun = b + "ение"
    elif word.endswith(("ать", "ять")):
        noun = word[:-2] + "ние"
    else:
        return
    yield "verbal noun", noun
    yield "verbal noun", noun[:-1] + "я"


def _diminutives(word: str) -> Iterator[tuple[str, str]]:
    """"кубик", "торпедка", "бомбочка", "токенчик": the small thing, a few cases each."""
    if word.endswith("ка") or word.endswith("к"):  # "утечка", "бросок": a -к- word is no diminutive's base
        return
    if word.endswith("а") and word[-2:-1] not in _VOWELS and len(word) >= 5:
        for suffix in ("ка", "ки", "ку", "очка", "очки"):
            yield "diminutive", word[:-1] + suffix
    elif word[-1:] not in _VOWELS + "ьй" and len(word) >= 4:
        for suffix in ("ик", "ики", "иком", "чик", "чики"):
            yield "diminutive", word + suffix


# A heading word in an oblique case ("КРИТИЧЕСКИХ ПОВРЕЖДЕНИЙ", "волнами") is no form to decline from: its
# own forms come from its nominative, which the sweep may not guess. Adjectives are taken in their
# nominative only; nouns not in an ending only oblique cases have.
_OBLIQUE = re.compile(r"(?:ов|ев|ей|ам|ям|ами|ями|ах|ях|ой|ою|ом|ем|ию|ии|ью|ых|их|ого|его|ому|ему|ым|им|ий|ы|и|у|ю)$")
_ADJECTIVE = re.compile(r".{2,}(?:[^аеёиоуыэюя]н|нн|ск|цк|ов|ев|ив|им|ем|[жшчщкгхтдлс])(?:ый|ая|яя|ое|ее|ые|ие)$|"
                        r".{2,}(?:ск|[^аеёиоуыэюя]н|[жшчщкгх])ий$|.{2,}(?:ящ|ющ|ащ|ущ)(?:ее|ий|ая|ие|ся|ееся)$")
# a verb's finite forms, short participles and pasts ("использует", "заклинило", "обозначено"): no nouns
_FINITE = re.compile(r"(?:ет|ит|ют|ят|ило|ало|ело|ено|ано|ся)$")


def player_forms(word: str, printed_words: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Every (class, form) the sweep checks for one of the book's words."""
    found: dict[tuple[str, str], None] = {}
    if _ADJECTIVE.fullmatch(word):
        return [item for item in (*_adjective_forms(word), *_with_yo(word)) if item[1] != word]
    if (_OBLIQUE.search(word) and not word.endswith(("ть", "ия", "ие"))) or _FINITE.search(word):
        return []
    if word.endswith("а") and word[:-1] in printed_words:  # "реактора": the genitive of "реактор"
        return []
    for item in _verb_forms(word):
        found[item] = None
    if not found:
        for item in (*_noun_forms(word), *_diminutives(word)):
            found[item] = None
    for item in _with_yo(word):
        found[item] = None
    return [item for item in found if item[1] != word]


def _with_yo(word: str) -> Iterator[tuple[str, str]]:
    """The book prints е for ё ("поврежденный", "тяжелое"); a player types either: each е as ё."""
    for at, letter in enumerate(word):
        if letter == "е":
            yield "ё for е", word[:at] + "ё" + word[at + 1:]


def reaches(form: str, target: str, printed: frozenset[str]) -> bool:
    """Whether a question holding `form` reads the stem the book's word has (or one it reads as): the
    form is read as a question's word is (`words`: casefolded, ё as е)."""
    got = stem(words(form)[0])
    return got == target or target in other_forms(got, printed)


def sweep(text: str | None = None) -> dict[str, list[tuple[str, str]]]:
    """Class -> its (book word, form) misses; with every class's form count under "_checked"."""
    text = BOOK.read_text(encoding="utf-8") if text is None else text
    printed_words = frozenset(words(text))
    printed = frozenset(stem(w) for w in printed_words)
    misses: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for word in book_words(text):
        target = stem(word)
        for cls, form in player_forms(word, printed_words):
            misses["_checked"].append((cls, form))
            if not reaches(form, target, printed):
                misses[cls].append((word, form))
    return dict(misses)


def main() -> int:
    result = sweep()
    checked: dict[str, int] = defaultdict(int)
    for cls, _ in result.pop("_checked", []):
        checked[cls] += 1
    for cls in sorted(checked):
        missed = result.get(cls, [])
        print(f"{cls:16} {len(missed):5} of {checked[cls]:5} forms miss   e.g. "
              + ", ".join(f"{w}:{f}" for w, f in missed[:8]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
