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

from units.bs_graph import children

_ROSTER_SCOPES = {"force", "roster", "primary-catalogue", "primary-category"}


@dataclass(frozen=True)
class Context:
    """What a selection is: its categories and the ids of the entries and links above it."""

    categories: frozenset[str]
    path: frozenset[str]


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


_CONDS: dict[Any, tuple[list[Any], list[tuple[bool, Any]]]] = {}  # element -> (conditions, (is_or, group))


def _condition_lists(el: Any) -> tuple[list[Any], list[tuple[bool, Any]]]:
    listed = _CONDS.get(el)
    if listed is None:
        groups = [((g.get("type") or "and") == "or", g) for g in children(el, "conditionGroups", "conditionGroup")]
        listed = _CONDS[el] = (list(children(el, "conditions", "condition")), groups)
    return listed


def conditions_hold(el: Any, ctx: Context) -> bool | None:
    """All `conditions` and `conditionGroups` directly under a modifier (or a group): and-ed."""
    conditions, groups = _condition_lists(el)
    if not conditions and not groups:
        return True
    results: list[bool | None] = [condition(c, ctx) for c in conditions]
    for is_or, group in groups:
        inner_conditions, inner_groups = _condition_lists(group)
        inner = [condition(c, ctx) for c in inner_conditions]
        inner += [conditions_hold(g, ctx) for _, g in inner_groups]
        results.append(_all(inner, is_or) if inner else True)
    return _all(results, False)


_MODS: dict[Any, list[tuple[Any, tuple[Any, ...]]]] = {}  # element -> its modifiers with their groups


def clear_cache() -> None:
    """Forget the modifier and condition lists of the last import's elements (called around each import)."""
    _MODS.clear()
    _CONDS.clear()


def _modifier_list(el: Any, groups: tuple[Any, ...] = ()) -> list[tuple[Any, tuple[Any, ...]]]:
    out = [(mod, groups) for mod in children(el, "modifiers", "modifier")]
    for group in children(el, "modifierGroups", "modifierGroup"):
        out.extend(_modifier_list(group, (*groups, group)))
    return out


def modifiers(el: Any, ctx: Context, fields: set[str] | None = None) -> Iterator[tuple[Any, bool | None]]:
    """(modifier, applies?) for `el`'s modifiers and its modifierGroups' (whose conditions add up);
    with `fields`, only the modifiers of those fields (the others' conditions are not evaluated)."""
    listed = _MODS.get(el)
    if listed is None:
        listed = _MODS[el] = _modifier_list(el)
    for mod, groups in listed:
        if fields is not None and (mod.get("field") or "") not in fields:
            continue
        results = [conditions_hold(g, ctx) for g in groups]
        results.append(conditions_hold(mod, ctx))
        yield mod, _all(results, False)


def added_categories(el: Any, ctx: Context) -> tuple[set[str], set[str]]:
    """Category ids an element's modifiers add and remove when they apply."""
    added: set[str] = set()
    removed: set[str] = set()
    for mod, applies in modifiers(el, ctx, {"category"}):
        if applies is not True:
            continue
        if mod.get("type") == "add":
            added.add(mod.get("value") or "")
        elif mod.get("type") == "remove":
            removed.add(mod.get("value") or "")
    return added, removed
