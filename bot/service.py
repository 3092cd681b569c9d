"""One facade per process over the index and the referee, shared by every front end.

The CLI's `--json`, the HTTP API and the Discord bot all call these methods, so the
three always return the same data. The model and index load lazily, once.
"""
from __future__ import annotations

import threading
from typing import Any

from index.config import Settings

REFEREE_ACTIONS = ("attack", "assault", "ram")


class Admiralty:
    """Process-wide entry point; thread-safe for use from an executor."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env()
        self._lock = threading.Lock()
        self._searcher = None
        self._terms = None

    @property
    def searcher(self):  # -> index.search.Searcher (imports torch: keep lazy)
        """Built once, even when the first requests arrive together on several threads."""
        if self._searcher is None:
            with self._lock:
                if self._searcher is None:
                    from index.search import Searcher

                    self._searcher = Searcher(self.settings)
        return self._searcher

    @property
    def terms(self):  # -> index.terms.TermBook (SQLite only, fast)
        if self._terms is None:
            with self._lock:
                if self._terms is None:
                    from index.terms import TermBook

                    self._terms = TermBook(self.settings)
        return self._terms

    def warm(self) -> None:
        """Load the model and index now rather than on the first request."""
        self.searcher  # noqa: B018 - the property loads it

    def ask(
        self,
        question: str,
        k: int = 5,
        game: str | None = None,
        edition: str | None = None,
        lang: str | None = None,
    ) -> dict[str, Any]:
        return self.searcher.ask(question, k=k, game=game, edition=edition, lang=lang).to_json()

    def rule(self, term: str, edition: str | None = None) -> dict[str, Any]:
        return self.terms.lookup(term, edition=edition).to_json()

    def complete_terms(self, prefix: str, limit: int = 25) -> list[str]:
        return self.terms.complete(prefix, limit=limit)

    def sources(self) -> list[dict[str, Any]]:
        from index.manifest import load_manifest

        return [doc.to_json() for doc in load_manifest()]

    def referee(self, action: str, params: dict[str, Any]) -> dict[str, Any]:
        from referee.api import resolve

        return resolve(action, params)
