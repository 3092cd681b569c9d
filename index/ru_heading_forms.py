"""A Russian question's word in another form of a heading's word: "перебрасывать" asks about "Переброс
кубов", "запускать" about "Запуск Токенов SRS", "поддержать" about "Поддерживающие Орудия", "взрываются"
about "Взрывное Попадание", "активировал" about "Активация".

The book names a rule with a noun or an adjective; players ask with the verb or another word class of
the same root. Snowball stems inflections only, so the verb's stem ("перебрасыва") is not the heading's
("переброс"), and when the book prints the verb too (it does: "перебрасывать пустые грани") index.ru_forms
leaves the question's word alone, since reading every printed verb as its noun across a whole text was
measured to cost answers (session 9, ru2_own −2). A heading is a rule's name, not its text: what it is
*about*. So only the heading evidence of the ranking reads these forms — a question word and a heading
word are one word's forms when they reduce to one root by the word-formation rules ru_forms uses (the
verbal suffixes and alternations, a relational adjective's noun, a diminutive's noun, the -ация noun of
an -ировать verb). Agent nouns and abstract nouns in -ость are other words ("защитник" is not "Защита":
index.ru_derivation).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from index.ru_derivation import MIN_ROOT, is_russian_stem
from index.ru_forms import AGENT_SUFFIXES, verb_roots

# A relational adjective's suffix on its noun's root ("взрывн": взрыв, "бортов": борт, "критическ": крит),
# and the -ация noun of an -ировать verb ("активац": актив, as "активирова": актив).
_NOUN_SUFFIXES = ("ическ", "ичн", "ац", "ов", "ск", "н")
_DIMINUTIVE_SUFFIXES = ("очк", "ечк", "ик")  # "кубик": куб (not -к/-чик: "запуск", "счетчик" are no diminutives)
_THEMATIC_VOWELS = frozenset("аяие")  # a verb stem's last vowel before the stemmed-off ending


def roots(word_stem: str) -> frozenset[str]:
    """The roots a Russian stem reduces to: itself, its verb's roots, its adjective's or -ация noun's
    root, its diminutive's noun; none shorter than `MIN_ROOT`. Empty for a stem of another alphabet."""
    if not is_russian_stem(word_stem):
        return frozenset()
    found = {word_stem, *verb_roots(word_stem)}
    if word_stem[-1] in _THEMATIC_VOWELS:
        found.add(word_stem[:-1])  # "взрыва" of "взрываются": взрыв (verb_roots read its "-ыва-" as the suffix)
    for suffix in _NOUN_SUFFIXES:
        if word_stem.endswith(suffix) and len(word_stem) - len(suffix) >= MIN_ROOT:
            found.add(word_stem[: -len(suffix)])
    if not word_stem.endswith(AGENT_SUFFIXES):  # "защитник" is the defender, not a small "защит"
        found |= {word_stem[: -len(suffix)] for suffix in _DIMINUTIVE_SUFFIXES if word_stem.endswith(suffix)}
    return frozenset(r for r in found if len(r) >= MIN_ROOT)


def heading_index(heading_stems: Iterable[str]) -> dict[str, frozenset[str]]:
    """Root -> the heading stems that reduce to it (read once, over every rule's heading)."""
    found: dict[str, set[str]] = {}
    for heading_stem in set(heading_stems):
        for root in roots(heading_stem):
            found.setdefault(root, set()).add(heading_stem)
    return {root: frozenset(stems) for root, stems in found.items()}


def heading_forms(question_stem: str, index: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The heading stems a question's stem is another form of (`index`: `heading_index`); empty when none."""
    found: set[str] = set()
    for root in roots(question_stem):
        found |= index.get(root, frozenset())
    found.discard(question_stem)
    return frozenset(found)
