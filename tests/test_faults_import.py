"""Fault suite, unit imports: killed, refused and starved imports lose nothing and say so in one line.

Real BattleScribe data (/work/shared/data) imported by the real CLI in child processes.
"""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fault_tools import (
    DW3,
    DW4,
    assert_one_clear_line,
    cli,
    env_for,
    file_size_limit,
    make_read_only,
    make_writable,
    read_only_prefix,
    sha256,
)

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DW3.is_dir(), reason="no BattleScribe data here")]

UNITS_DB = "units.sqlite"


def _units(data_dir: Path) -> tuple[int, list[str]]:
    """(unit rows, source files) in the stored database, after SQLite's own integrity check."""
    conn = sqlite3.connect(f"file:{data_dir / UNITS_DB}?mode=ro", uri=True)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        count = conn.execute("select count(*) from units").fetchone()[0]
        files = sorted(row[0] for row in conn.execute("select file from sources"))
    finally:
        conn.close()
    return count, files


@pytest.fixture()
def dw4_imported(tmp_path: Path) -> Path:
    """A data directory holding one earlier import (the 4th-edition files)."""
    result = cli(tmp_path, "units", "import", str(DW4))
    assert result.returncode == 0, result.stderr
    return tmp_path


def test_kill_9_at_several_points_of_an_import_leaves_old_or_new_never_half(dw4_imported: Path) -> None:
    before = _units(dw4_imported)
    complete = cli(dw4_imported.parent / "complete", "units", "import", str(DW4), str(DW3))
    assert complete.returncode == 0, complete.stderr
    after = _units(dw4_imported.parent / "complete")
    seen = set()
    for delay in (0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 1.0, 1.3):
        child = subprocess.Popen([sys.executable, "-m", "bot.cli", "units", "import", str(DW4), str(DW3)],
                                 env=env_for(dw4_imported), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        state = _units(dw4_imported)
        assert state in (before, after), (delay, state)
        seen.add(state == after)
        if state == after:  # the import finished before the kill: start again from the old set
            (dw4_imported / UNITS_DB).unlink()
            assert cli(dw4_imported, "units", "import", str(DW4)).returncode == 0
    assert False in seen, "no kill landed inside an import"
    # The next import clears what the killed ones left behind and completes.
    result = cli(dw4_imported, "units", "import", str(DW4), str(DW3))
    assert result.returncode == 0, result.stderr
    assert _units(dw4_imported) == after
    assert not list(dw4_imported.glob(f"{UNITS_DB}.tmp-*"))


def test_a_killed_imports_temp_file_is_removed_by_the_next_import(dw4_imported: Path) -> None:
    # A temp file named for a process that no longer exists, as kill -9 leaves it.
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True)
    stale = dw4_imported / f"{UNITS_DB}.tmp-{finished.stdout.strip()}"
    stale.write_bytes(b"half an import" * 1000)
    assert cli(dw4_imported, "units", "import", str(DW3)).returncode == 0
    assert not stale.exists()


def test_full_disk_refused_in_one_line_and_old_data_intact(dw4_imported: Path) -> None:
    digest = sha256(dw4_imported / UNITS_DB)
    # Each file may grow to 256 KiB only: the new database (several MB) cannot be written.
    result = cli(dw4_imported, "units", "import", str(DW3), preexec=file_size_limit(256 * 1024))
    line = assert_one_clear_line(result)
    assert "full" in line or "too large" in line or "space" in line, line
    assert sha256(dw4_imported / UNITS_DB) == digest
    assert not list(dw4_imported.glob(f"{UNITS_DB}.tmp-*"))


def test_read_only_data_dir_refused_in_one_line_and_old_data_intact(dw4_imported: Path) -> None:
    prefix = read_only_prefix()
    digest = sha256(dw4_imported / UNITS_DB)
    make_read_only(dw4_imported)
    try:
        result = cli(dw4_imported, "units", "import", str(DW3), prefix=prefix)
        line = assert_one_clear_line(result, says="writable")
        assert "Permission denied" in line or "Read-only" in line, line
        # Reading still works on a read-only data directory.
        status = cli(dw4_imported, "units", "status", "--json", prefix=prefix)
        assert status.returncode == 0, status.stderr
    finally:
        make_writable(dw4_imported)
    assert sha256(dw4_imported / UNITS_DB) == digest


def test_paths_refused_by_type_and_name_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.cat"
    os.mkfifo(fifo)
    long_name = tmp_path / ("a" * 300 + ".cat")
    cases = [
        (["/dev/zero"], "not a regular file"),
        ([str(fifo)], "not a regular file"),
        ([str(long_name)], "name too long"),
        ([str(tmp_path / "missing.cat")], "no such file"),
        ([str(tmp_path / "bad\x1b[31m.cat")], "control characters"),
    ]
    for paths, says in cases:
        result = cli(tmp_path, "units", "import", *paths, timeout=60)
        assert_one_clear_line(result, says=says)
    assert not (tmp_path / UNITS_DB).exists()


def test_unit_names_with_terminal_escapes_or_bidi_controls_are_refused(tmp_path: Path) -> None:
    for name in ("\x1b[2J\x1b[31mBorodino", "Boro\u202edino", "Borodino\x07"):
        result = cli(tmp_path, "unit", name, timeout=60)
        line = assert_one_clear_line(result, says="control character")
        assert "\x1b" not in line and "\u202e" not in line and "\x07" not in line
