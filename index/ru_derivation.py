"""Which stems are one root's other words: the documents' derivations a question's word must not be read
across (Russian suffixes, English prefixes), and the verb a Russian verbal noun is made of.

Snowball stems inflections, not derivations, so a root's words keep apart ("защитник" the defender,
"защитн" of "защитный" the protective) until a reading joins them: the typo tolerance of index.search
(two edits reach a printed word's other derivation) or one stem for two word classes (a verbal noun
in -ение and a participle in -енный: "повышения", "повышенному": "повышен"). Rules of Russian word
formation, read against the words the documents print (bench/ru_stem_collisions.py lists them).
No import of index.text: it reads a question's words with these (`verb_of_verbal_noun`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

# A root shorter than this is too often another word ("тар", "игр" of "играю" is fine, "ста" is not).
MIN_ROOT = 4
MIN_NOUN = 5  # a shorter noun stem has too few letters to tell its suffix from its root
# The root's final consonant in the verb and in the noun or perfective it comes from.
ALTERNATIONS = {"щ": ("т", "ст"), "ш": ("с", "х"), "ж": ("з", "д", "г"), "ч": ("т", "к")}
LABIALS = frozenset("бвмпф")

# The suffixes that make another word of a root: the agent nouns -льщик/-щик/-чик/-ник/-тель ("защитник"),
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
    """True when two different stems are one root's two words, not one word misspelt: Russian stems with
    different derivational suffixes ("защитник" and "защитн" of "защитный": the defender and the
    protective, both "защит"), English stems with different prefixes or an agent suffix ("reaction" and
    "action", "indirect" and "direct", "construct" and "instruct", "survivor" and "surviv")."""
    if one == other:
        return False
    if is_english_stem(one) and is_english_stem(other):
        return english_derived_apart(one, other)
    if not (is_russian_stem(one) and is_russian_stem(other)):
        return False
    theirs = _derivations(other)
    return any((root, suffix) not in theirs and any(r == root and s != suffix for r, s in theirs)
               for root, suffix in _derivations(one))


# English prefixes that make another word of a root: the negations ("unaffected", "indirect", "independent":
# the opposite), "re-" (a reaction is no action, a redeployment no deployment), and the Latin ones a root
# takes in turn ("construct", "instruct", "destruct"). The Snowball stemmer cuts suffixes only, so these
# stay on the stem, two edits from the bare root the documents print as well (bench/en_stem_collisions.py).
ENGLISH_PREFIXES = ("un", "non", "dis", "mis", "de", "en", "em", "con", "com",
                    "ex", "pre", "pro", "sub", "inter", "over", "under", "out", "anti", "counter")
# The agent noun the stemmer leaves on its verb's stem ("survivor", "surviv" of "survives"); "-er" it cuts.
ENGLISH_AGENT_SUFFIXES = ("or",)
_ENGLISH_STEM = re.compile(r"[a-z]+")


def is_english_stem(word_stem: str) -> bool:
    """A stem of Latin lower-case letters only (no digits: "2d6" is no word)."""
    return bool(_ENGLISH_STEM.fullmatch(word_stem))


def _english_roots(word_stem: str) -> set[tuple[str, str]]:
    """(prefix, root) readings of an English stem: itself with no prefix, and each prefix it begins with."""
    found = {("", word_stem)}
    found |= {(prefix, word_stem[len(prefix):]) for prefix in ENGLISH_PREFIXES
              if word_stem.startswith(prefix) and len(word_stem) - len(prefix) >= MIN_ROOT}
    return found


def english_derived_apart(one: str, other: str) -> bool:
    """True when two different English stems are one root with different prefixes ("reaction", "action";
    "unsuppress", "suppress"; "construct", "instruct") or one is the other's agent noun ("survivor",
    "surviv"): another word of the root, not a misspelling of it ("redploy" stays "redeploy")."""
    if one == other:
        return False
    if any(one == other + suffix or other == one + suffix for suffix in ENGLISH_AGENT_SUFFIXES) \
            and min(len(one), len(other)) >= MIN_ROOT:
        return True
    theirs = _english_roots(other)
    return any(p != q and root == r for p, root in _english_roots(one) for q, r in theirs)


def verb_of_agent_noun(word_stem: str, stem_of: Callable[[str], str],
                       forms_of: Callable[[str], Sequence[str]]) -> str | None:
    """The printed verb stem an unprinted English agent noun in -er is made of, where the documents print
    the verb's -ing ("boarder": board of "boarding", "rammer": ram of "ramming"): the player's word is that
    action's doer, not a misspelling of a printed word one edit away ("border", "hammer"). None for other
    words ("bother", "slower": no "bothing", "slowing" is printed)."""
    if not (is_english_stem(word_stem) and word_stem.endswith("er")) or len(word_stem) < 5:
        return None
    root = word_stem[:-2]
    undoubled = root[:-1] if root[-1] == root[-2] else root  # "rammer": ram
    for verb in dict.fromkeys((root, undoubled, root + "e")):
        verb_stem = stem_of(verb)
        if any(w.endswith("ing") for w in forms_of(verb_stem)):
            return verb_stem
    return None


def is_russian_stem(word_stem: str) -> bool:
    """A stem in Cyrillic lower-case letters (a question's stems are case-folded)."""
    return "а" <= word_stem[:1] <= "я"


# A verbal noun in -ение and a participle in -енный stem alike (Snowball: "повышения", "повышенному": "повышен").
VERBAL_NOUN_ENDINGS = ("ние", "ния", "нию", "нием", "нии", "ний", "ниям", "ниями", "ниях")  # -ение in every case
VERBAL_NOUN = re.compile(rf"[еая](?:{'|'.join(VERBAL_NOUN_ENDINGS)})$")
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
    if root.endswith("л") and root[-2:-1] in LABIALS:
        found.append(root[:-1])  # "добавление": "добав"
    found += [root[:-1] + alternate for alternate in ALTERNATIONS.get(root[-1:], ())]  # "повыш": "повыс"
    return [r for r in found if len(r) >= MIN_ROOT]
