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
say is added. Which stems are one root's other words (not to be read across) is index.ru_derivation's.
"""
from __future__ import annotations

from collections.abc import Container

from index.ru_derivation import ALTERNATIONS, LABIALS, MIN_NOUN, MIN_ROOT, verb_of_noun
from index.text import stem

# Verbal suffixes before the stemmed-off ending, longest first.
VERB_SUFFIXES = ("ирова", "ыва", "ива", "ова", "ева", "ва", "а", "я", "и", "е")  # "ремонтирова": "ремонт"
# A noun the book only prints as its relational adjective or participle ("катастрофа": "Катастрофический
# Взрыв", "умножить": "умноженной"), and an adjective it only prints as its noun ("частично": "часть").
ADJECTIVE_SUFFIXES = ("ическ", "ичн", "ен", "н", "ов", "ск")
# A noun of the one who does it, which the book names by the act ("таранщик": Таран, "абордажник":
# Абордаж): the agent suffixes -льщик/-щик/-чик/-ник.
AGENT_SUFFIXES = ("льщик", "щик", "чик", "ник")

# A diminutive the player makes of the book's noun ("кубик": куб, "торпедка": торпеда, "бомбочка": бомба,
# "токенчик": токен): the suffixes -очк-/-ечк-/-ик/-чик/-к, longest first. The root may be three letters
# here ("кубик"): the suffix, not the root, says it is the same thing.
DIMINUTIVE_SUFFIXES = ("очк", "ечк", "чик", "ик", "к")
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


def verb_roots(verb_stem: str) -> list[str]:
    """The stems `verb_stem` may come from, by the suffix and alternation rules above."""
    found: list[str] = []
    if verb_stem.endswith("ля") and len(verb_stem) > 2 and verb_stem[-3] in LABIALS:
        found.append(verb_stem[:-2])  # "выставля": "выстав", "добавля": "добав"
    for suffix in VERB_SUFFIXES:
        if not verb_stem.endswith(suffix):
            continue
        root = verb_stem[: -len(suffix)]
        found.append(root)
        if suffix in ("ыва", "ива") and "а" in root:
            at = root.rindex("а")
            found.append(root[:at] + "о" + root[at + 1:])  # "сбрасыва": "сброс", "заканчива": "законч"
        break
    for root in list(found):
        for alternate in ALTERNATIONS.get(root[-1:], ()):
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
    adjectives = (question_stem + suffix for suffix in ADJECTIVE_SUFFIXES) if len(question_stem) >= MIN_NOUN else ()
    nouns = (question_stem[: -len(suffix)] for suffix in ADJECTIVE_SUFFIXES
             if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_ROOT)
    acts = (question_stem[: -len(suffix)] for suffix in AGENT_SUFFIXES
            if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_ROOT)
    small = (question_stem[: -len(suffix)] for suffix in DIMINUTIVE_SUFFIXES
             if question_stem.endswith(suffix) and len(question_stem) - len(suffix) >= MIN_DIMINUTIVE_ROOT)
    verbal = verb_of_noun(question_stem)
    return frozenset(r for r in (*verb_roots(question_stem), *adjectives, *nouns, *acts, *small, *verbal)
                     if r in printed)


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
