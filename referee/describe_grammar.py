"""The description grammar: tokens -> phrases -> each number bound to the one input it belongs to.

Three steps, each small enough to reason about:

1. `match`: the longest vocabulary phrase at each token ("high velocity", "point blank", "броня");
   a token no phrase covers is an unknown word (reported, never dropped).
2. `attach`: owners ("target armour", "броня цели") and negations ("no shield") join the phrase they
   modify; each key is mapped to a parameter of the action (`describe_vocab.resolve`).
3. `bind`: each number goes to one key. Explicit links first ("armour: 6", "armour of 6",
   "piercing (2)"), then adjacency: "armour 6" (key, number) or "21 dice" (number, count word).
   When a number sits between two keys ("high velocity 10 dice"), it goes right if the left key's
   value is optional (a quality) and the right one has no number of its own; otherwise left
   ("armour 6 citadel 9"). A unit after a number ("10 in", '10"') is inches only right after a free
   number and, for "in", not before an edition name ("citadel 10 in dw3").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from core.params import Kind, ParamSpec
from referee.damage import MARKER_KEYS
from referee.describe_tokens import Token
from referee.describe_vocab import (
    ASK,
    COUNTED_IN_DICE,
    FALLBACKS,
    SHIP_CONCEPTS,
    VALUED_QUALITIES,
    Entry,
    Vocabulary,
    resolve,
    word_matches,
)

_ROLE_RANK = {"perspective": 9, "key": 8, "flag": 7, "quality": 6, "marker": 5, "owner": 4, "neg": 3, "conn": 2,
              "sep": 2, "filler": 0}
_SENTENCE_ENDS = frozenset({".", "!", "?"})
_CLAUSE_OPENERS = frozenset({":", "has", "have", "got", "has got"})  # "target: A5 C8", "target has 2 escorts"
_FLIP = {"self": "target", "target": "self"}
_VALUE_KINDS = (Kind.INT, Kind.FLOAT, Kind.INTS)
_ARTICLES = frozenset({"the", "a", "an", "my", "this"})


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


def _fits(entry: Entry, tokens: list[Token], i: int) -> bool:
    n = len(entry.phrase)
    if i + n > len(tokens):
        return False
    return all(word_matches(p, tokens[i + k].text) for k, p in enumerate(entry.phrase))


def _best(vocab: Vocabulary, tokens: list[Token], i: int) -> Entry | None:
    best: Entry | None = None
    for entry in vocab.starting_with(tokens[i].text):
        if not _fits(entry, tokens, i):
            continue
        if tokens[i].kind == "num" and entry.role != "flag":
            continue  # a number is a number, unless it names an edition ("3.03")
        if entry.weak and not _unit_here(vocab, tokens, i):
            continue
        if best is None or _rank(vocab, entry) > _rank(vocab, best):
            best = entry
    return best


def _rank(vocab: Vocabulary, entry: Entry) -> tuple[tuple[int, int], bool, int]:
    """Longer phrase first; then one that sets a parameter this action has ("failed crew check" is
    ⟨crew_check⟩ in a ram and ⟨cause⟩ in a collision); then keys before flags before qualities."""
    relevant = entry.role != "flag" or entry.concept in vocab.names
    return entry.weight, relevant, _ROLE_RANK[entry.role]


def _unit_here(vocab: Vocabulary, tokens: list[Token], i: int) -> bool:
    """'10"' and "10 in" are inches; "citadel 10 in dw3" and "in the 4th edition" are not."""
    if i == 0 or tokens[i - 1].kind != "num":
        return False
    if tokens[i].text != "in" or i + 1 >= len(tokens):
        return True
    nxt = tokens[i + 1]
    if nxt.text in _ARTICLES:
        return False
    follow = _best(vocab, tokens, i + 1)
    return not (follow and follow.role == "flag" and follow.concept == "ruleset")


def _spelled(vocab: Vocabulary, tok: Token) -> Token:
    """A word no phrase starts with, read as the word it misspells or transliterates (if one fits)."""
    if tok.kind != "word" or vocab.known(tok.text):
        return tok
    fixed = vocab.correct(tok.text)
    return Token("word", fixed, tok.start, tok.end) if fixed else tok


def match(tokens: list[Token], vocab: Vocabulary) -> list[Item]:
    """Tokens -> items: phrases (longest first), numbers, and unknown words."""
    items: list[Item] = []
    tokens = [_spelled(vocab, t) for t in tokens]
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        entry = _best(vocab, tokens, i)
        if entry is not None:
            last = tokens[i + len(entry.phrase) - 1]
            words = " ".join(t.text for t in tokens[i:i + len(entry.phrase)])
            items.append(Item(entry.role, tok.start, last.end, entry=entry, value=entry.value, word=words))
            i += len(entry.phrase)
            continue
        if tok.kind == "num":
            items.append(Item("num", tok.start, tok.end, token=tok, word=tok.text))
        else:
            kind = "unknown" if tok.kind == "word" else "filler"
            items.append(Item(kind, tok.start, tok.end, token=tok, word=tok.text))
        i += 1
    for item in items:
        item.span_end = item.end
    return items


def _defence_order(ruleset: str, assaulter: Any) -> tuple[str, ...]:
    """Which parameter "defence"/"защита" fills when the action has no `defence`: dw4's Defences rating,
    or the dw3 value the assaulter's position uses (RB ЗАЩИТА: ADV against aerial, SDV against submerged)."""
    if ruleset == "dw4":
        return ("target_defences", "target_adv", "target_sdv")
    if assaulter == "submerged":
        return ("target_sdv", "target_adv", "target_defences")
    return ("target_adv", "target_sdv", "target_defences")


