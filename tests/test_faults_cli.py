"""Fault suite, the command line: hostile arguments, damaged files and unusable data directories end
in one line and the documented exit code (README "Usage": 2 to fix, 1 a bug), never a traceback;
`ask --batch` answers a bad line with that line's error and goes on."""
from __future__ import annotations

import errno
import json
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.boundary import EXIT_BUG, EXIT_FIX, describe_failure
from bot.service import UserInputError
from tests.fault_tools import assert_one_clear_line, cli, make_read_only, make_writable, read_only_prefix

LONG = "x" * 20000

# Commands a hostile or careless user types; none may need a built index to be refused.
HOSTILE_ARGS: list[list[str]] = [
    ["rule", ""], ["rule", LONG], ["rule", "\x1b[31mram"], ["rule", "ram\udcff"], ["rule", "ram", "--edition", "dw9"],
    ["ask", ""], ["ask", LONG], ["ask", "ram", "--k", "0"], ["ask", "ram", "--k", "999"], ["ask", "ram", "--k", "x"],
    ["ask", "ram", "--lang", "xx"], ["ask", "ram", "--game", "chess"], ["ask"], ["ask", "q", "--batch", "f"],
    ["ask", "--batch", "/dev/zero"], ["ask", "--batch", "/nonexistent/q.jsonl"], ["ask", "--batch", "/tmp"],
    ["ask", "--batch", "/tmp/" + "a" * 300],
    ["attack", "--dice", "-1"], ["attack", "--dice", "1e309"], ["attack", "--dice", "nan"], ["attack", "--dice", ""],
    ["attack", "--dice", "99999999999999999999"], ["attack", "--armour", "3", "--citadel", "2"],
    ["attack", "\x00\x01\x02"], ["attack", LONG], ["attack", "--quality", "bogus", "--dice", "3"],
    ["ram", "--dice", "3"], ["assault", "--dice", "-5"], ["srs", "--dice", "x"], ["collision", "--mass", "0"],
    ["broadside", "--dice", "1e9"],
    ["unit", ""], ["unit", LONG], ["unit", "\x1b]0;pwned\x07"], ["unit", "Boro\u202edino"],
    ["units", "import"], ["units", "import", "/dev/null"], ["units", "import", "/proc/self/mem"],
    ["units", "import", "/nonexistent"], ["units", "import", "/etc/passwd"],
    ["settings", "show", "--guild", "0"], ["settings", "show", "--guild", "-1"], ["settings", "show", "--guild", "x"],
    ["settings", "set", "--guild", "1", "nokey", "v"], ["settings", "set", "--guild", "1", "edition", "dw9"],
    ["settings", "set", "--guild", "1", "edition", "\x1b[2J"], ["settings", "reset", "--guild", "99" * 20],
    ["serve", "--port", "70000"], ["serve", "--port", "-1"], ["bot"], ["nosuchcommand"], ["--nosuchflag"],
]


