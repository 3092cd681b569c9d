"""Citations: which document, heading and run-in term a rule applied comes from.

A citation names the heading *and* the bold run-in term inside it ("СВОЙСТВА НАБОРА КУБОВ ›
Разрушительное (Devastating)"), and the document by its title. dw4 mechanics that the glossary
does not state (core dice values, range bands) are marked `reconstructed`, never pinned on an
unrelated glossary entry. Titles mirror corpus/manifest.toml (a test keeps them in step):
the referee is pure and reads no files.
"""
from __future__ import annotations

from dataclasses import dataclass

SEPARATOR = " › "
RECONSTRUCTED = "reconstructed — not in the glossary"
RECONSTRUCTED_RU = "реконструировано — в глоссарии этого нет"

DOCUMENTS = {
    "dw3-rulebook": "dw3-rulebook-ru.md",
    "dw3-quick-reference": "dw3-quick-reference.txt",
    "dw4-glossary": "dw4-rules-glossary.cat",
}
TITLES = {
    "dw3-rulebook": "Dystopian Wars Rulebook (Russian translation)",
    "dw3-quick-reference": "Dystopian Wars Quick Reference",
    "dw4-glossary": "Dystopian Wars Rules Glossary",
}


@dataclass(frozen=True)
class Citation:
    """`section` is "HEADING › run-in term" (or just the heading); `reconstructed` has no source text,
    and its `section` says what was reconstructed in `lang` (the player's language)."""

    edition: str
    section: str
    reconstructed: bool = False
    lang: str = "en"

    @property
    def _reconstructed(self) -> str:
        return RECONSTRUCTED_RU if self.lang == "ru" else RECONSTRUCTED

    @property
    def document(self) -> str:
        return DOCUMENTS[self.edition]

    @property
    def title(self) -> str:
        return TITLES[self.edition]

    @property
    def heading(self) -> str:
        return self.section.split(SEPARATOR, 1)[0]

    @property
    def term(self) -> str | None:
        parts = self.section.split(SEPARATOR, 1)
        return parts[1] if len(parts) == 2 else None

    def to_json(self) -> dict[str, str | bool | None]:
        return {"document": self.document, "document_title": self.title, "edition": self.edition,
                "section": f"{self._reconstructed}: {self.section}" if self.reconstructed else self.section,
                "heading": None if self.reconstructed else self.heading,
                "term": None if self.reconstructed else self.term, "reconstructed": self.reconstructed}

    def text(self) -> str:
        """One line for a reader: title § heading › term."""
        if self.reconstructed:
            return f"{self.section} ({self._reconstructed})"
        return f"{self.title} § {self.section}"


def unique(citations: list[Citation]) -> list[dict[str, str | bool | None]]:
    seen: list[Citation] = []
    for c in citations:
        if c not in seen:
            seen.append(c)
    return [c.to_json() for c in seen]
