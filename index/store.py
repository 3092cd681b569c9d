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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from index.errors import IndexMissingError

if TYPE_CHECKING:  # imported when a database is opened for writing: it brings numpy, click and dateutil
    import sqlite_utils

DB_NAME = "index.db"
# The passages' vectors as a FAISS flat inner-product index (the product's vector store). Session 8 measured
# a plain NumPy file instead: serving would skip importing FAISS (~33 ms CPU, ~15 MB per process), since the
# corpus is small enough that search multiplies the whole matrix itself. Not kept: FAISS is what a larger
# corpus or an approximate index (IVF, HNSW) plugs into, and every cold-start target is met with it.
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


class ReadOnlyDb:
    """A built index opened for reading: the part of sqlite_utils.Database the readers use
    (`query`, `execute`, `table_names`, `db[table].count`), over plain sqlite3. Importing
    sqlite_utils costs a third of `admiralty rule`'s start (it imports numpy, click, dateutil)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Iterator[dict[str, Any]]:
        cursor = self.conn.execute(sql, params)
        names = [column[0] for column in cursor.description or ()]
        for row in cursor:
            yield dict(zip(names, row, strict=True))

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)

    def table_names(self) -> list[str]:
        return [row[0] for row in self.conn.execute("select name from sqlite_master where type = 'table'")]

    def __getitem__(self, table: str) -> _TableCount:
        return _TableCount(self.conn, table)

    def close(self) -> None:
        self.conn.close()


class _TableCount:
    def __init__(self, conn: sqlite3.Connection, table: str) -> None:
        self._conn, self._table = conn, table

    @property
    def count(self) -> int:
        quoted = '"' + self._table.replace('"', '""') + '"'
        return int(self._conn.execute(f"select count(*) from {quoted}").fetchone()[0])


@overload
def open_db(path: Path, readonly: Literal[True]) -> ReadOnlyDb: ...


@overload
def open_db(path: Path, readonly: Literal[False] = ...) -> sqlite_utils.Database: ...


def open_db(path: Path, readonly: bool = False) -> ReadOnlyDb | sqlite_utils.Database:
    """`readonly`: a built index, as a `ReadOnlyDb`; else a `sqlite_utils.Database` to write."""
    if readonly:
        if not path.exists():
            raise IndexMissingError(f"no index at {path}; run `admiralty index build`")
        return ReadOnlyDb(sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False))
    import sqlite_utils

    path.parent.mkdir(parents=True, exist_ok=True)
    return sqlite_utils.Database(sqlite3.connect(path, check_same_thread=False))


def read_meta(db: sqlite_utils.Database | ReadOnlyDb) -> dict[str, object]:
    if "meta" not in db.table_names():
        return {}
    return {row["key"]: json.loads(row["value"]) for row in db.query("select key, value from meta")}


def write_meta(db: sqlite_utils.Database, meta: dict[str, object]) -> None:
    db.table("meta").insert_all(
        ({"key": k, "value": json.dumps(v, ensure_ascii=False)} for k, v in meta.items()),
        pk="key", replace=True,
    )
