"""What every command callback needs: the service facade, the settings/feedback store, the rate limiter."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import discord

from bot.discord_bot.i18n import answer_locale
from bot.rate_limit import RateLimiter
from bot.service import Admiralty
from bot.store import GuildSettings, Store, open_store

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class BotContext:
    service: Admiralty
    store: Store
    limiter: RateLimiter = field(default_factory=RateLimiter)
    _documents: list[dict[str, Any]] | None = None

    @classmethod
    def for_service(cls, service: Admiralty, limiter: RateLimiter | None = None) -> BotContext:
        """Settings and feedback live in the store `open_store` picks (SQLite in the data dir, or PostgreSQL)."""
        return cls(service, open_store(service.settings), limiter or RateLimiter())

    async def call(self, func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking service method (`ctx.call(ctx.service.ask, q, k=3)`) in a worker thread,
        so the event loop stays free; typed, so checkers see which method is called."""
        return await asyncio.to_thread(func, *args, **kwargs)

    async def documents(self) -> list[dict[str, Any]]:
        """The manifest's documents, read once (for autocomplete and validation)."""
        if self._documents is None:
            self._documents = await self.call(self.service.sources)
        return self._documents

    async def settings_for(self, interaction: discord.Interaction) -> GuildSettings | None:
        """The server's settings with this channel's own values applied; None outside a server.
        A database outage raises ServiceUnavailableError (a short ephemeral message)."""
        if interaction.guild_id is None:
            return None
        return await self.call(self.store.settings.get, interaction.guild_id, interaction.channel_id)

    async def locale(self, interaction: discord.Interaction) -> str:
        """"en" or "ru" for this interaction's replies (see `i18n.answer_locale`); a settings outage
        falls back to the server's own locale rather than failing the reply."""
        try:
            settings = await self.settings_for(interaction)
        except Exception:  # noqa: BLE001 - the language is never worth failing an answer for
            settings = None
        return answer_locale(interaction, settings.locale if settings else None)
