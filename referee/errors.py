"""The one error type the referee raises for bad or contradictory input."""
from __future__ import annotations


class InputError(ValueError):
    """Bad, missing or contradictory input; `str(exc)` is a one-line message naming the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message
