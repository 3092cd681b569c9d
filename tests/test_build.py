"""Index freshness, atomic rebuilds and the embedding cache, on a small real corpus copy."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.settings import Settings
from corpus import CORPUS_DIR
from index.build import build_index, ensure_index
from index.errors import CorpusError
from index.freshness import index_status
from index.manifest import load_manifest
from index.store import current_build, open_db

pytestmark = pytest.mark.slow  # builds small indexes

USR_ENTRY = """
[[document]]
id = "skirmish-usr"
file = "skirmish-universal-special-rules.md"
title = "Skirmish Universal Special Rules"
game = "skirmish-usr"
edition = "usr"
edition_label = "Universal Special Rules table (incomplete)"
language = "en"
format = "markdown-table"
version = "not a complete list yet"
"""


@pytest.fixture
def small(tmp_path: Path) -> Settings:
    """A one-document corpus (the real USR table) and an empty data dir."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(CORPUS_DIR / "skirmish-universal-special-rules.md", corpus)
    (corpus / "manifest.toml").write_text(USR_ENTRY, encoding="utf-8")
    return Settings(data_dir=tmp_path / "data", corpus_dir=corpus)


def test_build_then_fresh(small: Settings):
    assert not index_status(small).fresh
    build_index(small, progress=False)
    status = index_status(small)
    assert status.fresh and status.chunk_counts == {"skirmish-usr": 14}
    assert status.meta["model"] == small.model


def test_changed_document_makes_index_stale_and_rebuild_reembeds_only_changes(small: Settings):
    build_index(small, progress=False)
    doc = small.corpus_dir / "skirmish-universal-special-rules.md"
    added_row = "| Stealthy | Cannot be targeted beyond 12”. |\n"
    doc.write_text(doc.read_text(encoding="utf-8") + added_row, encoding="utf-8")
    status = index_status(small)
    assert not status.fresh and "document skirmish-usr changed or is new" in status.reasons
    cache = open_db(small.data_dir / "embeddings.db")
    before = cache["vectors"].count
    cache.close()
    ensure_index(small, progress=False)
    cache = open_db(small.data_dir / "embeddings.db")
    assert cache["vectors"].count == before + 1  # one new passage embedded, 14 reused
    cache.close()
    assert index_status(small).fresh


def test_interrupted_build_leaves_the_live_index_untouched(small: Settings, monkeypatch: pytest.MonkeyPatch):
    first = build_index(small, progress=False)
    import index.build as build_module

    def explode(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "publish_build", explode)
    (small.corpus_dir / "manifest.toml").write_text(USR_ENTRY.replace("incomplete", "partial"), encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        build_index(small, progress=False)
    assert current_build(small.data_dir) == first
    db = open_db(first / "index.db", readonly=True)
    assert db["chunks"].count == 14
    db.close()


def test_stale_tmp_builds_are_cleaned_on_next_publish(small: Settings):
    (small.data_dir).mkdir(parents=True)
    leftover = small.data_dir / "build-20000101000000-dead.tmp"
    leftover.mkdir()
    build_index(small, progress=False)
    assert not leftover.exists()
    assert len(list(small.data_dir.glob("build-*"))) == 1


def test_bad_manifest_is_a_clear_error(tmp_path: Path):
    (tmp_path / "manifest.toml").write_text('[[document]]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="missing"):
        load_manifest(tmp_path)


def test_unreadable_corpus_file_is_a_clear_error(small: Settings):
    (small.corpus_dir / "skirmish-universal-special-rules.md").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(CorpusError, match="cannot read corpus file"):
        build_index(small, progress=False)


def test_editing_the_index_code_makes_the_index_stale(small: Settings, monkeypatch: pytest.MonkeyPatch):
    import index.freshness as freshness

    build_index(small, progress=False)
    assert index_status(small).fresh
    monkeypatch.setattr(freshness, "code_fingerprint", lambda: "a different parser")
    status = index_status(small)
    assert not status.fresh and "code_sha256 changed" in status.reasons
