"""The HTTP front end: a JSON API over `bot.service.Admiralty` and the one-page web UI.

`create_app(service)` builds the aiohttp application; `admiralty serve` runs it.
"""
from __future__ import annotations

from bot.http.app import create_app

__all__ = ["create_app"]
