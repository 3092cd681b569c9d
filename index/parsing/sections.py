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


def _is_icon(char: str) -> bool:
    """A die face or symbol a PDF prints as a glyph ("⊕", "■", "④", "☹️"): printed once as three
    faces and once as four, a table row is still the same row."""
    category = unicodedata.category(char)
    return category in {"So", "Sk", "No", "Mn"} or (category == "Sm" and ord(char) > 127)


def paragraph_key(text: str) -> str:
    """Comparison key that ignores quote style, spacing, case and die-face icons (for de-duplication)."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).replace("*", "")
    text = "".join(c for c in text if not _is_icon(c))
    return re.sub(r"\s+", " ", text).strip().casefold()


def drop_repeated_paragraphs(sections: list[Section], min_chars: int = 40) -> list[Section]:
    """Keep the first copy of each paragraph: reference pages printed twice are indexed once.
    A section whose repeats were dropped goes when only short lines are left of it; a short rule
    printed once stays ("Fast (S)": "May move an extra 6\" once per turn.")."""
    seen: set[str] = set()
    kept: list[Section] = []
    for section in sections:
        paragraphs = []
        repeated = False
        for paragraph in section.paragraphs:
            key = paragraph_key(paragraph)
            if len(key) >= min_chars:
                if key in seen:
                    repeated = True
                    continue
                seen.add(key)
            paragraphs.append(paragraph)
        short_rule = not repeated and len(section.heading_path) > 1  # a heading of its own
        if paragraphs and (short_rule or any(len(paragraph_key(p)) >= min_chars for p in paragraphs)):
            kept.append(Section(section.heading_path, paragraphs, _terms_printed(section, paragraphs)))
    return kept


def _terms_printed(section: Section, paragraphs: list[str]) -> list[DefinedTerm]:
    """The section's terms that its kept paragraphs still print (or its heading names): a run-in
    rule dropped as a repeat is defined where it was kept, not here."""
    if len(paragraphs) == len(section.paragraphs):
        return section.terms
    text = paragraph_key("\n".join(paragraphs))
    heading = paragraph_key(section.heading_path[-1])
    return [t for t in section.terms if paragraph_key(t.name) in text or paragraph_key(t.name) in heading]


LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")  # "- ", "• ", "1. ", "2) "
_BULLET = re.compile(r"^\s*[-•]\s+")  # an unnumbered item's mark ("*" opens bold text here)


def split_definition_lists(
    sections: list[Section],
    term_of: Callable[[str], DefinedTerm | None],
    min_terms: int = 3,
    is_listed: Callable[[str], bool] = lambda paragraph: False,
) -> list[Section]:
    """A section that is a list of run-in definitions ("Aerial: …", "**Таран (Ramming):** …")
    becomes one section per definition, so a passage reads as one complete rule.

    A definition runs to the next one. When it is the last item of a bulleted list
    (`is_listed`), it runs to the end of its own paragraphs: the unbulleted text after the list
    is the section's own ("ЗАЩИТА" lists ADV and SDV, then "При Атаке, перед тем как будут
    брошены Боевые Кубы, Начальная Цель может объявить …" about defences in general), while
    text between two items belongs to the item before it (the Aerial trait's own paragraphs)."""
    out: list[Section] = []
    for section in sections:
        paragraphs = section.paragraphs
        starts = [(i, t) for i, p in enumerate(paragraphs) if (t := term_of(p))]
        if len(starts) < min_terms:
            out.append(section)
            continue
        defined = {t for _, t in starts}
        heading_terms = [t for t in section.terms if t not in defined]
        bounds = [i for i, _ in starts] + [len(paragraphs)]
        own = list(range(starts[0][0]))  # the section's own paragraphs: its introduction, ...
        entries: list[tuple[DefinedTerm, list[int]]] = []
        for k, ((start, term), end) in enumerate(zip(starts, bounds[1:], strict=True)):
            body = list(range(start, end))
            next_listed = k + 1 < len(starts) and is_listed(paragraphs[starts[k + 1][0]])
            if is_listed(paragraphs[start]) and not next_listed:
                item_end = next((i for i in body[1:] if not LIST_ITEM.match(paragraphs[i])
                                 and not paragraphs[i][:1].islower()), end)
                own += list(range(item_end, end))  # ... and the text after its last list
                body = list(range(start, item_end))
            entries.append((term, body))
        if own:
            out.append(Section(section.heading_path, [paragraphs[i] for i in own], heading_terms))
        for n, (term, body) in enumerate(entries):
            # With no introduction, the list's own heading names its first entry's chunk.
            terms = [term, *heading_terms] if n == 0 and not own else [term]
            texts = [paragraphs[i] for i in body]
            # a bulleted definition read on its own is not a list item ("- **Наземная …**" -> "**Наземная …**")
            texts[0] = _BULLET.sub("", texts[0], count=1)
            out.append(Section((*section.heading_path, term.name), texts, terms))
    return out


class SectionBuilder:
    """Turns a stream of headings, lines and blank lines into Sections: the shared
    bookkeeping of the line-based parsers (each supplies how lines join and what a
    heading or a run-in paragraph defines)."""

    def __init__(
        self,
        title: str,
        join_lines: Callable[[list[str]], str],
        run_in_term: Callable[[str], DefinedTerm | None],
        heading_term: Callable[[str], DefinedTerm | None],
        skip_headings: tuple[str, ...] = (),
    ) -> None:
        self.title = title
        self._join_lines = join_lines
        self._run_in_term = run_in_term
        self._heading_term = heading_term
        self._skip = skip_headings
        self._stack: list[tuple[int, str]] = []  # (level, title); a level may be skipped
        self._block: list[str] = []
        self._paragraphs: list[str] = []
        self.sections: list[Section] = []

    @property
    def headings(self) -> list[str]:
        """The open headings; one that repeats its parent's title ("# КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ",
        then "## КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ" over the results table) is cited once."""
        titles = [t for _, t in self._stack]
        return [t for i, t in enumerate(titles) if not i or t.casefold() != titles[i - 1].casefold()]

    @property
    def is_empty(self) -> bool:
        """Nothing read since the last heading."""
        return not self._block and not self._paragraphs

    def heading(self, level: int, title: str) -> None:
        self._close_section()
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, title))

    def end_heading(self) -> None:
        """The last heading's own text has ended (a figure's list): what follows belongs to the
        heading above it."""
        self._close_section()
        if self._stack:
            self._stack.pop()

    def extend_heading(self, suffix: str) -> None:
        """A second title line belongs to the heading above it ("NAME", then "FACTION, CLASS")."""
        level, title = self._stack[-1]
        self._stack[-1] = (level, f"{title} — {suffix}")

    def line(self, text: str) -> None:
        self._block.append(text)

    def blank(self) -> None:
        if self._block:
            self._paragraphs.append(self._join_lines(self._block))
            self._block = []

    def finish(self) -> list[Section]:
        self._close_section()
        return self.sections

    def _close_section(self) -> None:
        self.blank()
        headings = self.headings
        if self._paragraphs and not any(h in self._skip for h in headings):
            terms = [t for t in (self._run_in_term(p) for p in self._paragraphs) if t]
            own = self._heading_term(headings[-1]) if headings else None
            if own:
                terms.insert(0, own)
            self.sections.append(Section((self.title, *headings), self._paragraphs, terms))
        self._paragraphs = []