@dataclass(frozen=True)
class _Context:
    """What decides a phrase's parameter besides its words: the action's inputs and the edition."""

    specs: dict[str, ParamSpec]
    action: str
    ruleset: str
    assaulter: Any
    qualities: dict[str, Entry]  # quality names, for a key word that means nothing in this action

    @property
    def names(self) -> set[str]:
        return set(self.specs)


def attach(items: list[Item], specs: dict[str, ParamSpec], ruleset_hint: str | None,
           vocab_qualities: dict[str, Entry], action: str = "") -> list[Item]:
    """Apply owners, pick each phrase's parameter; returns the items with applied owners removed."""
    items = _apply_owners(items)
    flags = {it.concept: it.value for it in items if it.kind == "flag"}
    ctx = _Context(specs, action, str(flags.get("ruleset") or ruleset_hint or "dw3"), flags.get("assaulter"),
                   vocab_qualities)
    for item in items:
        if item.kind == "key":
            _resolve_key(item, ctx)
        elif item.kind in ("flag", "quality", "marker"):
            _resolve_word(item, ctx)
    _other_side(items, ctx)
    return items


def _other_side(items: list[Item], ctx: _Context) -> None:
    """"rammer mass 3, mass 2": once one side's value is named, an unowned one of the same key is the
    other side's (asked only when both or neither side is named)."""
    for item in items:
        if not item.ask:
            continue
        named = {it.owner for it in items if it.kind == "key" and it.concept == item.concept
                 and it is not item and it.param is not None and it.owner is not None}
        if len(named) == 1:
            other = _FLIP[named.pop()]
            item.owner, item.ask = other, False
            _resolve_key(item, ctx)


