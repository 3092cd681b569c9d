"""What a route is: method, path, handler and its OpenAPI operation, together.

`bot.http.app.ROUTES` is the one table; the aiohttp router and the OpenAPI `paths` are both
built from it, so a served path is documented (or marked as not part of the API) by construction.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.http.errors import Handler

Schema = dict[str, Any]


@dataclass(frozen=True)
class DocContext:
    """What an operation's description depends on besides its specs: this server's settings."""

    choices: dict[str, list[str]] = field(default_factory=dict)  # the game/edition/lang filter values
    ask_rate_per_minute: float = 0.0
    ask_burst: int = 0


Operation = Callable[[DocContext], Schema]


@dataclass(frozen=True)
class Route:
    method: str  # "GET" or "POST"
    path: str
    handler: Handler
    operation: Operation | None = None  # its OpenAPI operation; None: not part of the API (the page, its files)
