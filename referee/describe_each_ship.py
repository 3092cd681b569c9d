"""One rating given for each of several ships: "three ships contributing, broadside 3 each". Read after
binding, when the count of ships and the rating each hold their number, so the list input can hold the
rating once per ship."""
from __future__ import annotations

from core.params import Kind
from referee.describe_items import Item, count_of

MAX_SHIPS = 20  # "N ships … each": more than a unit fields is not a count of contributing ships
EACH = frozenset({"each", "apiece", "каждого", "каждый", "каждому", "каждая", "каждое"})
_EACH_BEFORE = frozenset({"по"})  # "3 корабля по 2": only just before the rating it distributes


def each_ship(items: list[Item]) -> None:
    """"three ships contributing, broadside 3 each", "залп двух кораблей, у каждого бортовой три", "3 корабля
    по Broadside 2": one rating given for each of the ships counted, so the list holds it once per ship.
    Read after binding; only where one count of ships and one rating of a list input stand in the text."""
    counts = [it for it in items if it.kind == "key" and it.concept == "model_count" and len(it.nums) == 1]
    lists = [it for it in items if it.kind == "key" and len(it.nums) == 1 and it.spec is not None
             and it.spec.kind is Kind.INTS and it.concept == "broadside"]
    if len(counts) != 1 or len(lists) != 1:
        return
    rating = lists[0]
    at = items.index(rating)
    each = [it for it in items if it.word in EACH] or \
        [it for it in items[max(at - 1, 0):at] if it.word in _EACH_BEFORE]
    if not each:
        return
    ships = count_of(counts[0].nums[0])
    if not 1 < ships <= MAX_SHIPS:
        return
    rating.nums.extend([rating.nums[0]] * (ships - 1))
    counts[0].used = True
    for word in each:
        word.kind = "filler"