def _apply_owners(items: list[Item]) -> list[Item]:
    """Owner words decide whose ship a key is about (see describe_vocab.OWNERS for how far each reaches);
    "he's boarding me" swaps the two sides. Applied owners are removed; an owner of nothing is a filler."""
    flip = any(it.kind == "perspective" for it in items)
    scope: str | None = None
    tentative = weak = False  # a scope that ends at the next separator / comma
    last_key: Item | None = None
    for idx, item in enumerate(items):
        if item.kind == "perspective":  # "drove into my …": what follows is the one hit, the target
            item.kind, scope, tentative, weak = "filler", "target", False, False
            continue
        prev_item = items[idx - 1] if idx else None
        if item.word in _SENTENCE_ENDS or (tentative and item.kind == "sep") or (weak and item.word in (",", ";")):
            scope, tentative, weak = None, False, False
        elif item.word == ":" or (item.kind == "key" and item.concept in SHIP_CONCEPTS):
            tentative = False
        if item.kind == "key" and item.owner is None and scope is not None and item.concept in SHIP_CONCEPTS:
            item.owner, item.scoped = scope, True
        if item.kind == "key" and item.concept in SHIP_CONCEPTS:
            last_key = item
        if item.kind != "owner":
            continue
        if item.word == "i" and prev_item is not None and prev_item.kind == "num":
            item.kind = "sep"  # "PVO 3 i 2 eskorta": Russian "и" typed in Latin letters
            continue
        owner = _FLIP[item.value] if flip else str(item.value)
        nxt = items[idx + 1] if idx + 1 < len(items) else None
        prev = items[idx - 1] if idx else None
        after = items[idx + 2] if idx + 2 < len(items) else None
        item.used = True
        after_key = prev is not None and prev.kind == "key" and prev.concept in SHIP_CONCEPTS \
            and (prev.owner is None or prev.scoped)
        if after_key and item.mode == "adj" and (nxt is None or nxt.word not in _CLAUSE_OPENERS):
            assert prev is not None  # Russian puts it after: "броня цели 6", "эскорт противника 10"
            prev.owner, prev.scoped = owner, False
            prev.end = prev.span_end = item.end
            continue
        if item.mode == "scope" and _elliptic(items, idx, last_key, owner):
            assert last_key is not None  # "I've got 2 escorts, he's got 1": the same key, the other side
            item.kind, item.entry, item.word, item.used = "key", last_key.entry, last_key.word, False
            item.owner, item.scoped, item.value = owner, False, None
            _give(item, next(it for it in items[idx + 1:] if it.kind == "num"))
            scope = owner
            continue
        if item.mode == "scope" or (item.mode == "adj" and nxt is not None and nxt.word in _CLAUSE_OPENERS):
            if item.mode == "scope":
                _own_next(nxt, after, owner, item)  # "my ADV 3": the word beside the key is strict
            scope, weak = owner, False
            # "ramming his cruiser, hull 6": a possessive of a noun ends at the next comma, unless a colon
            # opens a list ("his ship: citadel 8") or a ship key follows at once ("his ADV 3, 2 escorts")
            tentative = nxt is not None and nxt.kind in ("unknown", "filler") and nxt.word != ":"
        elif item.mode == "weak":  # "with 2 srs and 1 escort": a scope where none is open
            item.used = False  # kept, as a filler: "supporting weapons with 6 and 4 dice"
            if scope is None:
                scope, tentative, weak = owner, False, True
                for key in (nxt, after):
                    if key is not None and key.kind == "key" and key.concept in SHIP_CONCEPTS and key.owner is None:
                        key.owner, key.scoped = owner, True  # lenient: "с ПВО 4" in an attack is the target's
        elif not _own_next(nxt, after, owner, item):
            item.used = False
    items = [it for it in items if not (it.kind == "owner" and it.used)]
    for it in items:
        if it.kind == "owner":
            it.kind = "filler"
    return items


def _elliptic(items: list[Item], idx: int, last_key: Item | None, owner: str) -> bool:
    """An owner followed by a bare number ("he's got 1", "у него 3", "mine is 5") after a ship key of the
    other side: the number is that key's, for this owner."""
    if last_key is None or last_key.owner == owner:
        return False
    j = idx + 1
    while j < len(items) and (items[j].kind == "conn" or items[j].word in _CLAUSE_OPENERS):
        j += 1
    if j >= len(items) or items[j].kind != "num":
        return False
    return j + 1 >= len(items) or items[j + 1].kind == "sep" or items[j + 1].word in _SENTENCE_ENDS


def _own_next(nxt: Item | None, after: Item | None, owner: str, word: Item) -> bool:
    """"target armour" (the key next to it) or "target discards 1 srs" (the key after a number)."""
    if nxt is not None and nxt.kind == "key" and (nxt.owner is None or nxt.scoped):
        nxt.owner, nxt.scoped = owner, False
        nxt.start = word.start
        return True
    if nxt is not None and nxt.kind == "num" and after is not None and after.kind == "key" \
            and after.mode != "pre" and (after.owner is None or after.scoped):
        after.owner, after.scoped = owner, False
        return True
    return False


