"""A lead and its supports written as dice: "10 dice lead" (dice as the lead's unit) and "lead 10 + 5 + 5"
or a bare "10 + 5 + 5" (the first number the lead, the added ones its supports). Read before single
numbers are bound, or "+ 5" would go to the nearest key."""
from __future__ import annotations

from core.params import ParamSpec
from referee.describe_items import Item, free_num, give, is_word, synthetic, takes
from referee.describe_vocab import COUNTED_PLURALS


def dice_as_unit(out: list[Item]) -> None:
    """"10 dice lead", "sixteen dice from the lead battery": the number is the lead's, "dice" its unit."""
    for i in range(len(out) - 2):
        num, dice = out[i], out[i + 1]
        k = i + 2
        while k < len(out) - 1 and out[k].word in ("from", "of", "the", "с", "со"):
            k += 1
        key = out[k]
        if free_num(out, i) and dice.kind == "key" and dice.concept == "dice" and key.kind == "key" \
                and key.concept in ("lead", "support") and not key.nums and not dice.nums \
                and not free_num(out, k + 1):  # "21d6 support 29": the support has its own number
            give(key, num)
            dice.used = True


def sums(out: list[Item], specs: dict[str, ParamSpec]) -> None:
    """"lead 10 + 5 + 5", "10 dice lead + 4 + 4" and a bare "10 + 5 + 5": the first number is the lead,
    the added ones its supports."""
    i = 0
    while i < len(out):
        first = _plus(out, i + 1)
        lead = out[i] if out[i].kind == "key" and out[i].concept == "lead" and out[i].nums else None
        before = out[i - 1] if i else None
        lead_word = before if before is not None and before.kind == "key" and before.concept == "lead" \
            and not before.nums else None
        start_free = free_num(out, i) and (lead_word is not None or before is None or not (
            before.word.startswith("+") or takes(before, "pre")))
        if first is None or (lead is None and not start_free) or _counts_supports(out, first):
            i += 1
            continue
        parts: list[Item] = []
        j: int | None = first
        while j is not None:
            parts.append(out[j])
            j = _plus(out, j + 1)
        if lead is None and lead_word is not None:
            give(lead_word, out[i])
        elif lead is None:
            lead = synthetic(specs, "lead", out[i])
            give(lead, out[i])
            out.insert(i, lead)
        support = synthetic(specs, "support", parts[0])
        for part in parts:
            give(support, part)
        out.insert(out.index(parts[-1]) + 1, support)
        i = out.index(support) + 1


def _plus(items: list[Item], j: int) -> int | None:
    """Index of the number added at j ("+ 5" or "+5"), or None."""
    if is_word(items, j, "+") and free_num(items, j + 1):
        return j + 1
    if free_num(items, j) and items[j].word.startswith("+"):
        return j
    return None


def _counts_supports(out: list[Item], j: int) -> bool:
    """"lead 8 + 2 supports": the added number counts the supports (a plural noun follows), no value."""
    nxt = out[j + 1] if j + 1 < len(out) else None
    return nxt is not None and nxt.kind == "key" and nxt.concept == "support" and nxt.word in COUNTED_PLURALS
