"""PostgreSQL across processes and through an outage (issue 12's measurements).

- Two processes with different data directories and one database URL see each other's settings.
- The database stopped mid-run: calls fail with one line (CLI exit 2, `StoreUnavailableError`,
  503) and nothing crashes; started again, the same open store recovers without a restart.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store, StoreUnavailableError, open_store
from bot.store.postgres_backend import PostgresBackend
from core.settings import Settings

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def _reset(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS settings, feedback, schema_version")


def admiralty(data_dir: Path, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The real CLI in its own process, with its own data directory and the shared database."""
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(data_dir), "ADMIRALTY_DATABASE_URL": url}
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_two_processes_see_each_others_settings(pg_server, tmp_path):
    _reset(pg_server.url)
    first, second = tmp_path / "host-a", tmp_path / "host-b"
    done = admiralty(first, pg_server.url, "settings", "set", "--guild", "4242", "edition", "qrs")
    assert done.returncode == 0, done.stderr
    shown = admiralty(second, pg_server.url, "settings", "show", "--guild", "4242", "--json")
    assert shown.returncode == 0, shown.stderr
    report = json.loads(shown.stdout)
    assert report["store"] == "postgresql"
    assert report["settings"]["edition"] == "dw3-quick-reference"  # corpus/manifest.toml alias "qrs"
    # and back the other way, while a long-lived store in this process watches
    with open_store(Settings.from_env().with_data_dir(tmp_path / "host-c"), database_url=pg_server.url) as watcher:
        assert watcher.settings.get(4242).edition == "dw3-quick-reference"
        done = admiralty(second, pg_server.url, "settings", "set", "--guild", "4242", "--channel", "7",
                         "language", "ru")
        assert done.returncode == 0, done.stderr
        assert watcher.settings.get(4242, 7).language == "ru"
        watcher.feedback.add(guild_id=4242, user_id=1, question="ram dice?", chunk_ids=["x"], helpful=False)
    exported = admiralty(first, pg_server.url, "feedback", "export", "--json")
    assert exported.returncode == 0, exported.stderr
    assert [row["question"] for row in json.loads(exported.stdout)] == ["ram dice?"]
    # the SQLite files of the two data directories were never used
    assert not (first / "store.db").exists() and not (second / "store.db").exists()


async def _through_the_api_error_middleware(store: Store) -> tuple[int, dict]:
    """An API route reading the store, behind the API's real error middleware: the error shape it gives."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    from bot.http.errors import error_middleware

    async def read(request: web.Request) -> web.Response:
        return web.json_response((await asyncio.to_thread(store.settings.get, 77)).to_json())

    app = web.Application(middlewares=[error_middleware])
    app.router.add_get("/settings", read)
    async with TestClient(TestServer(app)) as client:
        response = await client.get("/settings")
        return response.status, await response.json()


def _wait_for_recovery(store: Store, guild: int, deadline: float) -> float:
    start = time.monotonic()
    while True:
        try:
            store.settings.get(guild)
            return time.monotonic() - start
        except StoreUnavailableError:
            if time.monotonic() - start > deadline:
                raise
            time.sleep(0.2)


def test_outage_gives_one_line_errors_and_recovers(pg_server, tmp_path):
    _reset(pg_server.url)
    settings = Settings.from_env().with_data_dir(tmp_path)
    store = Store(PostgresBackend(pg_server.url, timeout=1.0), settings=settings)
    try:
        store.settings.set(77, "ruleset", "dw4")
        pg_server.stop()
        try:
            for call in (lambda: store.settings.get(77), lambda: store.settings.set(77, "locale", "ru"),
                         lambda: store.feedback.export()):
                started = time.monotonic()
                with pytest.raises(StoreUnavailableError) as caught:
                    call()
                assert time.monotonic() - started < 5  # bounded by the pool timeout, not hanging
                message = str(caught.value)
                assert "\n" not in message and message.startswith("the settings database")
                assert caught.value.status == 503
            status, body = asyncio.run(_through_the_api_error_middleware(store))
            assert status == 503 and body["error"]["code"] == "database_unavailable"
            assert body["error"]["message"].startswith("the settings database") and "\n" not in body["error"]["message"]
            cli = admiralty(tmp_path / "cli", pg_server.url, "settings", "show", "--guild", "77")
            assert cli.returncode == 2
            assert cli.stderr.strip().count("\n") == 0, cli.stderr
            assert cli.stderr.startswith("admiralty: error: the settings database is unreachable"), cli.stderr
            # a process started while the database is down opens its store and waits for it
            late = Store(PostgresBackend(pg_server.url, timeout=1.0), settings=settings)
        finally:
            pg_server.start()
        recovered_in = _wait_for_recovery(store, 77, deadline=20)
        assert store.settings.get(77).ruleset == "dw4"  # the data outlived the outage
        assert store.settings.set(77, "locale", "ru").locale == "ru"
        assert _wait_for_recovery(late, 77, deadline=20) < 20
        assert late.settings.get(77).locale == "ru"
        late.close()
        print(f"recovered {recovered_in:.2f} s after PostgreSQL came back")
    finally:
        store.close()
