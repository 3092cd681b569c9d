"""The store's tables, per SQL dialect, as numbered migrations recorded in `schema_version`.

A process applies the migrations its database has not seen yet when it first touches the
store; PostgreSQL does it under an advisory lock, so processes starting together apply each
migration once. Append a migration to change the schema; never edit a shipped one.

- `settings`: one row per (server, scope, key); scope `channel_id = 0` is the whole server
  (Discord ids are never 0), any other value is one channel's override.
- `feedback`: one row per "was this helpful?" answer, in arrival order (`id`).
"""
from __future__ import annotations

SCHEMA_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
GUILD_SCOPE = 0

SQLITE: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE settings (
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL DEFAULT 0,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_by INTEGER,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (guild_id, channel_id, key)
        )""",
        """CREATE TABLE feedback (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at TEXT NOT NULL,
            guild_id INTEGER,
            user_id INTEGER,
            question TEXT NOT NULL,
            chunk_ids TEXT NOT NULL,
            helpful INTEGER NOT NULL,
            source TEXT NOT NULL
        )""",
    )),
)

POSTGRES: tuple[tuple[int, tuple[str, ...]], ...] = (
    (1, (
        """CREATE TABLE settings (
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL DEFAULT 0,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_by BIGINT,
            updated_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (guild_id, channel_id, key)
        )""",
        """CREATE TABLE feedback (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            created_at TIMESTAMPTZ NOT NULL,
            guild_id BIGINT,
            user_id BIGINT,
            question TEXT NOT NULL,
            chunk_ids TEXT NOT NULL,
            helpful BOOLEAN NOT NULL,
            source TEXT NOT NULL
        )""",
    )),
)

LATEST_VERSION = max(version for version, _ in SQLITE)
assert LATEST_VERSION == max(version for version, _ in POSTGRES), "both dialects must reach the same version"
