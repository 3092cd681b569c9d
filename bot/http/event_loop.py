"""The event loop a server process runs on: uvloop where it is installed, else asyncio's own.

Why: the server's event loop parses every request, runs the middlewares and writes every answer, and
on two cores its cost is taken from the questions. uvloop (libuv under asyncio's interface, what
gunicorn's `aiohttp.GunicornUVLoopWebWorker` uses) cut the server's CPU per request by 4-7 % in
alternated `bench/load.py` runs (default mix, two workers: 3.31 and 3.34 ms against 3.44 and 3.58 ms;
ask p95 151.8 and 151.3 against 157.7 and 159.6 ms). ADMIRALTY_EVENT_LOOP=asyncio keeps asyncio's own
loop (to rule the loop out when something misbehaves); a platform without uvloop falls back to it.
"""
from __future__ import annotations

import asyncio

from core.settings import env


def use_fast_event_loop() -> str:
    """Make new event loops of this process uvloop's (unless told not to); the name of the loop used."""
    if (env("ADMIRALTY_EVENT_LOOP") or "").strip().lower() == "asyncio":
        return "asyncio"
    try:
        import uvloop
    except ImportError:
        return "asyncio"
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"
