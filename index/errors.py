"""Errors raised by the index for bad queries or missing data (never for our own bugs)."""
from __future__ import annotations

from core.errors import ServiceUnavailableError, UserInputError


class QueryError(UserInputError):
    """The question, term or filter is unusable (empty, too long, unknown edition…)."""


class IndexMissingError(ServiceUnavailableError):
    """No built index in the data directory, or it cannot be read: build it, then retry."""

    code = "index_missing"


class ModelError(ServiceUnavailableError):
    """The embedding model is missing, unreadable or fails its checksum."""

    code = "model_unavailable"


class CorpusError(UserInputError):
    """A corpus document or the manifest cannot be read or parsed."""

    code = "corpus_error"
