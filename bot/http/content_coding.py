"""Request bodies sent with `Content-Encoding`, decoded by the app rather than by aiohttp.

aiohttp's own decoding (off: `auto_decompress=False` in `create_app`) reports a truncated
deflate stream to the connection, not to the request, so the handler waited for a body that
had fully arrived; and it refuses `br`/`zstd` before the app can answer in its own words.
Here every coding is decided in one place: gzip and deflate are decoded with a cap on the
decoded size (a 100 MB gzip bomb stops at the cap), a broken stream is a 400, anything else
a 415 — all as `ApiError`s, so they get the API's JSON error shape.
"""
from __future__ import annotations

import zlib

from bot.http.errors import ApiError

SUPPORTED = ("identity", "gzip", "x-gzip", "deflate")


def decode_body(raw: bytes, content_encoding: str, limit: int) -> bytes:
    """`raw` with the codings of a `Content-Encoding` header undone (last applied, first undone);
    ApiError 415 for a coding we do not decode, 400 for a broken stream, 413 past `limit` bytes."""
    codings = [c.strip().lower() for c in content_encoding.split(",") if c.strip()]
    unknown = [c for c in codings if c not in SUPPORTED]
    if unknown:
        raise ApiError(415, "unsupported_content_encoding",
                       f"Content-Encoding {unknown[0][:20]!r} is not supported; send the body as identity, "
                       "gzip or deflate.", "Content-Encoding")
    for coding in reversed(codings):
        if coding in ("gzip", "x-gzip"):
            raw = _inflate(raw, zlib.MAX_WBITS | 16, limit, coding)
        elif coding == "deflate":
            try:
                raw = _inflate(raw, zlib.MAX_WBITS, limit, coding)  # RFC 9110: zlib-wrapped
            except ApiError as exc:
                if exc.status != 400:
                    raise
                raw = _inflate(raw, -zlib.MAX_WBITS, limit, coding)  # what some clients send: raw deflate
    return raw


def _inflate(data: bytes, wbits: int, limit: int, coding: str) -> bytes:
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error:
        raise _broken(coding) from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise ApiError(413, "body_too_large", f"The request body decodes to more than {limit} bytes.")
    if not inflater.eof or inflater.unused_data:
        raise _broken(coding)
    return out


def _broken(coding: str) -> ApiError:
    return ApiError(400, "malformed_body", f"The request body is not valid {coding} data "
                    "(truncated or corrupted); check its Content-Encoding.", "Content-Encoding")
