"""The dw3 rule's other models of the target's unit within 4" (+1 Defence die each), written as a phrase:
"within 4\" of two more of his models". The count belongs to no key the player names, so the phrase is
read whole, before its number could be bound to "within" or a distance."""
from __future__ import annotations

from core.params import ParamSpec
from referee.describe_items import Item, free_num, give, is_word, synthetic

_MODEL_NOUNS = frozenset({"model", "models", "ship", "ships"})
_BETWEEN = frozenset({"more", "other", "another", "of his", "of the target", "enemy", "his"})


def models_within(out: list[Item], specs: dict[str, ParamSpec]) -> None:
    """"within 4\" of two more of his models", "within 4\" of one other ship of his unit": the dw3 rule's
    other models of the target's unit within 4" (+1 Defence die each), counted."""
    for i, item in enumerate(out):
        if not (item.kind == "key" and item.concept == "within" and free_num(out, i + 1)
                and (four := out[i + 1].token) is not None and four.value == 4):
            continue
        j = i + 2
        if j < len(out) and out[j].kind == "key" and out[j].concept == "distance" and out[j].mode == "post":
            j += 1
        if not (is_word(out, j, "of") and free_num(out, j + 1)):
            continue
        count, k = out[j + 1], j + 2
        while k < len(out) and k <= j + 4 and out[k].word in _BETWEEN:
            k += 1
        if k >= len(out) or out[k].word not in _MODEL_NOUNS:
            continue
        if out[k].owner == "self" or any(out[m + 1].start - out[m].end > 1 for m in range(j + 1, k)):
            continue  # "my models", or a word read away between them: not plainly the target's
        key = synthetic(specs, "defence_models", count)
        key.start = item.start
        give(key, count)
        for it in out[i:k + 1]:
            if it is not count:
                it.kind, it.used = "filler", True
        out.insert(out.index(count), key)
        return
