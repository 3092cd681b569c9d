"""The one base class for errors a user can fix. Imports nothing.

Every package raises a subclass; every front end catches `UserInputError` once and
renders it in its own words: the CLI prints one line and exits 2, HTTP answers
`status` with the error shape, Discord replies with a short ephemeral message.
"""


class UserInputError(ValueError):
    """Bad input, missing data or a refused request; `str(exc)` is one line naming the problem.

    `field` names the input at fault (or None), `status` is the HTTP status the API
    answers with (400 by default; 503 for "index not built", 422 for "too expensive"),
    and `code` is a stable machine-readable name for the kind of failure.
    """

    status: int = 400
    code: str = "invalid_input"
    # the language of the request it answers when the player chose none (a Russian description):
    # `core.messages.error_text` speaks it unless the front end names the player's language
    lang: str | None = None

    def __init__(self, message: str, field: str | None = None, *, status: int | None = None,
                 code: str | None = None, key: str | None = None, params: dict[str, object] | None = None,
                 ru: str | None = None) -> None:
        """`key` and `params`: the message in the catalogue (core.messages), so each front end can say
        it in the player's language; `message` is its English text. `ru`: the Russian text of a
        message written where it is raised (the referee's, beside its English)."""
        super().__init__(message)
        self.message = message
        self.field = field
        self.key = key
        self.params = params or {}
        self.ru = ru
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class ServiceUnavailableError(UserInputError):
    """Something the request needs is not there yet (no index built, database down): retry later."""

    status = 503
    code = "unavailable"


class TooExpensiveError(UserInputError):
    """A well-formed request the server refuses to compute (too many dice for the time limit)."""

    status = 422
    code = "too_expensive"
