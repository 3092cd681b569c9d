"""A collision's sentence decides which model is which: the subject of its verb moved, its object was hit.

"his mass 4 battleship hits my mass 2 destroyer": the mover is his (Mass 4), whatever "my" says;
"врезался в корабль массы 3, моя масса 2": no subject, so the speaker moved (Mass 2) into a Mass 3 ship;
"I was hit by a mass 4 ship, my mass 2": the passive's subject comes after "by"; "в меня врезался его линкор":
a Russian verb's preposition ("в", "с", "на") marks its object, here written first.

Each side of the verb is a group of words that runs to the clause's end, or to a comma before another owner
word ("…, моя масса 2"). Ship values and position traits ("aerial", "надводный") in the subject's group are
the mover's, in the object's group the model hit's. Owner words after the groups follow the speaker's part:
when the speaker was hit, "my" is the model hit's. What was hit may have no values of its own: terrain and
an escort token never do, an obstacle only those written before the first comma ("с препятствием, масса
два" is the mover's Mass). Applied before the owner words (describe_owners), which then own only what is left.
"""
from __future__ import annotations

from referee.describe_items import Item
from referee.describe_owners import FLIP, SENTENCE_ENDS
from referee.describe_vocab import (
    IMPACT_PREPOSITIONS,
    IMPACTS_WITHOUT_VALUES,
    SHIP_CONCEPTS,
    SHIP_NOUNS,
    VERSUS_WORDS,
    Entry,
    word_matches,
)

# the speaker as a pronoun the owner words do not list (they would make "в меня" the speaker's scope)
SPEAKER_WORDS = frozenset({"me", "меня", "мной", "мне"})
_CLAUSE_ENDS = SENTENCE_ENDS | {":"}
_BREAKS = frozenset({",", ";"})
_SHIP_NOUNS = tuple(SHIP_NOUNS.split("|"))


def collision_roles(items: list[Item]) -> list[Item]:
    """Owners for a collision's values from its verb (see the module docstring); traits become
    ⟨mover_trait⟩ / ⟨impact_trait⟩, and one left without a side is listed as not understood. The owner
    words that only named a group's ship are removed, as applied owners are."""
    verb_at = next((i for i, it in enumerate(items) if it.kind == "impact_verb"), None)
    if verb_at is not None:
        _apply(items, verb_at)
    for item in items:
        if item.kind == "impact_verb":
            item.kind = "filler"
        elif item.kind == "trait":  # no side: "trait" names no parameter, so it is listed
            item.kind, item.entry = "flag", Entry(item.entry.phrase if item.entry else (), "flag", "trait", item.value)
    return [it for it in items if not (it.kind == "owner" and it.used)]


def _apply(items: list[Item], verb_at: int) -> None:
    start = next((k + 1 for k in range(verb_at - 1, -1, -1) if items[k].word in _CLAUSE_ENDS), 0)
    end = next((k for k in range(verb_at + 1, len(items)) if items[k].word in _CLAUSE_ENDS), len(items))
    voice = items[verb_at].value
    before = range(start, verb_at)
    prep = next((k for k in reversed(before) if items[k].word in IMPACT_PREPOSITIONS), None)
    if prep is None and verb_at > start and items[verb_at - 1].word in SPEAKER_WORDS:
        prep = verb_at - 1  # "меня протаранил его крейсер": the object, the speaker, before the verb
    if voice == "passive" or (voice == "before" and prep is not None):
        hit = range(prep if voice == "before" and prep is not None else start, verb_at)
        mover = range(verb_at + 1, _group_end(items, verb_at + 1, end))
        speaker = "target" if _possessor(items, hit, last=True) == "self" else None
        if speaker is None and _possessor(items, mover, last=False) == "self":
            speaker = "self"
    else:
        mover, hit = before, range(verb_at + 1, _group_end(items, verb_at + 1, end))
        own = _possessor(items, mover, last=True)
        speaker = "self" if own == "self" or (own is None and _implicit(items, mover)) else None
        if speaker is None and _possessor(items, hit, last=False) == "self":
            speaker = "target"
    items[verb_at].kind = "filler"
    _own_group(items, mover, "self")
    _own_group(items, hit, "target")
    if speaker == "target":  # the speaker was hit: "my" after the groups is the model hit's
        for k, item in enumerate(items):
            if item.kind == "owner" and item.value in FLIP and k not in mover and k not in hit \
                    and item.word not in VERSUS_WORDS:
                item.value = FLIP[str(item.value)]


def _group_end(items: list[Item], k: int, end: int) -> int:
    """Where a group after the verb ends: the clause's end, or a comma before another owner word or before
    a pair of its own ("…, mass 4 vs mass 1")."""
    for j in range(k, end - 1):
        if items[j].word not in _BREAKS:
            continue
        nxt = next((m for m in range(j + 1, end) if items[m].word in _BREAKS), end)
        if _is_owner(items[j + 1]) or any(items[m].word in VERSUS_WORDS for m in range(j + 1, nxt)):
            return j
    return end


def _is_owner(item: Item) -> bool:
    return item.kind == "owner" or item.word in SPEAKER_WORDS


def _possessor(items: list[Item], group: range, last: bool) -> str | None:
    """"self" when the group is the speaker's ship ("my cruiser", "я", "в меня"), "target" when another
    player's ("his ship"); the owner word nearest the verb decides."""
    words = [items[k] for k in group if _is_owner(items[k]) and (items[k].kind != "owner" or items[k].value in FLIP)]
    if not words:
        return None
    word = words[-1] if last else words[0]
    return "self" if word.kind != "owner" else str(word.value)


def _implicit(items: list[Item], group: range) -> bool:
    """No subject written ("врезался в скалу", "ran into a reef", "collision with an escort"): the speaker."""
    return not any(items[k].kind in ("key", "trait", "unknown", "num") or items[k].kind == "filler"
                   and any(word_matches(p, items[k].word) for p in _SHIP_NOUNS) for k in group)


def _own_group(items: list[Item], group: range, side: str) -> None:
    """The group's ship values and traits are `side`'s; its owner words only named whose ship it is."""
    nothing = next((items[k].value for k in group if items[k].kind == "flag" and items[k].concept == "impact"), None)
    first_comma = next((k for k in group if items[k].word == ","), group.stop)
    for k in group:
        item = items[k]
        if item.kind == "flag" and item.concept == "impact" and side == "self":
            item.kind = "filler"  # "his escort ship drove into …": the mover is no impact
        elif item.kind == "owner" and (item.value in FLIP or item.mode == "anaphor") or item.word in SPEAKER_WORDS:
            item.kind, item.used = "owner", True  # it named the group's ship: applied
        elif item.kind == "key" and item.concept in SHIP_CONCEPTS:
            valueless = nothing in IMPACTS_WITHOUT_VALUES or (nothing == "obstacle" and k > first_comma)
            item.owner, item.scoped = ("self" if side == "target" and valueless else side), False
        elif item.kind == "trait":
            concept = "mover_trait" if side == "self" else "impact_trait"
            item.kind = "flag"
            item.entry = Entry(item.entry.phrase if item.entry else (), "flag", concept, item.value)
