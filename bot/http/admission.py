"""First come, first served: the CPU work of every endpoint waits in one queue per process.

Without it each kind of request had its own pool (16 search threads, 2 lookup threads, the
referee's children) and the pools shared the cores by the operating system's and the GIL's
time slicing, so cheap requests (a rule lookup, 0.4 ms) overtook questions (3 ms) that had
arrived before them, and under load the questions waited for everything else: ask p50 150 ms
beside rule p50 10 ms. In one queue a request waits for the ones that came before it, whatever
their kind, and only `slots` of them run at once. What changes is who waits, not the CPU a
request costs: under load every kind now waits about alike (bench/load.py prints each endpoint).

Questions first was tried and not kept (session 6): letting questions overtake rule look-ups and
attacks for up to 0.25 s cut the bench's ask p95 (default mix, two workers, alternated on the quiet
machine: 99/112/97 ms against 149/173/152 in arrival order) but raised the rule p95 from 102-107 to
226-253 ms and the attack p95 from 109-118 to 224-266 ms. Most of the questions' gain was the closed
loop of bench/load.py: 50 clients parked behind the overtaken requests leave fewer questions in
flight. Players arrive independently of each other, so there the questions would gain only the
others' small CPU share (0.4-0.5 ms of 4), and the cheapest requests would wait longest.

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

from core.settings import DEFAULT_CPU_SLOTS

T = TypeVar("T")

# Per process (`core.settings.DEFAULT_CPU_SLOTS`, `serve --cpu-slots N`). Measured with bench/load.py,
# default mix, alternating runs on the shared 2-core machine (load average 7-10, so the server got 1-1.4
# cores): ask p95 ms / server CPU ms per request — no queue 500, 500 / 3.74, 3.71; 3 slots 403, 451 /
# 3.92, 3.82; 8 slots 297, 366, 331 / 3.84, 3.58, 3.79; 16 slots 703 / 4.08 (no better than none: the
# search pool had 16 threads). With three the process was idle more often (likely: each wake-up on a
# busy machine starts with cold caches).
# Session 9: more slots than search threads (8 and 4) keep the threads fed — a thread that finishes takes
# the next admitted call at once: bench/http_cpu.py, questions only, 4 slots cost 4.55-5.33 ms of CPU a
# question against 4.24-4.82 with 8 (three alternated pairs). But then the order was arrival order only
# if every kind waited for the same threads: rule look-ups had two threads of their own and went ahead of
# the questions admitted before them that waited for a search thread. Every service call now takes the
# one pool's threads in admission order (bot/http/app.py); the referee's calls still wait for their child
# in threads of their own, so a slow calculation holds no search thread.

# A request still running after this many seconds gives its slot up and finishes outside the queue:
# a slow calculation (an exact Sustained attack runs for seconds, until the referee's time limit)
# must not hold up the questions behind it. Every usual request is done in a few milliseconds.
HOLD_S = 0.1


class ClientGone(ConnectionResetError):
    """The request's client hung up before its work started (a ConnectionError: counted as a hang-up)."""


class FairQueue:
    """`await queue.run(start)` starts the work when one of `slots` is free, in the order the requests
    arrived (asyncio.Semaphore wakes waiters in order too, but a newcomer can take a slot released
    before the woken waiter runs; here a released slot is handed to the waiter whose turn it is)."""

    def __init__(self, slots: int = DEFAULT_CPU_SLOTS) -> None:
        if slots < 1:
            raise ValueError("a queue needs at least one slot")
        self.slots = slots
        self._free = slots
        self._turns: deque[asyncio.Future[None]] = deque()

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._turns)

    async def run(self, start: Callable[[], Awaitable[T]], hold: float = HOLD_S,
                  wanted: Callable[[], bool] | None = None) -> T:
        """`start()`'s result, started when this request's turn comes; after `hold` seconds it lets
        the next request in and goes on outside the queue. If `wanted()` is false when the turn comes
        (the client hung up while it waited), the work is never started: `ClientGone` instead."""
        await self._acquire()
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

    async def _acquire(self) -> None:
        if self._free > 0 and not self._turns:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._turns.append(turn)
        try:
            await turn  # the slot is handed over by `_release`, already counted as taken
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # handed a slot just as the client went away: pass it on
            elif turn in self._turns:  # a release in between may have dropped the cancelled turn already
                self._turns.remove(turn)
            raise

    def _release(self) -> None:
        while self._turns:
            turn = self._turns.popleft()
            if not turn.done():
                turn.set_result(None)  # the slot passes straight to the waiter whose turn it is
                return
        self._free += 1
