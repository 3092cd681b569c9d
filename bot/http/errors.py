"""One error shape for every failure: `{"error": {"code", "message", "field"}}`.

Clients (the web page, scripts, the fuzzer) can rely on that shape for every
4xx and 5xx, including aiohttp's own 404/405/413, and never see a traceback.
"""
from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.service import UserInputError, accept_language, error_text, normalise_lang, show_params, text_lang

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

# What a client sees in `Server`: no framework or Python version to fingerprint.
SERVER_HEADER = "admiralty"

# aiohttp's own HTTP errors, renamed into our vocabulary.
STATUS_CODES = {
    400: "bad_request",
    408: "request_timeout",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
}


class ApiError(UserInputError):
    """A request the API itself refuses (transport level: body, auth, rate), with extra headers."""

    def __init__(
        self, status: int, code: str, message: str, field: str | None = None, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message, field, status=status, code=code)
        self.headers = headers


LANG_KEY = web.RequestKey("lang", str)


def request_lang(request: web.Request, explicit: object = None, written: object = None) -> str | None:
    """The player's language for this request, chosen once: the body's `lang`, else the
    `Accept-Language` header; None when neither names one we speak (the referee then follows
    the description's language). Kept on the request for the error middleware, which, when no
    language is chosen, answers in the language of `written` (the player's own words: a description)."""
    lang = normalise_lang(explicit) or accept_language(request.headers.get("Accept-Language"))
    shown = lang or text_lang(written)
    if shown:
        request[LANG_KEY] = shown
    return lang


def is_client_fault(exc: BaseException) -> bool:
    """True for failures the client caused (a message aiohttp cannot parse or decode, a body that
    breaks off, a hang-up): answered 4xx or not at all, logged in one line, never counted as 5xx."""
    if isinstance(exc, ConnectionError | web.RequestPayloadError):
        return True
    return isinstance(exc, HttpProcessingError) and 400 <= (exc.code or 400) < 500


def short_reason(exc: BaseException) -> str:
    """aiohttp's reason for refusing a message, in one line without its "400, message:" preamble."""
    text = exc.message if isinstance(exc, HttpProcessingError) else str(exc)
    lines = [line.strip().rstrip(":") for line in str(text).splitlines()]
    lines = [line for line in lines if line and not re.fullmatch(r"\d{3}, message", line)]
    return lines[0] if lines else type(exc).__name__


def bad_request(code: str, message: str, field: str | None = None) -> ApiError:
    return ApiError(400, code, message, field)


def error_response(
    status: int,
    code: str,
    message: str,
    field: str | None = None,
    headers: dict[str, str] | None = None,
) -> web.Response:
    body = {"error": {"code": code, "message": message, "field": field}}
    return web.json_response(body, status=status, headers=headers)


@web.middleware
async def error_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Turn every failure into the JSON error shape; log, but never show, bugs."""
    try:
        return await handler(request)
    except UserInputError as exc:  # every user error, from any package, caught once
        headers = exc.headers if isinstance(exc, ApiError) else None
        lang = request.get(LANG_KEY) or accept_language(request.headers.get("Accept-Language"))
        return error_response(exc.status, exc.code, show_params(" ".join(error_text(exc, lang).split()), "api"),
                              exc.field, headers)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        headers = {k: v for k, v in exc.headers.items() if k.lower() == "allow"}
        code = STATUS_CODES.get(exc.status, "http_error")
        return error_response(exc.status, code, exc.reason, None, headers or None)
    except web.RequestPayloadError as exc:  # a body that cannot be decoded (broken gzip) or breaks off
        log.warning("refused an unreadable body on %s %s: %s", request.method, request.path, short_reason(exc))
        return error_response(400, "malformed_body", "The request body cannot be read or decoded "
                              "(check its Content-Encoding and Content-Length).")
    except (asyncio.CancelledError, ConnectionError):  # the client hung up: nobody to answer
        raise
    except (OSError, sqlite3.Error) as exc:  # the host's disk or a database file: not the client's doing
        log.error("storage failure on %s %s: %s: %s", request.method, request.path, type(exc).__name__, exc)
        return error_response(503, "storage_unavailable", "The server cannot read its data right now; "
                              "try again later.", None, {"Retry-After": "5"})
    except Exception:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return error_response(500, "internal_error", "Internal server error.")
