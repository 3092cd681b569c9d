"""`admiralty serve --processes N`: gunicorn's master process with N aiohttp workers, so the API uses
every core.

Why gunicorn rather than forking by hand: it restarts a worker that dies, drains workers on
SIGTERM (and replaces them one by one on SIGHUP), and is what operators already know. The
master process here makes the listening socket itself (so a busy port is the same one-line error as
with one process, and `--port 0` works), makes what the workers share — the rate-limit table
(`bot.rate_limit.SharedBuckets`), the connection table (`bot.http.balance.ConnectionTable`) and
prometheus-client's multiprocess directory — and then forks the workers.

The workers share that one listening socket and accept by least connections (bot/http/balance.py):
a worker takes a new connection only while it holds no more than the least-loaded worker, so a
keep-alive client's connections, which are the load, split evenly. (Each worker on its own
SO_REUSEPORT socket left the split to the kernel's hash: 50 connections split like coin flips, and
the worker with more set the p95; a shared socket with asyncio's own accept loop let the worker
that woke first take a whole burst, 46/4.) Each worker loads its own index and model after the fork:
ONNX Runtime starts threads, which a fork does not carry over, so nothing heavy is loaded
in the master.
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
from aiohttp.worker import GunicornWebWorker

from bot.http.balance import Balancer, ConnectionTable, LeastConnectionsSite
from bot.http.event_loop import use_fast_event_loop
from bot.http.protocol import make_runner
from core.settings import METRICS_DIR_VARIABLE

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


def listening_socket(host: str, port: int, backlog: int = 256) -> socket.socket:
    """The listening socket every worker will accept from (made here, before the fork, so the caller
    can say why the address cannot be used: OSError). Without SO_REUSEPORT: binding then fails if
    anything holds the port, even another server listening with SO_REUSEPORT."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host.strip("[]"), port))
        listener.listen(backlog)
    except OSError:
        listener.close()
        raise
    return listener


class BalancedWebWorker(GunicornWebWorker):
    """aiohttp's gunicorn worker, accepting through `bot.http.balance` instead of one asyncio server per
    socket. The master gives each worker its table and slot in `pre_fork` (see serve_with_workers)."""

    connection_table: ConnectionTable | None = None
    table_slot: int | None = None
    on_accepting: Callable[[], None] | None = None  # called once this worker takes connections

    def init_process(self) -> None:
        use_fast_event_loop()  # before the worker makes its loop (as aiohttp.GunicornUVLoopWebWorker)
        super().init_process()

    async def _run(self) -> None:
        runner = await self.wsgi()  # serve_with_workers' factory: the runner, not yet set up
        await runner.setup()
        if self.connection_table is not None and self.table_slot is not None:
            balancer = Balancer(self.connection_table, self.table_slot)
        else:  # no slot free (more workers than slots during a reload): accept whenever woken
            balancer = Balancer(ConnectionTable(1), 0)
        for listener in self.sockets:
            await LeastConnectionsSite(runner, getattr(listener, "sock", listener), balancer).start()
        self.booted = True  # the arbiter tells a boot failure (before this) from a normal exit
        if self.on_accepting is not None:
            self.on_accepting()
        with contextlib.suppress(Exception):
            while self.alive:
                self.notify()
                if self.ppid != os.getppid():
                    self.alive = False
                    self.log.info("Parent changed, shutting down: %s", self)
                else:
                    await self._wait_next_notify()
        await runner.cleanup()


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
    fork. `on_ready(url)` is called in the master once every worker has loaded and takes connections.
    Returns the exit code."""
    from gunicorn.app.base import BaseApplication
    from gunicorn.arbiter import Arbiter

    host, port = listener.getsockname()[:2]
    url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    ready_read, ready_write = os.pipe()
    # Room for a reload (SIGHUP starts the new workers before the old ones have left).
    table = ConnectionTable(2 * processes)

    def pre_fork(server: Any, worker: Any) -> None:
        taken = {other.table_slot for other in server.WORKERS.values()}
        free = [slot for slot in range(len(table)) if slot not in taken]
        worker.connection_table, worker.table_slot = table, (free[0] if free else None)
        worker.on_accepting = accepting
        if free:
            table.vacate(free[0])  # counts for nothing until the new worker starts accepting

    def accepting() -> None:
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
        if worker.table_slot is not None:
            table.vacate(worker.table_slot)  # a dead worker's connections are gone with it
        if metrics_dir:
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(worker.pid, metrics_dir)  # type: ignore[no-untyped-call]

    def on_exit(server: Any) -> None:
        if metrics_dir:
            shutil.rmtree(metrics_dir, ignore_errors=True)

    options: dict[str, Any] = {
        "bind": [f"fd://{os.dup(listener.fileno())}"],  # gunicorn closes the descriptor it is given
        "workers": processes,
        "worker_class": BalancedWebWorker,
        "timeout": BOOT_TIMEOUT_S,
        "graceful_timeout": int(graceful_timeout),
        "reuse_port": False,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "admiralty",
        "pre_fork": pre_fork,
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
