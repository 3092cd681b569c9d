"""Verbs of rolling: "я кидаю 12 кубов", "бросаю 10", "I roll 13", "rolling 9 at long range".

The number right after such a verb (fillers between them aside: "бросаю на атаку 10") is the dice, unless a
count word of its own follows the number ("бросаю 2 жетона SRS": the verb then only says who acts). Decided
before owners are applied, since a speaker's own verb ("бросаю") also says whose the values after it are,
as "my" does (describe_vocab.ROLL_VERBS)."""
from __future__ import annotations

from referee.describe_items import Item, free_num, give, takes
from referee.describe_vocab import Entry


def roll_verbs(items: list[Item]) -> None:
    """Each verb of rolling becomes the dice key holding its number, or, when the number is another word's,
    an owner (the speaker's verb) or a filler."""
    for idx, item in enumerate(items):
        if item.kind != "verb":
            continue
        j = idx + 1
        while j < len(items) and items[j].kind == "filler" and items[j].word not in (",", ";", ".", ":"):
            j += 1
        counted = j + 1 < len(items) and takes(items[j + 1], "post")
        if free_num(items, j) and not counted:
            item.kind, item.value = "key", None
            item.entry = Entry(item.entry.phrase if item.entry else (item.word,), "key", "dice", mode="pre")
            give(item, items[j])
        elif item.value is not None:
            item.kind, item.entry = "owner", Entry(item.entry.phrase if item.entry else (item.word,), "owner",
                                                   value=item.value, mode="scope")
        else:
            item.kind = "filler"
