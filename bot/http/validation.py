"""Check request bodies and query strings before anything reaches index/ or referee/.

Every refusal is an `ApiError` that names the offending field, so a client can
point at the exact input to fix. Field specs are duck-typed: the referee's
`ParamSpec`s and this package's own `FieldSpec`s are both accepted.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from typing import Any

from aiohttp import web

from bot.http.content_coding import decode_body
from bot.http.errors import ApiError, bad_request
from bot.http.protocol import BODY_TIMEOUT, BODY_TIMEOUT_KEY
from bot.service import ParamSpec, coerce, coerce_all
from core.params import safe_field, shown, type_name, unknown_field

MAX_BODY_BYTES = 16 * 1024


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
    seconds = request.app.get(BODY_TIMEOUT_KEY, BODY_TIMEOUT)
    try:
        async with asyncio.timeout(seconds):
            raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise ApiError(
            413, "body_too_large", f"The request body is larger than {MAX_BODY_BYTES} bytes."
        ) from None
    except TimeoutError:
        raise ApiError(408, "request_timeout", f"The request body did not arrive within {seconds:g} s.",
                       None, {"Connection": "close"}) from None
    return parse_json_object(decode_body(raw, request.headers.get("Content-Encoding", ""), MAX_BODY_BYTES))


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
        raise bad_request("invalid_body", f"The request body must be a JSON object, not {type_name(value)}.")
    return value


def _reject_constant(name: str) -> Any:
    raise bad_request("malformed_json", f"{name} is not valid JSON.")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise bad_request("duplicate_field", f"Field {shown(key)} is given more than once.", safe_field(key))
        result[key] = value
    return result


def validate_body(body: Mapping[str, Any], specs: Sequence[ParamSpec]) -> dict[str, Any]:
    """Typed values for the fields present in `body`; `null` counts as absent.

    JSON types are held to the schema (strict): "12" is not a whole number here."""
    return coerce_all(specs, body, strict=True)


def validate_query(query: Mapping[str, str], specs: Sequence[ParamSpec]) -> dict[str, Any]:
    """Typed values from a query string: every value arrives as text, so text forms are accepted."""
    by_name = {spec.name: spec for spec in specs}
    values: dict[str, Any] = {}
    for name in dict.fromkeys(query.keys()):
        spec = by_name.get(name)
        if spec is None:
            raise unknown_field(name, by_name)
        items = query.getall(name) if hasattr(query, "getall") else [query[name]]
        if len(items) > 1 and not spec.kind.is_list:
            raise bad_request("duplicate_field", f"Parameter {shown(name)} is given more than once.", name)
        values[name] = coerce(spec, items if spec.kind.is_list else items[0])
    return coerce_all(specs, values)
