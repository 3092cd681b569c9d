"""The HTTP front end: a JSON API over `bot.service.Admiralty` and the one-page web UI.

`create_app(service)` builds the aiohttp application; `admiralty serve` runs it. The package
imports nothing itself: `admiralty serve --processes N` must name prometheus-client's
multiprocess directory before `bot.metrics` (and so the app) is first imported.
"""
from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from bot.http.app import create_app

        return create_app
    raise AttributeError(f"module 'bot.http' has no attribute {name!r}")
