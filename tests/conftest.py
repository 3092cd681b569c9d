"""Shared fixtures: one real index over the real corpus, built once per test session."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings whose data dir holds a freshly built index of the real corpus.

    The embedding cache of a developer's ./var is reused when present (it is keyed by
    model and passage hash, so it cannot change results, only skip re-encoding)."""
    from index.build import build_index

    data_dir = tmp_path_factory.mktemp("admiralty-data")
    cache = ROOT / "var" / "embeddings.db"
    if cache.exists():
        shutil.copy(cache, data_dir / "embeddings.db")
    settings = Settings.from_env().with_data_dir(data_dir)
    build_index(settings, progress=False)
    return settings


@pytest.fixture(scope="session")
def searcher(built_settings: Settings):
    from index.search import Searcher

    return Searcher(built_settings)


@pytest.fixture(scope="session")
def term_book(built_settings: Settings):
    from index.terms import TermBook

    return TermBook(built_settings)


# A test that needs one of these (directly or through another fixture) builds the index or starts a
# server: it is `slow` by construction, so `pytest -m "not slow"` never waits for one.
SLOW_FIXTURES = frozenset({"built_settings", "searcher", "term_book", "pg_server"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server on a private unix socket, started once (tests/pg_server.py);
    the tests that need it are skipped, with the reason, when none can be started here."""
    import subprocess

    from tests.pg_server import PgServer, PgUnavailable

    server = None
    try:
        server = PgServer()
        server.start()
    except (PgUnavailable, OSError, subprocess.SubprocessError) as exc:
        if server is not None:
            server.destroy()
        pytest.skip(f"no PostgreSQL server could be started: {exc}")
    yield server
    server.destroy()
