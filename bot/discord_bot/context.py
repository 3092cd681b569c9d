"""What every command callback needs: the service facade, per-server settings, the rate limiter."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.discord_bot.guild_settings import GuildSettings, GuildSettingsStore
from bot.discord_bot.rate_limit import RateLimiter
from bot.service import Admiralty


@dataclass
class BotContext:
    service: Admiralty
    guilds: GuildSettingsStore
    limiter: RateLimiter = field(default_factory=RateLimiter)
    _documents: list[dict[str, Any]] | None = None

    @classmethod
    def for_service(cls, service: Admiralty, limiter: RateLimiter | None = None) -> "BotContext":
        """Guild settings live in the service's data directory (next to the index)."""
        store = GuildSettingsStore.in_data_dir(service.settings.data_dir)
        return cls(service, store, limiter or RateLimiter())

    async def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """Run a (blocking) service method in a worker thread so the event loop stays free."""
        return await asyncio.to_thread(getattr(self.service, method), *args, **kwargs)

    async def documents(self) -> list[dict[str, Any]]:
        """The manifest's documents, read once (for autocomplete and validation)."""
        if self._documents is None:
            self._documents = await self.call("sources")
        return self._documents

    async def guild_settings(self, guild_id: int | None) -> GuildSettings | None:
        if guild_id is None:
            return None
        return await asyncio.to_thread(self.guilds.get, guild_id)