def _resolve_key(item: Item, ctx: _Context) -> None:
    concept, names = item.concept, ctx.names
    if item.word == "boarding" and ctx.ruleset != "dw4" and "fray" in names and item.owner != "target":
        concept = "fray"  # dw3: "boarding 6", "абордаж 6" is the assaulting model's Fray
    param = resolve(concept, item.owner, names, ctx.action, strict=not item.scoped)
    if param == ASK:
        item.ask = True
        return
    if param is None and concept == "support_models":
        support = ctx.specs.get("support")
        param = "support" if support is not None and support.kind is Kind.INT else None
    if param is None and concept == "defence":
        param = next((n for n in _defence_order(ctx.ruleset, ctx.assaulter) if n in names), None)
    if param is None and concept == "shredded" and ctx.ruleset == "dw4" and "quality" in names:
        item.kind, item.param = "quality", "quality"  # dw4: the Shredded Defences weapon quality
        item.entry = Entry(item.entry.phrase if item.entry else (), "quality", "shredded-defences")
        return
    if param is None and concept in FALLBACKS:
        other, value = FALLBACKS[concept]
        if value is None:
            param = resolve(other, item.owner, names, ctx.action, strict=not item.scoped)
            param = None if param == ASK else param
        elif other in names:
            item.kind = "marker" if ctx.specs[other].kind is Kind.TEXTS else "flag"
            item.param, item.value = other, value
            return
    if param is None and item.word in ctx.qualities:  # "ramming" in an attack: the quality
        item.kind, item.entry = "quality", ctx.qualities[item.word]
        item.param = "quality" if "quality" in names else None
        return
    item.param = param
    item.spec = ctx.specs.get(param) if param else None
    if item.spec is not None and item.spec.kind is Kind.BOOL:
        item.kind, item.value = "flag", True


def _resolve_word(item: Item, ctx: _Context) -> None:
    names = ctx.names
    if item.kind == "flag":
        spec = ctx.specs.get(item.concept)
        fits = spec is not None and (spec.kind is not Kind.CHOICE or item.value in spec.choices)
        item.param = item.concept if fits else None
    elif item.kind == "marker":
        item.param = "markers" if "markers" in names else None
        item.value = item.concept
    elif item.concept == "extreme-range" and ctx.ruleset == "dw4" and "range" in names:
        item.kind, item.param, item.value = "flag", "range", "extreme"  # dw4: a band, not a quality
    elif item.concept in MARKER_KEYS and ctx.ruleset != "dw4" and "markers" in names:
        # "navigation lock": a dw4 weapon quality, but in dw3 the Critical Damage marker
        item.kind, item.param, item.value = "marker", "markers", item.concept
    elif "quality" not in names and item.concept in names and ctx.specs[item.concept].kind is Kind.BOOL:
        item.kind, item.param, item.value = "flag", item.concept, True  # an SRS run's "torpedo"
    else:
        item.param = "quality" if "quality" in names else None


def _takes(item: Item, side: str) -> bool:
    """Whether `item` can take a number standing to its right (side "pre") or left (side "post")."""
    if item.nums or item.used:
        return False
    if item.kind == "quality":
        return side == "pre" and item.concept in VALUED_QUALITIES
    if item.kind != "key":
        return False
    if item.spec is not None and item.spec.kind not in _VALUE_KINDS:
        return False
    return item.mode == "both" or item.mode == side


def _free_num(items: list[Item], j: int) -> bool:
    return 0 <= j < len(items) and items[j].kind == "num" and not items[j].used


def _has_own(items: list[Item], j: int) -> bool:
    """Whether the count word at j has a number after it that the next word does not claim:
    "dice 12 armour 5" yes; "dice 6 escorts" no; "boarding 0 disorder 0" yes (disorder has its own)."""
    return items[j].mode == "both" and _free_num(items, j + 1) and not _claims(items, j + 2)


def _claims(items: list[Item], j: int) -> bool:
    """Whether the item at j takes the number just before it ("4 escorts"), not one after it."""
    return 0 <= j < len(items) and _takes(items[j], "post") and not _has_own(items, j)


def _give(key: Item, num: Item) -> None:
    key.nums.append(num)
    num.used = True
    key.span_end = max(key.span_end, num.end)
    key.start = min(key.start, num.start)


def _more_of_list(items: list[Item], key: Item, idx: int) -> None:
    """"support 6, 4 and 3": further numbers of a list parameter (not one the next count word claims)."""
    j = idx + 1
    while j < len(items):
        while j < len(items) and items[j].kind == "sep":
            j += 1
        if not _free_num(items, j):
            return
        if _claims(items, j + 1):
            return
        _give(key, items[j])
        j += 1


