"""Per-server settings and answer feedback: the only state Admiralty processes share.

`open_store(settings)` picks the back end: SQLite in the data directory (one process or one
host: the default), or PostgreSQL when `ADMIRALTY_DATABASE_URL=postgresql://…` is set (any
number of API replicas and bot shard processes). Both behave the same; both raise
`SettingValueError` (400) for a bad key or value and `StoreUnavailableError` (503) while the
database cannot be reached. See docs/deploy.md.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Self

from bot.store.backend import Backend
from bot.store.errors import SettingValueError, StoreConfigError, StoreUnavailableError
from bot.store.feedback_store import FeedbackStore
from bot.store.keys import (
    LANGUAGES,
    LOCALES,
    RULESETS,
    SETTING_KEYS,
    SETTING_SPECS,
    GuildSettings,
)
from bot.store.settings_store import SettingsStore
from core.settings import Settings
from index.manifest import DocumentInfo, load_manifest

DATABASE_URL_ENV = "ADMIRALTY_DATABASE_URL"

__all__ = [
    "DATABASE_URL_ENV", "LANGUAGES", "LOCALES", "RULESETS", "SETTING_KEYS", "SETTING_SPECS",
    "FeedbackStore", "GuildSettings", "SettingValueError", "SettingsStore", "Store", "StoreConfigError",
    "StoreUnavailableError", "open_store",
]


class Store:
    """The settings and the feedback over one back end; `close()` releases its connections."""

    def __init__(self, backend: Backend, documents: Sequence[DocumentInfo] | None = None,
                 settings: Settings | None = None) -> None:
        self.backend = backend
        corpus_dir = settings.corpus_dir if settings is not None else None

        @functools.cache
        def manifest() -> Sequence[DocumentInfo]:
            return documents if documents is not None else load_manifest(corpus_dir)

        self.settings = SettingsStore(backend, manifest)
        self.feedback = FeedbackStore(backend)

    @property
    def kind(self) -> str:
        """"sqlite" or "postgresql"."""
        return self.backend.name

    def close(self) -> None:
        self.backend.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_store(settings: Settings, database_url: str | None = None) -> Store:
    """The store this process should use: PostgreSQL when a URL is given or in the settings
    ($ADMIRALTY_DATABASE_URL), else `<data dir>/store.db`. Never blocks on the database:
    an unreachable one shows up as `StoreUnavailableError` on each call until it returns."""
    url = (database_url if database_url is not None else settings.database_url).strip()
    backend: Backend
    if url:
        from bot.store.postgres_backend import PostgresBackend

        backend = PostgresBackend(url)
    else:
        from bot.store.sqlite_backend import FILENAME, SqliteBackend

        backend = SqliteBackend(settings.data_dir / FILENAME)
    return Store(backend, settings=settings)
