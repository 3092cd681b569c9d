"""Ways players write several values at once, read before single numbers are bound: "ADV/SDV 3/2",
"12(6)", "2 supports of 7", "10 dice lead", "support x2", "lead 10 + 5 + 5"."""
from __future__ import annotations

import re

from core.params import Kind, ParamSpec
from referee.describe_items import Item, free_num, give, takes
from referee.describe_tokens import Token
from referee.describe_vocab import COUNTED_PLURALS, Entry

# keys that count things, so "bombers x3" is three of them (a rating's "x2" repeats a value instead)
COUNTED_TIMES = frozenset({"tokens", "escorts", "interceptors", "support_models"})


MAX_SHIPS = 20  # "N ships … each": more than a unit fields is not a count of contributing ships


def _is(items: list[Item], j: int, word: str) -> bool:
    return 0 <= j < len(items) and items[j].word == word


def _plus(items: list[Item], j: int) -> int | None:
    """Index of the number added at j ("+ 5" or "+5"), or None."""
    if _is(items, j, "+") and free_num(items, j + 1):
        return j + 1
    if free_num(items, j) and items[j].word.startswith("+"):
        return j
    return None


def _synthetic(specs: dict[str, ParamSpec], concept: str, at: Item) -> Item:
    spec = specs[concept]
    return Item("key", at.start, at.end, entry=Entry((concept,), "key", concept), param=concept, spec=spec,
                word=concept, span_end=at.end)


def combine(items: list[Item], specs: dict[str, ParamSpec]) -> list[Item]:
    """Ways players write several values at once, decided before single numbers are bound:
    "ADV/SDV 3/2" (pairs in order), "12(6)" (a weapon's lead value and its support value),
    "2 supports of 7", "10 dice lead" (dice as the lead's unit), "support x2", and "lead 10 + 5 + 5"
    or "10 + 5 + 5" (a lead and its supports)."""
    out = list(items)
    _card_bands(out, specs)
    if "defence_models" in specs:
        _models_within(out, specs)
    _slash_pairs(out)
    _weapon_pairs(out)
    _lone_pair(out)
    _supports_of(out)
    _dice_as_unit(out)
    _times(out)
    support = specs.get("support")
    if "lead" in specs and support is not None and support.kind is Kind.INTS:
        _sums(out, specs)
    return out


def _count(item: Item) -> int:
    assert item.token is not None
    return int(item.token.value)


def _slash_pairs(out: list[Item]) -> None:
    """"ADV/SDV 3/2": the first number to the first key, the second to the second."""
    for i in range(len(out) - 5):
        a, b = out[i], out[i + 2]
        if a.kind == "key" and b.kind == "key" and _is(out, i + 1, "/") and free_num(out, i + 3) \
                and _is(out, i + 4, "/") and free_num(out, i + 5) and not a.nums and not b.nums:
            give(a, out[i + 3])
            give(b, out[i + 5])


def _weapon_pairs(out: list[Item]) -> None:
    """"lead 12(6)", "one support 12(6)": a weapon's lead value and, in brackets, its support value."""
    for i in range(len(out) - 3):
        if not (free_num(out, i) and _is(out, i + 1, "(") and free_num(out, i + 2) and _is(out, i + 3, ")")):
            continue
        key = _pair_key(out, i)
        if key is None:
            continue
        if key.concept == "support":
            out[i].used = True
            count = out[i - 2] if i >= 2 and out[i - 1] is key and free_num(out, i - 2) else None
            for _ in range(_count(count) if count is not None else 1):
                give(key, out[i + 2])  # "two supports 12(6)": two of 6
            if count is not None:
                count.used = True
        else:
            give(key, out[i])
            out[i + 2].used = True
        key.span_end = max(key.span_end, out[i + 3].end)
        out[i + 1].kind = out[i + 3].kind = "filler"


def _supports_counted(out: list[Item], support: Item) -> bool:
    """Whether the number of supports is plain: a count word before "supports" / "одна поддержка", or a
    singular "support" with no number before it."""
    k = out.index(support)
    if not free_num(out, k - 1):
        return support.word not in COUNTED_PLURALS
    token = out[k - 1].token
    return support.word in COUNTED_PLURALS or (token is not None and token.agrees)


def _give_supports(out: list[Item], support: Item, value: Item) -> None:
    """The support key gets the weapon's support value once per support counted."""
    k = out.index(support)
    count = out[k - 1] if free_num(out, k - 1) else None
    for _ in range(_count(count) if count is not None else 1):
        give(support, value)
    if count is not None:
        count.used = True


