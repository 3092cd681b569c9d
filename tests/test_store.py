"""The settings and feedback store: the same test functions against SQLite and a real PostgreSQL.

Expected values come from corpus/manifest.toml and index/manifest.py's alias tables
(e.g. `qrs` is the alias of edition `dw3-quick-reference`), never from the store's output.
"""
from __future__ import annotations

import datetime as dt
import sqlite3
import threading

import pytest

from bot.store import GuildSettings, SettingValueError, Store, open_store
from bot.store.schema import LATEST_VERSION
from core.errors import ServiceUnavailableError, UserInputError
from core.settings import Settings


def _reset_postgres(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS settings, feedback, schema_version")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def backend(request: pytest.FixtureRequest, tmp_path) -> dict:
    """How to open a store on an empty database of each kind (`open()` may be called again)."""
    settings = Settings.from_env().with_data_dir(tmp_path)
    if request.param == "sqlite":
        return {"kind": "sqlite", "open": lambda: open_store(settings, database_url="")}
    server = request.getfixturevalue("pg_server")
    _reset_postgres(server.url)
    return {"kind": "postgresql", "open": lambda: open_store(settings, database_url=server.url), "url": server.url}


@pytest.fixture
def store(backend: dict):
    opened: Store = backend["open"]()
    yield opened
    opened.close()


def test_backend_is_chosen_by_the_url(store: Store, backend: dict):
    assert store.kind == backend["kind"]


def test_new_server_has_nothing_set(store: Store):
    assert store.settings.get(1).to_json() == {
        "guild_id": 1, "ruleset": None, "game": None, "edition": None, "language": None, "locale": None,
    }


def test_set_round_trips_per_server_and_survives_reopening(store: Store, backend: dict):
    store.settings.set(1, "ruleset", "dw4", updated_by=9)
    store.settings.set(1, "locale", "ru")
    store.settings.set(2, "ruleset", "dw3-qrs")
    again = backend["open"]()  # a restarted process (or another one) sees the same rows
    try:
        one = again.settings.get(1)
        assert (one.ruleset, one.locale, one.language) == ("dw4", "ru", None)
        assert again.settings.get(2).ruleset == "dw3-qrs"
        assert again.settings.get(3).ruleset is None
    finally:
        again.close()


def test_set_replaces_the_previous_value(store: Store):
    store.settings.set(1, "ruleset", "dw4")
    assert store.settings.set(1, "ruleset", "dw3").ruleset == "dw3"


# corpus/manifest.toml edition aliases: "qrs" -> dw3-quick-reference, "3.03" -> dw3-rulebook,
# "dw4" -> dw4-glossary; game aliases: "dw" -> dystopian-wars. The canonical id is what is stored.
@pytest.mark.parametrize("key,typed,stored", [
    ("edition", "qrs", "dw3-quick-reference"),
    ("edition", "3.03", "dw3-rulebook"),
    ("edition", "DW4", "dw4-glossary"),
    ("edition", "usr", "usr"),
    ("game", "dw", "dystopian-wars"),
    ("game", "dust-warfare", "dust-warfare"),
    ("language", "RU", "ru"),
    ("ruleset", "dw3 qrs", "dw3-qrs"),  # core.params.normalise_choice: spaces become dashes
])
def test_values_are_stored_in_canonical_form(store: Store, key: str, typed: str, stored: str):
    assert getattr(store.settings.set(7, key, typed), key) == stored


@pytest.mark.parametrize("key,value,named,allowed", [
    ("ruleset", "dw5", "ruleset", "dw3, dw3-qrs, dw4"),
    ("language", "de", "language", "en, ru"),
    ("locale", "fr", "locale", "en, ru"),
    # corpus/manifest.toml has five editions and three games; the message lists them all, each with
    # the short name players type for it (issue 21).
    ("edition", "dw9", "edition", "dust (dust-warfare), dw3-qrs (dw3-quick-reference), dw3 (dw3-rulebook), "
                                  "dw4 (dw4-glossary), usr"),
    ("game", "warhammer", "game", "dust (dust-warfare), dw (dystopian-wars), usr (skirmish-usr)"),
    ("colour", "red", "colour", "ruleset, game, edition, language, locale"),
    ("ruleset", "", "ruleset", "empty"),
    ("game", "x" * 41, "game", "the limit is 40"),
])
def test_bad_key_or_value_names_the_key_and_the_allowed_values(store: Store, key, value, named, allowed):
    with pytest.raises(SettingValueError) as caught:
        store.settings.set(1, key, value)
    message = str(caught.value)
    assert named in message and allowed in message
    assert "\n" not in message
    assert isinstance(caught.value, UserInputError) and caught.value.status == 400
    assert store.settings.get(1) == GuildSettings(1)  # nothing was stored


@pytest.mark.parametrize("guild", [0, -5, 2**63, True, "12", None])
def test_ids_must_be_discord_ids(store: Store, guild):
    with pytest.raises(SettingValueError, match="guild_id"):
        store.settings.get(guild)
    with pytest.raises(SettingValueError, match="guild_id"):
        store.settings.set(guild, "ruleset", "dw4")


def test_largest_snowflake_fits(store: Store):
    big = 2**63 - 1
    assert store.settings.set(big, "ruleset", "dw4", channel_id=big, updated_by=big).ruleset == "dw4"


def test_channel_values_override_the_servers(store: Store):
    settings = store.settings
    settings.set(1, "language", "en")
    settings.set(1, "ruleset", "dw4")
    settings.set(1, "language", "ru", channel_id=10)
    assert settings.get(1, 10).language == "ru"
    assert settings.get(1, 10).ruleset == "dw4"  # not overridden: the server's value shows through
    assert settings.get(1).language == "en"
    assert settings.get(1, 11).language == "en"  # another channel
    assert settings.get(2, 10).language is None  # the same channel id under another server
    assert store.settings.overrides(1) == {0: {"language": "en", "ruleset": "dw4"}, 10: {"language": "ru"}}


def test_reset_one_channel_keeps_the_server(store: Store):
    settings = store.settings
    settings.set(1, "language", "en")
    settings.set(1, "language", "ru", channel_id=10)
    assert settings.reset(1, channel_id=10).language == "en"
    assert settings.get(1).language == "en"


def test_reset_a_key_for_the_server_forgets_channel_values_too(store: Store):
    settings = store.settings
    settings.set(1, "language", "en")
    settings.set(1, "ruleset", "dw4")
    settings.set(1, "language", "ru", channel_id=10)
    after = settings.reset(1, "language")
    assert after.language is None and after.ruleset == "dw4"
    assert settings.get(1, 10).language is None


def test_reset_everything_leaves_other_servers(store: Store):
    store.settings.set(1, "ruleset", "dw4")
    store.settings.set(1, "game", "dw", channel_id=3)
    store.settings.set(2, "ruleset", "dw3")
    assert store.settings.reset(1) == GuildSettings(1)
    assert store.settings.overrides(1) == {}
    assert store.settings.get(2).ruleset == "dw3"


def test_reset_unknown_key_is_refused(store: Store):
    with pytest.raises(SettingValueError, match="unknown setting"):
        store.settings.reset(1, "colour")


def test_concurrent_writers_all_land(store: Store):
    """Eight threads (as in the API's pool) write different servers at once."""
    errors: list[BaseException] = []

    def write(guild: int) -> None:
        try:
            for ruleset in ("dw3", "dw4"):
                store.settings.set(guild, "ruleset", ruleset)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(guild,)) for guild in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert [store.settings.get(guild).ruleset for guild in range(1, 9)] == ["dw4"] * 8


