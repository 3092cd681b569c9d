"""Collects what a resolution says about itself: assumptions, citations and the trace."""
from __future__ import annotations

from typing import Any

from referee.citations import Citation, unique
from referee.rulesets.base import Ruleset


class Report:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.assumptions: list[str] = []
        self.citations: list[Citation] = []
        self.trace: list[dict[str, Any]] = []
        self.notes: list[str] = []

    def cite(self, key: str) -> Citation:
        c = self.ruleset.cite(key)
        self.citations.append(c)
        return c

    def cite_quality(self, quality: str) -> Citation:
        c = self.ruleset.cite_quality(quality)
        self.citations.append(c)
        return c

    def assume(self, text: str) -> None:
        if text not in self.assumptions:
            self.assumptions.append(text)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def step(self, step: str, detail: str, citation: Citation, **values: Any) -> None:
        entry: dict[str, Any] = {"step": step, "detail": detail, "citation": citation.to_json()}
        entry.update(values)
        self.trace.append(entry)

    def base_json(self, action: str, mode: str) -> dict[str, Any]:
        return {
            "action": action,
            "ruleset": self.ruleset.id,
            "ruleset_title": self.ruleset.title,
            "mode": mode,
            "assumptions": list(self.assumptions),
            "notes": list(self.notes),
            "citations": unique(self.citations),
        }
