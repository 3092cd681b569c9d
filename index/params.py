"""The request fields of the rules endpoints (ask, rule, complete), declared once.

The CLI flags, the HTTP validator and OpenAPI schema, and the Discord options all take
their limits from these specs, so a question too long for one front end is too long
for all of them.
"""
from __future__ import annotations

from core.params import Kind, ParamSpec

MAX_QUESTION_CHARS = 500
MAX_K = 20
MAX_TERM_CHARS = 100
MAX_FILTER_CHARS = 64
MAX_COMPLETIONS = 25

GAME = ParamSpec("game", Kind.TEXT, "Only this game, e.g. dystopian-wars (default: all).",
                 max_length=MAX_FILTER_CHARS)
EDITION = ParamSpec("edition", Kind.TEXT, "Only this edition: dw4, qrs, 3.03, 3 or 4, or a full edition id "
                    "(default: all).", max_length=MAX_FILTER_CHARS)
LANG = ParamSpec("lang", Kind.TEXT, "Only passages in this language: en or ru (default: all).",
                 max_length=MAX_FILTER_CHARS)

ASK_PARAMS: tuple[ParamSpec, ...] = (
    ParamSpec("question", Kind.TEXT, "The rules question, in plain words (English or Russian).", required=True,
              max_length=MAX_QUESTION_CHARS),
    ParamSpec("k", Kind.INT, "How many passages to return (default 5).", 1, MAX_K),
    GAME,
    EDITION,
    LANG,
)

RULE_PARAMS: tuple[ParamSpec, ...] = (
    ParamSpec("term", Kind.TEXT, "A rule or keyword name, e.g. Fusillade or таран.", required=True,
              max_length=MAX_TERM_CHARS),
    EDITION,
)

COMPLETE_PARAMS: tuple[ParamSpec, ...] = (
    ParamSpec("prefix", Kind.TEXT, "The start of a rule or keyword name.", required=True,
              max_length=MAX_TERM_CHARS),
    ParamSpec("limit", Kind.INT, f"At most this many names (default {MAX_COMPLETIONS}).", 1, MAX_COMPLETIONS),
)
