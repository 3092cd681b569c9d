"""Errors raised by the index for bad queries or missing data (never for our own bugs)."""
from __future__ import annotations


class AdmiraltyError(Exception):
    """A problem the user can fix; `str(exc)` is a one-line message naming what is wrong."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class QueryError(AdmiraltyError, ValueError):
    """The question, term or filter is unusable (empty, too long, unknown edition…)."""


class IndexMissingError(AdmiraltyError):
    """No built index in the data directory, or it cannot be read."""


class ModelError(AdmiraltyError):
    """The embedding model is missing, unreadable or fails its checksum."""


class CorpusError(AdmiraltyError):
    """A corpus document or the manifest cannot be read or parsed."""