def test_feedback_is_exported_oldest_first_with_timestamps(store: Store):
    before = dt.datetime.now(dt.UTC)
    store.feedback.add(guild_id=1, user_id=2, question="сколько кубов на таран?",
                       chunk_ids=["dw3-rulebook:0042", "dw4-glossary:ram"], helpful=True)
    store.feedback.add(guild_id=None, user_id=None, question="what is piercing?", chunk_ids=[],
                       helpful=False, source="web")
    rows = store.feedback.export()
    assert [(r["question"], r["helpful"], r["source"], r["guild_id"]) for r in rows] == [
        ("сколько кубов на таран?", True, "discord", 1),
        ("what is piercing?", False, "web", None),
    ]
    assert rows[0]["chunk_ids"] == ["dw3-rulebook:0042", "dw4-glossary:ram"] and rows[1]["chunk_ids"] == []
    stamps = [dt.datetime.fromisoformat(r["created_at"]) for r in rows]
    assert all(s.utcoffset() == dt.timedelta(0) for s in stamps)
    assert before - dt.timedelta(seconds=1) <= stamps[0] <= stamps[1] <= dt.datetime.now(dt.UTC)
    assert rows[0]["id"] < rows[1]["id"]


@pytest.mark.parametrize("kwargs,word", [
    ({"question": "   "}, "question"),
    ({"question": "x" * 501}, "question"),
    ({"chunk_ids": ["c"] * 51}, "chunk_ids"),
    ({"helpful": "yes"}, "helpful"),
    ({"user_id": 0}, "user_id"),
])
def test_bad_feedback_is_refused(store: Store, kwargs, word):
    good = {"guild_id": 1, "user_id": 2, "question": "q", "chunk_ids": ["a"], "helpful": True}
    with pytest.raises(SettingValueError, match=word):
        store.feedback.add(**{**good, **kwargs})
    assert store.feedback.export() == []