def _run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", HOSTILE_ARGS, ids=lambda argv: " ".join(argv)[:40])
def test_hostile_arguments_end_in_one_line(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("ADMIRALTY_DISCORD_TOKEN", raising=False)
    code, err = _run_in_process(argv, capsys)
    assert "Traceback" not in err, err
    assert code in (1, 2), (code, err)
    last = [line for line in err.splitlines() if line.strip()][-1]
    assert last.startswith(("admiralty", "usage:")), err
    assert "\x1b" not in err and "\u202e" not in err  # nothing a terminal would act on is echoed


def test_damaged_stores_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    (tmp_path / "store.db").write_bytes(b"not a database" * 500)
    (tmp_path / "units.sqlite").write_bytes(b"not a database" * 500)
    for argv in (["settings", "show", "--guild", "1"], ["feedback", "export"], ["units", "status"],
                 ["unit", "Borodino"]):
        code, err = _run_in_process(argv, capsys)
        assert code == EXIT_FIX and "Traceback" not in err, (argv, err)
        assert len(err.strip().splitlines()) == 1 and err.startswith("admiralty: error:"), err


@pytest.mark.parametrize(("error", "says"), [
    (PermissionError(errno.EACCES, "Permission denied", "/data/units.sqlite"), "writable"),
    (OSError(errno.EROFS, "Read-only file system", "/data/units.sqlite"), "writable"),
    (OSError(errno.ENOSPC, "No space left on device", "/data/x"), "free some space"),
    (OSError(errno.EFBIG, "File too large", "/data/x"), "free some space"),
    (OSError(errno.ENAMETOOLONG, "File name too long", "/" + "a" * 300), "shorter path"),
])
def test_os_errors_name_the_file_and_what_to_do(error: OSError, says: str) -> None:
    line, code = describe_failure(error)
    assert code == EXIT_FIX and says in line and str(error.strerror) in line
    assert len(line) < 300  # a 300-character name is shortened


def test_real_sqlite_errors_say_what_to_do(tmp_path: Path) -> None:
    garbage = tmp_path / "x.db"
    garbage.write_bytes(b"not a database" * 500)
    with pytest.raises(sqlite3.DatabaseError) as caught:
        sqlite3.connect(garbage).execute("select * from sqlite_master").fetchall()
    line, code = describe_failure(caught.value)
    assert code == EXIT_FIX and "damaged" in line and "not a database" in line


def test_user_errors_exit_2_and_bugs_exit_1_in_one_line() -> None:
    assert describe_failure(UserInputError("⟨k⟩ must be 1-10")) == ("--k must be 1-10", EXIT_FIX)
    line, code = describe_failure(KeyError("chunks"))
    assert code == EXIT_BUG and "bug" in line and "\n" not in line


@pytest.mark.slow
def test_batch_answers_every_line_and_reports_bad_ones(built_settings, tmp_path: Path) -> None:
    good = json.dumps({"question": "what does piercing do in dw4?"}).encode()
    lines = [
        good,
        b'{"question": "\\ud800 ram"}',  # a lone surrogate: valid JSON, not valid text
        b"[" * 10000,  # nested too deeply
        b'{"question": "\xff\xfe ram"}',  # not UTF-8
        b'{"question": 5}',
        json.dumps({"question": "x" * 5000}).encode(),  # too long
        good,
    ]
    batch = tmp_path / "q.jsonl"
    batch.write_bytes(b"\n".join(lines) + b"\n")
    result = cli(built_settings.data_dir, "ask", "--batch", str(batch), "--k", "1")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == len(lines)
    assert [bool(item.get("error")) for item in out] == [False, True, True, True, True, True, False]
    assert out[0]["results"] == out[-1]["results"] and out[-1]["status"] == "answered"


@pytest.mark.slow
def test_read_only_commands_work_on_a_read_only_data_dir(tmp_path: Path) -> None:
    prefix = read_only_prefix()
    assert cli(tmp_path, "settings", "set", "--guild", "7", "edition", "dw4").returncode == 0
    make_read_only(tmp_path)
    try:
        shown = cli(tmp_path, "settings", "show", "--guild", "7", "--json", prefix=prefix)
        exported = cli(tmp_path, "feedback", "export", "--json", prefix=prefix)
        changed = cli(tmp_path, "settings", "set", "--guild", "7", "edition", "dw3", prefix=prefix)
    finally:
        make_writable(tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["settings"]["edition"] == "dw4-glossary"
    assert exported.returncode == 0 and json.loads(exported.stdout) == [], exported.stderr
    assert_one_clear_line(changed, says="read-only")
    empty = tmp_path / "empty"
    empty.mkdir()
    make_read_only(empty)
    try:  # no store file at all, and no way to create one: nothing stored, said plainly
        fresh = cli(empty, "settings", "show", "--guild", "7", "--json", prefix=prefix)
    finally:
        make_writable(empty)
    assert fresh.returncode == 0, fresh.stderr