def _earlier_of_list(items: list[Item], key: Item, idx: int) -> None:
    """"3 and 3 support", "4, 4 support": the numbers listed before a list parameter's word."""
    j = idx - 1
    while j >= 1 and items[j].kind == "sep" and _free_num(items, j - 1):
        _give(key, items[j - 1])
        j -= 2


def _absorb_unit(items: list[Item], key: Item, idx: int) -> None:
    """"range 12 inches", "lead 10 dice": the unit after the number belongs to the same parameter."""
    j = idx + 1
    if j >= len(items) or key.param is None or items[j].kind != "key" or items[j].nums:
        return
    unit = items[j]
    same = unit.param == key.param and unit.mode == "post"
    dice = unit.concept == "dice" and key.concept in COUNTED_IN_DICE and not _has_own(items, j)
    if same or dice:
        unit.used = True
        key.span_end = max(key.span_end, unit.end)


def bind(items: list[Item]) -> None:
    """Give each number to one key (see the module docstring for the order of preference)."""
    for idx, item in enumerate(items):
        if not _takes(item, "pre"):
            continue
        j, linked, paren = idx + 1, False, False
        while j < len(items) and (items[j].kind == "conn" or items[j].word == "("):
            paren = paren or items[j].kind != "conn"
            linked, j = True, j + 1
        unit_after = j + 1 < len(items) and items[j + 1].mode == "post" and _claims(items, j + 1)
        if linked and _free_num(items, j) and not unit_after:  # "ramming: 12 inches" is a move
            _give(item, items[j])
            if paren and j + 1 < len(items) and items[j + 1].word == ")":
                item.span_end = items[j + 1].end
            if item.spec is not None and item.spec.kind is Kind.INTS:
                _more_of_list(items, item, j)
    for idx, num in enumerate(items):
        if num.kind != "num" or num.used:
            continue
        left = items[idx - 1] if idx and _takes(items[idx - 1], "pre") else None
        right = items[idx + 1] if idx + 1 < len(items) and _takes(items[idx + 1], "post") else None
        if right is not None and idx and items[idx - 1].kind == "unknown":
            right = None  # "bronja 6 citadel": the 6 may be the unknown word's; listed, never given right
        if left is not None and right is not None and left.param is not None and left.param == right.param \
                and right.mode == "post":
            _give(left, num)
            right.used = True
            left.span_end = right.end
            continue
        chosen = left or right
        if left is not None and right is not None:
            # "piercing 2 dice 12": dice has a number of its own; "piercing 21 dice 6 escorts": it has not
            chosen = right if (left.kind == "quality" and not _has_own(items, idx + 1)) else left
            if right.concept == "model_count":  # "залп двух кораблей": a count of ships, not the broadside
                counts_models = left.spec is not None and left.spec.kind is Kind.INT and left.concept in (
                    "support", "support_models")  # "поддержка двух кораблей": the assault's supporting models
                chosen = left if counts_models else right
                right.used = right.used or counts_models
        if chosen is None:
            continue
        _give(chosen, num)
        if chosen is right and chosen.spec is not None and chosen.spec.kind is Kind.INTS:
            _earlier_of_list(items, chosen, idx)
        if chosen is left:
            _absorb_unit(items, chosen, idx)
            if chosen.spec is not None and chosen.spec.kind is Kind.INTS:
                _more_of_list(items, chosen, idx)


def _is(items: list[Item], j: int, word: str) -> bool:
    return 0 <= j < len(items) and items[j].word == word


def _plus(items: list[Item], j: int) -> int | None:
    """Index of the number added at j ("+ 5" or "+5"), or None."""
    if _is(items, j, "+") and _free_num(items, j + 1):
        return j + 1
    if _free_num(items, j) and items[j].word.startswith("+"):
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
    _slash_pairs(out)
    _weapon_pairs(out)
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
        if a.kind == "key" and b.kind == "key" and _is(out, i + 1, "/") and _free_num(out, i + 3) \
                and _is(out, i + 4, "/") and _free_num(out, i + 5) and not a.nums and not b.nums:
            _give(a, out[i + 3])
            _give(b, out[i + 5])


