"""Owner words: whose ship a key of the description is about ("target has 2 escorts", "his ADV 3", "у цели",
"my hull 6", "with 2 srs"), and "he's boarding me", which swaps the sides. How far each word reaches is declared
in describe_vocab.OWNERS; this module applies it."""
from __future__ import annotations

from referee.describe_items import Item, give
from referee.describe_vocab import LIST_OPENING_KEYS, SELF_FLAGS, SHIP_CONCEPTS, TARGET_NOUNS

SENTENCE_ENDS = frozenset({".", "!", "?"})
CLAUSE_OPENERS = frozenset({":", "has", "have", "got", "has got"})  # "target: A5 C8", "target has 2 escorts"
FLIP = {"self": "target", "target": "self"}


def apply_owners(items: list[Item]) -> list[Item]:
    """Owner words decide whose ship a key is about (see describe_vocab.OWNERS for how far each reaches);
    "he's boarding me" swaps the two sides. Applied owners are removed; an owner of nothing is a filler."""
    flip = any(it.kind == "perspective" for it in items)
    scope: str | None = None
    tentative = weak = False  # a scope that ends at the next separator / comma
    last_key: Item | None = None
    named: str | None = None  # the owner of the ship named last, for a pronoun ("she has 2 damage")
    for idx, item in enumerate(items):
        if item.kind == "perspective":  # "drove into my …": what follows is the one hit, the target
            item.kind, scope, tentative, weak = "filler", "target", False, False
            continue
        prev_item = items[idx - 1] if idx else None
        if item.word in SENTENCE_ENDS or (tentative and item.kind == "sep") or (weak and item.word in (",", ";")):
            scope, tentative, weak = None, False, False
        elif item.word == ":" or (item.kind == "key" and item.concept in SHIP_CONCEPTS):
            tentative = False
        if item.kind == "key" and item.owner is None and scope is not None and item.concept in SHIP_CONCEPTS:
            item.owner, item.scoped = scope, True
        if item.kind == "flag" and item.concept in SELF_FLAGS and not _names_target(item):
            item.owner = _clause_owner(items, idx, flip)  # "my cruiser is crippled": the speaker's state
        if item.kind == "key" and item.concept in SHIP_CONCEPTS:
            last_key = item
        if item.kind == "key" and item.concept in LIST_OPENING_KEYS and scope is None:  # "interceptors 3 int 1"
            scope, tentative, weak = LIST_OPENING_KEYS[item.concept], False, True
        if item.kind != "owner":
            continue
        if item.word == "i" and prev_item is not None and prev_item.kind == "num":
            item.kind = "sep"  # "PVO 3 i 2 eskorta": Russian "и" typed in Latin letters
            continue
        nxt = items[idx + 1] if idx + 1 < len(items) else None
        prev = items[idx - 1] if idx else None
        after = items[idx + 2] if idx + 2 < len(items) else None
        if item.mode == "anaphor":  # "she", "у неё": the ship named last, whoever's it is
            if named is not None:
                item.used = True
                _own_next(nxt, after, named, item)
                scope, tentative, weak = named, False, False
            continue
        owner = FLIP[item.value] if flip else str(item.value)
        named = owner if item.mode != "weak" else named  # "с бронёй 4" names no ship
        item.used = True
        after_key = prev is not None and prev.kind == "key" and prev.concept in SHIP_CONCEPTS \
            and (prev.owner is None or prev.scoped)
        if after_key and item.mode == "adj" and (nxt is None or nxt.word not in CLAUSE_OPENERS):
            assert prev is not None  # Russian puts it after: "броня цели 6", "эскорт противника 10"
            prev.owner, prev.scoped = owner, False
            prev.end = prev.span_end = item.end
            if scope is None:  # "масса цели 3 корпус 8": as "target mass 3 hull 8", the list to the comma
                scope, tentative, weak = owner, False, True
            continue
        if item.mode == "scope" and _elliptic(items, idx, last_key, owner):
            assert last_key is not None  # "I've got 2 escorts, he's got 1": the same key, the other side
            item.kind, item.entry, item.word, item.used = "key", last_key.entry, last_key.word, False
            item.owner, item.scoped, item.value = owner, False, None
            give(item, next(it for it in items[idx + 1:] if it.kind == "num"))
            scope = owner
            continue
        opens = nxt is not None and nxt.word in CLAUSE_OPENERS
        if item.mode == "list" and not opens:  # "target mass 3 hull 8, my hull 6": the list up to a comma
            _own_next(nxt, after, owner, item)
            scope, tentative, weak = owner, False, True
        elif item.mode == "scope" or (item.mode in ("adj", "list") and opens):
            if item.mode == "scope":
                _own_next(nxt, after, owner, item)  # "my ADV 3": the word beside the key is strict
            scope, weak = owner, False
            # "ramming his cruiser, hull 6": a possessive of a noun ends at the next comma, unless a colon
            # opens a list ("his ship: citadel 8") or a ship key follows at once ("his ADV 3, 2 escorts")
            tentative = nxt is not None and nxt.kind in ("unknown", "filler") and nxt.word != ":"
        elif item.mode == "weak":  # "with 2 srs and 1 escort": a scope where none is open
            item.used = False  # kept, as a filler: "supporting weapons with 6 and 4 dice"
            if scope is None and _names_target(prev):  # "an obscured target with A5 C9 and 1 escort"
                scope, tentative, weak = "target", False, False
            elif scope is None:
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


def _clause_owner(items: list[Item], idx: int, flip: bool) -> str | None:
    """The owner word earlier in the same clause as the item at idx ("my cruiser is crippled"), if any."""
    for j in range(idx - 1, -1, -1):
        item = items[j]
        if item.kind in ("sep", "key", "num") or item.word in SENTENCE_ENDS:
            return None  # a value between them: the owner word was that value's ("свои эскорты 19 …")
        if item.kind == "owner" and item.value in FLIP:
            return FLIP[str(item.value)] if flip else str(item.value)
    return None


def _names_target(item: Item | None) -> bool:
    """Whether the phrase just before "with" names the target ("target", "aerial target", "цель")."""
    if item is None or item.kind not in ("owner", "flag"):
        return False
    if item.kind == "owner" and item.value != "target":
        return False
    return any(word.startswith(TARGET_NOUNS) for word in item.word.split())


def _elliptic(items: list[Item], idx: int, last_key: Item | None, owner: str) -> bool:
    """An owner followed by a bare number ("he's got 1", "у него 3", "mine is 5") after a ship key of the
    other side: the number is that key's, for this owner."""
    if last_key is None or last_key.owner == owner:
        return False
    j = idx + 1
    while j < len(items) and (items[j].kind == "conn" or items[j].word in CLAUSE_OPENERS):
        j += 1
    if j >= len(items) or items[j].kind != "num":
        return False
    return j + 1 >= len(items) or items[j + 1].kind == "sep" or items[j + 1].word in SENTENCE_ENDS


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
