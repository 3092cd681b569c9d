"""The description grammar: tokens -> phrases -> each number bound to the one input it belongs to.

Steps, each small enough to reason about:

1. `match`: the longest vocabulary phrase at each token ("high velocity", "point blank", "броня");
   a word no phrase covers is read as the one it misspells or transliterates, if exactly one fits
   (`describe_spelling`), else it is an unknown word (reported, never dropped).
2. `attach`: owners ("target has", "his", "броня цели"; `describe_owners`) decide whose ship a key is
   about; each key is mapped to a parameter of the action (`describe_vocab.resolve`), or marked to be
   asked for when both sides have it and nothing says whose.
3. `combine` (`describe_combine`): several values written at once ("ADV/SDV 3/2", "12(6)", "10 + 5 + 5").
4. `bind`: each number goes to one key. Explicit links first ("armour: 6", "armour of 6",
   "piercing (2)"), then adjacency: "armour 6" (key, number) or "21 dice" (number, count word).
   When a number sits between two keys ("high velocity 10 dice"), it goes right if the left key's
   value is optional (a quality) and the right one has no number of its own; otherwise left
   ("armour 6 citadel 9"). A unit after a number ("10 in", '10"') is inches only right after a free
   number and, for "in", not before an edition name ("citadel 10 in dw3").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.params import Kind, ParamSpec
from referee.damage import MARKER_KEYS
from referee.describe_counts import COUNTED_TIMES
from referee.describe_items import Item, free_num, give, takes
from referee.describe_owners import FLIP, SENTENCE_ENDS, apply_owners
from referee.describe_sides import default_sides
from referee.describe_tokens import Token
from referee.describe_vocab import (
    ABBREVIATIONS,
    ASK,
    COUNTED_IN_DICE,
    COUNTED_PLURALS,
    FALLBACKS,
    FILLER_WORDS,
    SELF_FLAGS,
    Entry,
    Vocabulary,
    resolve,
    side_of,
    word_matches,
)

__all__ = ["Item", "attach", "bind", "match", "negate", "withdraw"]

_ROLE_RANK = {"perspective": 9, "correction": 9, "impact_verb": 9, "key": 8, "flag": 7, "trait": 7, "quality": 6,
              "verb": 5, "marker": 5, "owner": 4, "neg": 3, "conn": 2, "sep": 2, "filler": 0}
_ARTICLES = frozenset({"the", "a", "an", "my", "this"})


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
    if entry.role == "flag":
        relevant = entry.concept in vocab.names
    else:  # a key that names no parameter here yields only to a flag that does ("escort" in a collision)
        relevant = entry.role == "key" and entry.concept in vocab.reached
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
    items = apply_owners(items)
    flags = {it.concept: it.value for it in items if it.kind == "flag"}
    ctx = _Context(specs, action, str(flags.get("ruleset") or ruleset_hint or "dw3"), flags.get("assaulter"),
                   vocab_qualities)
    for item in items:
        if item.kind == "key":
            _resolve_key(item, ctx)
        elif item.kind in ("flag", "quality", "marker"):
            _resolve_word(item, ctx)
    _scope_left(items, ctx)
    _other_side(items, ctx)
    default_sides(items, action, lambda item: _resolve_key(item, ctx))
    return items


def _scope_left(items: list[Item], ctx: _Context) -> None:
    """"vs mass 2, crew 6, heavy prow 2" (a ram): the crew can only be the rammer's, so the speaker may have
    left the target's list (or be copying the target's card); a ship key after it that the scope alone
    owned, and that both sides have, is asked for."""
    left: str | None = None  # the owner of the scope the speaker has left
    for item in items:
        if item.word in SENTENCE_ENDS:
            left = None
        if item.kind != "key" or item.param is None and not item.ask:
            continue
        if not item.scoped:
            left = None if item.owner is not None else left
            continue
        if left is not None and item.owner == left and all(
                resolve(item.concept, side, ctx.names, ctx.action) for side in ("self", "target")):
            # still `scoped`: a list it left, so no default side either (describe_sides)
            item.owner, item.scoped, item.ask, item.param, item.spec = None, True, True, None, None
        elif item.owner == "target" and item.param is not None and side_of(ctx.action, item.param) != "target":
            left = item.owner  # only the target's list is left this way: "my …" lists the acting side's


def _other_side(items: list[Item], ctx: _Context) -> None:
    """"rammer mass 3, mass 2": once one side's value is named, an unowned one of the same key is the
    other side's (asked only when both or neither side is named)."""
    for item in items:
        if not item.ask:
            continue
        named = {it.owner for it in items if it.kind == "key" and it.concept == item.concept
                 and it is not item and it.param is not None and it.owner is not None}
        if len(named) == 1:
            other = FLIP[named.pop()]
            item.owner, item.ask = other, False
            _resolve_key(item, ctx)


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
    if item.kind == "flag" and item.concept in SELF_FLAGS and item.owner == "self":
        own = SELF_FLAGS[item.concept]
        item.param = own if own in names else None
    elif item.kind == "flag":
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


