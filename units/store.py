"""Imported profiles in SQLite beside the index: `<data dir>/units.sqlite`.

Writes go through the sqlite3 module into a new file that replaces the old one with os.replace,
so a reader sees the old set or the new one, never half an import. Re-importing a source
(same BattleScribe id) replaces its profiles. Reads use the standard sqlite3 module only:
sqlite-utils pulls in numpy, which neither an import nor `admiralty unit` should pay for.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from units.errors import UnitDataError
from units.model import Unit, lookup_keys, name_key

DB_NAME = "units.sqlite"


def _unreadable(path: Path, exc: Exception) -> UnitDataError:
    """The stored unit database cannot be read: the server's data, not the request, is at fault (503)."""
    return UnitDataError(f"the unit database {path} is unreadable ({exc}); re-import the files", "units",
                         status=503, code="unit_data_unavailable")


def db_path(data_dir: Path) -> Path:
    return Path(data_dir) / DB_NAME


def _connect_readonly(path: Path) -> sqlite3.Connection | None:
    if not path.exists():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        return conn
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc


def read_units(path: Path) -> list[Unit]:
    conn = _connect_readonly(path)
    if conn is None:
        return []
    try:
        return [json.loads(row["json"]) for row in conn.execute("select json from units order by rowid")]
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    finally:
        conn.close()


def stamp(path: Path) -> tuple[int, int] | None:
    """The database file's inode and mtime, or None: changes when an import swaps a new file in."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


def read_index(path: Path) -> list[dict[str, Any]]:
    """Name, aliases, source and version of every stored unit, without its profile (fast start-up)."""
    conn = _connect_readonly(path)
    if conn is None:
        return []
    try:
        columns = {r[1] for r in conn.execute("pragma table_info(units)")}
        extra = ", edition, faction" if {"edition", "faction"} <= columns else ", null as edition, null as faction"
        rows = conn.execute(f"select rowid, name, keys, source, version{extra} from units order by rowid")  # noqa: S608
        return [{"rowid": r["rowid"], "name": r["name"], "keys": json.loads(r["keys"] or "[]"),
                 "source": r["source"], "version": r["version"], "edition": r["edition"] or "dw3",
                 "faction": r["faction"]} for r in rows]
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    finally:
        conn.close()


def read_profiles(path: Path, rowids: list[int]) -> dict[int, Unit]:
    """The stored profiles with these row ids."""
    conn = _connect_readonly(path)
    if conn is None or not rowids:
        return {}
    try:
        marks = ",".join("?" * len(rowids))
        rows = conn.execute(f"select rowid, json from units where rowid in ({marks})", rowids)  # noqa: S608
        return {r["rowid"]: json.loads(r["json"]) for r in rows}
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    finally:
        conn.close()


def read_sources(path: Path) -> list[dict[str, Any]]:
    conn = _connect_readonly(path)
    if conn is None:
        return []
    try:
        rows = conn.execute("select id, file, name, revision, kind, units, imported_at from sources order by rowid")
        return [dict(row) for row in rows]
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    finally:
        conn.close()


def read_xml(path: Path) -> dict[str, bytes]:
    """Earlier imports' XML by source id, so a catalogue imported alone can link into its library."""
    conn = _connect_readonly(path)
    if conn is None:
        return {}
    try:
        return {row["id"]: bytes(row["xml"]) for row in conn.execute("select id, xml from sources")}
    except sqlite3.Error:
        return {}
    finally:
        conn.close()


TMP_INFIX = ".tmp-"  # units.sqlite.tmp-<pid>: an import in progress


def remove_stale_temp_files(path: Path) -> list[Path]:
    """Delete the temp files of imports whose process is gone (killed mid-import); return them."""
    removed = []
    for tmp in path.parent.glob(f"{path.name}{TMP_INFIX}*"):
        pid = tmp.name.rsplit(TMP_INFIX, 1)[1]
        if pid.isdigit() and _process_alive(int(pid)):
            continue
        try:
            tmp.unlink()
            removed.append(tmp)
        except OSError:  # another import removed it first, or the directory is read-only: harmless
            pass
    return removed


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, someone else's
        return True
    return True


