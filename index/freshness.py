"""Is the live index current? Compares its recorded inputs with today's, cheaply: no torch,
no numpy, no parsing, so `admiralty rule` can check before every lookup."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from core.settings import Settings
from index.chunking import CHUNKER_VERSION
from index.errors import IndexMissingError
from index.manifest import DocumentInfo, load_manifest
from index.store import DB_NAME, current_build, open_db, read_meta
from index.termmap import SYNONYMS_FILE

PIPELINE_VERSION = "6"  # bump when search-time tables change shape

# The code that decides what goes into the index: any edit to it makes the index stale,
# so a version number nobody remembered to bump can never serve an outdated index.
_INDEX_CODE = ("build.py", "chunking.py", "termmap.py", "text.py", "parsing")


def code_fingerprint() -> str:
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in _INDEX_CODE:
        path = root / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(source.relative_to(root).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()


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
        "documents": {doc.id: doc.sha256() for doc in docs},
    }


@dataclass
class IndexStatus:
    build_dir: Path | None
    fresh: bool
    reasons: list[str] = field(default_factory=list)
    meta: dict[str, object] = field(default_factory=dict)
    chunk_counts: dict[str, int] = field(default_factory=dict)


def index_status(settings: Settings) -> IndexStatus:
    build = current_build(settings.data_dir)
    if build is None:
        return IndexStatus(None, False, ["no index has been built"])
    db = open_db(build / DB_NAME, readonly=True)
    meta = read_meta(db)
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
    rows = db.query("select document, count(*) n from chunks group by document")
    counts = {row["document"]: row["n"] for row in rows}
    db.close()
    return IndexStatus(build, not reasons, reasons, meta, counts)


def fresh_build(settings: Settings) -> Path:
    """The live build directory, or IndexMissingError (503) when it is missing or stale.

    Opening an index never builds one: the service decides when a minute of building is due."""
    status = index_status(settings)
    if not status.fresh or status.build_dir is None:
        reasons = "; ".join(status.reasons) or "no index"
        raise IndexMissingError(f"the index is not built or out of date ({reasons}): run `admiralty index build`")
    return status.build_dir
