"""`admiralty serve`: the HTTP API and the web page, optionally with the Discord bot in the same process."""
from __future__ import annotations

import argparse
import logging
import sys

from bot.cli.output import whole_number
from core.settings import user_env

SWITCH_INTERVAL_S = 0.001


_port = whole_number(0, 65535, "a port")
_workers = whole_number(1, 64, "a count from 1 to 64")


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
    parser.add_argument("--workers", type=_workers, default=16,
                        help="threads for search (default: 16; concurrent questions are encoded in one batch)")
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
        "--lazy", action="store_true", help="load the model and index on the first request, not at start-up"
    )
    parser.add_argument("--with-bot", action="store_true", help="also run the Discord bot in this process")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from bot.http.app import create_app
    from bot.http.server import BindError, CompanionFailed, is_loopback, serve_until_stopped
    from bot.service import Admiralty, UserInputError

    api_key = _api_key(args.api_key_env, UserInputError)
    if not is_loopback(args.host) and not api_key and not args.allow_no_key:
        raise UserInputError(
            f"refusing to serve on {args.host} without an API key: set one with --api-key-env NAME "
            "(or pass --allow-no-key)"
        )
    if not 0 <= args.ask_rate <= 100_000:
        raise UserInputError("--ask-rate must be between 0 (no limit) and 100000 a minute")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    # Search threads hold the GIL between forward passes; with a 1 ms switch interval (5 ms by
    # default) the event loop and the encoding thread get it back sooner (bench/load.py with
    # one ONNX thread, see index/onnx_backend.py: ask p95 254/243 ms -> 201/224 ms, alternated).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    # Libraries that narrate their start-up at INFO (FAISS's CPU-feature probing, the model loader).
    for noisy in ("faiss", "faiss.loader", "sentence_transformers"):
        logging.getLogger(noisy).setLevel(logging.WARNING)

    service = Admiralty()
    bot_coroutine = None
    if args.with_bot:
        from bot.discord_bot.runner import load_token, start_bot

        token = load_token()  # fails fast, before the model loads
    if not args.lazy:
        print("admiralty: loading the index and the model…", file=sys.stderr)
        service.warm()
        service.terms  # noqa: B018 - loads the term book too
    if args.with_bot:
        bot_coroutine = start_bot(service, token)

    if not 0.5 <= args.referee_timeout <= 600:
        raise UserInputError("--referee-timeout must be between 0.5 and 600 seconds")
    app = create_app(
        service,
        api_key=api_key,
        cors_origins=args.cors_origin,
        workers=args.workers,
        referee_timeout=args.referee_timeout,
        ask_rate_per_minute=args.ask_rate,
        ask_burst=args.ask_burst,
    )

    def announce(url: str) -> None:
        extra = " and the Discord bot" if args.with_bot else ""
        print(f"admiralty: serving the API{extra} on {url}/ (Ctrl-C to stop)", file=sys.stderr, flush=True)

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


def _api_key(env_name: str | None, error: type[Exception]) -> str | None:
    if not env_name:
        return None
    key = (user_env(env_name) or "").strip()
    if not key:
        raise error(f"--api-key-env {env_name}: that environment variable is not set or empty")
    if len(key) < 16:
        raise error(f"the API key in {env_name} is too short: use at least 16 characters")
    return key
