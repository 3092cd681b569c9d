"""Answers to "was this helpful?": appended by the front ends, exported for the retrieval dev set."""
from __future__ import annotations

import json
from typing import Any

from bot.store.backend import Backend, iso_timestamp, utc_now
from bot.store.errors import SettingValueError
from bot.store.settings_store import check_id
from core.errors import UserInputError
from core.params import Kind, ParamSpec, coerce

FEEDBACK_SPECS: tuple[ParamSpec, ...] = (
    ParamSpec("question", Kind.TEXT, "The question that was answered", max_length=500, required=True),
    ParamSpec("chunk_ids", Kind.TEXTS, "The passages shown, best first", max_length=200, max_items=50),
    ParamSpec("helpful", Kind.BOOL, "Whether the answer helped", required=True),
    ParamSpec("source", Kind.TEXT, "Which front end asked: discord, web, http, cli", max_length=20),
)
_SPEC = {spec.name: spec for spec in FEEDBACK_SPECS}


class FeedbackStore:
    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    def add(
        self,
        *,
        guild_id: int | None,
        user_id: int | None,
        question: str,
        chunk_ids: list[str],
        helpful: bool,
        source: str = "discord",
    ) -> None:
        """Record one answer's rating; ids may be None (the web page has no server or user)."""
        try:
            text = coerce(_SPEC["question"], question)
            ids = coerce(_SPEC["chunk_ids"], list(chunk_ids)) if chunk_ids else []
            rated = coerce(_SPEC["helpful"], helpful, strict=True)
            origin = coerce(_SPEC["source"], source)
        except UserInputError as exc:
            raise SettingValueError(f"feedback: {exc}", exc.field, code=exc.code) from None
        self._backend.execute(
            "INSERT INTO feedback (created_at, guild_id, user_id, question, chunk_ids, helpful, source) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                utc_now(),
                None if guild_id is None else check_id(guild_id, "guild_id"),
                None if user_id is None else check_id(user_id, "user_id"),
                text,
                json.dumps(ids, ensure_ascii=False),
                rated,
                origin,
            ],
        )

    def export(self) -> list[dict[str, Any]]:
        """Every rating, oldest first (newest last), each with its UTC timestamp."""
        rows = self._backend.execute(
            "SELECT id, created_at, guild_id, user_id, question, chunk_ids, helpful, source FROM feedback ORDER BY id",
            fetch=True,
        )
        return [
            {
                "id": int(row[0]),
                "created_at": iso_timestamp(row[1]),
                "guild_id": row[2],
                "user_id": row[3],
                "question": row[4],
                "chunk_ids": json.loads(row[5]),
                "helpful": bool(row[6]),
                "source": row[7],
            }
            for row in rows
        ]
