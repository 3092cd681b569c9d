"""`admiralty serve --processes N`: gunicorn's master process with N aiohttp workers
(`aiohttp.GunicornWebWorker`), so the API uses every core.

Why gunicorn rather than forking by hand: it restarts a worker that dies, drains workers on
SIGTERM (and replaces them one by one on SIGHUP), and is what operators already know. The
master process here reserves the port itself (so a busy port is the same one-line error as with
one process, and `--port 0` works), makes what the workers share — the rate-limit table
(`bot.rate_limit.SharedBuckets`) and prometheus-client's multiprocess directory — and then forks
the workers.

Each worker listens on its own socket bound with SO_REUSEPORT (gunicorn's `reuse_port`), so the
kernel spreads new connections evenly over the workers. With one shared listening socket the
worker that wakes first accepts a whole burst: 50 keep-alive connections opened at once split
46/4 in one of three tries here, and that worker's queue set the p95. (A worker that dies drops
the connections still waiting in its own queue; clients retry them like any reset.) Each worker loads
its own index and model after the fork: ONNX Runtime and FAISS start threads, which a fork does
not carry over, so nothing heavy is loaded in the master.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sys
import tempfile
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.http.protocol import make_runner
from core.settings import METRICS_DIR_VARIABLE

WORKER_CLASS = "aiohttp.GunicornWebWorker"
# A worker loads the model before its first heartbeat; on a busy machine that can take a while.
BOOT_TIMEOUT_S = 120


class WorkerBootFailed(Exception):
    """A worker could not start (its one-line reason is in the log above)."""


def default_processes() -> int:
    """The cores this process may run on (its CPU affinity, which containers narrow), else all."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def make_metrics_dir() -> str:
    """A fresh directory for the workers' metric files, named in the environment before any import
    of prometheus_client (a directory left from an earlier run would add its counts to ours)."""
    directory = tempfile.mkdtemp(prefix="admiralty-metrics-")
    os.environ[METRICS_DIR_VARIABLE] = directory  # prometheus-client reads it when first imported
    return directory


def reserve_port(host: str, port: int) -> socket.socket:
    """A socket bound (not listening: it takes no connections) to the address the workers will
    listen on with SO_REUSEPORT; binding here lets the caller say why it cannot be (OSError)."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    address = host.strip("[]")
    # First without SO_REUSEPORT: that fails if anything holds the port, even another server
    # listening with SO_REUSEPORT (which would otherwise silently share it with us).
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((address, port))
        port = probe.getsockname()[1]
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listener.bind((address, port))
    except OSError:
        listener.close()
        raise
    return listener


def serve_with_workers(
    listener: socket.socket,
    processes: int,
    make_app: Callable[[], web.Application],
    *,
    on_ready: Callable[[str], None],
    metrics_dir: str | None = None,
    graceful_timeout: float = 30.0,
) -> int:
    """Run gunicorn on `listener`'s address until SIGTERM/SIGINT; `make_app` runs in each worker after the
    fork. `on_ready(url)` is called in the master once every worker has loaded. Returns the exit code."""
    from gunicorn.app.base import BaseApplication
    from gunicorn.arbiter import Arbiter

    host, port = listener.getsockname()[:2]
    url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    ready_read, ready_write = os.pipe()

    def post_worker_init(worker: Any) -> None:
        os.write(ready_write, b".")

    def when_ready(server: Any) -> None:
        def wait_for_workers() -> None:
            with contextlib.suppress(OSError):
                seen = 0
                while seen < processes:
                    seen += len(os.read(ready_read, processes))
                on_ready(url)

        threading.Thread(target=wait_for_workers, name="admiralty-ready", daemon=True).start()

    def child_exit(server: Any, worker: Any) -> None:
        if metrics_dir:
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(worker.pid, metrics_dir)  # type: ignore[no-untyped-call]

    def on_exit(server: Any) -> None:
        if metrics_dir:
            shutil.rmtree(metrics_dir, ignore_errors=True)

    options: dict[str, Any] = {
        "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
        "workers": processes,
        "worker_class": WORKER_CLASS,
        "timeout": BOOT_TIMEOUT_S,
        "graceful_timeout": int(graceful_timeout),
        "reuse_port": True,
        "backlog": 256,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "admiralty",
        "post_worker_init": post_worker_init,
        "when_ready": when_ready,
        "child_exit": child_exit,
        "on_exit": on_exit,
    }

    class _Admiralty(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self) -> Callable[[], Awaitable[web.AppRunner]]:
            app = _loaded_or_exit(make_app)

            async def runner() -> web.AppRunner:
                # The same runner as one process (bot/http/protocol.py: timeouts, malformed requests
                # answered in the API's words), not the worker's plain one; drained within the grace time.
                return make_runner(app, shutdown_timeout=graceful_timeout * 0.95)

            return runner

    arbiter = Arbiter(_Admiralty())
    try:
        arbiter.run()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
        if code == Arbiter.WORKER_BOOT_ERROR:
            raise WorkerBootFailed("a worker process could not start (the reason is on the line above)") from None
        return code
    return 0


def _loaded_or_exit(make_app: Callable[[], web.Application]) -> web.Application:
    """In a worker: the app, or one line and gunicorn's "could not boot" exit (the master then stops)."""
    from bot.service import UserInputError

    try:
        return make_app()
    except UserInputError as exc:
        print(f"admiralty: error: {' '.join(str(exc).split())}", file=sys.stderr, flush=True)
    except OSError as exc:
        print(f"admiralty: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr, flush=True)
    from gunicorn.arbiter import Arbiter

    sys.exit(Arbiter.WORKER_BOOT_ERROR)
