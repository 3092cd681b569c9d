"""Helpers for the fault suite (tests/test_faults_*.py): run the real CLI in a child process,
make a data directory read-only or a disk "full" for that child only, and check the one line."""
from __future__ import annotations

import hashlib
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path("/work/shared/data")
DW3 = DATA / "bsdata-dw3"
DW4 = DATA / "newrecruit-dw4"


def env_for(data_dir: Path) -> dict[str, str]:
    return {**os.environ, "ADMIRALTY_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT),
            "ADMIRALTY_DEBUG": ""}


def cli(data_dir: Path, *args: str, prefix: Sequence[str] = (), stdin: bytes | None = None,
        preexec: Callable[[], None] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`admiralty ARGS` as a user runs it, in a child process, against `data_dir`."""
    return subprocess.run([*prefix, sys.executable, "-m", "bot.cli", *args], capture_output=True,
                          env=env_for(data_dir), input=stdin.decode() if stdin is not None else None, text=True,
                          preexec_fn=preexec, timeout=timeout, cwd=ROOT)


def read_only_prefix() -> list[str]:
    """A command prefix under which directories without write permission really are read-only.

    root ignores permissions (CAP_DAC_OVERRIDE): setpriv drops that capability for the child.
    Anyone else needs no prefix."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only directory cannot be simulated")
    caps = "-dac_override,-dac_read_search,-fowner"
    return [setpriv, "--bounding-set", caps, "--inh-caps", caps]


def make_read_only(path: Path) -> None:
    for item in [path, *path.rglob("*")]:
        item.chmod(item.stat().st_mode & ~0o222)


def make_writable(path: Path) -> None:
    for item in [path, *path.rglob("*")]:
        item.chmod(item.stat().st_mode | 0o200)


def file_size_limit(limit: int) -> Callable[[], None]:
    """preexec_fn for a child whose writes past `limit` bytes per file fail (a "full disk": EFBIG)."""
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_one_clear_line(result: subprocess.CompletedProcess[str], *, code: int = 2, says: str = "") -> str:
    """The command failed with `code` and printed exactly one `admiralty:` line, no traceback."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("admiralty: "), lines
    assert result.returncode == code, (result.returncode, result.stderr)
    assert says.lower() in lines[0].lower(), lines[0]
    return lines[0]
