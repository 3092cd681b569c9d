"""On-disk layout of one built index: SQLite (sqlite-utils) + a FAISS file, swapped atomically.

data_dir/
  CURRENT               name of the live build directory (replaced atomically)
  build-<stamp>/index.db, vectors.faiss
  embeddings.db         cache: (model, passage hash) -> vector, survives rebuilds
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

import sqlite_utils

from index.errors import IndexMissingError

DB_NAME = "index.db"
VECTORS_NAME = "vectors.faiss"


def current_build(data_dir: Path) -> Path | None:
    pointer = data_dir / "CURRENT"
    try:
        name = pointer.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    build = data_dir / name
    if not name or "/" in name or not (build / DB_NAME).exists():
        return None
    return build


def new_build_dir(data_dir: Path) -> Path:
    data_dir.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"build-{time.strftime('%Y%m%d%H%M%S')}-", suffix=".tmp", dir=data_dir))


def publish_build(data_dir: Path, tmp_dir: Path) -> Path:
    """Make a finished build live: rename it, then swap the CURRENT pointer in one os.replace."""
    final = tmp_dir.with_suffix("")
    os.replace(tmp_dir, final)
    fd, tmp_pointer = tempfile.mkstemp(dir=data_dir, prefix=".CURRENT-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(final.name)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp_pointer, data_dir / "CURRENT")
    for old in data_dir.glob("build-*"):
        if old != final and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)  # also clears interrupted .tmp builds
    return final


def open_db(path: Path, readonly: bool = False) -> sqlite_utils.Database:
    if readonly:
        if not path.exists():
            raise IndexMissingError(f"no index at {path}; run `admiralty index build`")
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        return sqlite_utils.Database(conn)
    path.parent.mkdir(parents=True, exist_ok=True)
    return sqlite_utils.Database(sqlite3.connect(path, check_same_thread=False))


def read_meta(db: sqlite_utils.Database) -> dict[str, object]:
    if "meta" not in db.table_names():
        return {}
    return {row["key"]: json.loads(row["value"]) for row in db["meta"].rows}


def write_meta(db: sqlite_utils.Database, meta: dict[str, object]) -> None:
    db.table("meta").insert_all(
        ({"key": k, "value": json.dumps(v, ensure_ascii=False)} for k, v in meta.items()),
        pk="key", replace=True,
    )