def _has_own(items: list[Item], j: int) -> bool:
    """Whether the count word at j has a number after it that the next word does not claim:
    "dice 12 armour 5" yes; "dice 6 escorts" no; "boarding 0 disorder 0" yes (disorder has its own)."""
    return items[j].mode == "both" and free_num(items, j + 1) and not _claims(items, j + 2)


def _claims(items: list[Item], j: int) -> bool:
    """Whether the item at j takes the number just before it ("4 escorts"), not one after it."""
    return 0 <= j < len(items) and takes(items[j], "post") and not _has_own(items, j)


def _more_of_list(items: list[Item], key: Item, idx: int) -> None:
    """"support 6, 4 and 3": further numbers of a list parameter (not one the next count word claims)."""
    j = idx + 1
    while j < len(items):
        while j < len(items) and items[j].kind == "sep":
            j += 1
        if not free_num(items, j):
            return
        if _claims(items, j + 1):
            return
        give(key, items[j])
        j += 1


def _earlier_of_list(items: list[Item], key: Item, idx: int) -> None:
    """"3 and 3 support", "4, 4 support": the numbers listed before a list parameter's word."""
    j = idx - 1
    while j >= 1 and items[j].kind == "sep" and free_num(items, j - 1):
        give(key, items[j - 1])
        j -= 2


def _absorb_unit(items: list[Item], key: Item, idx: int) -> None:
    """"range 12 inches", "lead 10 dice", "SRS 4 tokens": the unit after the number belongs to the same
    parameter."""
    j = idx + 1
    if j >= len(items) or key.param is None or items[j].kind != "key" or items[j].nums:
        return
    unit = items[j]
    same = unit.param == key.param and (unit.mode == "post" or unit.mode == "both" and not _has_own(items, j))
    dice = unit.concept == "dice" and key.concept in COUNTED_IN_DICE and not _has_own(items, j)
    if same or dice:
        unit.used = True
        key.span_end = max(key.span_end, unit.end)


