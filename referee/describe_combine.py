"""Ways players write several values at once, read before single numbers are bound, and the order they
are read in. Each way lives in its own module; this one only says which comes first (the card line before
the weapon pairs, since its values are pairs too; "10 dice lead" before the "+ 4 + 4" summed onto it)."""
from __future__ import annotations

from core.params import Kind, ParamSpec
from referee.describe_card_line import card_bands
from referee.describe_counts import supports_of, times
from referee.describe_items import Item
from referee.describe_lead_sums import dice_as_unit, sums
from referee.describe_models_within import models_within
from referee.describe_pairs import lone_pair, slash_pairs, weapon_pairs


def combine(items: list[Item], specs: dict[str, ParamSpec]) -> list[Item]:
    """Ways players write several values at once, decided before single numbers are bound:
    a card line "6(3) / 9(4) / 6(3)" with its band named, "within 4\" of two of his models",
    "ADV/SDV 3/2" (pairs in order), "12(6)" (a weapon's lead value and its support value),
    "2 supports of 7", "10 dice lead" (dice as the lead's unit), "support x2", and "lead 10 + 5 + 5"
    or "10 + 5 + 5" (a lead and its supports)."""
    out = list(items)
    card_bands(out, specs)
    if "defence_models" in specs:
        models_within(out, specs)
    slash_pairs(out)
    weapon_pairs(out)
    lone_pair(out)
    supports_of(out)
    dice_as_unit(out)
    times(out)
    support = specs.get("support")
    if "lead" in specs and support is not None and support.kind is Kind.INTS:
        sums(out, specs)
    return out
