"""First come, first served, questions first: the CPU work of every endpoint waits in one queue per process.

Without it each kind of request had its own pool (16 search threads, 2 lookup threads, the
referee's children) and the pools shared the cores by the operating system's and the GIL's
time slicing, so cheap requests (a rule lookup, 0.4 ms) overtook questions (3 ms) that had
arrived before them, and under load the questions waited for everything else: ask p50 150 ms
beside rule p50 10 ms. In one queue a request waits for the ones that came before it, whatever
their kind, and only `slots` of them run at once. What changes is who waits, not the CPU a
request costs: under load every kind now waits about alike (bench/load.py prints each endpoint).
Questions may overtake the other kinds, briefly (`MAX_OVERTAKEN_S`): they are the tail issue 18 is about.

A request whose client hangs up while it waits costs no CPU: when its turn comes the server sees the
connection is gone and skips it. (aiohttp does not cancel a handler when its client disconnects
unless `handler_cancellation` is on, and cancelling would not stop a search already running in a
thread anyway; checking at the turn covers the wait, which under load is most of a request's life.)
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

# Per process. Measured with bench/load.py, default mix, alternating runs on the shared 2-core machine
# (load average 7-10, so the server got 1-1.4 cores): ask p95 ms / server CPU ms per request —
# no queue 500, 500 / 3.74, 3.71; 3 slots 403, 451 / 3.92, 3.82; 8 slots 297, 366, 331 / 3.84, 3.58,
# 3.79; 16 slots 703 / 4.08 (no better than none: the search pool has 16 threads). With three the
# process was idle more often (likely: each wake-up on a busy machine starts with cold caches).
DEFAULT_SLOTS = 8
# A request still running after this many seconds gives its slot up and finishes outside the queue:
# a slow calculation (an exact Sustained attack runs for seconds, until the referee's time limit)
# must not hold up the questions behind it. Every usual request is done in a few milliseconds.
HOLD_S = 0.1
# Questions go ahead of the other requests waiting (rule look-ups, attacks, units): issue 18's target is
# the questions' tail, and the others cost a tenth (a rule 0.4 ms, an attack's worker side 0.5 ms, a
# question 4 ms of CPU). Never for long: a request that has waited this many seconds goes next,
# whatever questions came after it, so under any load the others still move.
MAX_OVERTAKEN_S = 0.25


class ClientGone(ConnectionResetError):
    """The request's client hung up before its work started (a ConnectionError: counted as a hang-up)."""


class FairQueue:
    """`await queue.run(start)` starts the work when one of `slots` is free, in the order the requests
    arrived, questions (`first=True`) ahead of the rest for at most `MAX_OVERTAKEN_S` (asyncio.Semaphore
    wakes waiters in order too, but a newcomer can take a slot released before the woken waiter runs;
    here a released slot is handed to the waiter whose turn it is)."""

    def __init__(self, slots: int = DEFAULT_SLOTS, max_overtaken: float = MAX_OVERTAKEN_S) -> None:
        if slots < 1:
            raise ValueError("a queue needs at least one slot")
        self.slots = slots
        self.max_overtaken = max_overtaken
        self._free = slots
        self._first: deque[asyncio.Future[None]] = deque()  # questions
        self._rest: deque[tuple[float, asyncio.Future[None]]] = deque()  # (arrival, turn) of the others

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._first) + len(self._rest)

    async def run(self, start: Callable[[], Awaitable[T]], hold: float = HOLD_S,
                  wanted: Callable[[], bool] | None = None, first: bool = False) -> T:
        """`start()`'s result, started when this request's turn comes; after `hold` seconds it lets
        the next request in and goes on outside the queue. If `wanted()` is false when the turn comes
        (the client hung up while it waited), the work is never started: `ClientGone` instead.
        `first`: a question, started ahead of the other kinds waiting."""
        await self._acquire(first)
        if wanted is not None and not wanted():
            self._release()
            raise ClientGone("the client disconnected before its turn")
        held = [True]  # still counted in a slot

        def let_next_in() -> None:
            if held[0]:
                held[0] = False
                self._release()

        timer = asyncio.get_running_loop().call_later(hold, let_next_in)
        try:
            return await asyncio.ensure_future(start())  # cancelling this request cancels the work
        finally:
            timer.cancel()
            let_next_in()

    async def _acquire(self, first: bool) -> None:
        if self._free > 0 and not self._first and not self._rest:
            self._free -= 1
            return
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        if first:
            self._first.append(turn)
        else:
            self._rest.append((loop.time(), turn))
        try:
            await turn  # the slot is handed over by `_release`, already counted as taken
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # handed a slot just as the client went away: pass it on
            else:  # a release in between may have dropped the cancelled turn already
                self._forget(turn)
            raise

    def _forget(self, turn: asyncio.Future[None]) -> None:
        if turn in self._first:
            self._first.remove(turn)
        self._rest = deque(entry for entry in self._rest if entry[1] is not turn)

    def _release(self) -> None:
        while self._first or self._rest:
            turn = self._next_turn()
            if not turn.done():
                turn.set_result(None)  # the slot passes straight to the waiter whose turn it is
                return
        self._free += 1

    def _next_turn(self) -> asyncio.Future[None]:
        """The oldest question, unless there is none or the oldest other request has waited too long."""
        if self._rest and (not self._first
                           or asyncio.get_running_loop().time() - self._rest[0][0] >= self.max_overtaken):
            return self._rest.popleft()[1]
        return self._first.popleft()
