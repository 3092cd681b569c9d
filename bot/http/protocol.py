"""The HTTP connection layer under the app: timeouts, and the requests aiohttp refuses itself.

A message aiohttp cannot parse (a bad header line, a broken chunked body, a line too long)
never reaches the app's middlewares: aiohttp answers it in text/plain, names its own version
in `Server` and logs a full traceback. Here such a request gets the API's JSON error shape,
`Server: admiralty`, and one WARNING line in the log; a client that hangs up is one line too.
Run the app through `make_runner` so every server (`admiralty serve`, tests, benchmarks) has it.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler

from bot.http.errors import SERVER_HEADER, STATUS_CODES, error_response, is_client_fault, short_reason

log = logging.getLogger("bot.http")

# Seconds a connection may sit without a complete request line and headers (aiohttp closes it
# then: its keep-alive timer also runs from the moment a connection opens), and seconds a
# request body may take to arrive (bot.http.validation answers 408 past it).
HEADER_TIMEOUT = 15.0
BODY_TIMEOUT = 15.0
BODY_TIMEOUT_KEY = web.AppKey("body_timeout", float)


class _HardenedRequestHandler(RequestHandler):
    """aiohttp's connection handler, answering its own refusals in the API's words."""

    def handle_error(self, request: Any, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        if exc is not None and is_client_fault(exc):
            if isinstance(exc, ConnectionError):  # nobody left to answer
                log.info("client %s disconnected before its answer", request.remote)
                raise ConnectionError("the client disconnected") from None
            code, status, text = _refusal(exc, status)
            log.warning("refused a malformed request from %s: %s", request.remote, short_reason(exc))
        else:
            code, text = "internal_error", "Internal server error."
            self.logger.error("error handling a request from %s", request.remote, exc_info=exc)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had started; the connection is closed instead")
        response = error_response(status, code, text)
        response.headers["Server"] = SERVER_HEADER
        response.force_close()
        return response

    def log_exception(self, *args: Any, **kw: Any) -> None:
        exc = kw.get("exc_info")
        if isinstance(exc, BaseException) and is_client_fault(exc):
            # Already answered and logged in one line (the middleware or handle_error); this is
            # aiohttp draining the same broken body afterwards.
            log.debug("%s: %s", (args[0] % args[1:]) if args else "client error", short_reason(exc))
            return
        super().log_exception(*args, **kw)


def _refusal(exc: BaseException, status: int) -> tuple[str, int, str]:
    """(code, status, message) for a request aiohttp could not read."""
    if isinstance(exc, HttpProcessingError) and 400 <= exc.code < 500:
        status = exc.code
    status = status if 400 <= status < 500 else 400
    return (STATUS_CODES.get(status, "bad_request"), status,
            f"Malformed HTTP request ({short_reason(exc)[:200]}).")


class HardenedServer(web.Server):
    """aiohttp's server making `_HardenedRequestHandler`s; `on_connection_lost`, when set, is called once
    per closed connection (bot.http.balance counts a worker's open connections with it)."""

    on_connection_lost: Callable[[], None] | None = None

    def __call__(self) -> RequestHandler:
        return _HardenedRequestHandler(self, loop=self._loop, **self._kwargs)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        super().connection_lost(handler, exc)
        if self.on_connection_lost is not None:
            self.on_connection_lost()


class HardenedAppRunner(web.AppRunner):
    """`web.AppRunner` whose connections use `_HardenedRequestHandler`."""

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        return HardenedServer(server.request_handler, request_factory=server.request_factory,
                               handler_cancellation=server.handler_cancellation, loop=server._loop,
                               **server._kwargs)


def make_runner(app: web.Application, **kwargs: Any) -> web.AppRunner:
    """The runner every server of this app should use (no access log: metrics count requests)."""
    kwargs.setdefault("access_log", None)
    return HardenedAppRunner(app, **kwargs)
