"""Citations: which document, edition and section a rule comes from."""
from __future__ import annotations

from dataclasses import dataclass

DOCUMENTS = {
    "dw3-rulebook": "dw3-rulebook-ru.md",
    "dw3-quick-reference": "dw3-quick-reference.txt",
    "dw4-glossary": "dw4-rules-glossary.cat",
}


@dataclass(frozen=True)
class Citation:
    edition: str
    section: str

    @property
    def document(self) -> str:
        return DOCUMENTS[self.edition]

    def to_json(self) -> dict[str, str]:
        return {"document": self.document, "edition": self.edition, "section": self.section}


def unique(citations: list[Citation]) -> list[dict[str, str]]:
    seen: list[Citation] = []
    for c in citations:
        if c not in seen:
            seen.append(c)
    return [c.to_json() for c in seen]
