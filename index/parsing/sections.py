"""What every parser produces: a section of rule text under a heading path."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class DefinedTerm:
    """A rule name a section defines; `english` is the printed English for a Russian term."""

    name: str
    aliases: tuple[str, ...] = ()
    english: str | None = None


@dataclass
class Section:
    heading_path: tuple[str, ...]
    paragraphs: list[str]
    terms: list[DefinedTerm] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)


_QUOTES = str.maketrans({"“": '"', "”": '"', "″": '"', "„": '"', "’": "'", "‘": "'", "\u00a0": " "})


def paragraph_key(text: str) -> str:
    """Comparison key that ignores quote style, spacing and case (for de-duplication)."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).replace("*", "")
    return re.sub(r"\s+", " ", text).strip().casefold()


def drop_repeated_paragraphs(sections: list[Section], min_chars: int = 40) -> list[Section]:
    """Keep the first copy of each paragraph: reference pages printed twice are indexed once."""
    seen: set[str] = set()
    kept: list[Section] = []
    for section in sections:
        paragraphs = []
        for paragraph in section.paragraphs:
            key = paragraph_key(paragraph)
            if len(key) >= min_chars:
                if key in seen:
                    continue
                seen.add(key)
            paragraphs.append(paragraph)
        if any(len(paragraph_key(p)) >= min_chars for p in paragraphs):
            kept.append(Section(section.heading_path, paragraphs, section.terms))
    return kept


def split_definition_lists(
    sections: list[Section], term_of: "Callable[[str], DefinedTerm | None]", min_terms: int = 3
) -> list[Section]:
    """A section that is a list of run-in definitions ("Aerial: …", "**Таран (Ramming):** …")
    becomes one section per definition, so a passage reads as one complete rule."""
    out: list[Section] = []
    for section in sections:
        starts = [(i, t) for i, p in enumerate(section.paragraphs) if (t := term_of(p))]
        if len(starts) < min_terms:
            out.append(section)
            continue
        first = starts[0][0]
        if first:
            intro_terms = [t for t in section.terms if t.name == section.heading_path[-1]]
            out.append(Section(section.heading_path, section.paragraphs[:first], intro_terms))
        bounds = [i for i, _ in starts] + [len(section.paragraphs)]
        for (start, term), end in zip(starts, bounds[1:]):
            out.append(Section((*section.heading_path, term.name), section.paragraphs[start:end], [term]))
    return out
