"""Per-server defaults (ruleset, game, answer language), kept in SQLite next to the index.

Semantics, applied only when the user leaves the matching option empty:
- `ruleset` (dw3 | dw3-qrs | dw4): the ruleset of `/attack`, `/assault`, `/ram`.
- `game`: the `game` filter of `/ask`.
- `language` (en | ru): the `lang` filter of `/ask`; unset means "any language".
Each call opens its own connection, so the store is safe to use from worker threads.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass
from pathlib import Path

import sqlite_utils

RULESETS = ("dw3", "dw3-qrs", "dw4")
LANGUAGES = ("en", "ru")
TABLE = "guild_settings"
FILENAME = "discord_guilds.db"


class SettingsValueError(ValueError):
    """A value outside the allowed set; `str(exc)` is shown to the user."""


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    ruleset: str | None = None
    game: str | None = None
    language: str | None = None

    def to_json(self) -> dict:
        return asdict(self)


class GuildSettingsStore:
    """Read and write `GuildSettings` rows in `<data dir>/discord_guilds.db`."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._db() as db:
            db[TABLE].create(
                {
                    "guild_id": int,
                    "ruleset": str,
                    "game": str,
                    "language": str,
                    "updated_by": int,
                    "updated_at": str,
                },
                pk="guild_id",
                if_not_exists=True,
            )

    @classmethod
    def in_data_dir(cls, data_dir: Path | str) -> "GuildSettingsStore":
        return cls(Path(data_dir) / FILENAME)

    def _db(self) -> "_Connection":
        return _Connection(self.path)

    def get(self, guild_id: int) -> GuildSettings:
        """The guild's settings; all None if it never saved any."""
        with self._db() as db:
            rows = list(db[TABLE].rows_where("guild_id = ?", [guild_id]))
        if not rows:
            return GuildSettings(guild_id)
        row = rows[0]
        return GuildSettings(guild_id, row["ruleset"], row["game"], row["language"])

    def update(
        self,
        guild_id: int,
        *,
        updated_by: int,
        ruleset: str | None = None,
        game: str | None = None,
        language: str | None = None,
        allowed_games: frozenset[str] | set[str] | None = None,
    ) -> GuildSettings:
        """Change the given fields (None = leave as is) and return the new settings."""
        if ruleset is not None and ruleset not in RULESETS:
            raise SettingsValueError(f"Unknown ruleset “{ruleset}”: choose one of {', '.join(RULESETS)}.")
        if language is not None and language not in LANGUAGES:
            raise SettingsValueError(f"Unknown language “{language}”: choose one of {', '.join(LANGUAGES)}.")
        if game is not None and allowed_games is not None and game not in allowed_games:
            raise SettingsValueError(
                f"Unknown game “{game}”: choose one of {', '.join(sorted(allowed_games))}."
            )
        current = self.get(guild_id)
        row = {
            "guild_id": guild_id,
            "ruleset": ruleset if ruleset is not None else current.ruleset,
            "game": game if game is not None else current.game,
            "language": language if language is not None else current.language,
            "updated_by": updated_by,
            "updated_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        }
        with self._db() as db:
            db[TABLE].upsert(row, pk="guild_id")
        return self.get(guild_id)

    def reset(self, guild_id: int) -> GuildSettings:
        """Forget the guild's settings."""
        with self._db() as db:
            db.execute(f"DELETE FROM {TABLE} WHERE guild_id = ?", [guild_id])
        return GuildSettings(guild_id)


class _Connection:
    """Context manager: a sqlite-utils Database that commits and closes on exit."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> sqlite_utils.Database:
        self.db = sqlite_utils.Database(self.path)
        return self.db

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self.db.conn.commit()
        finally:
            self.db.conn.close()
