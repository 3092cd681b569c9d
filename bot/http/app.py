"""The aiohttp application: routes, shared state and the middlewares around them.

Handlers only translate: validate the request, run the matching `Admiralty`
method in a thread pool (search and dice maths are CPU work that must not block
the event loop), and return its JSON unchanged.
"""
from __future__ import annotations

import asyncio
import functools
import hmac
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, TypeVar

from aiohttp import web

from bot import metrics
from bot.http import openapi as doc
from bot.http import specs
from bot.http.admission import FairQueue
from bot.http.errors import SERVER_HEADER, ApiError, Handler, error_middleware, request_lang
from bot.http.openapi import build_openapi
from bot.http.protocol import BODY_TIMEOUT, BODY_TIMEOUT_KEY, HEADER_TIMEOUT
from bot.http.ratelimit import DEFAULT_BURST, DEFAULT_RATE_PER_MINUTE, NO_PROXY, ProxyTrust, client_key
from bot.http.render import body_response, json_bytes, json_response
from bot.http.routes import Route
from bot.http.schemas import SOURCE_KEYS
from bot.http.validation import MAX_BODY_BYTES, read_json_object, validate_body, validate_query
from bot.http.workers import CallTimedOut, RefereeProcessPool, WorkersLost
from bot.rate_limit import RateLimiter
from bot.service import Admiralty, TooExpensiveError, UserInputError, referee_actions
from core.settings import DEFAULT_CPU_SLOTS, DEFAULT_SEARCH_THREADS, REFEREE_CHILDREN

T = TypeVar("T")

SERVICE = web.AppKey("service", Admiralty)
EXECUTOR = web.AppKey("executor", ThreadPoolExecutor)
REFEREE_POOL = web.AppKey("referee_pool", RefereeProcessPool)
REFEREE_WAITERS = web.AppKey("referee_waiters", ThreadPoolExecutor)
API_KEY = web.AppKey("api_key", str)
CORS_ORIGINS = web.AppKey("cors_origins", frozenset)
ASK_LIMITER = web.AppKey[RateLimiter | None]("ask_limiter")
PROXY_TRUST = web.AppKey("proxy_trust", ProxyTrust)
METRICS_TOKEN = web.AppKey("metrics_token", str)
CPU_QUEUE = web.AppKey("cpu_queue", FairQueue)

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
    workers: int = DEFAULT_SEARCH_THREADS,
    referee_processes: int = REFEREE_CHILDREN,
    referee_timeout: float = 10.0,
    ask_rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
    ask_burst: int = DEFAULT_BURST,
    header_timeout: float = HEADER_TIMEOUT,
    body_timeout: float = BODY_TIMEOUT,
    ask_limiter: RateLimiter | None = None,
    proxy_trust: ProxyTrust = NO_PROXY,
    metrics_token: str | None = None,
    cpu_slots: int = DEFAULT_CPU_SLOTS,
) -> web.Application:
    """An application serving the API and the page over one shared `Admiralty`.

    Search runs in a pool of `workers` threads; the referee in `referee_processes`
    child processes, each call killed after `referee_timeout` seconds. `cpu_slots` requests of any
    kind are admitted at once, the others wait in arrival order (bot/http/admission.py). Each client may
    ask `ask_rate_per_minute` questions a minute, in bursts of up to `ask_burst` (0: no limit),
    unless `ask_limiter` is given (one shared by several worker processes). `proxy_trust` says
    whose X-Forwarded-For to believe; `/metrics` needs `metrics_token`, else the API key, if set.
    A connection without a complete request head (or idle) for `header_timeout` seconds is
    closed; a body that takes longer than `body_timeout` seconds is answered 408.
    """
    app = web.Application(
        client_max_size=MAX_BODY_BYTES,
        # An idle connection, or one still without a complete request head, is closed after
        # `header_timeout`; bodies are decoded by the app (bot/http/content_coding.py), not aiohttp.
        handler_args={"keepalive_timeout": header_timeout, "auto_decompress": False},
        middlewares=[metrics.metrics_middleware, header_middleware, cors_middleware, error_middleware, auth_middleware],
    )
    app[SERVICE] = service
    app[BODY_TIMEOUT_KEY] = body_timeout
    # Every service call (questions, rule and unit look-ups) takes a thread of this one pool, in the order
    # the CPU queue let it in: a look-up of its own thread went ahead of the questions waiting for a search
    # thread (bot/http/admission.py). The referee's calls wait for their child process in their own threads.
    app[EXECUTOR] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="admiralty-search")
    app[API_KEY] = api_key or ""
    app[metrics.BUILD_LABELS] = lambda: (_version(), service.settings.data_dir, service.settings.model)
    app[CORS_ORIGINS] = frozenset(origin.rstrip("/") for origin in cors_origins)
    app[REFEREE_POOL] = RefereeProcessPool(referee_processes, referee_timeout, service.settings)
    app[REFEREE_WAITERS] = ThreadPoolExecutor(max_workers=referee_processes, thread_name_prefix="admiralty-referee")
    if ask_limiter is None and ask_rate_per_minute > 0:
        ask_limiter = RateLimiter(ask_rate_per_minute, ask_burst)
    app[ASK_LIMITER] = ask_limiter
    app[PROXY_TRUST] = proxy_trust
    app[METRICS_TOKEN] = metrics_token or api_key or ""
    app[CPU_QUEUE] = FairQueue(cpu_slots)
    app.on_response_prepare.append(_hide_server_version)
    app.on_startup.append(_start_referee_pool)
    app.on_cleanup.append(_shutdown_executor)

    for route in ROUTES:
        app.router.add_route(route.method, route.path, route.handler)
    return app


