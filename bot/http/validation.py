"""Check request bodies and query strings before anything reaches index/ or referee/.

Every refusal is an `ApiError` that names the offending field, so a client can
point at the exact input to fix. Field specs are duck-typed: the referee's
`ParamSpec`s and this package's own `FieldSpec`s are both accepted.
"""
from __future__ import annotations

import difflib
import json
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web

from bot.http.errors import ApiError, bad_request

MAX_BODY_BYTES = 16 * 1024
MAX_TEXT_LENGTH = 500
MAX_LIST_ITEMS = 20
MAX_ITEM_LENGTH = 100

_INT_KINDS = {"int", "integer", "count"}
_FLOAT_KINDS = {"float", "number"}
_BOOL_KINDS = {"bool", "boolean", "flag"}
_INT_TEXT = re.compile(r"[+-]?\d{1,12}")
_FLOAT_TEXT = re.compile(r"[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})")


class Spec(Protocol):
    """What validation needs from a parameter description."""

    name: str
    kind: str
    help: str


@dataclass(frozen=True)
class FieldSpec:
    """A parameter of an endpoint that is not generated from referee.api.PARAMS."""

    name: str
    kind: str
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
    repeatable: bool = False
    required: bool = False
    max_length: int = MAX_TEXT_LENGTH


def kind_of(spec: Spec) -> str:
    """Reduce a spec's kind (of one item, for lists) to: integer, number, boolean, string."""
    kind = str(getattr(spec, "kind", "string") or "string").lower().removesuffix("_list")
    if kind in _INT_KINDS:
        return "integer"
    if kind in _FLOAT_KINDS:
        return "number"
    if kind in _BOOL_KINDS:
        return "boolean"
    return "string"


def is_list(spec: Spec) -> bool:
    """Lists: the referee's `*_list` kinds and anything repeatable."""
    return bool(getattr(spec, "repeatable", False)) or str(getattr(spec, "kind", "")).endswith("_list")


def max_length_of(spec: Spec) -> int:
    return int(getattr(spec, "max_length", MAX_TEXT_LENGTH) or MAX_TEXT_LENGTH)


def is_required(spec: Spec) -> bool:
    return bool(getattr(spec, "required", False))


# -- request bodies -------------------------------------------------------------------


async def read_json_object(request: web.Request) -> dict[str, Any]:
    """The request body as a JSON object, or an ApiError saying what is wrong with it."""
    if request.content_type != "application/json":
        raise ApiError(
            415,
            "unsupported_media_type",
            f"Content-Type must be application/json, not {request.content_type or 'missing'!r}.",
        )
    if request.charset not in (None, "utf-8", "utf8"):
        raise ApiError(415, "unsupported_media_type", "The body must be encoded as UTF-8.")
    try:
        raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise ApiError(
            413, "body_too_large", f"The request body is larger than {MAX_BODY_BYTES} bytes."
        ) from None
    return parse_json_object(raw)


