"""Collects what a resolution says about itself: inputs as understood, assumptions, notes,
citations and the trace; and the frozen `Resolution` every action returns.

Messages name an input as ⟨name⟩ (each front end renders it in its own words) and come in the
language of the question: `say(en, ru)` picks the Russian text when the description was Russian.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.citations import Citation, unique
from referee.labels import step_label
from referee.rulesets.base import Ruleset

LANGS = ("en", "ru")


class Report:
    def __init__(self, ruleset: Ruleset, lang: str = "en") -> None:
        self.ruleset = ruleset
        self.lang = lang if lang in LANGS else "en"
        self.assumptions: list[str] = []
        self.citations: list[Citation] = []
        self.trace: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.headline: list[str] = []  # said before the verdict: what changes the question itself
        self.inputs: dict[str, Any] = {"ruleset": ruleset.id}

    def say(self, en: str, ru: str | None = None) -> str:
        """The message in the answer's language (English when no Russian text was written)."""
        return ru if self.lang == "ru" and ru else en

    def cite(self, key: str) -> Citation:
        c = self.ruleset.cite(key, self.lang)
        self._cite_in_english(self.ruleset.english_citation(key))
        self.citations.append(c)
        return c

    def cite_quality(self, quality: str) -> Citation:
        c = self.ruleset.cite_quality(quality)
        self._cite_in_english(self.ruleset.english_citation(quality, quality=True))
        self.citations.append(c)
        return c

    def _cite_in_english(self, english: Citation | None) -> None:
        """An English player reads the rule in English first (the quick reference), then the book
        the numbers follow; each citation names its document, so both are labelled."""
        if english is not None and self.lang == "en":
            self.citations.append(english)

    def assume(self, text: str, ru: str | None = None) -> None:
        text = self.say(text, ru)
        if text not in self.assumptions:
            self.assumptions.append(text)

    def note(self, text: str, ru: str | None = None) -> None:
        text = self.say(text, ru)
        if text not in self.notes:
            self.notes.append(text)

    def warn(self, text: str, ru: str | None = None) -> None:
        """A correction of the question (e.g. dice the rules do not roll): it leads the verdict."""
        text = self.say(text, ru)
        if text not in self.headline:
            self.headline.append(text)
        self.note(text)

    def understood(self, **values: Any) -> None:
        """Record resolved input values for the `inputs` object (None values are left out)."""
        self.inputs.update({k: v for k, v in values.items() if v is not None})

    def step(self, step: str, detail: str, citation: Citation, *, ru: str | None = None, **values: Any) -> None:
        """One trace entry; `step` is a stable English name, `detail` is said in the answer's language
        (`ru`, when written, for a Russian question)."""
        entry: dict[str, Any] = {"step": step, "label": step_label(step, self.lang), "detail": self.say(detail, ru),
                                 "citation": citation.to_json()}
        entry.update(values)
        self.trace.append(entry)

    def base_json(self, action: str, mode: str) -> dict[str, Any]:
        return {
            "action": action,
            "ruleset": self.ruleset.id,
            "ruleset_title": self.ruleset.title,
            "mode": mode,
            "lang": self.lang,
            "assumptions": list(self.assumptions),
            "notes": list(self.notes),
            "citations": unique(self.citations),
        }


@dataclass(frozen=True)
class Resolution:
    """One resolved action: the inputs as understood, the result body, and what it rests on."""

    action: str
    ruleset: Ruleset
    mode: str  # "odds" or "rolled"
    lang: str
    inputs: dict[str, Any]
    body: dict[str, Any]
    verdict: str
    assumptions: tuple[str, ...]
    notes: tuple[str, ...]
    citations: tuple[Citation, ...]
    trace: tuple[dict[str, Any], ...] = field(default=())

    @classmethod
    def from_report(cls, action: str, mode: str, report: Report, body: dict[str, Any],
                    verdict: str) -> Resolution:
        line = " ".join([*report.headline, verdict]) if report.headline else verdict
        return cls(action, report.ruleset, mode, report.lang, dict(report.inputs), body, line,
                   tuple(report.assumptions), tuple(report.notes), tuple(report.citations), tuple(report.trace))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action, "ruleset": self.ruleset.id, "ruleset_title": self.ruleset.title,
            "mode": self.mode, "lang": self.lang, "inputs": dict(self.inputs),
        }
        out.update(self.body)
        out["trace" if self.mode == "rolled" else "steps"] = list(self.trace)
        out["verdict"] = self.verdict
        out["assumptions"] = list(self.assumptions)
        out["notes"] = list(self.notes)
        out["citations"] = unique(list(self.citations))
        return out


def show_params_in_result(result: dict[str, Any], style: str) -> dict[str, Any]:
    """A copy of a resolved result with its ⟨name⟩ input mentions rendered for one front end
    (`core.params.show_params` styles: "cli" → --flag, anything else → the plain name)."""
    from core.params import show_params

    out = dict(result)
    out["verdict"] = show_params(str(result.get("verdict", "")), style)
    for key in ("assumptions", "notes"):
        out[key] = [show_params(str(text), style) for text in result.get(key, [])]
    for key in ("steps", "trace"):
        if key in result:
            out[key] = [dict(step, detail=show_params(str(step.get("detail", "")), style)) for step in result[key]]
    return out
