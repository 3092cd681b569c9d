"""Whose value it is when no word says: the side a referee takes without asking (describe_vocab.DEFAULT_SIDE),
and only when the description leaves no doubt.

A ship value both sides have ("hull", "mass") and no owner word is the acting model's when the description
gives the other side's values apart ("Ram! Hull 8, 9 inches travelled, target A6 C10": the target's are
named, so the bare Hull is the rammer's), or when the thing hit has no values of its own ("врезался в скалу,
масса 2": terrain; "сел на мель": shallows). One value alone ("ram, hull 6", "collision mass 2") could be
either ship's: it is asked.
"""
from __future__ import annotations

from collections.abc import Callable

from referee.describe_items import Item
from referee.describe_owners import FLIP
from referee.describe_vocab import DEFAULT_SIDE, HAZARD_WORDS, IMPACTS_WITHOUT_VALUES, side_of, word_matches


def default_sides(items: list[Item], action: str, resolve_key: Callable[[Item], None]) -> None:
    """Give each asked-for key its default side where the description leaves no doubt (see the docstring)."""
    hit_has_none = any(it.kind == "flag" and it.concept == "impact" and it.value in IMPACTS_WITHOUT_VALUES
                       or it.kind == "unknown" and any(word_matches(p, it.word) for p in HAZARD_WORDS)
                       for it in items)
    for item in items:
        side = DEFAULT_SIDE.get((action, item.concept)) if item.ask and item.owner is None and not item.scoped \
            else None
        if side is None:
            continue
        if hit_has_none or _other_side_named(items, action, FLIP[side]):
            item.owner, item.ask = side, False
            resolve_key(item)


def _other_side_named(items: list[Item], action: str, other: str) -> bool:
    """Whether some ship value of the description is the other side's."""
    return any(it.kind == "key" and it.param is not None and side_of(action, it.param) == other for it in items)
