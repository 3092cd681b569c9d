"""`admiralty serve`: the HTTP API and the web page on every core (gunicorn with one aiohttp worker
process per core, bot/http/processes.py), or in this one process (`--processes 1`, which
`--with-bot` needs: the Discord bot then runs beside the API)."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiohttp import web

    from bot.http.ratelimit import ProxyTrust
    from bot.rate_limit import RateLimiter

from bot.cli.output import whole_number
from core.settings import DEFAULT_CPU_SLOTS, DEFAULT_SEARCH_THREADS, user_env

SWITCH_INTERVAL_S = 0.001


_port = whole_number(0, 65535, "a port")
_workers = whole_number(1, 64, "a count from 1 to 64")
_processes = whole_number(1, 64, "a count from 1 to 64")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the HTTP API and the web page",
        description="Serve the JSON API (/v1/…, /openapi.json) and the web page (/). "
        "Binds to loopback unless told otherwise; elsewhere it needs an API key.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8080, help="port to bind (default: 8080)")
    parser.add_argument(
        "--api-key-env",
        metavar="NAME",
        help="require 'Authorization: Bearer <key>' on /v1/*, the key read from this environment variable",
    )
    parser.add_argument(
        "--allow-no-key",
        action="store_true",
        help="allow binding a non-loopback address without an API key",
    )
    parser.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="allow browser calls from this origin, e.g. https://example.org (repeatable; default: none)",
    )
    parser.add_argument("--processes", type=_processes, default=None, metavar="N",
                        help="worker processes, each with its own index and model (default: one per core; "
                        "1 with --with-bot)")
    parser.add_argument("--workers", type=_workers, default=DEFAULT_SEARCH_THREADS,
                        help=f"search threads in each process (default: {DEFAULT_SEARCH_THREADS}; each question "
                        "is encoded on its own)")
    parser.add_argument("--cpu-slots", type=_workers, default=DEFAULT_CPU_SLOTS, metavar="N",
                        help="requests of any kind admitted at once in each process; the others wait their "
                        f"turn in arrival order (default: {DEFAULT_CPU_SLOTS})")
    parser.add_argument(
        "--referee-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="stop a dice calculation after this long and answer 422 (default: 10)",
    )
    parser.add_argument("--ask-rate", type=float, default=30.0, metavar="PER_MINUTE",
                        help="questions a minute each client may ask (POST /v1/ask; 0: no limit; default: 30)")
    parser.add_argument("--ask-burst", type=_workers, default=10, metavar="N",
                        help="questions a client may ask at once before the rate applies (default: 10)")
    parser.add_argument(
        "--forwarded-allow-ips", default="", metavar="ADDRESSES",
        help="proxies whose X-Forwarded-For names the client (comma-separated addresses or networks, "
        "e.g. 127.0.0.1 for nginx on this host, or * behind a private network; default: none)",
    )
    parser.add_argument("--proxy-header", choices=["x-forwarded-for", "forwarded"], default="x-forwarded-for",
                        help="the header those proxies write the client's address into (default: x-forwarded-for)")
    parser.add_argument(
        "--metrics-token-env", metavar="NAME",
        help="require 'Authorization: Bearer <token>' on /metrics, the token read from this environment "
        "variable (default: the API key when one is set, else /metrics is open)",
    )
    parser.add_argument(
        "--lazy", action="store_true",
        help="load the model and index on the first request, not at start-up (with several processes a "
        "missing or stale index is then not built: the API answers 503 until `admiralty index build`)"
    )
    parser.add_argument("--with-bot", action="store_true", help="also run the Discord bot in this process")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.service import UserInputError

    api_key = _api_key(args.api_key_env, UserInputError)
    metrics_token = _api_key(args.metrics_token_env, UserInputError)
    if not _is_loopback(args.host) and not api_key and not args.allow_no_key:
        raise UserInputError(
            f"refusing to serve on {args.host} without an API key: set one with --api-key-env NAME "
            "(or pass --allow-no-key)"
        )
    if not 0 <= args.ask_rate <= 100_000:
        raise UserInputError("--ask-rate must be between 0 (no limit) and 100000 a minute")
    if not 0.5 <= args.referee_timeout <= 600:
        raise UserInputError("--referee-timeout must be between 0.5 and 600 seconds")
    if args.with_bot and args.processes not in (None, 1):
        raise UserInputError("--with-bot runs the bot beside the API in one process: use --processes 1, "
                             "or run `admiralty bot` on its own")
    processes = args.processes or (1 if args.with_bot else _default_processes())
    trust = _proxy_trust(args.forwarded_allow_ips, args.proxy_header, UserInputError)
    import logging  # here, not at the top: every `admiralty` command imports this module

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    # Search threads hold the GIL between forward passes; with a 1 ms switch interval (5 ms by
    # default) the event loop and the encoding thread get it back sooner (bench/load.py with
    # one ONNX thread, see index/onnx_backend.py: ask p95 254/243 ms -> 201/224 ms, alternated).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # Libraries that narrate their start-up at INFO (FAISS's CPU-feature probing, the model loader).
    for noisy in ("faiss", "faiss.loader", "sentence_transformers"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    if processes > 1:
        return _run_workers(args, processes, api_key, metrics_token, trust)
    return _run_one_process(args, api_key, metrics_token, trust)


def _run_one_process(args: argparse.Namespace, api_key: str | None, metrics_token: str | None,
                     trust: ProxyTrust) -> int:
    """The API (and the bot, with --with-bot) on this process's event loop."""
    import asyncio
    import logging

    from bot.http.event_loop import use_fast_event_loop
    from bot.http.heap import freeze_loaded_objects
    from bot.http.server import BindError, CompanionFailed, serve_until_stopped
    from bot.service import Admiralty, UserInputError

    service = Admiralty()
    bot_coroutine = None
    if args.with_bot:
        from bot.discord_bot.runner import load_token, start_bot

        token = load_token()  # fails fast, before the model loads
    if not args.lazy:
        print("admiralty: loading the index and the model…", file=sys.stderr)
        service.warm()
        service.terms  # noqa: B018 - loads the term book too
        freeze_loaded_objects()
    if args.with_bot:
        bot_coroutine = start_bot(service, token)
    app = _app_maker(args, api_key, metrics_token, trust, None)(service)

    def announce(url: str) -> None:
        extra = " and the Discord bot" if args.with_bot else ""
        print(f"admiralty: serving the API{extra} on {url}/ (Ctrl-C to stop)", file=sys.stderr, flush=True)

    use_fast_event_loop()
    try:
        asyncio.run(serve_until_stopped(app, args.host, args.port, also=bot_coroutine, on_ready=announce))
    except BindError as exc:
        raise UserInputError(str(exc)) from None
    except CompanionFailed as exc:
        cause = exc.__cause__
        if cause is not None and not isinstance(cause, (OSError, UserInputError)):
            logging.getLogger(__name__).error("the Discord bot failed", exc_info=cause)
        raise UserInputError(f"the Discord bot stopped: {exc}; the API stopped with it") from None
    return 0


