"""The aiohttp application: routes, shared state and the middlewares around them.

Handlers only translate: validate the request, run the matching `Admiralty`
method in a thread pool (search and dice maths are CPU work that must not block
the event loop), and return its JSON unchanged.
"""
from __future__ import annotations

import asyncio
import functools
import hmac
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, TypeVar

from aiohttp import web

from bot.http import specs
from bot.http.errors import ApiError, Handler, bad_request, error_middleware
from bot.http.openapi import build_openapi
from bot.http.validation import MAX_BODY_BYTES, read_json_object, validate_body, validate_query
from bot.http.workers import CallTimedOut, RefereeProcessPool, UserInputError, WorkerCrashed
from bot.service import REFEREE_ACTIONS, Admiralty

T = TypeVar("T")

SERVICE = web.AppKey("service", Admiralty)
EXECUTOR = web.AppKey("executor", ThreadPoolExecutor)
LOOKUP_EXECUTOR = web.AppKey("lookup_executor", ThreadPoolExecutor)
REFEREE_POOL = web.AppKey("referee_pool", RefereeProcessPool)
REFEREE_WAITERS = web.AppKey("referee_waiters", ThreadPoolExecutor)
API_KEY = web.AppKey("api_key", str)
CORS_ORIGINS = web.AppKey("cors_origins", frozenset)

STATIC_DIR = resources.files("bot.http") / "static"

# The page loads nothing from elsewhere; say so to the browser.
_PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(
    service: Admiralty,
    *,
    api_key: str | None = None,
    cors_origins: Sequence[str] = (),
    workers: int = 16,
    referee_processes: int = 2,
    referee_timeout: float = 10.0,
) -> web.Application:
    """An application serving the API and the page over one shared `Admiralty`.

    Search runs in a pool of `workers` threads; the referee in `referee_processes`
    child processes, each call killed after `referee_timeout` seconds.
    """
    app = web.Application(
        client_max_size=MAX_BODY_BYTES,
        middlewares=[header_middleware, cors_middleware, error_middleware, auth_middleware],
    )
    app[SERVICE] = service
    app[EXECUTOR] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="admiralty-search")
    # Term lookups are quick SQLite reads: their own threads keep them from queueing behind searches.
    app[LOOKUP_EXECUTOR] = ThreadPoolExecutor(max_workers=2, thread_name_prefix="admiralty-lookup")
    app[API_KEY] = api_key or ""
    app[CORS_ORIGINS] = frozenset(origin.rstrip("/") for origin in cors_origins)
    app[REFEREE_POOL] = RefereeProcessPool(referee_processes, referee_timeout)
    app[REFEREE_WAITERS] = ThreadPoolExecutor(max_workers=referee_processes, thread_name_prefix="admiralty-referee")
    app.on_startup.append(_start_referee_pool)
    app.on_cleanup.append(_shutdown_executor)

    app.router.add_get("/", page)
    app.router.add_get("/static/{name}", static_file)
    app.router.add_get("/health", health)
    app.router.add_get("/openapi.json", openapi)
    app.router.add_post("/v1/ask", ask)
    app.router.add_get("/v1/rule", rule)
    app.router.add_get("/v1/complete", complete)
    app.router.add_get("/v1/sources", sources)
    for action in REFEREE_ACTIONS:
        app.router.add_post(f"/v1/{action}", functools.partial(referee, action))
    return app


async def _start_referee_pool(app: web.Application) -> None:
    app[REFEREE_POOL].start()


async def _shutdown_executor(app: web.Application) -> None:
    app[EXECUTOR].shutdown(wait=False, cancel_futures=True)
    app[LOOKUP_EXECUTOR].shutdown(wait=False, cancel_futures=True)
    app[REFEREE_POOL].close()
    app[REFEREE_WAITERS].shutdown(wait=False, cancel_futures=True)


async def run_in_pool(
    request: web.Request,
    func: Callable[..., T],
    *args: Any,
    executor: web.AppKey[ThreadPoolExecutor] = EXECUTOR,
    **kwargs: Any,
) -> T:
    """Run a service call off the event loop; map the libraries' user errors to 4xx/503."""
    from index.errors import AdmiraltyError, CorpusError, IndexMissingError, ModelError
    from referee.errors import InputError

    loop = asyncio.get_running_loop()
    call = functools.partial(func, *args, **kwargs)
    try:
        return await loop.run_in_executor(request.app[executor], call)
    except (IndexMissingError, ModelError, CorpusError) as exc:
        raise ApiError(503, "unavailable", _one_line(exc), getattr(exc, "field", None)) from None
    except (AdmiraltyError, InputError) as exc:
        raise bad_request("invalid_value", _one_line(exc), getattr(exc, "field", None)) from None


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


