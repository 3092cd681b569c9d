"""One parser per corpus format; each turns a document into Sections with heading paths.

The parsers (index/parsing/formats.py: lxml for BattleScribe) load on first parse: what only needs
the Section type (the term map, the chunker's version in the freshness check) does not pay for them."""
from __future__ import annotations

from index.manifest import DocumentInfo
from index.parsing.sections import DefinedTerm, Section


def parse_document(doc: DocumentInfo) -> list[Section]:
    from index.parsing.formats import PARSERS

    return PARSERS[doc.format](doc.read_text(), doc)


__all__ = ["DefinedTerm", "Section", "parse_document"]
