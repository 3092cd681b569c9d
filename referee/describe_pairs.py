"""Two values written as one pair: "ADV/SDV 3/2" (two keys, two numbers in order) and a weapon's "12(6)"
(its lead value and, in brackets, its support value). The pair decides which number is whose, so it is
read before single numbers are bound to the nearest key."""
from __future__ import annotations

from core.params import Kind
from referee.describe_counts import give_supports, supports_counted
from referee.describe_items import Item, count_of, free_num, give, is_word


def weapon_pair_at(out: list[Item], i: int) -> bool:
    """Whether a weapon's "12(6)" starts at i: a free number, then a free number in brackets."""
    return free_num(out, i) and is_word(out, i + 1, "(") and free_num(out, i + 2) and is_word(out, i + 3, ")")


def slash_pairs(out: list[Item]) -> None:
    """"ADV/SDV 3/2": the first number to the first key, the second to the second."""
    for i in range(len(out) - 5):
        a, b = out[i], out[i + 2]
        if a.kind == "key" and b.kind == "key" and is_word(out, i + 1, "/") and free_num(out, i + 3) \
                and is_word(out, i + 4, "/") and free_num(out, i + 5) and not a.nums and not b.nums:
            give(a, out[i + 3])
            give(b, out[i + 5])


def weapon_pairs(out: list[Item]) -> None:
    """"lead 12(6)", "one support 12(6)": a weapon's lead value and, in brackets, its support value."""
    for i in range(len(out) - 3):
        if not weapon_pair_at(out, i):
            continue
        key = _pair_key(out, i)
        if key is None:
            continue
        if key.concept == "support":
            out[i].used = True
            count = out[i - 2] if i >= 2 and out[i - 1] is key and free_num(out, i - 2) else None
            for _ in range(count_of(count) if count is not None else 1):
                give(key, out[i + 2])  # "two supports 12(6)": two of 6
            if count is not None:
                count.used = True
        else:
            give(key, out[i])
            out[i + 2].used = True
        key.span_end = max(key.span_end, out[i + 3].end)
        out[i + 1].kind = out[i + 3].kind = "filler"


def lone_pair(out: list[Item]) -> None:
    """"9(4) на closing, ведущий и одна поддержка": the one weapon value in the text, its lead and support
    keys named apart from it and without numbers of their own."""
    pairs = [i for i in range(len(out) - 3) if weapon_pair_at(out, i)]
    lead = [it for it in out if it.kind == "key" and it.concept == "lead" and not it.nums]
    support = [it for it in out if it.kind == "key" and it.concept == "support" and not it.nums
               and it.spec is not None and it.spec.kind is Kind.INTS]
    if len(pairs) != 1 or len(lead) != 1 or len(support) > 1 or (support and not supports_counted(out, support[0])):
        return
    i = pairs[0]
    give(lead[0], out[i])
    if support:
        give_supports(out, support[0], out[i + 2])
    else:
        return  # the bracketed value stays listed: no support was named
    out[i + 1].kind = out[i + 3].kind = "filler"


def _pair_key(items: list[Item], i: int) -> Item | None:
    """The lead or support key a "12(6)" belongs to: just before it, or just after ("9(4) lead")."""
    for j in (i - 1, i + 4):
        if 0 <= j < len(items) and items[j].kind == "key" and items[j].concept in ("lead", "support") \
                and not items[j].nums:
            return items[j]
    return None
