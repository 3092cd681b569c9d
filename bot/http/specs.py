"""The parameters of the search endpoints, in the same shape as referee.api.PARAMS.

One list per endpoint feeds both request validation and the OpenAPI document.
"""
from __future__ import annotations

from collections.abc import Sequence

from bot.http.validation import FieldSpec

MAX_QUESTION_LENGTH = 500
MAX_TERM_LENGTH = 120
MAX_FILTER_LENGTH = 64
MAX_COMPLETIONS = 25

_EDITION = FieldSpec(
    "edition", "string", "Only this edition, e.g. 3 or 4 (default: all).", max_length=MAX_FILTER_LENGTH
)

ASK: tuple[FieldSpec, ...] = (
    FieldSpec("question", "string", "The rules question, in plain words.", required=True,
              max_length=MAX_QUESTION_LENGTH),
    FieldSpec("k", "integer", "How many passages to return (default 5).", minimum=1, maximum=20),
    FieldSpec("game", "string", "Only this game, e.g. dystopian-wars (default: all).",
              max_length=MAX_FILTER_LENGTH),
    _EDITION,
    FieldSpec("lang", "string", "Only passages in this language, e.g. en or ru (default: all).",
              max_length=MAX_FILTER_LENGTH),
)

RULE: tuple[FieldSpec, ...] = (
    FieldSpec("term", "string", "A rule or keyword name, e.g. Fusillade.", required=True,
              max_length=MAX_TERM_LENGTH),
    _EDITION,
)

COMPLETE: tuple[FieldSpec, ...] = (
    FieldSpec("prefix", "string", "The start of a rule or keyword name.", required=True,
              max_length=MAX_TERM_LENGTH),
    FieldSpec("limit", "integer", f"At most this many names (default {MAX_COMPLETIONS}).", minimum=1,
              maximum=MAX_COMPLETIONS),
)


def referee_specs(action: str) -> Sequence[object]:
    """The referee's own parameter specs for one action (imported lazily)."""
    from referee.api import PARAMS

    specs = PARAMS[action]
    return tuple(specs.values()) if hasattr(specs, "values") else tuple(specs)
