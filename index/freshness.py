"""Is the live index current? Compares its recorded inputs with today's, cheaply: no torch,
no numpy, no parsing, so `admiralty rule` can check before every lookup."""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from core.settings import Settings
from index.chunking import CHUNKER_VERSION
from index.errors import IndexMissingError
from index.glossary import GLOSSARY_FILE
from index.manifest import DocumentInfo, load_manifest
from index.store import DB_NAME, VECTORS_NAME, current_build, open_db, read_meta
from index.termmap import SYNONYMS_FILE

PIPELINE_VERSION = "8"  # bump when search-time tables change shape

# The code that decides what goes into the index: any edit to it makes the index stale,
# so a version number nobody remembered to bump can never serve an outdated index.
_INDEX_CODE = ("build.py", "chunking.py", "termmap.py", "glossary.py", "senses.py", "vocabulary.py", "text.py",
               "ru_typos.py", "parsing")


def code_fingerprint() -> str:
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in _INDEX_CODE:
        path = root / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(source.relative_to(root).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()


# Each build's record of its own files: name -> SHA-256. Checked on every load, so a damaged
# file (emptied, truncated, overwritten, four bytes flipped) is rebuilt rather than read.
# SHA-256 of the ~2.4 MB build costs ~1.8 ms (CRC-32 ~0.7 ms, but it is not meant to catch
# deliberate edits); the whole freshness check already costs about as much.
DIGESTS_NAME = "DIGESTS.json"
_BUILD_FILES = (DB_NAME, VECTORS_NAME)


def _sha256_of(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()  # one reused buffer, no per-block copies


def record_digests(build: Path) -> None:
    """Write the build's digest record (called on the finished files, before the build is published)."""
    record = {name: _sha256_of(build / name) for name in _BUILD_FILES}
    path = build / DIGESTS_NAME
    with path.open("w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=1, sort_keys=True)
        fh.flush()
        os.fsync(fh.fileno())


def build_damage(build: Path) -> str | None:
    """One line saying which file of `build` is missing or damaged, or None when all match their record."""
    try:
        record = json.loads((build / DIGESTS_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"{DIGESTS_NAME} is missing (built by an older version, or the build was interrupted)"
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return f"{DIGESTS_NAME} cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})"
    if not isinstance(record, dict) or set(record) != set(_BUILD_FILES):
        return f"{DIGESTS_NAME} is damaged"
    for name in _BUILD_FILES:
        try:
            actual = _sha256_of(build / name)
        except FileNotFoundError:
            return f"{name} is missing"
        except OSError as exc:
            return f"{name} cannot be read ({exc.strerror or type(exc).__name__})"
        if actual != record[name]:
            return f"{name} is damaged (its SHA-256 does not match the one recorded when it was built)"
    return None


def expected_meta(settings: Settings, docs: list[DocumentInfo] | None = None) -> dict[str, object]:
    docs = docs if docs is not None else load_manifest(settings.corpus_dir)
    manifest_hash = hashlib.sha256((settings.corpus_dir / "manifest.toml").read_bytes()).hexdigest()
    return {
        "pipeline_version": PIPELINE_VERSION,
        "chunker_version": CHUNKER_VERSION,
        "code_sha256": code_fingerprint(),
        "model": settings.model,
        "query_prefix": settings.query_prefix,
        "passage_prefix": settings.passage_prefix,
        "manifest_sha256": manifest_hash,
        "synonyms_sha256": hashlib.sha256(SYNONYMS_FILE.read_bytes()).hexdigest(),
        # the players' words are read from the build (index.vocabulary), so the glossary is an input too
        "glossary_sha256": hashlib.sha256(GLOSSARY_FILE.read_bytes()).hexdigest(),
        "documents": {doc.id: doc.sha256() for doc in docs},
    }


@dataclass
class IndexStatus:
    build_dir: Path | None
    fresh: bool
    reasons: list[str] = field(default_factory=list)
    meta: dict[str, object] = field(default_factory=dict)
    chunk_counts: dict[str, int] = field(default_factory=dict)
    damage: str | None = None  # set when the live build's files are missing or damaged (not merely stale)


def index_status(settings: Settings) -> IndexStatus:
    build = current_build(settings.data_dir)
    if build is None:
        return IndexStatus(None, False, ["no index has been built"])
    damage = build_damage(build)
    if damage is not None:
        return IndexStatus(build, False, [damage], damage=damage)
    try:
        db = open_db(build / DB_NAME, readonly=True)
        meta = read_meta(db)
        rows = list(db.query("select document, count(*) n from chunks group by document"))
        db.close()
    except sqlite3.DatabaseError as exc:  # matches its digest, yet unreadable: treat as damaged too
        damage = f"{DB_NAME} cannot be read ({exc})"
        return IndexStatus(build, False, [damage], damage=damage)
    expected = expected_meta(settings)
    reasons = []
    for key, value in expected.items():
        if key == "documents" and isinstance(value, dict):
            recorded = meta.get("documents")
            old = recorded if isinstance(recorded, dict) else {}
            for doc_id, digest in value.items():
                if old.get(doc_id) != digest:
                    reasons.append(f"document {doc_id} changed or is new")
            reasons += [f"document {d} was removed" for d in old if d not in value]
        elif meta.get(key) != value:
            reasons.append(f"{key} changed")
    counts = {row["document"]: row["n"] for row in rows}
    return IndexStatus(build, not reasons, reasons, meta, counts)


def fresh_build(settings: Settings, status: IndexStatus | None = None) -> Path:
    """The live build directory, or IndexMissingError (503) when it is missing or stale (`status`:
    the index's status just read, if the caller has it: each read hashes the build and the corpus).

    Opening an index never builds one: the service decides when a minute of building is due."""
    status = status or index_status(settings)
    if not status.fresh or status.build_dir is None:
        reasons = "; ".join(status.reasons) or "no index"
        raise IndexMissingError(
            f"the index is not built, out of date or damaged ({reasons}): run `admiralty index build`")
    return status.build_dir
