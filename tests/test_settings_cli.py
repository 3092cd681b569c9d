"""`admiralty settings show|set|reset` and `admiralty feedback export`, run in-process on the SQLite store.

(The same commands against PostgreSQL, from two processes and through an outage, are in
tests/test_store_postgres.py.)
"""
from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.store import open_store
from core.settings import Settings


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ADMIRALTY_DATABASE_URL", raising=False)
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_set_then_show_as_json(capsys):
    code, _, err = run(capsys, "settings", "set", "--guild", "123", "edition", "3.03")
    assert code == 0, err
    code, out, _ = run(capsys, "settings", "show", "--guild", "123", "--json")
    report = json.loads(out)
    # corpus/manifest.toml edition aliases: "3.03" -> "dw3-rulebook"
    assert report["settings"]["edition"] == "dw3-rulebook"
    assert report["server"] == {"edition": "dw3-rulebook"} and report["channels"] == {}
    assert report["store"] == "sqlite" and report["guild_id"] == 123 and report["channel_id"] is None


def test_show_as_text_lists_every_key(capsys):
    run(capsys, "settings", "set", "--guild", "9", "ruleset", "dw4")
    run(capsys, "settings", "set", "--guild", "9", "--channel", "77", "locale", "ru")
    code, out, _ = run(capsys, "settings", "show", "--guild", "9")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "server 9 (store: sqlite)"
    assert [line.split()[0] for line in lines[1:6]] == ["ruleset", "game", "edition", "language", "locale"]
    assert lines[1].split() == ["ruleset", "dw4"] and lines[2].split() == ["game", "(not", "set)"]
    assert lines[6].strip() == "channel 77 overrides: locale=ru"


def test_channel_scope_and_reset(capsys):
    run(capsys, "settings", "set", "--guild", "5", "language", "en")
    run(capsys, "settings", "set", "--guild", "5", "--channel", "6", "language", "ru")
    _, out, _ = run(capsys, "settings", "show", "--guild", "5", "--channel", "6", "--json")
    assert json.loads(out)["settings"]["language"] == "ru"
    _, out, _ = run(capsys, "settings", "reset", "--guild", "5", "--channel", "6", "--json")
    assert json.loads(out)["settings"]["language"] == "en"  # the server's value shows again
    _, out, _ = run(capsys, "settings", "reset", "--guild", "5", "language", "--json")
    assert json.loads(out)["settings"]["language"] is None


def test_settings_written_by_the_cli_are_what_the_bot_reads(capsys, data_dir):
    run(capsys, "settings", "set", "--guild", "44", "game", "dw")
    with open_store(Settings.from_env()) as store:  # what BotContext.for_service opens
        assert store.settings.get(44).game == "dystopian-wars"  # corpus/manifest.toml game aliases: "dw"


@pytest.mark.parametrize("argv,words", [
    (("set", "--guild", "1", "ruleset", "dw5"), ["'ruleset'", "dw3, dw3-qrs, dw4"]),
    (("set", "--guild", "1", "colour", "red"),
     ["unknown setting 'colour'", "ruleset, game, edition, language, locale"]),
    (("set", "--guild", "1", "language", "de"), ["'language'", "en, ru"]),
    (("reset", "--guild", "1", "colour"), ["unknown setting"]),
])
def test_bad_key_or_value_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "settings", *argv)
    assert code == 2 and out == ""
    assert err.startswith("admiralty: error: ") and err.count("\n") == 1
    for word in words:
        assert word in err


@pytest.mark.parametrize("guild", ["0", "abc", "-3", str(2**63)])
def test_bad_guild_id_is_refused_by_the_parser(capsys, guild):
    with pytest.raises(SystemExit) as exited:
        main(["settings", "show", "--guild", guild])
    assert exited.value.code == 2
    assert "Discord id" in capsys.readouterr().err


def test_feedback_export(capsys):
    code, out, _ = run(capsys, "feedback", "export", "--json")
    assert code == 0 and json.loads(out) == []
    with open_store(Settings.from_env()) as store:
        store.feedback.add(guild_id=3, user_id=4, question="таран?", chunk_ids=["a", "b"], helpful=False)
        store.feedback.add(guild_id=None, user_id=None, question="piercing", chunk_ids=[], helpful=True, source="web")
    _, out, _ = run(capsys, "feedback", "export", "--json")
    rows = json.loads(out)
    assert [(r["question"], r["helpful"], r["chunk_ids"]) for r in rows] == [("таран?", False, ["a", "b"]),
                                                                            ("piercing", True, [])]
    _, out, _ = run(capsys, "feedback", "export")
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].split("\t")[1:] == ["not helpful", "discord", "guild=3", "таран?", "a,b"]
    assert lines[1].split("\t")[1:] == ["helpful", "web", "guild=-", "piercing", "-"]
