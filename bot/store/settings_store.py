"""Per-server (and per-channel) settings over either back end."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.store.backend import Backend, utc_now
from bot.store.errors import SettingValueError
from bot.store.keys import (
    SETTING_KEYS,
    GuildSettings,
    check_key,
    check_value,
    settings_from_values,
)
from bot.store.schema import GUILD_SCOPE
from index.manifest import DocumentInfo

MAX_ID = 2**63 - 1  # Discord snowflakes fit a signed 64-bit integer (BIGINT)

_UPSERT = (
    "INSERT INTO settings (guild_id, channel_id, key, value, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, channel_id, key) DO UPDATE SET "
    "value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at"
)


def check_id(value: object, name: str) -> int:
    """A Discord id: a whole number from 1 to 2^63-1 (snowflakes are never 0)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ID:
        raise SettingValueError(f"{name} must be a Discord id (a whole number from 1 to {MAX_ID})", name)
    return value


class SettingsStore:
    """`get` the effective settings; `set` / `reset` one scope: the whole server, or one channel."""

    def __init__(self, backend: Backend, documents: Callable[[], Sequence[DocumentInfo]]) -> None:
        self._backend = backend
        self._documents = documents  # the manifest, for game and edition names

    def get(self, guild_id: int, channel_id: int | None = None) -> GuildSettings:
        """The server's values, with the channel's own values (when given) overriding them."""
        guild_id = check_id(guild_id, "guild_id")
        scopes = [GUILD_SCOPE] if channel_id is None else [GUILD_SCOPE, check_id(channel_id, "channel_id")]
        rows = self._backend.execute(
            f"SELECT channel_id, key, value FROM settings WHERE guild_id = ? AND channel_id IN "
            f"({', '.join('?' * len(scopes))})",
            [guild_id, *scopes],
            fetch=True,
        )
        values: dict[str, str] = {}
        for _, key, value in sorted(rows, key=lambda row: row[0] != GUILD_SCOPE):  # server first, channel wins
            if key in SETTING_KEYS:  # a key from a newer release is ignored, not an error
                values[key] = value
        return settings_from_values(guild_id, values)

    def set(
        self,
        guild_id: int,
        key: str,
        value: str,
        *,
        channel_id: int | None = None,
        updated_by: int | None = None,
    ) -> GuildSettings:
        """Store `key = value` for the server (or one channel of it); return the effective settings."""
        guild_id = check_id(guild_id, "guild_id")
        scope = GUILD_SCOPE if channel_id is None else check_id(channel_id, "channel_id")
        if updated_by is not None:
            check_id(updated_by, "updated_by")
        name = check_key(key)
        canonical = check_value(name, value, self._documents())
        self._backend.execute(_UPSERT, [guild_id, scope, name, canonical, updated_by, utc_now()])
        return self.get(guild_id, channel_id)

    def reset(self, guild_id: int, key: str | None = None, *, channel_id: int | None = None) -> GuildSettings:
        """Forget `key` (or every key). Without a channel: for the whole server, channel overrides
        included; with one: only that channel's overrides. Returns the effective settings."""
        guild_id = check_id(guild_id, "guild_id")
        sql = "DELETE FROM settings WHERE guild_id = ?"
        params: list[int | str] = [guild_id]
        if channel_id is not None:
            sql += " AND channel_id = ?"
            params.append(check_id(channel_id, "channel_id"))
        if key is not None:
            sql += " AND key = ?"
            params.append(check_key(key))
        self._backend.execute(sql, params)
        return self.get(guild_id, channel_id)

    def overrides(self, guild_id: int) -> dict[int, dict[str, str]]:
        """Every stored value of the server by scope (0 = the whole server): what `settings show` lists."""
        guild_id = check_id(guild_id, "guild_id")
        rows = self._backend.execute(
            "SELECT channel_id, key, value FROM settings WHERE guild_id = ? ORDER BY channel_id, key",
            [guild_id],
            fetch=True,
        )
        out: dict[int, dict[str, str]] = {}
        for channel_id, key, value in rows:
            out.setdefault(int(channel_id), {})[key] = value
        return out