def test_schema_is_created_once_and_versioned(store: Store, backend: dict):
    store.settings.get(1)  # the first call migrates
    again = backend["open"]()
    again.settings.get(1)
    again.close()
    rows = store.backend.execute("SELECT version FROM schema_version", fetch=True)
    assert rows == [(LATEST_VERSION,)]


def test_sqlite_imports_the_old_bot_settings_file(tmp_path):
    """Servers configured before the shared store keep their settings after the upgrade."""
    old = sqlite3.connect(tmp_path / "discord_guilds.db")
    old.execute("CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, ruleset TEXT, game TEXT, "
                "language TEXT, updated_by INTEGER, updated_at TEXT)")
    old.execute("INSERT INTO guild_settings VALUES (5, 'dw4', NULL, 'ru', 8, '2026-01-02T03:04:05+00:00')")
    old.commit()
    old.close()
    with open_store(Settings.from_env().with_data_dir(tmp_path), database_url="") as store:
        got = store.settings.get(5)
        assert (got.ruleset, got.game, got.language) == ("dw4", None, "ru")
        store.settings.set(5, "ruleset", "dw3")
    with open_store(Settings.from_env().with_data_dir(tmp_path), database_url="") as store:
        assert store.settings.get(5).ruleset == "dw3"  # imported once, not again over newer values


def test_sqlite_in_an_unwritable_place_is_a_one_line_503(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with open_store(Settings.from_env().with_data_dir(blocker / "data"), database_url="") as store:
        with pytest.raises(ServiceUnavailableError) as caught:
            store.settings.get(1)
    assert caught.value.status == 503 and "\n" not in str(caught.value)


@pytest.mark.parametrize("url,word", [
    ("mysql://localhost/x", "must start with postgresql://"),
    ("postgresql://host/db?nonsense_option=1", "not a valid PostgreSQL URL"),
])
def test_bad_database_url_is_a_one_line_error_without_the_url(tmp_path, url, word):
    with pytest.raises(UserInputError, match=word) as caught:
        open_store(Settings.from_env().with_data_dir(tmp_path), database_url=url)
    assert "\n" not in str(caught.value)
