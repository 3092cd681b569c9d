"""Free-text descriptions (English or Russian) -> parameters. Explicit values override these.

`parse_description("attack", "21 dice vs armour 6, citadel 9, devastating")` ->
`{"dice": 21, "armour": 6, "citadel": 9, "quality": ["devastating"], "ignored": [], "lang": "en"}`.

Tokens (`describe_tokens`) -> phrases and numbers bound to parameters (`describe_grammar`, with the
words in `describe_vocab`) -> values checked against the action's ParamSpecs. Words that are not
understood are listed under "ignored", never dropped; a value out of its range ("-3 dice") or given
twice with different values is an error naming the words that gave it.
"""
from __future__ import annotations

from typing import Any

from core.messages import error_text
from core.params import Kind, ParamError, ParamSpec, coerce
from referee.describe_collision import collision_roles
from referee.describe_combine import combine
from referee.describe_each_ship import each_ship
from referee.describe_grammar import Item, attach, bind, match, negate, withdraw
from referee.describe_tokens import detect_language, tokenize
from referee.describe_verbs import roll_verbs
from referee.describe_vocab import FILLER_WORDS, vocabulary
from referee.errors import InputError

META_KEYS = ("ignored", "lang")


class DescriptionError(InputError):
    """The description gives a value its parameter cannot take, or one parameter two values."""

    def __init__(self, message: str, ru: str) -> None:
        super().__init__(message, "description", code="invalid_description", ru=ru)


def parse_description(action: str, text: str, ruleset: str | None = None) -> dict[str, Any]:
    """Parameters of `action` read from `text`, plus "ignored" (words not understood) and "lang".

    `ruleset` (e.g. an explicit ⟨ruleset⟩) decides words whose meaning differs by edition, such as
    "defence" in an assault (dw4 Defences rating, or the dw3 target's ADV/SDV); an edition the text
    names itself wins."""
    from referee.params import PARAMS

    specs_list = PARAMS.get(action, [])
    specs = {s.name: s for s in specs_list if s.name != "description"}
    tokens = tokenize(text)
    vocab = vocabulary(specs_list)
    items = match(tokens, vocab)
    roll_verbs(items)
    if "impact" in specs:
        items = collision_roles(items)
    items = attach(items, specs, ruleset, vocab.quality_words, action)
    items = combine(items, specs)
    bind(items)
    each_ship(items)
    withdraw(items)
    negate(items)
    _ask_owners(items, text)
    out, ignored = _collect(items, specs, text)
    out["ignored"] = ignored
    # the language of the words understood (a typo or a unit name must not flip it); else of all words
    known = [it.word for it in items if it.kind not in ("unknown", "num", "filler", "sep", "conn")]
    out["lang"] = detect_language(known) if "".join(known).strip(" .,;:()\"'") else \
        detect_language([t.text for t in tokens if t.kind == "word"])
    return out


def _ask_owners(items: list[Item], text: str) -> None:
    """A ship's value both sides could have ("2 escorts") is asked for, never guessed."""
    unsure = [it for it in items if it.kind == "key" and it.ask and (it.nums or it.value is not None)]
    if not unsure:
        return
    words = ", ".join(repr(_words(text, it)) for it in unsure)
    raise DescriptionError(f"description: whose are {words}? Say \"my …\" or \"target has …\"",
                           f"описание: чьи это {words}? Напишите «мои …» или «у цели …»")


def _words(text: str, item: Item) -> str:
    return " ".join(text[item.start:max(item.end, item.span_end)].split())


def _number(item: Item) -> Any:
    assert item.token is not None
    value = item.token.value
    return int(value) if value.is_integer() else value


def _checked(spec: ParamSpec, value: Any, words: str) -> Any:
    try:
        return coerce(spec, value)
    except ParamError as exc:
        detail = exc.message.replace(repr(spec.name), f"⟨{spec.name}⟩")
        detail_ru = error_text(exc, "ru").replace(f"«{spec.name}»", f"⟨{spec.name}⟩")
        raise DescriptionError(f"description: {words!r}: {detail}", f"описание: {words!r}: {detail_ru}") from None


