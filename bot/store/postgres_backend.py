"""The shared back end: PostgreSQL through a small psycopg 3 connection pool.

Every API replica and bot shard process points `ADMIRALTY_DATABASE_URL` at the same
database and so sees the same settings. The pool opens in the background, so a process
starts even while the database is down; until it is back every call fails within
`timeout` seconds with `StoreUnavailableError` (one line, HTTP 503), and the pool's
fresh connection attempts pick the database up again when it returns. Connections are
checked when taken from the pool, so ones cut by a server restart are replaced, not used.
"""
from __future__ import annotations

import logging
import math
import threading
from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from bot.store.errors import StoreConfigError, StoreUnavailableError
from bot.store.schema import POSTGRES, SCHEMA_VERSION_TABLE

log = logging.getLogger("admiralty.store")
# The pool logs every failed reconnection; an application that configured logging keeps
# them, but a CLI without handlers must show only its one-line error, not a stream of them.
logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())

_MIGRATION_LOCK = 0x41444D  # pg_advisory_xact_lock key: "ADM"


def check_url(url: str) -> str:
    """The URL if libpq can parse it, else a `StoreConfigError` that does not echo it (it may hold a password)."""
    if not url.startswith(("postgresql://", "postgres://")):
        raise StoreConfigError("ADMIRALTY_DATABASE_URL must start with postgresql://", "ADMIRALTY_DATABASE_URL")
    try:
        conninfo.conninfo_to_dict(url)
    except psycopg.Error as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise StoreConfigError(f"ADMIRALTY_DATABASE_URL is not a valid PostgreSQL URL: {reason}",
                               "ADMIRALTY_DATABASE_URL") from None
    return url


class _Pool(ConnectionPool):
    """The pool, remembering why the last connection attempt failed (for the one-line error)."""

    last_error = ""

    def _connect(self, timeout: float | None = None) -> psycopg.Connection[Any]:
        try:
            conn = super()._connect(timeout)
        except psycopg.Error as exc:
            self.last_error = _reason(exc)
            raise
        self.last_error = ""
        return conn


def _reason(exc: BaseException) -> str:
    """The first line of libpq's message (it never holds the password), shortened."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return (lines[0] if lines else type(exc).__name__)[:160]


class PostgresBackend:
    name = "postgresql"

    def __init__(self, url: str, *, timeout: float = 3.0, max_size: int = 4) -> None:
        """`timeout`: how long a call waits for a connection before answering "unavailable"."""
        self.timeout = timeout
        self._pool = _Pool(
            check_url(url),
            min_size=1,
            max_size=max_size,
            open=False,
            timeout=timeout,
            # Give up a background reconnection quickly: the next call starts a fresh one at
            # once, instead of waiting out an exponential back-off after a long outage.
            reconnect_timeout=max(2.0, timeout),
            kwargs={"connect_timeout": max(1, math.ceil(timeout)), "application_name": "admiralty"},
            check=ConnectionPool.check_connection,
            name="admiralty-store",
        )
        self._pool.open(wait=False)
        self._migrated = False
        self._migrate_lock = threading.Lock()

    def execute(self, sql: str, params: Sequence[Any] = (), *, fetch: bool = False) -> list[tuple[Any, ...]]:
        if not self._migrated:
            self.migrate()
        with self._unavailable_as_error(), self._pool.connection() as conn:
            cursor = conn.execute(sql.replace("?", "%s"), list(params))
            return cursor.fetchall() if fetch else []

    def migrate(self) -> int:
        """Apply missing migrations (once across processes, under an advisory lock); return the version."""
        with self._migrate_lock, self._unavailable_as_error():
            with self._pool.connection() as conn:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", [_MIGRATION_LOCK])
                conn.execute(SCHEMA_VERSION_TABLE)
                row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
                current = int(row[0] or 0) if row else 0
                for version, statements in POSTGRES:
                    if version <= current:
                        continue
                    for statement in statements:
                        conn.execute(statement)
                    conn.execute("INSERT INTO schema_version (version) VALUES (%s)", [version])
                    log.info("settings database migrated to schema version %d", version)
                    current = version
            self._migrated = True
            return current

    def _unavailable_as_error(self) -> _Unavailable:
        return _Unavailable(self.timeout, self._pool)

    def close(self) -> None:
        self._pool.close()


class _Unavailable:
    """Context manager: a lost or refused connection becomes one `StoreUnavailableError` line."""

    def __init__(self, timeout: float, pool: _Pool) -> None:
        self.timeout = timeout
        self.pool = pool

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if exc is None:
            return
        if isinstance(exc, PoolTimeout):
            why = self.pool.last_error or f"no connection within {self.timeout:g} s"
            raise StoreUnavailableError(
                f"the settings database is unreachable ({why}); try again in a moment"
            ) from None
        if isinstance(exc, (psycopg.OperationalError, psycopg.InterfaceError)):
            reason = _reason(exc)
            log.warning("settings database error: %s", reason)
            raise StoreUnavailableError(
                f"the settings database connection failed ({reason}); try again in a moment"
            ) from None
