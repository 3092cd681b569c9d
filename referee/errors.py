"""The referee's errors: bad or contradictory input, and pools too costly to compute."""
from __future__ import annotations

from core.errors import TooExpensiveError, UserInputError


class InputError(UserInputError):
    """Bad, missing or contradictory input; `str(exc)` is a one-line message naming the field."""


class TooExpensive(TooExpensiveError):
    """A valid attack whose exact odds would take too long (the message states the limit)."""