def _weapon_pairs(out: list[Item]) -> None:
    """"lead 12(6)", "one support 12(6)": a weapon's lead value and, in brackets, its support value."""
    for i in range(len(out) - 3):
        if not (_free_num(out, i) and _is(out, i + 1, "(") and _free_num(out, i + 2) and _is(out, i + 3, ")")):
            continue
        key = _pair_key(out, i)
        if key is None:
            continue
        if key.concept == "support":
            out[i].used = True
            count = out[i - 2] if i >= 2 and out[i - 1] is key and _free_num(out, i - 2) else None
            for _ in range(_count(count) if count is not None else 1):
                _give(key, out[i + 2])  # "two supports 12(6)": two of 6
            if count is not None:
                count.used = True
        else:
            _give(key, out[i])
            out[i + 2].used = True
        key.span_end = max(key.span_end, out[i + 3].end)
        out[i + 1].kind = out[i + 3].kind = "filler"


def _supports_of(out: list[Item]) -> None:
    """"2 supports of 7", "две поддержки по четыре", "3 support weapons at 5 each": N supports of X dice."""
    for i in range(len(out) - 3):
        key = out[i + 1]
        if not (_free_num(out, i) and key.kind == "key" and key.concept in ("support", "support_models")
                and key.spec is not None and key.spec.kind is Kind.INTS and not key.nums):
            continue
        j = i + 2
        while j < len(out) and out[j].word in ("weapons", "weapon", "ships", "turrets", "guns"):
            j += 1
        if j < len(out) and out[j].word in ("at", "of", "по", "for") and _free_num(out, j + 1):
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
        if _free_num(out, i) and dice.kind == "key" and dice.concept == "dice" and key.kind == "key" \
                and key.concept in ("lead", "support") and not key.nums and not dice.nums \
                and not _free_num(out, k + 1):  # "21d6 support 29": the support has its own number
            _give(key, num)
            dice.used = True


def _times(out: list[Item]) -> None:
    """"9(4) support x2": that many supports of the same value."""
    for i, item in enumerate(out):
        times = re.fullmatch(r"[x×х](\d+)", item.word)
        key = next((k for k in reversed(out[:i]) if k.kind == "key"), None)
        if times and key is not None and key.nums and key.spec is not None and key.spec.kind is Kind.INTS:
            key.nums.extend([key.nums[-1]] * (int(times.group(1)) - 1))
            item.kind, key.span_end = "filler", item.end


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
        start_free = _free_num(out, i) and (lead_word is not None or before is None or not (
            before.word.startswith("+") or _takes(before, "pre")))
        if first is None or (lead is None and not start_free):
            i += 1
            continue
        parts: list[Item] = []
        j: int | None = first
        while j is not None:
            parts.append(out[j])
            j = _plus(out, j + 1)
        if lead is None and lead_word is not None:
            _give(lead_word, out[i])
        elif lead is None:
            lead = _synthetic(specs, "lead", out[i])
            _give(lead, out[i])
            out.insert(i, lead)
        support = _synthetic(specs, "support", parts[0])
        for part in parts:
            _give(support, part)
        out.insert(out.index(parts[-1]) + 1, support)
        i = out.index(support) + 1


def _pair_key(items: list[Item], i: int) -> Item | None:
    """The lead or support key a "12(6)" belongs to: just before it, or just after ("9(4) lead")."""
    for j in (i - 1, i + 4):
        if 0 <= j < len(items) and items[j].kind == "key" and items[j].concept in ("lead", "support") \
                and not items[j].nums:
            return items[j]
    return None


def negate(items: list[Item]) -> None:
    """"no shield", "без щита" -> False; "no escorts" -> 0."""
    for idx, item in enumerate(items[:-1]):
        if item.kind != "neg":
            continue
        nxt = items[idx + 1]
        if nxt.kind == "flag" and nxt.param and isinstance(nxt.value, bool):
            nxt.value, item.used = False, True
        elif nxt.kind == "quality":  # "the guns aren't aerial": understood, and not applied
            nxt.kind, item.used = "filler", True
        elif nxt.kind == "key" and not nxt.nums and (nxt.ask or nxt.spec is not None and nxt.spec.kind is Kind.INT):
            nxt.value, item.used = 0, True  # "no escorts": still asked whose, when both sides have them
        else:
            continue
        nxt.start = item.start
