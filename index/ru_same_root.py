"""Whether two Russian stems that share their first letters are one root's words or two words.

The rendering of a Russian question in English (index.translate) matches a question's stem to a term's
when the two differ only at the end, since the stemmer cuts one word's forms differently ("тара"/"таран",
"уровн"/"уровен") and a verb, its noun and its adjective name one rule ("бросает"/"бросок", "абордажный"/
"Абордаж"). A shared beginning alone also joins other words: "столько" is no "стол" (table), "размер" (size)
no "размещать" (place), "отменить" (cancel) no "отмель" (sandbar), "вместо" no "вместимость", "грани" no
"граната". Russian word formation tells them apart: past the root the two stems share, what each adds must
be the stemmer's leftover or a suffix that makes a root's verb, noun or adjective (index.ru_forms,
index.ru_derivation), its last consonant possibly alternated ("защища"/"защит") or its vowel fleeting
("уровн"/"уровен", "броск"/"бросок").
"""
from __future__ import annotations

import os

from index.ru_derivation import ALTERNATIONS, DERIVATIONAL_SUFFIXES, LABIALS, MIN_ROOT
from index.ru_forms import ADJECTIVE_SUFFIXES, AGENT_SUFFIXES, DIMINUTIVE_SUFFIXES, VERB_SUFFIXES

# What the Snowball stemmer leaves of an ending (a vowel: "тара" of "Таран") and a participle's or
# verbal noun's suffix ("уничтожен", "закрыт", "попадан"), the noun suffixes of an act (-ация, -ок: "активац",
# "бросок"), of a thing or state (-ец, -ств), a verb's past (-ел: "налетел") and an adjective's -ийн ("аварийн").
_LEFTOVERS = ("а", "я", "и", "е", "о", "у", "ы", "ен", "ан", "енн", "т", "ац", "ок", "ец", "ц", "ств", "ел", "ийн")
FORMATIVE = frozenset({"", *_LEFTOVERS, *VERB_SUFFIXES, *ADJECTIVE_SUFFIXES, *AGENT_SUFFIXES,
                       *DIMINUTIVE_SUFFIXES, *DERIVATIONAL_SUFFIXES, "тел"})  # -тель, stemmed "двигател"
_VOWELS = frozenset("аеёиоуыэюя")


def one_root(a: str, b: str) -> bool:
    """True when two different Russian stems are one root's forms or words ("броса"/"бросок",
    "абордаж"/"абордажн", "уровн"/"уровен", "защища"/"защит"); False when what either adds past their
    shared root of MIN_ROOT letters or more is no suffix ("стольк"/"стол", "размер"/"размеща")."""
    if a == b:
        return True
    common = len(os.path.commonprefix([a, b]))
    if common < min(len(a), len(b)) and _alternate(a[common], b[common]):
        # the root's last consonant alternated in one of them ("защищ"/"защит", "сброш"/"сброс", "погруж"/"погруз",
        # "побежда"/"побед": жд for д)
        one, other = a[common + 1:], b[common + 1:]
        one, other = (s[1:] if s[:1] == "д" and t[common] == "ж" else s for s, t in ((one, a), (other, b)))
        if one in FORMATIVE and other in FORMATIVE:
            return True
    # the shared root, and shorter ones when it took a suffix's first letter ("брос" of "броса"/"бросок")
    return any(_suffixes(a[:root], a[root:], b[root:]) for root in range(common, MIN_ROOT - 1, -1))


def _suffixes(root: str, one: str, other: str) -> bool:
    """What two stems add to their root are suffixes: each a formative one, the л a labial root takes
    before one ("расстав"/"расставля", "отступ"/"отступлен"), a verb's past and participle ("тянул"/"тянут"),
    a -йти verb and its participle in -йденн- ("пройт"/"пройден")."""
    if {one, other} == {"л", "т"} and root[-1:] in _VOWELS:
        return True
    if {one, other} == {"ден", "т"} and root.endswith("й"):
        return True  # a -йти verb's participle: "пройденный" of "пройти"
    if root[-1:] in LABIALS:
        one, other = (s[1:] if s.startswith("л") else s for s in (one, other))
    return one in FORMATIVE and other in FORMATIVE


def _alternate(one: str, other: str) -> bool:
    """Two consonants that alternate at a Russian root's end (index.ru_derivation.ALTERNATIONS)."""
    return other in ALTERNATIONS.get(one, ()) or one in ALTERNATIONS.get(other, ())
