"""Counts written beside a value: "two supports", "2 supports of 7", "support x2", "sup 5x2", "bombers x3".

A count says how many times a list input holds one value (or how many things there are), so it is read
here, apart from the values themselves; the weapon pairs and the card line ask it how many supports fire."""
from __future__ import annotations

import re

from core.params import Kind
from referee.describe_items import Item, count_of, free_num, give
from referee.describe_tokens import Token
from referee.describe_vocab import COUNTED_PLURALS

# keys that count things, so "bombers x3" is three of them (a rating's "x2" repeats a value instead)
COUNTED_TIMES = frozenset({"tokens", "escorts", "interceptors", "support_models"})


def supports_counted(out: list[Item], support: Item) -> bool:
    """Whether the number of supports is plain: a count word before "supports" / "одна поддержка", or a
    singular "support" with no number before it."""
    k = out.index(support)
    if not free_num(out, k - 1):
        return support.word not in COUNTED_PLURALS
    token = out[k - 1].token
    return support.word in COUNTED_PLURALS or (token is not None and token.agrees)


def give_supports(out: list[Item], support: Item, value: Item) -> None:
    """The support key gets the weapon's support value once per support counted."""
    k = out.index(support)
    count = out[k - 1] if free_num(out, k - 1) else None
    for _ in range(count_of(count) if count is not None else 1):
        give(support, value)
    if count is not None:
        count.used = True


def supports_of(out: list[Item]) -> None:
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
            key.nums.extend([out[j + 1]] * count_of(out[i]))
            out[i].used = out[j + 1].used = True
            key.start, key.span_end = out[i].start, out[j + 1].end
            if j + 2 < len(out) and out[j + 2].word in ("each", "каждая", "каждый", "каждое"):
                out[j + 2].kind = "filler"


def times(out: list[Item]) -> None:
    """"9(4) support x2": that many supports of the same value."""
    for i, item in enumerate(out):
        factor = re.fullmatch(r"[x×х](\d+)", item.word)
        key = next((k for k in reversed(out[:i]) if k.kind == "key"), None)
        if factor and key is not None and key.nums and key.spec is not None and key.spec.kind is Kind.INTS:
            key.nums.extend([key.nums[-1]] * (int(factor.group(1)) - 1))
            item.kind, key.span_end = "filler", item.end
        elif factor and i >= 2 and free_num(out, i - 1) and _takes_list(out[i - 2]):
            list_key = out[i - 2]  # "sup 5x2": two supports of five
            give(list_key, out[i - 1])
            list_key.nums.extend([out[i - 1]] * (int(factor.group(1)) - 1))
            item.kind, list_key.span_end = "filler", item.end
        elif factor and key is not None and out[i - 1] is key and not key.nums and key.concept in COUNTED_TIMES \
                and not free_num(out, i - 2):  # "3 tokens x2" is not plainly either
            # "torpedo bombers x3", "escorts x2": a count of the things just named
            item.kind, item.token = "num", Token("num", factor.group(1), item.start, item.end)
            give(key, item)


def _takes_list(item: Item) -> bool:
    """A list input's key with no number yet ("sup" of "sup 5x2")."""
    return item.kind == "key" and not item.nums and item.spec is not None and item.spec.kind is Kind.INTS
