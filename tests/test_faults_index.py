"""Fault suite, the index: every file of a build damaged five ways is detected on load, reported in
one line and rebuilt (answers as before); where the data directory cannot be written, the one
line says how to rebuild. Over the real corpus and a real build."""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from core.settings import Settings
from index.build import ensure_index
from index.freshness import DIGESTS_NAME, index_status
from index.store import DB_NAME, VECTORS_NAME, current_build
from tests.fault_tools import (
    assert_one_clear_line,
    cli,
    file_size_limit,
    make_read_only,
    make_writable,
    read_only_prefix,
)


def _emptied(data: bytes) -> bytes:
    return b""


def _halved(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _random(data: bytes) -> bytes:
    return os.urandom(len(data))


def _header_overwritten(data: bytes) -> bytes:
    return b"\0" * 100 + data[100:]


def _four_bytes_inside(data: bytes) -> bytes:
    middle = len(data) // 2
    flipped = bytes(b ^ 0xFF for b in data[middle:middle + 4])
    return data[:middle] + flipped + data[middle + 4:]


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "emptied": _emptied, "halved": _halved, "random": _random,
    "header overwritten": _header_overwritten, "4 bytes inside": _four_bytes_inside,
}


@pytest.fixture()
def data_copy(built_settings: Settings, tmp_path: Path) -> Settings:
    """A private copy of the built data directory, to damage."""
    target = tmp_path / "data"
    shutil.copytree(built_settings.data_dir, target)
    return built_settings.with_data_dir(target)


def _damage(settings: Settings, name: str, how: str) -> Path:
    build = current_build(settings.data_dir)
    assert build is not None
    path = build / name
    path.write_bytes(DAMAGE[how](path.read_bytes()))
    return build


def test_each_build_records_the_digest_of_each_of_its_files(built_settings: Settings) -> None:
    build = current_build(built_settings.data_dir)
    assert build is not None
    record = json.loads((build / DIGESTS_NAME).read_text(encoding="utf-8"))
    assert set(record) == {DB_NAME, VECTORS_NAME}
    assert all(len(digest) == 64 for digest in record.values())  # SHA-256, hex


@pytest.mark.parametrize("name", [DB_NAME, VECTORS_NAME])
@pytest.mark.parametrize("how", list(DAMAGE))
def test_damaged_file_is_detected_and_rebuilt(data_copy: Settings, name: str, how: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    reference = cli(data_copy.data_dir, "rule", "ram", "--json")
    assert reference.returncode == 0, reference.stderr
    damaged = _damage(data_copy, name, how)
    status = index_status(data_copy)
    assert not status.fresh and status.damage is not None and name in status.damage, status.reasons
    rebuilt = ensure_index(data_copy, progress=False)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and name in lines[0] and "damaged" in lines[0], lines  # said in one line
    assert rebuilt != damaged and not damaged.exists() and index_status(data_copy).fresh
    again = cli(data_copy.data_dir, "rule", "ram", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(reference.stdout)  # nothing lost


def test_the_cli_reports_a_damaged_index_in_one_line_and_answers(data_copy: Settings) -> None:
    reference = cli(data_copy.data_dir, "rule", "piercing", "--json")
    _damage(data_copy, VECTORS_NAME, "4 bytes inside")
    result = cli(data_copy.data_dir, "rule", "piercing", "--json")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"admiralty: building the index ({VECTORS_NAME} is damaged"), lines
    assert json.loads(result.stdout) == json.loads(reference.stdout)


def test_a_damaged_vectors_file_never_answers_a_question(data_copy: Settings) -> None:
    """Four bytes inside the vectors change no file size and no header: only the digest sees them."""
    from bot.service import Admiralty

    question = "how many dice does a ram roll?"
    reference = Admiralty(data_copy).ask(question, k=3)
    _damage(data_copy, VECTORS_NAME, "4 bytes inside")
    after = Admiralty(data_copy).ask(question, k=3)
    assert [r["chunk_id"] for r in after["results"]] == [r["chunk_id"] for r in reference["results"]]
    assert [r["score"] for r in after["results"]] == pytest.approx([r["score"] for r in reference["results"]])


@pytest.mark.parametrize("name", [DB_NAME, VECTORS_NAME])
def test_damaged_index_on_a_read_only_data_dir_says_how_to_rebuild(data_copy: Settings, name: str) -> None:
    prefix = read_only_prefix()
    _damage(data_copy, name, "halved")
    make_read_only(data_copy.data_dir)
    try:
        result = cli(data_copy.data_dir, "rule", "ram", prefix=prefix)
    finally:
        make_writable(data_copy.data_dir)
    line = assert_one_clear_line(result, says="admiralty index build")
    assert name in line and "writable" in line, line


def test_a_damaged_embedding_cache_is_started_afresh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cache is only a cache: garbage in its place is replaced (re-embedding everything would
    take minutes here, so the build step that opens it is checked on its own)."""
    from index.build import _open_embedding_cache

    cache = tmp_path / "embeddings.db"
    cache.write_bytes(b"this is not a database" * 100)
    db = _open_embedding_cache(cache)
    assert db.execute("select count(*) from vectors").fetchone()[0] == 0
    db.close()
    assert "embedding cache" in capsys.readouterr().err


def test_full_disk_during_a_rebuild_keeps_the_old_build_and_says_how(data_copy: Settings) -> None:
    build = _damage(data_copy, VECTORS_NAME, "halved")
    pointer = (data_copy.data_dir / "CURRENT").read_text()
    # Each file may grow to 200 kB only: the new index.db (over 1 MB) cannot be written.
    result = cli(data_copy.data_dir, "rule", "ram", preexec=file_size_limit(200_000))
    assert "Traceback" not in result.stderr and result.returncode == 2, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("admiralty: error:")]
    assert len(errors) == 1 and "admiralty index build" in errors[0] and "free some space" in errors[0], errors
    assert (data_copy.data_dir / "CURRENT").read_text() == pointer and build.exists()
    assert not list(data_copy.data_dir.glob("build-*.tmp"))  # the half-written build is gone
