"""The description's items (phrases and numbers) and the small operations every grammar step shares."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.params import Kind, ParamSpec
from referee.describe_tokens import Token
from referee.describe_vocab import VALUED_QUALITIES, Entry

VALUE_KINDS = (Kind.INT, Kind.FLOAT, Kind.INTS)


@dataclass
class Item:
    """A phrase or a number of the description, with what the grammar decided about it."""

    kind: str  # an Entry role, "num" or "unknown"
    start: int
    end: int
    entry: Entry | None = None
    token: Token | None = None
    param: str | None = None
    spec: ParamSpec | None = None
    value: Any = None
    owner: str | None = None
    nums: list[Item] = field(default_factory=list)
    used: bool = False  # a bound number, an applied owner or negation, an absorbed unit
    scoped: bool = False  # the owner came from an open scope ("his ADV 3, 2 escorts"), not a word beside it
    ask: bool = False  # a key about a ship that both sides have and nothing says whose
    span_end: int = 0  # end of the text this item stands for once its numbers are bound
    word: str = ""  # the normalised words matched

    @property
    def concept(self) -> str:
        return self.entry.concept if self.entry else ""

    @property
    def mode(self) -> str:
        return self.entry.mode if self.entry else ""


def takes(item: Item, side: str) -> bool:
    """Whether `item` can take a number standing to its right (side "pre") or left (side "post")."""
    if item.nums or item.used:
        return False
    if item.kind == "quality":
        return side == "pre" and item.concept in VALUED_QUALITIES
    if item.kind != "key":
        return False
    if item.spec is not None and item.spec.kind not in VALUE_KINDS:
        return False
    return item.mode == "both" or item.mode == side


def free_num(items: list[Item], j: int) -> bool:
    """Whether the item at j is a number no key has taken yet."""
    return 0 <= j < len(items) and items[j].kind == "num" and not items[j].used


def give(key: Item, num: Item) -> None:
    """Bind a number to a key (the key's text now reaches the number)."""
    key.nums.append(num)
    num.used = True
    key.span_end = max(key.span_end, num.end)
    key.start = min(key.start, num.start)


def is_word(items: list[Item], j: int, word: str) -> bool:
    """Whether the item at j is the word `word` ("/", "(", "of")."""
    return 0 <= j < len(items) and items[j].word == word


def count_of(item: Item) -> int:
    """The whole number a number item stands for, as a count ("two supports", "3 ships")."""
    assert item.token is not None
    return int(item.token.value)


def synthetic(specs: dict[str, ParamSpec], concept: str, at: Item) -> Item:
    """A key the text implies without naming it ("10 + 5 + 5" has a lead), placed at `at`."""
    spec = specs[concept]
    return Item("key", at.start, at.end, entry=Entry((concept,), "key", concept), param=concept, spec=spec,
                word=concept, span_end=at.end)