def parse_json_object(raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        raise bad_request("malformed_json", "The request body is empty; send a JSON object.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_request("malformed_json", "The request body is not valid UTF-8.") from None
    try:
        value = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise bad_request(
            "malformed_json", f"Malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}."
        ) from None
    except ApiError:
        raise
    except (ValueError, RecursionError):  # too many digits, nesting too deep
        raise bad_request("malformed_json", "The JSON body is nested too deeply or holds a number too long.") from None
    if not isinstance(value, dict):
        raise bad_request("invalid_body", f"The request body must be a JSON object, not {_json_type(value)}.")
    return value


def _reject_constant(name: str) -> Any:
    raise bad_request("malformed_json", f"{name} is not valid JSON.")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise bad_request("duplicate_field", f"Field {_show(key)} is given more than once.", _safe_field(key))
        result[key] = value
    return result


def validate_body(body: Mapping[str, Any], specs: Sequence[Spec]) -> dict[str, Any]:
    """Typed values for the fields present in `body`; `null` counts as absent."""
    by_name = {spec.name: spec for spec in specs}
    _reject_unknown(body.keys(), by_name)
    values: dict[str, Any] = {}
    for name, raw in body.items():
        if raw is None:
            continue
        values[name] = _validate_value(by_name[name], raw)
    _require(values, specs)
    return values


def validate_query(query: Mapping[str, str], specs: Sequence[Spec]) -> dict[str, Any]:
    """Typed values from a query string (every value arrives as text)."""
    by_name = {spec.name: spec for spec in specs}
    keys = list(query.keys())
    _reject_unknown(keys, by_name)
    values: dict[str, Any] = {}
    for name in dict.fromkeys(keys):
        spec = by_name[name]
        items = query.getall(name) if hasattr(query, "getall") else [query[name]]
        if len(items) > 1 and not is_list(spec):
            raise bad_request("duplicate_field", f"Parameter {_show(name)} is given more than once.", name)
        converted = [_from_query_text(spec, item) for item in items]
        values[name] = _validate_value(spec, converted if is_list(spec) else converted[0])
    _require(values, specs)
    return values


def _reject_unknown(keys: Iterable[str], by_name: Mapping[str, Spec]) -> None:
    for key in keys:
        if key in by_name:
            continue
        message = f"Unknown field {_show(key)}."
        if str(key).replace("-", "_") in by_name:
            message += f" Use {str(key).replace('-', '_')!r}: underscores, not dashes."
            raise bad_request("unknown_field", message, _safe_field(key))
        guess = difflib.get_close_matches(str(key).replace("-", "_").lower(), list(by_name), n=1, cutoff=0.6)
        if guess:
            message += f" Did you mean {guess[0]!r}?"
        message += f" Known fields: {', '.join(sorted(by_name))}."
        raise bad_request("unknown_field", message, _safe_field(key))


def _require(values: Mapping[str, Any], specs: Sequence[Spec]) -> None:
    for spec in specs:
        if is_required(spec) and spec.name not in values:
            raise bad_request("missing_field", f"Field {spec.name!r} is required: {spec.help}", spec.name)


def _from_query_text(spec: Spec, text: str) -> Any:
    kind = kind_of(spec)
    if kind == "integer" and _INT_TEXT.fullmatch(text.strip()):
        return int(text)
    if kind == "number" and _FLOAT_TEXT.fullmatch(text.strip()):
        return float(text)
    if kind == "boolean" and text.strip().lower() in {"true", "false", "1", "0", "yes", "no"}:
        return text.strip().lower() in {"true", "1", "yes"}
    return text


# -- single values ----------------------------------------------------------------------


def _validate_value(spec: Spec, raw: Any) -> Any:
    if is_list(spec):
        items = raw if isinstance(raw, list) else [raw]
        if len(items) > MAX_LIST_ITEMS:
            raise bad_request("too_many_items", f"{spec.name!r} takes at most {MAX_LIST_ITEMS} values.", spec.name)
        return [_validate_item(spec, item) for item in items]
    return _validate_scalar(spec, raw)


def _validate_item(spec: Spec, raw: Any) -> Any:
    """One list item; whole-number lists also take text (die faces by name, "1,3,6")."""
    if kind_of(spec) == "integer" and isinstance(raw, str):
        return check_text(raw, spec.name, MAX_ITEM_LENGTH)
    return _validate_scalar(spec, raw)


def _validate_scalar(spec: Spec, raw: Any) -> Any:
    kind = kind_of(spec)
    name = spec.name
    if kind == "integer":
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise bad_request("invalid_type", f"{name!r} must be a whole number, not {_json_type(raw)}.", name)
        _check_bounds(spec, raw)
        return raw
    if kind == "number":
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise bad_request("invalid_type", f"{name!r} must be a number, not {_json_type(raw)}.", name)
        if not math.isfinite(raw):
            raise bad_request("out_of_range", f"{name!r} must be a finite number.", name)
        _check_bounds(spec, raw)
        return raw
    if kind == "boolean":
        if not isinstance(raw, bool):
            raise bad_request("invalid_type", f"{name!r} must be true or false, not {_json_type(raw)}.", name)
        return raw
    if not isinstance(raw, str):
        raise bad_request("invalid_type", f"{name!r} must be a string, not {_json_type(raw)}.", name)
    text = check_text(raw, name, max_length_of(spec))
    choices = getattr(spec, "choices", None)
    if choices:
        return _pick_choice(text, tuple(choices), name)
    return text


def check_text(raw: str, name: str, max_length: int = MAX_TEXT_LENGTH) -> str:
    """Reject text the index, the referee or a log file could choke on."""
    if len(raw) > max_length:
        raise bad_request("too_long", f"{name!r} is {len(raw)} characters long; the limit is {max_length}.", name)
    for char in raw:
        if char in "\t\n\r":
            continue
        category = unicodedata.category(char)
        if category == "Cs":
            raise bad_request("invalid_text", f"{name!r} holds an unpaired surrogate; send valid Unicode.", name)
        if category == "Cc":
            raise bad_request("invalid_text", f"{name!r} holds control character U+{ord(char):04X}.", name)
    text = raw.strip()
    if not text:
        raise bad_request("empty", f"{name!r} must not be empty.", name)
    return text


def _check_bounds(spec: Spec, value: float) -> None:
    low = getattr(spec, "minimum", None)
    high = getattr(spec, "maximum", None)
    if (low is not None and value < low) or (high is not None and value > high):
        shown = value if abs(value) < 1e15 else f"{value:.3g}"
        raise bad_request("out_of_range", f"{spec.name!r} is {shown}; {_range_text(low, high)}.", spec.name)


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"it must be between {low} and {high}"
    if low is not None:
        return f"it must be at least {low}"
    return f"it must be at most {high}"


def _pick_choice(text: str, choices: tuple[str, ...], name: str) -> str:
    folded = {str(choice).lower(): str(choice) for choice in choices}
    for key in (text.lower(), text.lower().replace(" ", "-"), text.lower().replace(" ", "_")):
        if key in folded:
            return folded[key]
    shown = ", ".join(map(str, choices[:30])) + (", …" if len(choices) > 30 else "")
    raise bad_request("invalid_choice", f"{_show(text)} is not a valid {name!r}; choose one of: {shown}.", name)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return f"the decimal number {value:.6g}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _show(text: Any, limit: int = 40) -> str:
    """A short, printable rendering of user text for an error message."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in str(text)[:limit])
    return repr(shown + ("…" if len(str(text)) > limit else ""))


def _safe_field(key: Any) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in str(key)[:60])
