"""A Russian question stem's other forms the book may print: the verb's noun, a numeral's digits.

Players ask with a verb where the book names a thing ("если я тараню", "сам штурмовать могу?",
"сбрасываю токены") and write numbers as words ("в четырех дюймах", "на тыщу очков") where the book
prints digits (4", 1000). The Snowball stemmer keeps a verb's thematic suffix ("штурмова",
"сбрасыва"), so the stem matches neither the noun ("штурм", "сброс") nor its perfective ("выстав"
for "выставля"), and a numeral's stem matches no digit. Both are rules of Russian word formation,
not lists of questions: a verb stem without its verbal suffix (-ирова-/-ыва-/-ива-/-ова-/
-ева-/-ва-/-а-/-я-/-и-/-е-: "ремонтироваться": "ремонт"), the root vowel а of an -ыва-/-ива-
imperfective read as о ("сбрасыва": "сброс"), the л inserted after a labial dropped ("выставля":
"выстав"), the final consonant's alternations (щ/т, ш/с, ж/з, ж/д, ч/т: "защища": "защит"), a noun's
relational adjective or participle and an adjective's noun ("катастроф": "катастрофическ", "умнож":
"умножен", "частичн": "част"), an agent noun's act ("таранщик": "таран"), a diminutive's noun ("кубик":
"куб", "торпедка": "торпед"), a verbal noun's verb ("повышение": "повыс"); and the cardinal numerals.
A form counts only when the corpus prints it as a stem of its own, so nothing the documents never
say is added.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence

from index.text import stem

# A root shorter than this is too often another word ("тар", "игр" of "играю" is fine, "ста" is not).
MIN_ROOT = 4

# Verbal suffixes before the stemmed-off ending, longest first.
_VERB_SUFFIXES = ("ирова", "ыва", "ива", "ова", "ева", "ва", "а", "я", "и", "е")  # "ремонтирова": "ремонт"
# The root's final consonant in the verb and in the noun or perfective it comes from.
_ALTERNATIONS = {"щ": ("т", "ст"), "ш": ("с", "х"), "ж": ("з", "д", "г"), "ч": ("т", "к")}
_LABIALS = frozenset("бвмпф")
# A noun the book only prints as its relational adjective or participle ("катастрофа": "Катастрофический
# Взрыв", "умножить": "умноженной"), and an adjective it only prints as its noun ("частично": "часть").
_ADJECTIVE_SUFFIXES = ("ическ", "ичн", "ен", "н", "ов", "ск")
MIN_NOUN = 5
# A noun of the one who does it, which the book names by the act ("таранщик": Таран, "абордажник":
# Абордаж): the agent suffixes -льщик/-щик/-чик/-ник.
_AGENT_SUFFIXES = ("льщик", "щик", "чик", "ник")

# The suffixes that make another word of a root: the agent nouns above and -тель ("защитник", "наблюдатель"),
# the relational adjectives ("защитный"), the abstract noun -ость ("скорость"). Two stems of one root that end
# in two of them (or one in none) are two words the book prints apart, not one word misspelt.
DERIVATIONAL_SUFFIXES = ("льщик", "щик", "чик", "ник", "тель", "ическ", "ичн", "ност", "ост", "ск", "ов", "н")


_VOWELS = frozenset("аеёиоуыэюя")


def _derivations(word_stem: str) -> set[tuple[str, str]]:
    """(root, suffix) readings of a stem: itself with no suffix, and each derivational suffix it ends in."""
    found = {(word_stem, "")}
    for suffix in DERIVATIONAL_SUFFIXES:
        root = word_stem[: -len(suffix)]
        if word_stem.endswith(suffix) and len(root) >= MIN_ROOT and not (suffix == "н" and root[-1] in _VOWELS):
            found.add((root, suffix))  # "-н" after a vowel is a participle's ("использован"), not an adjective's
    return found


def derived_apart(one: str, other: str) -> bool:
    """True when two different Russian stems are one root with different derivational suffixes
    ("защитник" and "защитн" of "защитный": the defender and the protective, both "защит"): a spelling
    near the other by this difference is another word of the root, not a typo of it."""
    if one == other or not (is_russian_stem(one) and is_russian_stem(other)):
        return False
    theirs = _derivations(other)
    return any((root, suffix) not in theirs and any(r == root and s != suffix for r, s in theirs)
               for root, suffix in _derivations(one))


def is_russian_stem(word_stem: str) -> bool:
    """A stem in Cyrillic lower-case letters (a question's stems are case-folded)."""
    return "а" <= word_stem[:1] <= "я"


# A diminutive the player makes of the book's noun ("кубик": куб, "торпедка": торпеда, "бомбочка": бомба,
# "токенчик": токен): the suffixes -очк-/-ечк-/-ик/-чик/-к, longest first. The root may be three letters
# here ("кубик"): the suffix, not the root, says it is the same thing.
_DIMINUTIVE_SUFFIXES = ("очк", "ечк", "чик", "ик", "к")
MIN_DIMINUTIVE_ROOT = 3

# The cardinal numerals a player types for the digits the books print (every case form the
# stemmer keeps apart is listed; "тыща" is the spoken thousand).
_NUMERALS = {
    "0": "ноль нуль нуля ноля",
    "2": "два две двух двум двумя",
    "3": "три трех трём тремя",
    "4": "четыре четырех четырём четырьмя",
    "5": "пять пяти пятью",
    "6": "шесть шести",
    "7": "семь семи",
    "8": "восемь восьми",
    "9": "девять девяти",
    "10": "десять десяти",
    "12": "двенадцать двенадцати",
    "20": "двадцать двадцати",
    "30": "тридцать тридцати",
    "40": "сорок сорока",
    "1000": "тысяча тысячу тысячи тыща тыщу тыщи",
}
NUMERAL_DIGITS: dict[str, str] = {stem(word): digits for digits, forms in _NUMERALS.items()
                                  for word in forms.split()}


def _roots(verb_stem: str) -> list[str]:
    """The stems `verb_stem` may come from, by the suffix and alternation rules above."""
    found: list[str] = []
    if verb_stem.endswith("ля") and len(verb_stem) > 2 and verb_stem[-3] in _LABIALS:
        found.append(verb_stem[:-2])  # "выставля": "выстав", "добавля": "добав"
    for suffix in _VERB_SUFFIXES:
        if not verb_stem.endswith(suffix):
            continue
        root = verb_stem[: -len(suffix)]
        found.append(root)
        if suffix in ("ыва", "ива") and "а" in root:
            at = root.rindex("а")
            found.append(root[:at] + "о" + root[at + 1:])  # "сбрасыва": "сброс", "заканчива": "законч"
        break
    for root in list(found):
        for alternate in _ALTERNATIONS.get(root[-1:], ()):
            found.append(root[:-1] + alternate)  # "защищ": "защит", "превыш": "превыс"
    return [r for r in found if len(r) >= MIN_ROOT and r != verb_stem]


def other_forms(question_stem: str, printed: Container[str]) -> frozenset[str]:
    """The printed stems that name what a Russian question stem names: the noun or perfective
    root of a verb form the corpus never prints, or a numeral's digits. Empty for other words."""
    digits = NUMERAL_DIGITS.get(question_stem)
    if digits is not None:
        return frozenset({digits}) if digits in printed else frozenset()
    if question_stem in printed or not ("а" <= question_stem[:1] <= "я"):
        return frozenset()  # a verb form the book prints already matches its own passages
    adjectives = (question_stem + suffix for suffix in _ADJECTIVE_SUFFIXES) if len(question_stem) >= MIN_NOUN else ()
    nouns = (question_stem[: -len(suffix)] for suffix in _ADJECTIVE_SUFFIXES
             if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_ROOT)
    acts = (question_stem[: -len(suffix)] for suffix in _AGENT_SUFFIXES
            if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_ROOT)
    small = (question_stem[: -len(suffix)] for suffix in _DIMINUTIVE_SUFFIXES
             if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_DIMINUTIVE_ROOT)
    verbal = verb_of_noun(question_stem)
    return frozenset(r for r in (*_roots(question_stem), *adjectives, *nouns, *acts, *small, *verbal) if r in printed)


# A verbal noun in -ение and a participle in -енный stem alike (Snowball: "повышения", "повышенному": "повышен").
VERBAL_NOUN = re.compile(r"[еая]ни(?:е|я|ю|ем|и|й|ям|ями|ях)$")
PARTICIPLE = re.compile(r"[еая]нн(?:ый|ая|ое|ые|ого|ому|ой|ую|ым|ыми|ых|ом)$")


def participle_only(word_stem: str, forms: Sequence[str]) -> bool:
    """True when a stem of the -ение/-енный kind is printed only as its participle or adjective, never
    as the verbal noun ("повышен": "повышенному вниманию", the heightened, not "Повысить уровень"): a
    question's verbal noun then matches its verb, not only the participle's other sense."""
    return word_stem.endswith("ен") and bool(forms) and all(PARTICIPLE.search(w) for w in forms) \
        and not any(VERBAL_NOUN.search(w) for w in forms)


def verb_of_verbal_noun(word: str, word_stem: str, forms_of: Callable[[str], Sequence[str]]) -> str | None:
    """The printed verb stem a question's verbal noun is read as, where the documents print its stem
    only as a participle of another sense ("повышения": повыс of "Повысить уровень", not the
    "повышенному вниманию" of Эскорт); None for other words. `forms_of`: a stem's printed words."""
    if len(word_stem) < MIN_NOUN or not VERBAL_NOUN.search(word) or not participle_only(word_stem, forms_of(word_stem)):
        return None
    return next((root for root in verb_of_noun(word_stem) if root != word_stem and forms_of(root)), None)


def verb_of_noun(question_stem: str) -> list[str]:
    """The verb a verbal noun in -ение is made of, its consonant alternated back ("повышение": "повыс" of
    "Повысить уровень", "снижение": "сниз", "удвоение": "удво", "добавление": "добав")."""
    if not question_stem.endswith("ен") or len(question_stem) - 2 < MIN_ROOT:
        return []
    root = question_stem[:-2]
    found = [root]
    if root.endswith("жд"):
        found.append(root[:-2] + "д")  # "освобождение": "освобод"
    if root.endswith("л") and root[-2:-1] in _LABIALS:
        found.append(root[:-1])  # "добавление": "добав"
    found += [root[:-1] + alternate for alternate in _ALTERNATIONS.get(root[-1:], ())]  # "повыш": "повыс"
    return [r for r in found if len(r) >= MIN_ROOT]


# A verb a player makes of his own slang noun ("чек" -> "чекнуть", "хил" -> "захилить", "кил" -> "кильнуть",
# "рерол" -> "рерольнуть"): the semelfactive -ну(ть)/-нул and a perfective prefix around the noun the
# players' vocabulary (index/data/synonyms.toml, glossary.toml) already reads. Only the prefixes chat puts
# on a borrowed verb ("захилить", "отхилить", "перероллить"): with "при-"/"про-" a native verb ("прилетает")
# read as "летает" was Воздушное (ru8_own lost an answer).
_SEMELFACTIVE = ("нут", "нул", "н")
_PREFIXES = ("пере", "за", "от")
MIN_SLANG_ROOT = 3


def slang_verb_roots(question_stem: str) -> list[str]:
    """The player nouns a verb stem may be made of, nearest first: "чекнут": чек, "захил": хил,
    "кильнут": кил, "зарерольнут": рерол. Empty for a stem of no such shape."""
    found: list[str] = []
    bare = [question_stem]
    for suffix in _SEMELFACTIVE:
        if question_stem.endswith(suffix) and question_stem[-len(suffix) - 1:-len(suffix)] not in "аеиоуыэюя":
            root = question_stem[: -len(suffix)]
            bare.append(root)
            if root.endswith("ь"):
                bare.append(root[:-1])  # "киль": кил
            break
    for word in bare:
        for prefix in _PREFIXES:
            if word.startswith(prefix) and len(word) - len(prefix) >= MIN_SLANG_ROOT:
                found.append(word[len(prefix):])
                break
    found = [*bare[1:], *found]
    return [r for r in dict.fromkeys(found) if len(r) >= MIN_SLANG_ROOT and r != question_stem]