def _lone_pair(out: list[Item]) -> None:
    """"9(4) на closing, ведущий и одна поддержка": the one weapon value in the text, its lead and support
    keys named apart from it and without numbers of their own."""
    pairs = [i for i in range(len(out) - 3) if free_num(out, i) and _is(out, i + 1, "(") and free_num(out, i + 2)
             and _is(out, i + 3, ")")]
    lead = [it for it in out if it.kind == "key" and it.concept == "lead" and not it.nums]
    support = [it for it in out if it.kind == "key" and it.concept == "support" and not it.nums
               and it.spec is not None and it.spec.kind is Kind.INTS]
    if len(pairs) != 1 or len(lead) != 1 or len(support) > 1 or (support and not _supports_counted(out, support[0])):
        return
    i = pairs[0]
    give(lead[0], out[i])
    if support:
        _give_supports(out, support[0], out[i + 2])
    else:
        return  # the bracketed value stays listed: no support was named
    out[i + 1].kind = out[i + 3].kind = "filler"


def _supports_of(out: list[Item]) -> None:
    """"2 supports of 7", "две поддержки по четыре", "3 support weapons at 5 each": N supports of X dice."""
    for i in range(len(out) - 3):
        key = out[i + 1]
        if not (free_num(out, i) and key.kind == "key" and key.concept in ("support", "support_models")
                and key.spec is not None and key.spec.kind is Kind.INTS and not key.nums):
            continue
        j = i + 2
        while j < len(out) and out[j].word in ("weapons", "weapon", "ships", "turrets", "guns"):
            j += 1
        if j < len(out) and out[j].word in ("at", "of", "по", "for") and free_num(out, j + 1):
            key.nums.extend([out[j + 1]] * _count(out[i]))
            out[i].used = out[j + 1].used = True
            key.start, key.span_end = out[i].start, out[j + 1].end
            if j + 2 < len(out) and out[j + 2].word in ("each", "каждая", "каждый", "каждое"):
                out[j + 2].kind = "filler"


def _dice_as_unit(out: list[Item]) -> None:
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


def _times(out: list[Item]) -> None:
    """"9(4) support x2": that many supports of the same value."""
    for i, item in enumerate(out):
        times = re.fullmatch(r"[x×х](\d+)", item.word)
        key = next((k for k in reversed(out[:i]) if k.kind == "key"), None)
        if times and key is not None and key.nums and key.spec is not None and key.spec.kind is Kind.INTS:
            key.nums.extend([key.nums[-1]] * (int(times.group(1)) - 1))
            item.kind, key.span_end = "filler", item.end
        elif times and i >= 2 and free_num(out, i - 1) and _takes_list(out[i - 2]):
            list_key = out[i - 2]  # "sup 5x2": two supports of five
            give(list_key, out[i - 1])
            list_key.nums.extend([out[i - 1]] * (int(times.group(1)) - 1))
            item.kind, list_key.span_end = "filler", item.end
        elif times and key is not None and out[i - 1] is key and not key.nums and key.concept in COUNTED_TIMES \
                and not free_num(out, i - 2):  # "3 tokens x2" is not plainly either
            # "torpedo bombers x3", "escorts x2": a count of the things just named
            item.kind, item.token = "num", Token("num", times.group(1), item.start, item.end)
            give(key, item)


def _counts_supports(out: list[Item], j: int) -> bool:
    """"lead 8 + 2 supports": the added number counts the supports (a plural noun follows), no value."""
    nxt = out[j + 1] if j + 1 < len(out) else None
    return nxt is not None and nxt.kind == "key" and nxt.concept == "support" and nxt.word in COUNTED_PLURALS


def _takes_list(item: Item) -> bool:
    """A list input's key with no number yet ("sup" of "sup 5x2")."""
    return item.kind == "key" and not item.nums and item.spec is not None and item.spec.kind is Kind.INTS


def _sums(out: list[Item], specs: dict[str, ParamSpec]) -> None:
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
            lead = _synthetic(specs, "lead", out[i])
            give(lead, out[i])
            out.insert(i, lead)
        support = _synthetic(specs, "support", parts[0])
        for part in parts:
            give(support, part)
        out.insert(out.index(parts[-1]) + 1, support)
        i = out.index(support) + 1


def _pair_key(items: list[Item], i: int) -> Item | None:
    """The lead or support key a "12(6)" belongs to: just before it, or just after ("9(4) lead")."""
    for j in (i - 1, i + 4):
        if 0 <= j < len(items) and items[j].kind == "key" and items[j].concept in ("lead", "support") \
                and not items[j].nums:
            return items[j]
    return None


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
    ships = _count(counts[0].nums[0])
    if not 1 < ships <= MAX_SHIPS:
        return
    rating.nums.extend([rating.nums[0]] * (ships - 1))
    counts[0].used = True
    for word in each:
        word.kind = "filler"


