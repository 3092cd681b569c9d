"""`GET /metrics` in the Prometheus text format, and the counters behind it.

One registry per process (Prometheus scrapes each replica and bot shard process on its
own and adds them up), so the Discord bot's command counts show here when it runs in the
same process (`admiralty serve --with-bot`). Under `admiralty serve --processes N` the
workers count in prometheus-client's multiprocess mode (`PROMETHEUS_MULTIPROC_DIR`, set by
the serving process before this module is imported): whichever worker answers a scrape
adds up every worker's files, so one scrape shows the whole server. In that mode the
per-process `process_*`/`python_gc_*` series are left out (the client library cannot add
them up). Labels are bounded: an endpoint is its route
pattern (`/static/{name}`, never the raw path; `unmatched` for 404s), so a scanner
cannot grow the series without limit.
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from aiohttp import web
from aiohttp.typedefs import Handler
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.exposition import choose_encoder
from prometheus_client.gc_collector import GCCollector
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

from core.settings import METRICS_DIR_VARIABLE, env

REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

UNMATCHED = "unmatched"
# The status counted for a request whose client disconnected before its answer (nginx's 499,
# "client closed request"): a network blip must not look like a server error on a dashboard.
CLIENT_CLOSED = 499
# Seconds; search answers in tens of milliseconds, a cold model load or a big exact odds in seconds.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

HTTP_REQUESTS = Counter(
    "admiralty_http_requests", "HTTP requests answered, by endpoint (route pattern), method and status",
    ["endpoint", "method", "status"], registry=REGISTRY,
)
HTTP_LATENCY = Histogram(
    "admiralty_http_request_duration_seconds", "Time to answer an HTTP request, by endpoint and method",
    ["endpoint", "method"], buckets=LATENCY_BUCKETS, registry=REGISTRY,
)
REFEREE_TIMEOUTS = Counter(
    "admiralty_referee_timeouts", "Dice calculations stopped at the time limit (answered 422)",
    ["action"], registry=REGISTRY,
)
ASK_ANSWERS = Counter(
    "admiralty_ask_answers", "Questions answered over HTTP, by status: answered (passages found) or not_found",
    ["status"], registry=REGISTRY,
)
BOT_COMMANDS = Counter(
    "admiralty_bot_commands", "Discord slash commands, by command and outcome "
    "(answered, rejected, rate_limited, unavailable, failed)",
    ["command", "outcome"], registry=REGISTRY,
)


def record_ask(result: dict[str, object]) -> str:
    """Add `status` ("answered" when any passage came back, else "not_found") to an ask result and count it."""
    status = str(result.get("status") or ("answered" if result.get("results") else "not_found"))
    result["status"] = status
    ASK_ANSWERS.labels(status).inc()
    return status


def record_referee_timeout(action: str) -> None:
    REFEREE_TIMEOUTS.labels(action).inc()


def record_bot_command(command: str, outcome: str) -> None:
    """Called by the Discord bot for every slash command it handles (bot/discord_bot/replies.py)."""
    BOT_COMMANDS.labels(command, outcome).inc()


def build_info(version: str, index: str, model: str) -> GaugeMetricFamily:
    """`admiralty_build_info`, made per scrape: one series, so a new index build replaces the old labels."""
    family = GaugeMetricFamily(
        "admiralty_build_info", "Always 1; the labels say which release, index build and model answer here",
        labels=["version", "index", "model"],
    )
    family.add_metric([version, index, model], 1)
    return family


class _Scrape:
    """What one scrape exposes: this process's registry, or every worker's files in multiprocess
    mode; then the build info."""

    def __init__(self, extra: Metric) -> None:
        self._extra = extra

    def collect(self) -> Iterator[Metric]:
        directory = env(METRICS_DIR_VARIABLE)
        if directory:
            yield from MultiProcessCollector(None, directory).collect()  # type: ignore[no-untyped-call]
        else:
            yield from REGISTRY.collect()
        yield self._extra


def endpoint_of(request: web.Request) -> str:
    """The route pattern that matched (`/v1/ask`, `/static/{name}`), or `unmatched`."""
    info = request.match_info
    if info.http_exception is not None:
        return UNMATCHED
    route = info.route
    resource = route.resource if route is not None else None
    return resource.canonical if resource is not None else UNMATCHED


@web.middleware
async def metrics_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Count and time every request; put it first (outermost) so it sees the final status."""
    started = time.perf_counter()
    status = 500  # a cancelled or crashed handler
    try:
        response = await handler(request)
        status = response.status
        return response
    except web.HTTPException as exc:
        status = exc.status
        raise
    except ConnectionError:  # the client hung up mid-request: not a server error
        status = CLIENT_CLOSED
        raise
    finally:
        counted, timed = _series(endpoint_of(request), request.method, status)
        counted.inc()
        timed.observe(time.perf_counter() - started)


@functools.lru_cache(maxsize=1024)  # bounded labels (route patterns, methods, statuses): looked up once each
def _series(endpoint: str, method: str, status: int) -> tuple[Counter, Histogram]:
    """A request's counter and histogram series: `labels()` checks and locks on every call (~10 µs a
    request in multiprocess mode, a fortieth of the event loop's work for a question)."""
    return HTTP_REQUESTS.labels(endpoint, method, str(status)), HTTP_LATENCY.labels(endpoint, method)


# The app stores here a function giving (version, data dir, model) for the build-info labels.
BuildLabels = Callable[[], tuple[str, Path, str]]
BUILD_LABELS: web.AppKey[BuildLabels] = web.AppKey("metrics_build_labels")


def index_version(data_dir: Path) -> str:
    """The live index build's directory name (it carries the build time), or "none"."""
    from index.store import current_build

    build = current_build(data_dir)
    return build.name if build is not None else "none"


async def metrics_handler(request: web.Request) -> web.Response:
    """`GET /metrics`: everything in REGISTRY, in the text format the scraper's Accept header asks for
    (Prometheus' plain text 0.0.4 or 1.0.0, or OpenMetrics)."""
    version, data_dir, model = request.app[BUILD_LABELS]()
    scrape = _Scrape(build_info(version, index_version(data_dir), model))  # per scrape: a rebuild shows at once
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))
    return web.Response(body=encode(scrape), headers={"Content-Type": content_type})
