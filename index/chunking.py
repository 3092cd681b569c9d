"""Sections -> chunks: one rule or sub-section each, long ones split at paragraphs."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from index.manifest import DocumentInfo
from index.parsing.sections import DefinedTerm, Section
from index.statrows import is_stat_block
from index.text import readable

CHUNKER_VERSION = "12"
MAX_CHARS = 1500  # measured: section-sized chunks beat paragraph-sized ones for BM25


@dataclass
class Chunk:
    chunk_id: str
    document: DocumentInfo
    heading_path: tuple[str, ...]
    text: str
    terms: list[DefinedTerm] = field(default_factory=list)
    enrichment: str = ""  # extra words for search only (e.g. English terms in a Russian chunk)
    title_terms: list[str] = field(default_factory=list)  # English names of the heading's terms

    @property
    def section(self) -> str:
        return " › ".join(self.heading_path[1:]) or self.heading_path[0]

    @property
    def content_hash(self) -> str:
        return hashlib.sha256(f"{self.section}\n{self.text}\n{self.enrichment}".encode()).hexdigest()


def _split(paragraphs: list[str], max_chars: int) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    size = 0
    for paragraph in paragraphs:
        if parts[-1] and size + len(paragraph) > max_chars:
            parts.append([])
            size = 0
        parts[-1].append(paragraph)
        size += len(paragraph) + 2
    return parts


def chunk_sections(doc: DocumentInfo, sections: list[Section], max_chars: int = MAX_CHARS) -> list[Chunk]:
    chunks: list[Chunk] = []
    for n, section in enumerate(sections):
        paragraphs_read = [readable(p) for p in section.paragraphs if not is_stat_block(p)]
        if not paragraphs_read:
            continue  # a unit card's stat rows only: unit data, not rule text
        parts = _split(paragraphs_read, max_chars)
        heading_path = tuple(readable(h) for h in section.heading_path)
        headings = " ".join(heading_path).casefold()
        for p, paragraphs in enumerate(parts):
            path = heading_path
            if len(parts) > 1:
                path = (*path[:-1], f"{path[-1]} (part {p + 1}/{len(parts)})")
            text = "\n\n".join(paragraphs)
            # A term belongs to the part that mentions it; the first part keeps the heading's term.
            terms = [t for t in section.terms
                     if (p == 0 and t.name.casefold() in headings) or t.name.casefold() in text.casefold()]
            chunks.append(Chunk(f"{doc.id}:{n:04d}.{p}", doc, path, text, terms))
    return chunks
