"""The CLI's one error boundary: every failure becomes one line on stderr and an exit code.

Exit codes (README, "Usage"): 0 done; 1 a lookup found nothing, or an unexpected failure (a
bug: one line saying so; `ADMIRALTY_DEBUG=1` adds the traceback); 2 anything the user or the
host must fix — bad input, an unreadable file, a data directory that is read-only or full,
a database that is down; 130 interrupted.
"""
from __future__ import annotations

import errno
import os
import sqlite3
import sys
import traceback

from bot.service import UserInputError, error_text, show_params
from core.settings import env

EXIT_BUG = 1
EXIT_FIX = 2
EXIT_INTERRUPTED = 130

_DATA_DIR_HINT = "make the data directory writable, or set ADMIRALTY_DATA_DIR to one that is"
_FULL_HINT = "free some space (or raise the file-size limit), or set ADMIRALTY_DATA_DIR to a roomier disk"

# errno -> what to do about it
_OS_ADVICE = {
    errno.EACCES: _DATA_DIR_HINT,
    errno.EPERM: _DATA_DIR_HINT,
    errno.EROFS: _DATA_DIR_HINT,
    errno.ENOSPC: _FULL_HINT,
    errno.EDQUOT: _FULL_HINT,
    errno.EFBIG: _FULL_HINT,
    errno.ENAMETOOLONG: "use a shorter path",
    errno.ENOENT: "check the path",
    errno.ENOTDIR: "check the path",
    errno.EISDIR: "give a file, not a folder",
}


def one_line(text: str) -> str:
    return " ".join(text.split())


def describe_failure(exc: BaseException, lang: str | None = None) -> tuple[str, int]:
    """(the line to print, the exit code) for a failure that reached the command line; a user error
    in the player's language (`--lang`)."""
    if isinstance(exc, UserInputError):
        return show_params(one_line(error_text(exc, lang)), "cli"), EXIT_FIX
    if isinstance(exc, OSError):
        return _os_line(exc), EXIT_FIX
    if isinstance(exc, sqlite3.Error):
        text = one_line(str(exc)) or type(exc).__name__
        return f"database error: {text} — {_sqlite_advice(exc)}", EXIT_FIX
    if isinstance(exc, MemoryError):
        return "out of memory: the input is too large for this machine", EXIT_FIX
    if isinstance(exc, RecursionError):
        return "the input is nested too deeply to read", EXIT_FIX
    name = type(exc).__name__
    detail = one_line(str(exc))[:200]
    return (f"internal error ({name}{': ' + detail if detail else ''}); this is a bug — please report it "
            "(ADMIRALTY_DEBUG=1 shows the details)"), EXIT_BUG


def _sqlite_advice(exc: sqlite3.Error) -> str:
    """What to do, from SQLite's own error name (SQLITE_FULL, SQLITE_IOERR_WRITE, SQLITE_READONLY…)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_FULL", "SQLITE_IOERR")):
        return "the disk may be full (or failing): " + _FULL_HINT
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return _DATA_DIR_HINT
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "a file in the data directory is damaged: delete it, then rebuild the index or re-import the units"
    return "check the data directory"


def _os_line(exc: OSError) -> str:
    what = exc.strerror or one_line(str(exc)) or type(exc).__name__
    where = exc.filename if exc.filename is not None else None
    shown = ""
    if where is not None:
        text = os.fsdecode(where) if isinstance(where, bytes) else str(where)
        shown = f"{text[:80]}…: " if len(text) > 80 else f"{text}: "
    advice = _OS_ADVICE.get(exc.errno or 0)
    return f"{shown}{what}" + (f" — {advice}" if advice else "")


def report(exc: BaseException, lang: str | None = None) -> int:
    """Print `exc` as one line (and its traceback when ADMIRALTY_DEBUG is set); return the exit code."""
    line, code = describe_failure(exc, lang)
    if env("ADMIRALTY_DEBUG"):
        traceback.print_exception(exc, file=sys.stderr)
    try:
        print(f"admiralty: error: {line}", file=sys.stderr)
    except (OSError, ValueError):  # stderr itself is gone: the exit code still says it
        pass
    return code
