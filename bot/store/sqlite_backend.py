"""The embedded back end: one SQLite file in the data directory, for a single process (or host).

One connection per process, used under a lock, so the store is safe from worker threads
(reads take well under a millisecond); WAL mode and a busy timeout let the CLI write while
the bot reads. Keeping the connection open matters: closing the last one checkpoints the WAL
with an fsync, which made every write cost ~20 ms when each call opened its own (measured).
"""
from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.store.backend import iso_timestamp, utc_now
from bot.store.errors import StoreUnavailableError
from bot.store.schema import GUILD_SCOPE, SCHEMA_VERSION_TABLE, SQLITE

log = logging.getLogger("admiralty.store")

FILENAME = "store.db"
LEGACY_FILENAME = "discord_guilds.db"  # the bot's settings file before the shared store
_LEGACY_KEYS = ("ruleset", "game", "language")


class SqliteBackend:
    name = "sqlite"

    def __init__(self, path: Path | str, *, busy_timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self._migrated = False
        self._lock = threading.Lock()
        self._migrate_lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self.read_only = False  # the data directory cannot be written: reads work, writes fail in one line

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            raise StoreUnavailableError(f"the settings database {self.path} is read-only")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL's usual pairing: durable at checkpoints, never corrupt
        except (OSError, sqlite3.Error) as exc:
            raise StoreUnavailableError(f"cannot open the settings database {self.path}: {exc}") from None
        return conn

    def execute(self, sql: str, params: Sequence[Any] = (), *, fetch: bool = False) -> list[tuple[Any, ...]]:
        if not self._migrated:
            with self._migrate_lock:  # threads arriving at once: one migrates, the rest wait for it
                if not self._migrated:
                    self.migrate()
        values = [iso_timestamp(p) if isinstance(p, datetime) else p for p in params]
        if self.read_only:
            return self._execute_read_only(sql, values, fetch)
        with self._lock:
            if self._conn is None:
                self._conn = self._connect()
            try:
                with self._conn:
                    rows = self._conn.execute(sql, values).fetchall()
                return rows if fetch else []
            except sqlite3.OperationalError as exc:  # locked for longer than the timeout, disk full, read-only…
                self._drop_connection()  # the next call starts afresh (e.g. after the file was restored)
                raise StoreUnavailableError(f"the settings database {self.path.name} failed: {exc}") from None

    def _drop_connection(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:  # pragma: no cover - closing a broken connection
                pass
            self._conn = None

    def migrate(self) -> int:
        """Apply missing migrations; return the schema version now in the file."""
        try:
            conn = self._connect()
        except StoreUnavailableError as exc:
            if _cannot_write(exc) and self._open_read_only():
                return 0
            raise
        try:
            with conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(SCHEMA_VERSION_TABLE)
                current = conn.execute("SELECT max(version) FROM schema_version").fetchone()[0] or 0
                for version, statements in SQLITE:
                    if version <= current:
                        continue
                    for statement in statements:
                        conn.execute(statement)
                    if version == 1:
                        self._import_legacy(conn)
                    conn.execute("INSERT INTO schema_version (version) VALUES (?)", [version])
                    current = version
        except sqlite3.OperationalError as exc:
            conn.close()
            if _cannot_write(exc) and self._open_read_only():
                return 0
            raise StoreUnavailableError(f"cannot prepare the settings database {self.path}: {exc}") from None
        conn.close()
        self._migrated = True
        return int(current)

    def _open_read_only(self) -> bool:
        """Fall back to reading: `settings show` and `feedback export` work on a read-only data directory.
        True when the store can be read (a missing file reads as empty)."""
        if not self.path.exists():
            conn = None
        else:
            conn = None
            # mode=ro needs to create the WAL's -shm file beside it; immutable=1 reads without it
            for flags in ("mode=ro", "mode=ro&immutable=1"):
                try:
                    conn = sqlite3.connect(f"file:{self.path}?{flags}", uri=True, check_same_thread=False)
                    conn.execute("SELECT max(version) FROM schema_version").fetchone()
                    break
                except sqlite3.Error:
                    if conn is not None:
                        conn.close()
                    conn = None
            if conn is None:
                return False
        log.info("the settings database %s cannot be written; reading it only", self.path)
        with self._lock:
            self._drop_connection()
            self._conn = conn
            self.read_only = True
            self._migrated = True
        return True

    def _execute_read_only(self, sql: str, values: list[Any], fetch: bool) -> list[tuple[Any, ...]]:
        if not sql.lstrip().upper().startswith("SELECT"):
            raise StoreUnavailableError(f"the settings database {self.path} is read-only (its directory cannot "
                                        "be written): make the data directory writable to change it")
        with self._lock:
            if self._conn is None:  # no database file yet: nothing stored
                return []
            try:
                rows = self._conn.execute(sql, values).fetchall()
            except sqlite3.Error as exc:
                raise StoreUnavailableError(f"the settings database {self.path.name} failed: {exc}") from None
        return rows if fetch else []

    def _import_legacy(self, conn: sqlite3.Connection) -> None:
        """Copy the per-server settings the bot kept in discord_guilds.db before this store existed."""
        legacy = self.path.parent / LEGACY_FILENAME
        if not legacy.exists():
            return
        try:
            old = sqlite3.connect(f"file:{legacy}?mode=ro", uri=True)
            try:
                rows = old.execute(
                    "SELECT guild_id, ruleset, game, language, updated_by, updated_at FROM guild_settings"
                ).fetchall()
            finally:
                old.close()
        except sqlite3.Error as exc:
            log.warning("could not import the old settings from %s: %s", legacy, exc)
            return
        stamp = iso_timestamp(utc_now())
        for guild_id, *values, updated_by, updated_at in rows:
            for key, value in zip(_LEGACY_KEYS, values, strict=True):
                if value:
                    conn.execute(
                        "INSERT OR IGNORE INTO settings (guild_id, channel_id, key, value, updated_by, updated_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        [guild_id, GUILD_SCOPE, key, value, updated_by, updated_at or stamp],
                    )
        log.info("imported the settings of %d server(s) from %s", len(rows), legacy)

    def close(self) -> None:
        with self._lock:
            self._drop_connection()


def _cannot_write(exc: Exception) -> bool:
    """The failure says the file or its directory cannot be written (not a lock or a damaged file)."""
    text = str(exc).lower()
    return any(sign in text for sign in ("readonly", "read-only", "unable to open", "permission denied"))
