"""Running the application: in the foreground for `admiralty serve`, or in a thread for tests and benchmarks."""
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import signal
import socket
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.http.protocol import make_runner

LOOPBACK_NAMES = {"localhost", "ip6-localhost", "ip6-loopback"}


class BindError(Exception):
    """The address cannot be bound (in use, not ours, no permission)."""


class CompanionFailed(Exception):
    """The task run beside the server (the Discord bot) stopped with an error."""


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


async def serve_until_stopped(
    app: web.Application,
    host: str,
    port: int,
    *,
    also: Awaitable[Any] | None = None,
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Serve until SIGINT/SIGTERM, or until `also` (e.g. the Discord bot) finishes or fails."""
    runner = make_runner(app)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port, backlog=256)
        try:
            await site.start()
        except OSError as exc:
            raise BindError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from exc
        if on_ready is not None:
            on_ready(_address(runner, host, port))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        waiters = [asyncio.ensure_future(stop.wait())]
        if also is not None:
            waiters.append(asyncio.ensure_future(also))
        done, pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for task in done:
            if not task.cancelled() and task.exception() is not None and task is not waiters[0]:
                raise CompanionFailed(str(task.exception()) or type(task.exception()).__name__) from task.exception()
    finally:
        await runner.cleanup()


def _address(runner: web.AppRunner, host: str, port: int) -> str:
    for address in runner.addresses:
        if isinstance(address, tuple):
            shown_host = f"[{address[0]}]" if ":" in str(address[0]) else address[0]
            return f"http://{shown_host}:{address[1]}"
    return f"http://{host}:{port}"


class ServerThread:
    """The app on a loopback port in a background thread: `with ServerThread(app) as url: ...`."""

    def __init__(self, app: web.Application, host: str = "127.0.0.1", port: int = 0) -> None:
        self.app = app
        self.host = host
        self.port = port or _free_port(host)
        self.url = f"http://{host}:{self.port}"
        self._loop = asyncio.new_event_loop()
        self._runner = make_runner(app)
        self._thread = threading.Thread(target=self._loop.run_forever, name="admiralty-http-test", daemon=True)

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The server's event loop (a test may schedule work on it with run_coroutine_threadsafe)."""
        return self._loop

    def __enter__(self) -> str:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=30)
        return self.url

    async def _start(self) -> None:
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()

    async def _stop(self) -> None:
        await self._runner.cleanup()
        # Connections a client left half-open still have a task each: end them before the loop stops.
        leftover = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in leftover:
            task.cancel()
        await asyncio.gather(*leftover, return_exceptions=True)

    def __exit__(self, *exc_info: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(timeout=30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])