# -- middlewares ----------------------------------------------------------------------


@web.middleware
async def auth_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """With an API key configured, /v1/* needs `Authorization: Bearer <key>`."""
    key = request.app[API_KEY]
    if key and request.path.startswith("/v1/") and request.method != "OPTIONS":
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), key.encode()):
            raise ApiError(
                401,
                "unauthorized",
                "Send the API key as 'Authorization: Bearer <key>'.",
                "Authorization",
                {"WWW-Authenticate": 'Bearer realm="admiralty"'},
            )
    return await handler(request)


@web.middleware
async def cors_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """CORS only for the configured origins; with none configured, no CORS headers at all."""
    origins = request.app[CORS_ORIGINS]
    origin = request.headers.get("Origin", "").rstrip("/")
    allowed = bool(origins) and ("*" in origins or origin in origins)
    if request.method == "OPTIONS" and allowed and "Access-Control-Request-Method" in request.headers:
        response: web.StreamResponse = web.Response(status=204)
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type"
        response.headers["Access-Control-Max-Age"] = "600"
    else:
        response = await handler(request)
    if allowed:
        response.headers["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
        response.headers["Vary"] = "Origin"
    return response


@web.middleware
async def header_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    response = await handler(request)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if request.path.startswith("/v1/"):
        response.headers.setdefault("Cache-Control", "no-store")
    return response


# -- the page -------------------------------------------------------------------------

_STATIC_TYPES = {"app.js": "text/javascript", "style.css": "text/css"}


@functools.cache
def _static_bytes(name: str) -> bytes:
    return (STATIC_DIR / name).read_bytes()


async def page(request: web.Request) -> web.Response:
    html = _static_bytes("index.html")
    return web.Response(body=html, content_type="text/html", charset="utf-8", headers=_PAGE_HEADERS)


async def static_file(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in _STATIC_TYPES:  # a fixed list: no path ever reaches the file system
        raise ApiError(404, "not_found", "No such file.")
    body = _static_bytes(name)
    return web.Response(body=body, content_type=_STATIC_TYPES[name], charset="utf-8", headers=_PAGE_HEADERS)


# -- the API --------------------------------------------------------------------------


async def health(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok", "version": _version()})


async def openapi(request: web.Request) -> web.Response:
    return web.json_response(build_openapi(_version(), secured=bool(request.app[API_KEY])))


async def ask(request: web.Request) -> web.Response:
    params = validate_body(await read_json_object(request), specs.ASK)
    service = request.app[SERVICE]
    return web.json_response(await run_in_pool(request, service.ask, **params))


async def rule(request: web.Request) -> web.Response:
    params = validate_query(request.query, specs.RULE)
    service = request.app[SERVICE]
    return web.json_response(await run_in_pool(request, service.rule, executor=LOOKUP_EXECUTOR, **params))


async def complete(request: web.Request) -> web.Response:
    params = validate_query(request.query, specs.COMPLETE)
    limit = params.get("limit", specs.MAX_COMPLETIONS)
    names = await run_in_pool(
        request, request.app[SERVICE].complete_terms, params["prefix"], limit=limit, executor=LOOKUP_EXECUTOR
    )
    return web.json_response({"prefix": params["prefix"], "terms": list(names)[:limit]})


async def sources(request: web.Request) -> web.Response:
    validate_query(request.query, ())
    documents = await run_in_pool(request, request.app[SERVICE].sources, executor=LOOKUP_EXECUTOR)
    return web.json_response({"documents": documents})


async def referee(action: str, request: web.Request) -> web.Response:
    params = validate_body(await read_json_object(request), specs.referee_specs(action))
    pool = request.app[REFEREE_POOL]
    loop = asyncio.get_running_loop()
    try:
        result = await loop.run_in_executor(request.app[REFEREE_WAITERS], pool.call, action, params)
    except UserInputError as exc:
        raise bad_request("invalid_value", _one_line(exc), exc.field) from None
    except CallTimedOut:
        raise ApiError(
            422,
            "too_expensive",
            f"This {action} takes longer than {pool.timeout:g} s to work out exactly; "
            "use fewer dice or fewer re-roll qualities such as Sustained.",
        ) from None
    except WorkerCrashed:
        raise ApiError(500, "internal_error", "Internal server error.") from None
    return web.json_response(result)


@functools.cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("admiralty")
    except PackageNotFoundError:
        return "unknown"

