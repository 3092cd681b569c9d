"""A dw3 weapon's card line and the one range band the player names: "Heavy Gun Battery 6(3) / 9(4) / 6(3),
firing at closing". The line holds a value per band, so only the named band's value is in play; the
others are read and set aside, never bound as loose numbers."""
from __future__ import annotations

from core.params import Kind, ParamSpec
from referee.describe_counts import give_supports, supports_counted
from referee.describe_items import Item, free_num, give, is_word, synthetic
from referee.describe_pairs import weapon_pair_at

# a dw3 weapon's card line gives its dice per range band in this order (the card's columns "Point Blank",
# "Closing", "Long"; the quick reference: "Point blank: 0-10\" Closing: 10-20\" Long: 20-30\"")
CARD_BANDS = ("point-blank", "closing", "long")


def card_bands(out: list[Item], specs: dict[str, ParamSpec]) -> None:
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
            dice = synthetic(specs, "dice", value)
            give(dice, value)
            out.insert(out.index(value), dice)
        elif support_value is not None and lead is not None and (support is None or supports_counted(out, support)):
            give(lead, value)
            if support is not None:
                give_supports(out, support, support_value)
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


def _band_values(out: list[Item], i: int) -> list[tuple[Item, Item | None]] | None:
    """The three values of a card line starting at i ("6(3) / 9(4) / 6(3)", "8/6/4"), each a number and
    its support value in brackets, or None when no such line starts there."""
    values: list[tuple[Item, Item | None]] = []
    j = i
    while len(values) < 3:
        if not free_num(out, j):
            return None
        if weapon_pair_at(out, j):
            values.append((out[j], out[j + 2]))
            j += 4
        else:
            values.append((out[j], None))
            j += 1
        if len(values) < 3:
            if not is_word(out, j, "/"):
                return None
            j += 1
    if is_word(out, j, "/") or (j < len(out) and out[j].kind == "num"):
        return None  # a fourth value: not a card line of three bands
    return values