# a dw3 weapon's card line gives its dice per range band in this order (the card's columns "Point Blank",
# "Closing", "Long"; the quick reference: "Point blank: 0-10\" Closing: 10-20\" Long: 20-30\"")
CARD_BANDS = ("point-blank", "closing", "long")


def _band_values(out: list[Item], i: int) -> list[tuple[Item, Item | None]] | None:
    """The three values of a card line starting at i ("6(3) / 9(4) / 6(3)", "8/6/4"), each a number and
    its support value in brackets, or None when no such line starts there."""
    values: list[tuple[Item, Item | None]] = []
    j = i
    while len(values) < 3:
        if not free_num(out, j):
            return None
        if _is(out, j + 1, "(") and free_num(out, j + 2) and _is(out, j + 3, ")"):
            values.append((out[j], out[j + 2]))
            j += 4
        else:
            values.append((out[j], None))
            j += 1
        if len(values) < 3:
            if not _is(out, j, "/"):
                return None
            j += 1
    if _is(out, j, "/") or (j < len(out) and out[j].kind == "num"):
        return None  # a fourth value: not a card line of three bands
    return values


def _card_bands(out: list[Item], specs: dict[str, ParamSpec]) -> None:
    """"Heavy Gun Battery 6(3) / 9(4) / 6(3), firing at closing with the lead and two supports": a weapon's
    card line and the one band the player names; that band's value is the lead's (its bracketed value
    each support's), or the dice of a line without support values. Anything less clear is left unread."""
    bands = {it.value for it in out if it.kind == "flag" and it.concept == "range"}
    if len(bands) != 1 or not bands <= set(CARD_BANDS):
        return
    for i in range(len(out)):
        if not i or out[i - 1].kind not in ("unknown", "filler", "conn"):
            continue  # a card line follows the weapon's name ("Heavy Gun 8/6/4", "Battery: …"), not a key
        values = _band_values(out, i)
        if values is None:
            continue
        value, support_value = values[CARD_BANDS.index(bands.pop())]
        lead = next((it for it in out if it.kind == "key" and it.concept == "lead" and not it.nums), None)
        support = next((it for it in out if it.kind == "key" and it.concept == "support" and not it.nums
                        and it.spec is not None and it.spec.kind is Kind.INTS), None)
        if support_value is None and lead is None and support is None and "dice" in specs:
            dice = _synthetic(specs, "dice", value)
            give(dice, value)
            out.insert(out.index(value), dice)
        elif support_value is not None and lead is not None and (support is None or _supports_counted(out, support)):
            give(lead, value)
            if support is not None:
                _give_supports(out, support, support_value)
        else:
            return
        for first, second in values:  # the other bands' values: read, and not in play
            first.used = True
            if second is not None:
                second.used = True
        for it in out[i:out.index(values[-1][1] or values[-1][0]) + 1]:
            if it.kind not in ("num", "key"):
                it.kind = "filler"
        return


_MODEL_NOUNS = frozenset({"model", "models", "ship", "ships"})
_BETWEEN = frozenset({"more", "other", "another", "of his", "of the target", "enemy", "his"})


def _models_within(out: list[Item], specs: dict[str, ParamSpec]) -> None:
    """"within 4\" of two more of his models", "within 4\" of one other ship of his unit": the dw3 rule's
    other models of the target's unit within 4" (+1 Defence die each), counted."""
    for i, item in enumerate(out):
        if not (item.kind == "key" and item.concept == "within" and free_num(out, i + 1)
                and (four := out[i + 1].token) is not None and four.value == 4):
            continue
        j = i + 2
        if j < len(out) and out[j].kind == "key" and out[j].concept == "distance" and out[j].mode == "post":
            j += 1
        if not (_is(out, j, "of") and free_num(out, j + 1)):
            continue
        count, k = out[j + 1], j + 2
        while k < len(out) and k <= j + 4 and out[k].word in _BETWEEN:
            k += 1
        if k >= len(out) or out[k].word not in _MODEL_NOUNS:
            continue
        if out[k].owner == "self" or any(out[m + 1].start - out[m].end > 1 for m in range(j + 1, k)):
            continue  # "my models", or a word read away between them: not plainly the target's
        key = _synthetic(specs, "defence_models", count)
        key.start = item.start
        give(key, count)
        for it in out[i:k + 1]:
            if it is not count:
                it.kind, it.used = "filler", True
        out.insert(out.index(count), key)
        return