_SOURCE_COLUMNS = ("id", "file", "name", "revision", "kind", "units", "imported_at", "xml")
_UNIT_COLUMNS = ("source_id", "name", "name_key", "aliases", "keys", "source", "version", "edition", "faction", "json")


def write_import(path: Path, sources: list[dict[str, Any]], units: dict[str, list[Unit]],
                 xml: dict[str, bytes], drop: set[str] | None = None) -> None:
    """The old database minus the re-imported (and `drop`ped) sources, plus the new ones, swapped in
    atomically. Callers hold `import_lock`. The standard sqlite3 module only (sqlite-utils would
    load numpy: half a second of every import)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(path)
    tmp = path.with_name(f"{path.name}{TMP_INFIX}{os.getpid()}")
    tmp.unlink(missing_ok=True)
    tmp.touch()  # a read-only data directory fails here, naming the file, before any work
    replaced = {s["id"] for s in sources} | (drop or set())
    old_sources = [s for s in _all_rows(path, "sources") if s["id"] not in replaced]
    old_units = [u for u in _all_rows(path, "units") if u["source_id"] not in replaced]
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    source_rows = [tuple(s.get(c) for c in _SOURCE_COLUMNS) for s in old_sources] + [
        (s["id"], s["file"], s["name"], s["revision"], s["kind"], s["units"], now, xml[s["id"]]) for s in sources]
    # old rows are rebuilt from their JSON, so a database written by an older version gains new columns
    unit_rows = [_unit_row(row["source_id"], json.loads(row["json"])) for row in old_units] + \
        [_unit_row(sid, u) for sid, found in units.items() for u in found]
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA synchronous=OFF")  # a new private file: flushed once with fsync before the swap
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("create table sources (id text primary key, file text, name text, revision text, "
                         "kind text, units integer, imported_at text, xml blob)")
            conn.execute("create table units (source_id text, name text, name_key text, aliases text, keys text, "
                         "source text, version text, edition text, faction text, json text)")
            conn.executemany(f"insert into sources values ({','.join('?' * len(_SOURCE_COLUMNS))})", source_rows)
            conn.executemany(f"insert into units values ({','.join('?' * len(_UNIT_COLUMNS))})",
                             [tuple(row[c] for c in _UNIT_COLUMNS) for row in unit_rows])
            conn.execute("create index idx_units_name_key on units (name_key)")
            conn.commit()
        finally:
            conn.close()
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


LOCK_NAME = "units.lock"
LOCK_WAIT = 10.0  # seconds a second import waits for the first before saying so


@contextmanager
def import_lock(data_dir: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """One import (or removal) at a time per data directory: an OS file lock, released if the process dies.

    A second caller waits up to `wait` seconds, then is told another import is running."""
    import fcntl

    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / LOCK_NAME, "a+") as handle:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise UnitDataError(f"another unit import is running in {data_dir} (waited {wait:g} s); "
                                        "try again when it has finished", "paths", code="import_busy") from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _unit_row(source_id: str, unit: Unit) -> dict[str, Any]:
    aliases = list(unit.get("aliases", []))
    return {"source_id": source_id, "name": unit["name"], "name_key": name_key(unit["name"]),
            "aliases": json.dumps(aliases), "keys": json.dumps(lookup_keys(unit["name"], aliases)),
            "source": unit["source"], "version": unit["version"], "edition": unit.get("edition") or "dw3",
            "faction": unit.get("faction"), "json": json.dumps(unit)}


def _all_rows(path: Path, table: str) -> list[dict[str, Any]]:
    conn = _connect_readonly(path)
    if conn is None:
        return []
    try:
        return [dict(row) for row in conn.execute(f"select * from {table} order by rowid")]  # noqa: S608 - fixed names
    except sqlite3.Error:
        return []
    finally:
        conn.close()
