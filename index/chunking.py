"""Sections -> chunks: one rule or sub-section each, long ones split at paragraphs."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from index.manifest import DocumentInfo
from index.parsing.sections import DefinedTerm, Section
from index.statrows import is_stat_block
from index.text import is_cyrillic, readable

CHUNKER_VERSION = "13"  # bump when chunks change, also when the card reader's do (index/unitcards.py)
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


# An English sentence: a few lower-case words running to a full stop ("Crippled Models with this
# rule still use the Battle Ready value of their weapons and …").
_ENGLISH_SENTENCE = re.compile(r"\b[a-z]+\s+[a-z]+\s+[a-z]+\b[^.\n]*\.")


def is_rule_paragraph(paragraph: str, doc: DocumentInfo) -> bool:
    """Rule text, not a unit card's stat rows (unit data: units/). In the Russian book, a paragraph
    with neither a Russian word nor an English sentence is not rule text either: the English
    sample unit card's title, keyword line and weapon table ("HMS UNREMARKABLE v3.03", "Fire Arc
    Point Blank …") and the back cover's links. The sample card's special rules are sentences
    printed nowhere else ("JONHEARTED CREW Crippled Models with this rule …"): they stay."""
    if is_stat_block(paragraph):
        return False
    if doc.language != "ru" or any(is_cyrillic(word) for word in paragraph.split()):
        return True
    return _ENGLISH_SENTENCE.search(paragraph) is not None


def chunk_sections(doc: DocumentInfo, sections: list[Section], max_chars: int = MAX_CHARS) -> list[Chunk]:
    chunks: list[Chunk] = []
    printed: set[tuple[tuple[str, ...], str]] = set()  # (heading path, text) of the passages so far
    untexted: tuple[str, ...] | None = None  # the heading before, when its section held no rule text
    for n, section in enumerate(sections):
        paragraphs_read = [readable(p) for p in section.paragraphs if is_rule_paragraph(p, doc)]
        if not paragraphs_read:
            untexted = section.heading_path  # a card's stat rows or a sample card only: not rule text
            continue
        source_path = section.heading_path
        if untexted is not None and untexted[:-1] == source_path[:-1]:
            # The card's title still names the rules printed under it: "HMS UNREMARKABLE" (its
            # stat block left out) heads the sample card's "SPECIAL RULES" that follow it.
            source_path = (*untexted, source_path[-1])
        untexted = None
        parts = _split(paragraphs_read, max_chars)
        heading_path = tuple(readable(h) for h in source_path)
        headings = " ".join(heading_path).casefold()
        for p, paragraphs in enumerate(parts):
            path = heading_path
            if len(parts) > 1:
                path = (*path[:-1], f"{path[-1]} (part {p + 1}/{len(parts)})")
            text = "\n\n".join(paragraphs)
            if (path, text) in printed:
                continue  # the same rule printed again (both sides of the 3.03 book's sample card)
            printed.add((path, text))
            # A term belongs to the part that mentions it; the first part keeps the heading's term.
            terms = [t for t in section.terms
                     if (p == 0 and t.name.casefold() in headings) or t.name.casefold() in text.casefold()]
            chunks.append(Chunk(f"{doc.id}:{n:04d}.{p}", doc, path, text, terms))
    return chunks
