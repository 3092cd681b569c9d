"""The referee's errors: bad or contradictory input, and pools too costly to compute."""
from __future__ import annotations

from core.errors import TooExpensiveError, UserInputError


class InputError(UserInputError):
    """Bad, missing or contradictory input; `str(exc)` is a one-line message naming the field once.

    One error format (issue 21): a message that names its input as ⟨name⟩ does not also start with
    "name: " (the front end shows the field itself, and the CLI shows ⟨name⟩ as its flag)."""

    def __init__(self, message: str, field: str | None = None, *, ru: str | None = None, **kwargs: object) -> None:
        super().__init__(_named_once(message, field), field, ru=_named_once(ru, field) if ru else None,
                         **kwargs)  # type: ignore[arg-type]


def _named_once(message: str, field: str | None) -> str:
    prefix = f"{field}: "
    if field and message.startswith(prefix) and f"⟨{field}⟩" in message[len(prefix):]:
        rest = message[len(prefix):]
        first = rest.split(" ", 1)[0]
        return rest[:1].upper() + rest[1:] if first.isalpha() and first.islower() else rest  # not "Dw3 has…"
    return message


class TooExpensive(TooExpensiveError):
    """A valid attack whose exact odds would take too long (the message states the limit)."""