async def _hide_server_version(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_HEADER


async def _start_referee_pool(app: web.Application) -> None:
    app[REFEREE_POOL].start()


async def _shutdown_executor(app: web.Application) -> None:
    app[EXECUTOR].shutdown(wait=False, cancel_futures=True)
    app[REFEREE_POOL].close()
    app[REFEREE_WAITERS].shutdown(wait=False, cancel_futures=True)


async def run_in_pool(request: web.Request, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a service call off the event loop, when its turn in the CPU queue comes (user errors reach
    the error middleware as they are)."""
    loop = asyncio.get_running_loop()
    call = functools.partial(func, *args, **kwargs)
    return await request.app[CPU_QUEUE].run(lambda: loop.run_in_executor(request.app[EXECUTOR], call),
                                            wanted=lambda: still_connected(request))


def still_connected(request: web.Request) -> bool:
    """False once the client has hung up (aiohttp drops the transport when the connection is lost)."""
    return request.transport is not None and not request.transport.is_closing()


# -- middlewares ----------------------------------------------------------------------


@web.middleware
async def auth_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """With an API key configured, /v1/* needs `Authorization: Bearer <key>`; /metrics needs the
    metrics token, else the API key, when either is set."""
    if request.path == "/metrics":
        key = request.app[METRICS_TOKEN]
    else:
        key = request.app[API_KEY] if request.path.startswith("/v1/") and request.method != "OPTIONS" else ""
    if key:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), key.encode()):
            raise ApiError(
                401,
                "unauthorized",
                "Send the metrics token (or the API key when none is set) as 'Authorization: Bearer <token>'."
                if request.path == "/metrics" else "Send the API key as 'Authorization: Bearer <key>'.",
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
        response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type, Accept-Language"
        response.headers["Access-Control-Max-Age"] = "600"
    else:
        response = await handler(request)
    if allowed:
        response.headers["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
        # A cross-origin client may read how long a 429 asks it to wait.
        response.headers["Access-Control-Expose-Headers"] = "Retry-After"
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
    return json_response({"status": "ok", "version": _version()})


async def openapi(request: web.Request) -> web.Response:
    limiter = request.app[ASK_LIMITER]
    rate, burst = (limiter.rate * 60, int(limiter.burst)) if limiter else (0.0, 0)
    document = build_openapi(_version(), ROUTES, secured=bool(request.app[API_KEY]),
                             ask_rate_per_minute=rate, ask_burst=burst)
    return json_response(document)


async def ask(request: web.Request) -> web.Response:
    limiter = request.app[ASK_LIMITER]
    seconds = limiter.acquire(ask_client_key(request)) if limiter is not None else 0
    wait = max(1, math.ceil(seconds)) if seconds > 0 else 0  # Retry-After is in whole seconds
    if wait:
        raise ApiError(
            429, "rate_limited", f"Too many questions from this client; try again in {wait} s.",
            None, {"Retry-After": str(wait)},
        )
    params = validate_body(await read_json_object(request), specs.ASK)
    return body_response(await run_in_pool(request, _answer_json, request.app[SERVICE], params))


def _answer_json(service: Admiralty, params: dict[str, Any]) -> bytes:
    """An ask's body, made in the search thread: the event loop is left only the sending."""
    result = service.ask(**params)
    metrics.record_ask(result)  # adds "status": "answered" | "not_found"
    return json_bytes(result)


def ask_client_key(request: web.Request) -> str:
    """Whose bucket an ask is taken from (bot/http/ratelimit.py)."""
    return client_key(request.headers.get("Authorization", ""), request.remote, api_key=request.app[API_KEY],
                      headers=request.headers, trust=request.app[PROXY_TRUST])


async def rule(request: web.Request) -> web.Response:
    params = validate_query(request.query, specs.RULE)
    service = request.app[SERVICE]
    return json_response(await run_in_pool(request, service.rule, **params))


async def complete(request: web.Request) -> web.Response:
    params = validate_query(request.query, specs.COMPLETE)
    limit = params.get("limit", specs.MAX_COMPLETIONS)
    names = await run_in_pool(
        request, request.app[SERVICE].complete_terms, params["prefix"], limit=limit
    )
    return json_response({"prefix": params["prefix"], "terms": list(names)[:limit]})


async def sources(request: web.Request) -> web.Response:
    validate_query(request.query, ())
    documents = await run_in_pool(request, request.app[SERVICE].sources)
    public = [{key: doc[key] for key in SOURCE_KEYS if key in doc} for doc in documents]
    return json_response({"documents": public})


async def unit(request: web.Request) -> web.Response:
    """A unit's card(s) by fuzzy name, the same JSON as `admiralty unit --json`."""
    from units.params import UNIT_QUERY_PARAMS

    params = validate_query(request.query, UNIT_QUERY_PARAMS)
    service = request.app[SERVICE]
    return json_response(await run_in_pool(request, service.unit, params["name"]))


async def unit_names(request: web.Request) -> web.Response:
    """Unit names for autocomplete; an absent prefix lists the first names."""
    from units.params import UNITS_QUERY_PARAMS

    params = validate_query(request.query, UNITS_QUERY_PARAMS)
    prefix, limit = params.get("prefix", ""), params.get("limit", 25)
    names = await run_in_pool(request, request.app[SERVICE].complete_units, prefix, limit=limit)
    return json_response({"prefix": prefix, "units": list(names)[:limit]})


async def fleet(request: web.Request) -> web.Response:
    """The imported fleet, the same JSON as `admiralty fleet show --json`."""
    from units.params import FLEET_QUERY_PARAMS

    params = validate_query(request.query, FLEET_QUERY_PARAMS)
    return json_response(await run_in_pool(request, request.app[SERVICE].fleet, params.get("name")))


async def fleet_vs(request: web.Request) -> web.Response:
    """Every ship × weapon × band of the fleet against one target: `admiralty fleet vs TARGET --json`."""
    body = await read_json_object(request)
    # before validation: its errors speak the player's language (or the one the target is written in)
    lang = request_lang(request, body.get("lang"), body.get("target"))
    params = validate_body(body, specs.fleet_vs_specs())
    service = request.app[SERVICE]
    try:
        table = await run_in_pool(request, service.fleet_vs, params["target"], fleet=params.get("fleet"),
                                  ruleset=params.get("ruleset"), lang=lang)
    except UserInputError as exc:
        if exc.status != 400:
            raise
        # Well-formed: a target no profile has is not found; one in several factions, or only in the
        # other edition, cannot be used as asked.
        status, code = (404, exc.code) if exc.code == "unit_not_found" else (422, "unprocessable")
        raise UserInputError(exc.message, exc.field, status=status, code=code, key=exc.key, params=exc.params,
                             ru=exc.ru) from None
    return json_response(table)


async def referee(action: str, request: web.Request) -> web.Response:
    body = await read_json_object(request)
    # before validation: its errors speak the player's language (or the one the description is written in)
    lang = request_lang(request, body.get("lang"), body.get("description"))
    params = validate_body(body, specs.referee_specs(action))
    params.pop("lang", None)
    pool = request.app[REFEREE_POOL]
    loop = asyncio.get_running_loop()
    try:
        answer = await request.app[CPU_QUEUE].run(
            lambda: loop.run_in_executor(request.app[REFEREE_WAITERS], pool.call_json, action, params, lang),
            wanted=lambda: still_connected(request))
    except UserInputError as exc:
        if exc.status != 400:
            raise
        # Every field already passed its spec: what the rules refuse (a value the ruleset needs is
        # missing, values contradict each other) is well-formed but unprocessable.
        raise UserInputError(exc.message, exc.field, status=422, code="unprocessable") from None
    except CallTimedOut:
        metrics.record_referee_timeout(action)
        raise TooExpensiveError(
            f"This {action} takes longer than {pool.timeout:g} s to work out exactly; "
            "use fewer dice or fewer re-roll qualities such as Sustained."
        ) from None
    except WorkersLost:
        raise ApiError(503, "referee_unavailable", "The dice calculator restarted while working this out; "
                       "try again in a moment.", None, {"Retry-After": "1"}) from None
    # WorkerCrashed (a bug) falls through to the error middleware: logged, answered 500.
    return body_response(answer)  # the child's JSON, sent as it came


@functools.cache
def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("admiralty")
    except PackageNotFoundError:
        return "unknown"


# -- the route table: the router and the OpenAPI paths are both built from it -----------------------------

ROUTES: tuple[Route, ...] = (
    Route("GET", "/", page),
    Route("GET", "/static/{name}", static_file),
    Route("GET", "/health", health, doc.health_operation),
    Route("GET", "/metrics", metrics.metrics_handler),
    Route("GET", "/openapi.json", openapi),
    Route("POST", "/v1/ask", ask, doc.ask_operation),
    Route("GET", "/v1/rule", rule, doc.rule_operation),
    Route("GET", "/v1/complete", complete, doc.complete_operation),
    Route("GET", "/v1/sources", sources, doc.sources_operation),
    Route("GET", "/v1/unit", unit, doc.unit_operation),  # issue 10: unit profiles
    Route("GET", "/v1/units", unit_names, doc.units_operation),
    Route("GET", "/v1/fleet", fleet, doc.fleet_operation),  # issue 17: fleets
    Route("POST", "/v1/fleet/vs", fleet_vs, doc.fleet_vs_operation),
    *(Route("POST", f"/v1/{action}", functools.partial(referee, action), doc.referee_operation(action, summary))
      for action, summary in referee_actions().items()),
)