def _collect(items: list[Item], specs: dict[str, ParamSpec], text: str) -> tuple[dict[str, Any], list[str]]:
    out: dict[str, Any] = {}
    said: dict[str, str] = {}  # parameter -> the words that set it
    ignored: list[str] = []

    def put(name: str, value: Any, words: str) -> None:
        spec = specs[name]
        if spec.kind.is_list:
            items_in = value if isinstance(value, list) else [value]
            current = out.setdefault(name, [])
            for v in items_in:
                if v not in current or spec.kind is Kind.INTS:
                    current.append(v)
            _checked(spec, current, words)
            return
        value = _checked(spec, value, words)
        if name in out and out[name] != value:
            raise DescriptionError(f"description: it gives ⟨{name}⟩ twice, {said[name]!r} and {words!r}; keep one",
                                   f"описание: ⟨{name}⟩ задано дважды, {said[name]!r} и {words!r}; оставьте одно")
        out[name], said[name] = value, words

    orphans: list[tuple[str, str, str]] = []  # a key left without the number just before it: "… add 6 dice"
    keyed: dict[str, set[str]] = {}  # parameter -> the key words that gave it a number
    prev: Item | None = None
    for item in items:
        words = _words(text, item)
        prev, item_prev = item, prev
        if item.kind == "unknown" or (item.kind == "num" and not item.used):
            ignored.append(words)
        elif item.kind == "key" and not item.used:
            if item.param is None or item.spec is None:
                ignored.append(words)
            elif item.nums:
                put(item.param, _values(item, words), words)
                keyed.setdefault(item.param, set()).add(item.word)
            elif item.value is not None:  # "no escorts"
                put(item.param, item.value, words)
            elif item.concept != "model_count" and item.word not in FILLER_WORDS:  # "ships", "атака" alone
                ignored.append(words)  # a key without its number: "armour" alone
                if item_prev is not None and item_prev.kind == "num" and not item_prev.used:
                    orphans.append((item.param, item.word, f"{_words(text, item_prev)} {words}"))
        elif item.kind == "quality":
            if item.param is None:
                ignored.append(words)
            else:
                value = item.concept + (f":{_number(item.nums[0])}" if item.nums else "")
                _nonnegative(item, words)
                put(item.param, value, words)
        elif item.kind in ("flag", "marker"):
            if item.param is None:
                ignored.append(words)
            else:
                put(item.param, item.value, words)
    for name, key_word, words in orphans:
        # the same key word again with a number of its own ("12 dice at A5 C9, then my frigates add 6 dice"):
        # two actions in one message, or a correction; the referee asks which, never keeps the first silently
        if name in out and not specs[name].kind.is_list and key_word in keyed.get(name, ()):
            raise DescriptionError(f"description: it gives ⟨{name}⟩ twice, {said[name]!r} and {words!r}; keep one",
                                   f"описание: ⟨{name}⟩ задано дважды, {said[name]!r} и {words!r}; оставьте одно")
    return out, ignored


def _nonnegative(item: Item, words: str) -> None:
    if item.nums and _number(item.nums[0]) < 0:
        raise DescriptionError(f"description: {words!r}: a quality's value cannot be negative",
                               f"описание: {words!r}: значение свойства не может быть отрицательным")


def _values(item: Item, words: str) -> Any:
    """The number(s) bound to a key, typed for its spec ("6,4" is a list only for a list parameter)."""
    assert item.spec is not None
    numbers: list[Any] = []
    for num in item.nums:
        assert num.token is not None
        if num.token.is_list:
            if item.spec.kind is not Kind.INTS:
                raise DescriptionError(f"description: {words!r}: ⟨{item.spec.name}⟩ takes one number",
                                       f"описание: {words!r}: ⟨{item.spec.name}⟩ — только одно число")
            numbers.extend(int(p) for p in num.token.text.split(","))
        elif item.spec.kind is Kind.INTS and "," in num.token.text:
            numbers.extend(int(p) for p in num.token.text.split(","))
        else:
            numbers.append(_number(num))
    if item.spec.kind is Kind.INTS:
        return numbers
    if len(numbers) > 1:
        raise DescriptionError(f"description: {words!r}: ⟨{item.spec.name}⟩ takes one number",
                               f"описание: {words!r}: ⟨{item.spec.name}⟩ — только одно число")
    return numbers[0]
