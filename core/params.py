"""One parameter spec for every input a user can give, and one `coerce()` that owns its limits.

The referee's parameters and the ask/rule request fields are declared as `ParamSpec`s
once; the CLI (argparse), the HTTP validator and OpenAPI document, and the Discord
options are all generated from them, each through one complete `Kind` mapping of its
own. So the same input meets the same limit in every front end.

`coerce(spec, value)` accepts what people type (text "12" for a number, "3, 5" for a
list); `coerce(spec, value, strict=True)` accepts only the JSON types the OpenAPI
schema promises, which is what an API client expects to be held to.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from core.errors import UserInputError
from core.messages import Phrase, Plural, declare, text

declare({
    "param.type.null": ("null", "null"),
    "param.type.bool": ("a boolean", "логическое значение"),
    "param.type.int": ("a whole number", "целое число"),
    "param.type.float": ("the decimal number {value}", "дробное число {value}"),
    "param.type.text": ("text", "текст"),
    "param.type.list": ("a list", "список"),
    "param.type.object": ("an object", "объект"),
    "param.type.other": ("{value}", "{value}"),
    "param.range.between": ("it must be between {low} and {high}", "допустимо от {low} до {high}"),
    "param.range.at_least": ("it must be at least {low}", "допустимо не меньше {low}"),
    "param.range.at_most": ("it must be at most {high}", "допустимо не больше {high}"),
    "param.out_of_range": ("'{name}' is {value}; {range}.", "«{name}» = {value}; {range}."),
    "param.too_long": ("'{name}' is {length} characters long; the limit is {limit}.",
                       Plural("length", ("«{name}»: {length} символ, а можно не больше {limit}.",
                                         "«{name}»: {length} символа, а можно не больше {limit}.",
                                         "«{name}»: {length} символов, а можно не больше {limit}."))),
    "param.surrogate": ("'{name}' holds an unpaired surrogate; send valid Unicode.",
                        "«{name}» содержит непарный суррогат; отправьте корректный Юникод."),
    "param.control": ("'{name}' holds control character {char}.", "«{name}» содержит управляющий символ {char}."),
    "param.empty": ("'{name}' must not be empty.", "«{name}» не может быть пустым."),
    "param.not_int": ("'{name}' must be a whole number, not {got}.", "«{name}» должно быть целым числом, а не {got}."),
    "param.not_number": ("'{name}' must be a number, not {got}.", "«{name}» должно быть числом, а не {got}."),
    "param.not_finite": ("'{name}' must be a finite number.", "«{name}» должно быть конечным числом."),
    "param.not_bool": ("'{name}' must be true or false, not {got}.",
                       "«{name}» должно быть true или false, а не {got}."),
    "param.not_text": ("'{name}' must be text, not {got}.", "«{name}» должно быть текстом, а не {got}."),
    "param.not_choice": ("{got} is not a valid '{name}'; choose one of: {options}.",
                         "{got} не подходит для «{name}»; выберите одно из: {options}."),
    "param.not_list": ("'{name}' must be a list, not {got}.", "«{name}» должно быть списком, а не {got}."),
    "param.too_many_items": ("'{name}' takes at most {limit} values.",
                             Plural("limit", ("«{name}» принимает не больше {limit} значения.",
                                              "«{name}» принимает не больше {limit} значений.",
                                              "«{name}» принимает не больше {limit} значений."))),
    "param.not_text_items": ("'{name}' takes text values, not {got}.", "«{name}» принимает текст, а не {got}."),
    "param.not_faces": ("'{name}' takes die faces (1-6 or names), not {got}.",
                        "«{name}» принимает грани кубов (1-6 или названия), а не {got}."),
    "param.unknown.context": (" for {context}", " для {context}"),
    "param.unknown.dashes": ("Unknown field {got}{context}. Use '{use}': underscores, not dashes.",
                             "Неизвестное поле {got}{context}. Пишите «{use}»: с подчёркиваниями, не дефисами."),
    "param.unknown.guess": ("Unknown field {got}{context}. Did you mean '{guess}'? Known fields: {known}.",
                            "Неизвестное поле {got}{context}. Может быть, «{guess}»? Известные поля: {known}."),
    "param.unknown.known": ("Unknown field {got}{context}. Known fields: {known}.",
                            "Неизвестное поле {got}{context}. Известные поля: {known}."),
    "param.not_mapping": ("params: expected a mapping of parameter names to values",
                          "params: ожидается объект «имя параметра: значение»"),
    "param.names_not_text": ("params: parameter names must be text", "params: имена параметров должны быть текстом"),
    "param.required": ("Field '{name}' is required: {help}", "Поле «{name}» обязательно: {help}"),
})

DEFAULT_MAX_LENGTH = 100
DEFAULT_MAX_ITEMS = 20
_INT_TEXT = re.compile(r"[+-]?\d{1,12}")
_FLOAT_TEXT = re.compile(r"[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})")
_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


class Kind(Enum):
    """What a parameter holds. Front ends map every member to their own types."""

    INT = "int"
    FLOAT = "float"
    BOOL = "bool"
    TEXT = "text"
    CHOICE = "choice"
    INTS = "ints"  # a list of whole numbers
    TEXTS = "texts"  # a list of short texts (qualities, markers)
    FACES = "faces"  # die faces as typed: numbers 1-6, names or symbols, parsed by the referee

    @property
    def is_list(self) -> bool:
        return self in (Kind.INTS, Kind.TEXTS, Kind.FACES)


@dataclass(frozen=True)
class ParamSpec:
    """One input: its name (snake_case), kind, help text and every limit on it."""

    name: str
    kind: Kind
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    required: bool = False
    max_length: int = DEFAULT_MAX_LENGTH  # characters of one text value, or of one list item
    max_items: int = DEFAULT_MAX_ITEMS  # values in a list
    # The rulesets whose rules use this input (() = every one). The referee's "not used" notes, the
    # OpenAPI `x-rulesets`, the CLI's help groups and the web form all read this one declaration.
    rulesets: tuple[str, ...] = ()
    # Why a ruleset outside `rulesets` does not use it: one reason, or one per ruleset id.
    unused_why: str | Mapping[str, str] = field(default="", compare=False)

    @property
    def flag(self) -> str:
        """The command-line spelling: `--target-citadel`."""
        return "--" + self.name.replace("_", "-")

    def used_in(self, ruleset: str) -> bool:
        """Whether the rules of `ruleset` (an id: dw3, dw3-qrs, dw4) use this input."""
        return not self.rulesets or ruleset in self.rulesets

    def why_unused(self, ruleset: str) -> str:
        """The reason `ruleset` does not use this input ("" when it does)."""
        if self.used_in(ruleset):
            return ""
        if isinstance(self.unused_why, str):
            return self.unused_why or f"a {'/'.join(self.rulesets)} input"
        return self.unused_why.get(ruleset, f"a {'/'.join(self.rulesets)} input")


class ParamError(UserInputError):
    """A value that does not fit its spec; `code` says how (invalid_type, out_of_range, …)."""


def _fail(spec: ParamSpec, code: str, key: str, **params: object) -> ParamError:
    """The error for `spec`, said through catalogue message `key` (parameter `name` is the spec's)."""
    return param_error(key, spec.name, code, name=spec.name, **params)


def param_error(key: str, field: str | None, code: str, **params: object) -> ParamError:
    return ParamError(text(key, "en", **params), field, code=code, key=key, params=params)


def shown(value: Any, limit: int = 30) -> str:
    """A short, printable, quoted rendering of user input for an error message."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(value)[:limit])
    return repr(text + ("…" if len(str(value)) > limit else ""))


def type_phrase(value: Any) -> Phrase:
    """What a (JSON) value is, in words of the player's language, for "must be a whole number, not …"."""
    for kind, key in ((type(None), "param.type.null"), (bool, "param.type.bool"), (int, "param.type.int")):
        if isinstance(value, kind):
            return Phrase(key)
    if isinstance(value, float):
        return Phrase("param.type.float", {"value": f"{value:.6g}"})
    for kinds, key in ((str, "param.type.text"), ((list, tuple), "param.type.list"), (dict, "param.type.object")):
        if isinstance(value, kinds):
            return Phrase(key)
    return Phrase("param.type.other", {"value": type(value).__name__})


def type_name(value: Any) -> str:
    """What a (JSON) value is, in English words, for "must be a whole number, not …" messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return f"the decimal number {value:.6g}"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def safe_field(name: Any) -> str:
    """A field name from user input, made printable and short enough to echo back."""
    return "".join(ch if ch.isprintable() else "?" for ch in str(name)[:60])


def range_phrase(spec: ParamSpec) -> Phrase:
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None:
        return Phrase("param.range.between", {"low": f"{low:g}", "high": f"{high:g}"})
    if low is not None:
        return Phrase("param.range.at_least", {"low": f"{low:g}"})
    return Phrase("param.range.at_most", {"high": f"{high:g}"})


def range_text(spec: ParamSpec) -> str:
    phrase = range_phrase(spec)
    return text(phrase.key, "en", **phrase.params)


def _bounded(spec: ParamSpec, value: float) -> None:
    if (spec.minimum is not None and value < spec.minimum) or (spec.maximum is not None and value > spec.maximum):
        number = f"{value:g}" if abs(value) < 1e15 else f"{value:.3g}"
        raise _fail(spec, "out_of_range", "param.out_of_range", value=number, range=range_phrase(spec))


# Bidirectional embedding, override and isolate controls: they reorder how text after them
# is shown (a terminal, a log, an embed), so text input refuses them like other control characters.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_text(spec: ParamSpec, raw: str, max_length: int | None = None) -> str:
    """Text the index, the referee or a log can take: bounded, printable, not empty."""
    limit = max_length or spec.max_length
    if len(raw) > limit:
        raise _fail(spec, "too_long", "param.too_long", length=len(raw), limit=limit)
    for char in raw:
        if char in "\t\n\r":
            continue
        category = unicodedata.category(char)
        if category == "Cs":
            raise _fail(spec, "invalid_text", "param.surrogate")
        if category == "Cc" or char in BIDI_CONTROLS:
            raise _fail(spec, "invalid_text", "param.control", char=f"U+{ord(char):04X}")
    text = raw.strip()
    if not text:
        raise _fail(spec, "empty", "param.empty")
    return text


def _int(spec: ParamSpec, value: Any, strict: bool) -> int:
    if isinstance(value, bool):
        raise _fail(spec, "invalid_type", "param.not_int", got=type_phrase(value))
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():  # JSON Schema: 17.0 is an integer
        number = int(value)
    elif not strict and isinstance(value, str) and _INT_TEXT.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        got = shown(value) if isinstance(value, str) else type_phrase(value)
        raise _fail(spec, "invalid_type", "param.not_int", got=got)
    _bounded(spec, number)
    return number


def _float(spec: ParamSpec, value: Any, strict: bool) -> float:
    number: float
    if isinstance(value, bool):
        raise _fail(spec, "invalid_type", "param.not_number", got=type_phrase(value))
    if isinstance(value, (int, float)):
        number = float(value)
    elif not strict and isinstance(value, str):
        text = value.strip().rstrip('"').replace(",", ".")
        if not _FLOAT_TEXT.fullmatch(text):
            raise _fail(spec, "invalid_type", "param.not_number", got=shown(value))
        number = float(text)
    else:
        raise _fail(spec, "invalid_type", "param.not_number", got=type_phrase(value))
    if not math.isfinite(number):
        raise _fail(spec, "out_of_range", "param.not_finite")
    _bounded(spec, number)
    return number


def _bool(spec: ParamSpec, value: Any, strict: bool) -> bool:
    if isinstance(value, bool):
        return value
    if not strict:
        if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
    raise _fail(spec, "invalid_type", "param.not_bool", got=shown(value))


def normalise_choice(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def _choice(spec: ParamSpec, value: Any) -> str:
    if not isinstance(value, str):
        raise _fail(spec, "invalid_type", "param.not_text", got=type_phrase(value))
    typed = check_text(spec, value)
    key = normalise_choice(typed)
    if key not in spec.choices:
        options = ", ".join(spec.choices[:30]) + (", …" if len(spec.choices) > 30 else "")
        raise _fail(spec, "invalid_choice", "param.not_choice", got=shown(typed), options=options)
    return key


def _items(spec: ParamSpec, value: Any, strict: bool) -> list[Any]:
    """The list's items: a JSON list, or (typed) one value or comma-separated text."""
    if isinstance(value, (list, tuple)):
        items: list[Any] = list(value)
    elif strict and not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise _fail(spec, "invalid_type", "param.not_list", got=type_phrase(value))
    else:
        items = [value]
    # JSON Schema counts 3.0 as an integer: so does every list of whole numbers or die faces.
    items = [int(item) if isinstance(item, float) and item.is_integer() else item for item in items]
    if not strict:
        split: list[Any] = []
        for item in items:
            if isinstance(item, str) and "," in item:
                split.extend(part for part in item.split(",") if part.strip())
            else:
                split.append(item)
        items = split
    if len(items) > spec.max_items:
        raise _fail(spec, "too_many_items", "param.too_many_items", limit=spec.max_items)
    return items


def coerce(spec: ParamSpec, value: Any, *, strict: bool = False) -> Any:
    """The value typed and checked against every limit of its spec, or a `ParamError`."""
    kind = spec.kind
    if kind is Kind.INT:
        return _int(spec, value, strict)
    if kind is Kind.FLOAT:
        return _float(spec, value, strict)
    if kind is Kind.BOOL:
        return _bool(spec, value, strict)
    if kind is Kind.CHOICE:
        return _choice(spec, value)
    if kind is Kind.TEXT:
        if not isinstance(value, str):
            raise _fail(spec, "invalid_type", "param.not_text", got=type_phrase(value))
        return check_text(spec, value)
    if kind is Kind.FACES and isinstance(value, str):
        # "1 1 2 heavy counter, blank": the referee's face parser splits it; only bound its length here.
        return check_text(spec, value, max_length=spec.max_items * 16)
    items = _items(spec, value, strict)
    if kind is Kind.INTS:
        return [_int(spec, item, strict) for item in items]
    if kind is Kind.TEXTS:
        out: list[str] = []
        for item in items:
            if not isinstance(item, str):
                raise _fail(spec, "invalid_type", "param.not_text_items", got=type_phrase(item))
            out.append(check_text(spec, item))
        return out
    # FACES: numbers 1-6 or text (names, symbols); the referee parses them into faces.
    faces: list[int | str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            raise _fail(spec, "invalid_type", "param.not_faces", got=type_phrase(item))
        faces.append(check_text(spec, item) if isinstance(item, str) else item)
    return faces


def unknown_field(name: object, known: Iterable[str], context: str = "") -> ParamError:
    """The error for a name no spec has, with the nearest known name when there is one."""
    import difflib

    names = sorted(known)
    where = Phrase("param.unknown.context", {"context": context}) if context else ""
    got, field = shown(name, 40), safe_field(name)
    key = str(name).replace("-", "_").lower()
    if key in names:
        return param_error("param.unknown.dashes", field, "unknown_field", got=got, context=where, use=key)
    guess = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    if guess:
        return param_error("param.unknown.guess", field, "unknown_field", got=got, context=where, guess=guess[0],
                           known=", ".join(names))
    return param_error("param.unknown.known", field, "unknown_field", got=got, context=where, known=", ".join(names))


def coerce_all(
    specs: Sequence[ParamSpec], values: Mapping[str, Any], *, strict: bool = False, context: str = ""
) -> dict[str, Any]:
    """Every given value coerced; unknown names and missing required ones refused.

    None (JSON null) and an empty list count as "not given"."""
    by_name = {spec.name: spec for spec in specs}
    if not isinstance(values, Mapping):
        raise param_error("param.not_mapping", "params", "invalid_body")
    out: dict[str, Any] = {}
    for key, value in values.items():
        if not isinstance(key, str):
            raise param_error("param.names_not_text", "params", "invalid_body")
        spec = by_name.get(key) if strict else by_name.get(key.replace("-", "_"))
        if spec is None:
            raise unknown_field(key, by_name, context)
        if value is None or (spec.kind.is_list and isinstance(value, (list, tuple)) and not value):
            continue  # [] is "no values" only for a list; for a number it is the wrong type
        out[spec.name] = coerce(spec, value, strict=strict)
    for spec in specs:
        if spec.required and spec.name not in out:
            raise param_error("param.required", spec.name, "missing_field", name=spec.name, help=spec.help)
    return out


# Messages (errors, notes, assumptions) name an input as ⟨name⟩; each front end renders the name
# in its own vocabulary, so an HTTP or Discord user never reads a CLI flag.
_PARAM_MENTION = re.compile(r"⟨([a-z][a-z0-9_]*)⟩")


def show_params(text: str, style: str = "plain") -> str:
    """Render ⟨name⟩ mentions: `cli` → `--target-citadel`, `marked` → unchanged (a front end that
    renders them itself, e.g. Discord's localised option names), anything else → `target_citadel`."""
    if style == "marked":
        return text
    if style == "cli":
        return _PARAM_MENTION.sub(lambda m: "--" + m.group(1).replace("_", "-"), text)
    return _PARAM_MENTION.sub(lambda m: m.group(1), text)


def spec_named(specs: Iterable[ParamSpec], name: str) -> ParamSpec:
    """The spec called `name` in a list (a KeyError is a bug in our own declarations)."""
    for spec in specs:
        if spec.name == name:
            return spec
    raise KeyError(name)