def _run_workers(args: argparse.Namespace, processes: int, api_key: str | None, metrics_token: str | None,
                 trust: ProxyTrust) -> int:
    """gunicorn with `processes` aiohttp workers sharing one listening socket (accepting by least
    connections), one rate-limit table and one metrics directory; each worker loads its own index and model."""
    from bot.http.processes import make_metrics_dir
    from core.settings import METRICS_DIR_VARIABLE

    if "prometheus_client" in sys.modules:  # its value class is fixed at import: too late for the workers
        raise RuntimeError(f"prometheus_client was imported before {METRICS_DIR_VARIABLE} was set")
    metrics_dir = make_metrics_dir()
    # One OpenMP thread per worker (FAISS, torch): the processes already fill the cores.
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from bot.http.heap import freeze_loaded_objects
    from bot.http.processes import WorkerBootFailed, listening_socket, serve_with_workers
    from bot.rate_limit import RateLimiter, SharedBuckets
    from bot.service import Admiralty, UserInputError

    try:
        if not args.lazy:
            _ensure_index(UserInputError)  # once, here: N workers must not each build it
        listener = listening_socket(args.host, args.port)
    except BaseException as exc:
        import shutil

        shutil.rmtree(metrics_dir, ignore_errors=True)  # not serving after all: gunicorn will not remove it
        if isinstance(exc, OSError):
            raise UserInputError(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
        raise
    limiter = (RateLimiter(args.ask_rate, args.ask_burst, table=SharedBuckets()) if args.ask_rate > 0 else None)
    make_app = _app_maker(args, api_key, metrics_token, trust, limiter, processes)

    def worker_app() -> web.Application:
        service = Admiralty(build_if_stale=False)
        if not args.lazy:
            service.warm()
            service.terms  # noqa: B018 - loads the term book too
            freeze_loaded_objects()
        return make_app(service)

    def announce(url: str) -> None:
        print(f"admiralty: serving the API on {url}/ with {processes} processes (Ctrl-C to stop)",
              file=sys.stderr, flush=True)

    if not args.lazy:
        print(f"admiralty: loading the index and the model in {processes} processes…", file=sys.stderr)
    try:
        with listener:
            return serve_with_workers(listener, processes, worker_app, on_ready=announce, metrics_dir=metrics_dir)
    except WorkerBootFailed as exc:
        raise UserInputError(str(exc)) from None


def _app_maker(args: argparse.Namespace, api_key: str | None, metrics_token: str | None, trust: ProxyTrust,
               limiter: RateLimiter | None, processes: int = 1) -> Callable[..., web.Application]:
    """The app over a service, with this command line's settings (the same for one process or N; the
    referee's children are split over the `processes`)."""
    from bot.http.app import create_app
    from bot.service import Admiralty
    from core.settings import referee_children_per_process

    def make(service: Admiralty) -> web.Application:
        return create_app(
            service,
            api_key=api_key,
            cors_origins=args.cors_origin,
            workers=args.workers,
            referee_processes=referee_children_per_process(processes),
            referee_timeout=args.referee_timeout,
            ask_rate_per_minute=args.ask_rate,
            ask_burst=args.ask_burst,
            ask_limiter=limiter,
            proxy_trust=trust,
            metrics_token=metrics_token,
            cpu_slots=args.cpu_slots,
        )

    return make


def _ensure_index(error: type[Exception]) -> None:
    """Build the index first when it is missing or stale, in a child process: building loads torch,
    whose threads a forked worker must not inherit."""
    import subprocess

    from core.settings import Settings
    from index.freshness import index_status

    status = index_status(Settings.from_env())
    if status.fresh:
        return
    print(f"admiralty: building the index ({'; '.join(status.reasons)})", file=sys.stderr, flush=True)
    if subprocess.run([sys.executable, "-m", "bot.cli", "index", "build", "--quiet"]).returncode != 0:
        raise error("the index could not be built (the reason is above); serving needs it")


def _default_processes() -> int:
    from bot.http.processes import default_processes

    return default_processes()


def _is_loopback(host: str) -> bool:
    from bot.http.server import is_loopback

    return is_loopback(host)


def _proxy_trust(allow_ips: str, header: str, error: type[Exception]) -> ProxyTrust:
    from bot.http.ratelimit import ProxyTrust

    try:
        return ProxyTrust.parse(allow_ips, header)
    except ValueError as exc:
        raise error(f"--forwarded-allow-ips: {exc}") from None


def _api_key(env_name: str | None, error: type[Exception]) -> str | None:
    if not env_name:
        return None
    key = (user_env(env_name) or "").strip()
    if not key:
        raise error(f"--api-key-env {env_name}: that environment variable is not set or empty")
    if len(key) < 16:
        raise error(f"the API key in {env_name} is too short: use at least 16 characters")
    return key
