"""BattleScribe modifiers and conditions, evaluated for one selection of the default loadout.

A data file sets many values through `modifier`s that apply when `condition`s hold: an arc
is `set` when the weapon carries the category its link `add`ed ("F/P/S"), a quality is
`append`ed when a given entry is an ancestor. Only what the unit itself decides can be
known here: the selection's categories and the entries on its path. A condition on the
force or the roster (another unit chosen, a fleet option) is unknown (None), and a modifier
whose conditions are unknown is not applied; the caller says so on the card.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

_ROSTER_SCOPES = {"force", "roster", "primary-catalogue", "primary-category"}


@dataclass(frozen=True)
class Context:
    """What a selection is: its categories and the ids of the entries and links above it."""

    categories: frozenset[str]
    path: frozenset[str]


def kids(el: Any, container: str, tag: str) -> Iterator[Any]:
    for box in el.iterchildren(container):
        yield from box.iterchildren(tag)


def _count(cond: Any, ctx: Context) -> int | None:
    child = cond.get("childId") or ""
    scope = cond.get("scope") or ""
    if child in ctx.categories or child in ctx.path:
        return 1
    if scope in _ROSTER_SCOPES:
        return None
    return 0


def condition(cond: Any, ctx: Context) -> bool | None:
    """One `condition`: True, False, or None when it depends on the rest of the roster."""
    count = _count(cond, ctx)
    if count is None:
        return None
    kind = cond.get("type") or ""
    try:
        value = float(cond.get("value") or 0)
    except ValueError:
        return None
    tests = {"instanceOf": count >= 1, "notInstanceOf": count == 0, "atLeast": count >= value,
             "greaterThan": count > value, "equalTo": count == value, "notEqualTo": count != value,
             "lessThan": count < value, "atMost": count <= value}
    return tests.get(kind)


def _all(values: list[bool | None], any_of: bool) -> bool | None:
    if any_of:
        if any(v is True for v in values):
            return True
        return None if any(v is None for v in values) else False
    if any(v is False for v in values):
        return False
    return None if any(v is None for v in values) else True


def conditions_hold(el: Any, ctx: Context) -> bool | None:
    """All `conditions` and `conditionGroups` directly under a modifier (or a group): and-ed."""
    results: list[bool | None] = [condition(c, ctx) for c in kids(el, "conditions", "condition")]
    for group in kids(el, "conditionGroups", "conditionGroup"):
        inner = [condition(c, ctx) for c in kids(group, "conditions", "condition")]
        inner += [conditions_hold(g, ctx) for g in kids(group, "conditionGroups", "conditionGroup")]
        results.append(_all(inner, (group.get("type") or "and") == "or") if inner else True)
    return _all(results, False) if results else True


def modifiers(el: Any, ctx: Context) -> Iterator[tuple[Any, bool | None]]:
    """(modifier, applies?) for `el`'s modifiers and its modifierGroups' (whose conditions add up)."""
    for mod in kids(el, "modifiers", "modifier"):
        yield mod, conditions_hold(mod, ctx)
    for group in kids(el, "modifierGroups", "modifierGroup"):
        outer = conditions_hold(group, ctx)
        for mod, inner in modifiers(group, ctx):
            yield mod, _all([outer, inner], False)


def added_categories(el: Any, ctx: Context) -> tuple[set[str], set[str]]:
    """Category ids an element's modifiers add and remove when they apply."""
    added: set[str] = set()
    removed: set[str] = set()
    for mod, applies in modifiers(el, ctx):
        if (mod.get("field") or "") != "category" or applies is not True:
            continue
        if mod.get("type") == "add":
            added.add(mod.get("value") or "")
        elif mod.get("type") == "remove":
            removed.add(mod.get("value") or "")
    return added, removed
