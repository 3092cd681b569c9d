"""Least-connections accept for `admiralty serve --processes N`: the workers share one listening
socket, and a worker takes a new connection only while it holds no more open connections than the
least-loaded worker, one connection per wake-up.

Why: a keep-alive client's connections are the load (every request on a connection goes to the
worker that accepted it), so the worker holding more of them has the longer CPU queue and sets the
p95. With one socket per worker (SO_REUSEPORT) the kernel hashes each connection to a worker: 50
connections split like coin flips (measured over 20 load runs: see docs/deploy.md). With a shared
socket and asyncio's own accept loop the worker that wakes first takes a whole burst (46/4 seen).
Here the counts are published in a shared-memory table the master makes before the fork (like the
rate-limit table), so the split of N connections over W workers is even to within one.

The precedents: nginx's accept mutex (a worker whose connections are nearly full stops accepting for
a while, `accept_mutex_delay`) and HAProxy's `leastconn` (a new connection goes to the server with
the fewest). A worker that declines stops watching the socket for `RETRY_S` (no busy loop); the
least-loaded worker never declines, so no connection waits for long. A slot reads -1 while no live
worker serves from it (booting, stopping, dead), and such slots do not count: a dead worker can never
hold the others back, and its replacement starts at 0.
"""
from __future__ import annotations

import asyncio
import logging
import mmap
import socket
from collections.abc import Callable

from aiohttp import web

from bot.http.protocol import HardenedServer

log = logging.getLogger("bot.http")

# A declining worker looks again after this long. In a burst of new connections the workers take
# them in turns, and a turn can wait this long, so it is kept well under one question's CPU (~4 ms).
# Measured on the shared 2-core machine: a declining worker woke 800 times a second at 65 us each,
# 5 % of a core, and only while a connection waits in the backlog for the least-loaded worker
# (which takes it at its next turn of the event loop); nothing once it is taken.
RETRY_S = 0.0005
# After accept() fails for want of file descriptors (EMFILE) or memory: look again later.
ERROR_RETRY_S = 0.1
_NOT_SERVING = -1
_SLOT_BYTES = 8


class ConnectionTable:
    """Each worker's open-connection count, in anonymous shared memory that forked processes inherit.

    A slot is written only by its own worker (or by the master when that worker is gone); one aligned
    8-byte store, so readers see either the old count or the new one."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("a connection table needs at least one slot")
        self._map = mmap.mmap(-1, slots * _SLOT_BYTES, mmap.MAP_SHARED)
        self._counts = memoryview(self._map).cast("q")
        for slot in range(slots):
            self._counts[slot] = _NOT_SERVING

    def __len__(self) -> int:
        return len(self._counts)

    def publish(self, slot: int, count: int) -> None:
        self._counts[slot] = count

    def vacate(self, slot: int) -> None:
        """No worker serves from `slot` (it stopped, died or has not started accepting)."""
        self._counts[slot] = _NOT_SERVING

    def fewest(self) -> int | None:
        """The smallest count of the workers now serving (None: none is)."""
        serving = [count for count in self._counts.tolist() if count != _NOT_SERVING]
        return min(serving) if serving else None

    def counts(self) -> list[int | None]:
        """Each slot's count (None: no worker serving from it), for /metrics-like reports and tests."""
        return [None if count == _NOT_SERVING else count for count in self._counts.tolist()]


class Balancer:
    """One worker's side of the table: its open connections, and whether it may take another now."""

    def __init__(self, table: ConnectionTable, slot: int) -> None:
        self._table, self._slot = table, slot
        self.open = 0
        self._serving = False

    def start(self) -> None:
        self.open, self._serving = 0, True
        self._table.publish(self._slot, 0)

    def stop(self) -> None:
        """Stopped accepting: the slot counts for nothing, while the connections left drain."""
        self._serving = False
        self._table.vacate(self._slot)

    def may_accept(self) -> bool:
        fewest = self._table.fewest()
        return fewest is None or self.open <= fewest

    def opened(self) -> None:
        self.open += 1
        self._publish()

    def closed(self) -> None:
        self.open = max(0, self.open - 1)
        self._publish()

    def _publish(self) -> None:
        if self._serving:
            self._table.publish(self._slot, self.open)


class LeastConnectionsSite(web.BaseSite):
    """An aiohttp site over an inherited listening socket that accepts through a `Balancer` instead of
    asyncio's server (which accepts up to its backlog per wake-up, whatever the other workers hold)."""

    __slots__ = ("_sock", "_balancer", "_name", "_watching", "_retry", "_accepting", "_connecting")

    def __init__(self, runner: web.BaseRunner, sock: socket.socket, balancer: Balancer) -> None:
        super().__init__(runner)
        self._sock, self._balancer = sock, balancer
        host, port = sock.getsockname()[:2]
        self._name = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
        self._watching = False
        self._accepting = False
        self._retry: asyncio.TimerHandle | None = None
        self._connecting: set[asyncio.Task[tuple[asyncio.Transport, asyncio.BaseProtocol]]] = set()

    @property
    def name(self) -> str:
        return self._name

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        set_connection_closed(server, self._balancer.closed)
        self._sock.setblocking(False)
        self._accepting = True
        self._balancer.start()
        self._watch()

    async def stop(self) -> None:
        self._accepting = False
        self._unwatch()
        self._balancer.stop()
        await super().stop()

    def _watch(self) -> None:
        self._retry = None
        if self._accepting and not self._watching:
            asyncio.get_running_loop().add_reader(self._sock.fileno(), self._on_readable)
            self._watching = True

    def _unwatch(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self._watching:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._watching = False

    def _pause(self, seconds: float) -> None:
        self._unwatch()
        self._retry = asyncio.get_running_loop().call_later(seconds, self._watch)

    def _on_readable(self) -> None:
        if not self._balancer.may_accept():
            self._pause(RETRY_S)
            return
        try:
            connection, _ = self._sock.accept()
        except (BlockingIOError, InterruptedError, ConnectionAbortedError):
            return  # another worker took it, or the client gave up before we did
        except OSError as exc:
            log.warning("cannot accept a connection now: %s", exc.strerror or exc)
            self._pause(ERROR_RETRY_S)
            return
        connection.setblocking(False)
        self._balancer.opened()
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        task = loop.create_task(loop.connect_accepted_socket(server, sock=connection))
        self._connecting.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(lambda done: self._connected(done, connection))

    def _connected(self, task: asyncio.Task[tuple[asyncio.Transport, asyncio.BaseProtocol]],
                   connection: socket.socket) -> None:
        self._connecting.discard(task)
        if task.cancelled() or task.exception() is not None:
            connection.close()
            self._balancer.closed()  # never reached the handler: it will not report the close


def set_connection_closed(server: web.Server, callback: Callable[[], None]) -> None:
    """Have `server` call `callback` once for every connection that closes (bot.http.protocol)."""
    if not isinstance(server, HardenedServer):
        raise TypeError("least-connections accept needs the runner from bot.http.protocol.make_runner")
    server.on_connection_lost = callback
