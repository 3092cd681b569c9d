"""What the settings and feedback stores need from a database: run one statement, close."""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any, Protocol


class Backend(Protocol):
    """One database. SQL uses `?` placeholders; each `execute` is its own committed transaction."""

    name: str  # "sqlite" | "postgresql"

    def execute(self, sql: str, params: Sequence[Any] = (), *, fetch: bool = False) -> list[tuple[Any, ...]]:
        """Run `sql`; the rows when `fetch`. Raises `StoreUnavailableError` when the database is unreachable."""
        ...

    def close(self) -> None: ...


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def iso_timestamp(value: dt.datetime | str) -> str:
    """A stored timestamp (datetime from PostgreSQL, ISO text from SQLite) as ISO 8601 in UTC."""
    stamp = dt.datetime.fromisoformat(value) if isinstance(value, str) else value
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return stamp.astimezone(dt.UTC).isoformat(timespec="microseconds")
