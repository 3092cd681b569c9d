"""Autocomplete for every command: one error wrapper, and choices within Discord's limits.

A failing autocomplete must never reach discord.py (the user would see "Loading options failed"
with nothing logged); `guarded` logs it and offers nothing instead.
"""
from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from discord import app_commands

from bot.discord_bot import limits

log = logging.getLogger("admiralty.discord")

Choices = list[app_commands.Choice[str]]
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Choices]])


def guarded(what: str) -> Callable[[Handler], Handler]:
    """Decorate an autocomplete handler: an exception is logged (naming `what`) and no choices are offered."""

    def decorate(handler: Handler) -> Handler:
        @functools.wraps(handler)  # keeps the signature and qualname discord.py reads (cog methods)
        async def wrapper(*args: Any) -> Choices:
            try:
                return await handler(*args)
            except Exception:
                log.exception("%s autocomplete failed", what)
                return []

        return wrapper  # type: ignore[return-value]

    return decorate


def matching(pairs: Sequence[tuple[str, str]], current: str) -> Choices:
    """Choices (label, value) whose label or value contains `current`."""
    needle = current.casefold().strip()
    out = []
    for label, value in pairs:
        if needle in label.casefold() or needle in value.casefold():
            out.append(app_commands.Choice(name=limits.trim(label, limits.CHOICE_TEXT),
                                           value=value[: limits.CHOICE_TEXT]))
        if len(out) >= limits.CHOICES:
            break
    return out


def names(values: Sequence[Any]) -> Choices:
    """Names as choices; values over 100 characters would make Discord reject the whole list."""
    return [app_commands.Choice(name=str(n)[: limits.CHOICE_TEXT], value=str(n)[: limits.CHOICE_TEXT])
            for n in dict.fromkeys(values) if n][: limits.CHOICES]