def bind(items: list[Item]) -> None:
    """Give each number to one key (see the module docstring for the order of preference)."""
    for idx, item in enumerate(items[:-1]):  # "A6", "ADV3": a rating glued to its number is one value
        if takes(item, "pre") and free_num(items, idx + 1) and item.end == items[idx + 1].start \
                and item.word in ABBREVIATIONS.values():
            give(item, items[idx + 1])
    for idx, item in enumerate(items):
        if not takes(item, "pre"):
            continue
        j, linked, paren = idx + 1, False, False
        while j < len(items) and (items[j].kind == "conn" or items[j].word == "("):
            paren = paren or items[j].kind != "conn"
            linked, j = True, j + 1
        # "ramming: 12 inches" is a move; "SRS attack: 3 tokens" counts tokens: a unit or a count of things
        # after the number (with none of its own) claims it
        unit_after = j + 1 < len(items) and (items[j + 1].mode == "post" or items[j + 1].concept in COUNTED_TIMES) \
            and _claims(items, j + 1)
        if linked and free_num(items, j) and not unit_after:
            give(item, items[j])
            if paren and j + 1 < len(items) and items[j + 1].word == ")":
                item.span_end = items[j + 1].end
            if item.spec is not None and item.spec.kind is Kind.INTS:
                _more_of_list(items, item, j)
    for idx, num in enumerate(items):
        if num.kind != "num" or num.used:
            continue
        left = items[idx - 1] if idx and takes(items[idx - 1], "pre") else None
        right = items[idx + 1] if idx + 1 < len(items) and takes(items[idx + 1], "post") else None
        if right is None and _counted_past_a_trait(items, idx):
            right = items[idx + 2]  # "6 torpedo bombers": the count of the things the word describes
        if right is not None and idx and items[idx - 1].kind == "unknown":
            right = None  # "bronja 6 citadel": the 6 may be the unknown word's; listed, never given right
        if right is not None and left is None and _has_own(items, idx + 1):
            right = None  # "8 vs armour 6": the armour's number is the one after it; the 8 is listed
        if right is not None and _counts(num, right):
            right = None  # "two supports", "одна поддержка": how many supports, not their dice; listed
        if left is not None and right is not None and left.param is not None and left.param == right.param \
                and right.mode == "post":
            give(left, num)
            right.used = True
            left.span_end = right.end
            continue
        chosen = left or right
        if left is not None and right is not None:
            # "piercing 2 dice 12": dice has a number of its own; "piercing 21 dice 6 escorts": it has not.
            # A key whose word is a filler elsewhere yields to a count word too: "SRS attack 4 tokens"
            weak = left.kind == "quality" or left.word in FILLER_WORDS and right.concept in COUNTED_TIMES
            chosen = right if (weak and not _has_own(items, idx + 1)) else left
            if right.concept == "model_count":  # "залп двух кораблей": a count of ships, not the broadside
                counts_models = left.spec is not None and left.spec.kind is Kind.INT and left.concept in (
                    "support", "support_models")  # "поддержка двух кораблей": the assault's supporting models
                chosen = left if counts_models else right
                right.used = right.used or counts_models
        if chosen is None:
            continue
        give(chosen, num)
        if chosen is right and chosen.spec is not None and chosen.spec.kind is Kind.INTS:
            _earlier_of_list(items, chosen, idx)
        if chosen is left:
            _absorb_unit(items, chosen, idx)
            if chosen.spec is not None and chosen.spec.kind is Kind.INTS:
                _more_of_list(items, chosen, idx)


def _counted_past_a_trait(items: list[Item], idx: int) -> bool:
    """A number, a word saying what kind ("torpedo", "aerial"), then things counted ("bombers", "escorts")."""
    return idx + 2 < len(items) and items[idx + 1].kind in ("flag", "quality") \
        and items[idx + 2].concept in COUNTED_TIMES and takes(items[idx + 2], "post") and not _has_own(items, idx + 2)


def withdraw(items: list[Item]) -> None:
    """"with my 3 escorts around it - wait no, his 3 escorts": the value read just before a correction is
    withdrawn (listed as not understood, so the player sees it dropped); the words after it stand."""
    for idx, item in enumerate(items):
        if item.kind != "correction":
            continue
        item.kind = "filler"
        for j in range(idx - 1, -1, -1):
            before = items[j]
            if before.word in SENTENCE_ENDS:
                break
            if before.kind == "key" and before.nums and not before.used or \
                    before.kind in ("flag", "quality", "marker") and before.param is not None:
                before.kind = "unknown"
                break


def _counts(num: Item, key: Item) -> bool:
    """Whether a number before a list key counts its items ("with the lead and two supports", "одна
    поддержка") rather than giving one: the noun is plural, or a Russian number word agrees with it."""
    if key.concept != "support" or key.spec is None or key.spec.kind is not Kind.INTS:
        return False
    return key.word in COUNTED_PLURALS or (num.token is not None and num.token.agrees)


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
