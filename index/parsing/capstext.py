"""Plain text from PDFs (quick reference, rules summaries): ALL-CAPS headings, numbered steps.

Level 1: an ALL-CAPS line ("ACTIVATION PHASE"); below it numbered ALL-CAPS steps
("2. MOVEMENT"), nested by their own numbering (`NumberedOutline`): a list that starts again
at 1 is the sub-steps of the step above it ("3. SHOOTING" › "1. DETERMINE ACTION DICE"), so
a citation reads "ACTIVATION PHASE › 3. SHOOTING › 1. DETERMINE ACTION DICE". A short title
line standing alone ("Agile (S)") nests under the innermost step. Wrapped lines are re-joined
into paragraphs; each list item is a paragraph of its own, so a table printed as a list
("- ⊕⊕ **External Fire:** …", the Dust Warfare damage tables) is one section per row, cited
under its table ("ATTACK ACTIONS › Vehicle Damage Table › External Fire"); "Term: text"
paragraphs define Term.
"""
from __future__ import annotations

import re

from index.manifest import DocumentInfo
from index.parsing.sections import (
    DefinedTerm,
    Section,
    SectionBuilder,
    drop_repeated_paragraphs,
    split_definition_lists,
)

_NUMBERED = re.compile(r"^\d{1,2}\.\s+(.+)$")
_RUN_IN = re.compile(r"^\**([A-Z][\w'’&/\- ]{1,40}?)\**\s*(\([^)]{1,12}\))?\**[:!]\s")  # "Aerial: …", "Hit the Dirt! …"
# A list item's bold run-in name: "- ⊕⊕ **External Fire:** …" (the die faces a table row is rolled
# on lead it). Numbered steps with a bold name ("1. **Pick a target:** …") were measured as one
# section per step and not kept: the cover definitions printed between steps lost their step.
_LISTED_RUN_IN = re.compile(r"^[-•]\s+[^\w\s*]*\s*\*\*([A-Z][^*:!]{1,60}?)[:!]\*\*\s")
_BULLET_LINE = re.compile(r"^[-•]\s")
_MARKDOWN_DECOR = re.compile(r"^#+\s*|\*\*")


def _is_caps(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters) and len(line) <= 60


# Sub-headings of a unit card (stat pages): they nest under the unit's name. GENERATORS and
# REPAIR are also rules chapters; on a card they are printed indented.
_CARD_HEADINGS = {"ATTACK", "DEFENCE", "SRS TOKENS", "MISCELLANEOUS"}
_INDENTED_CARD_HEADINGS = {"GENERATORS", "REPAIR"}


def _heading_level(raw: str, prev_blank: bool, next_blank: bool) -> tuple[int, str] | None:
    if raw.strip() in _CARD_HEADINGS or (raw[:1].isspace() and raw.strip() in _INDENTED_CARD_HEADINGS):
        return 2, raw.strip()
    if not raw or raw[0].isspace():
        return None
    line = _MARKDOWN_DECOR.sub("", raw).strip()
    numbered = _NUMBERED.match(line)
    if numbered and _is_caps(numbered.group(1)):
        return 2, line
    if _is_caps(line) and not line.endswith((",", ";")) and not re.search(r"\d", line):
        return 1, line
    # A short title standing alone between blank lines: "Agile (S)", "Artillery Barrage".
    words = line.split()
    if (
        prev_blank and next_blank and 1 <= len(words) <= 5 and len(line) <= 40
        and line[0].isupper() and not line.endswith((".", ":", ",", ";", "!", "?"))
        and not any(ch in line for ch in "|:\t")
    ):
        return 3, line
    return None


class NumberedOutline:
    """The nesting of numbered steps under one ALL-CAPS heading, read from the numbers alone.

    "1." opens a list under the step before it; any other number continues the innermost
    list whose last number it exceeds (a printed list may skip numbers: the quick reference
    prints steps 1, 3, 4, 6, 7, 8 of shooting), closing the lists inside it. So after
    "3. SHOOTING", "1. DETERMINE ACTION DICE" … "8. CHECK FOR CRITICAL DAMAGE", the step
    "4. ASSAULT" is the fourth step of the phase again.
    """

    def __init__(self) -> None:
        self._last: list[int] = []  # the last number of each open list, outermost first

    def reset(self) -> None:
        self._last = []

    def depth_of(self, number: int) -> int:
        """1 for a step of the outermost list, 2 for its sub-steps, …"""
        if number == 1 and self._last:
            self._last.append(1)
            return len(self._last)
        while len(self._last) > 1 and number <= self._last[-1]:
            self._last.pop()
        if self._last:
            self._last[-1] = number
        else:
            self._last.append(number)
        return len(self._last)

    @property
    def depth(self) -> int:
        return len(self._last)


def _join_lines(lines: list[str]) -> str:
    """Re-join PDF-wrapped lines; lines starting with a space (table rows) stay separate."""
    out: list[str] = []
    for line in lines:
        if out and not line[:1].isspace() and not _NUMBERED.match(line.strip()):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line.rstrip() if line[:1].isspace() else line.strip())
    return "\n".join(out)


def _heading_term(title: str) -> DefinedTerm:
    """'2. MOVEMENT' -> 'Movement'; 'Agile (S)' -> 'Agile'."""
    name = re.sub(r"\s*\([^)]*\)$", "", _NUMBERED.sub(r"\1", title)).strip()
    if _is_caps(name):
        name = name.title().replace("’S", "’s").replace("'S", "'s")
    return DefinedTerm(name=name)


def _run_in_term(paragraph: str) -> DefinedTerm | None:
    listed = _LISTED_RUN_IN.match(paragraph.lstrip())
    if listed:  # a table row's bold name: a title, however many words
        name = re.sub(r"\s*\([^)]{1,12}\)$", "", listed.group(1).strip())
        return DefinedTerm(name=name) if len(name.split()) <= 8 else None
    match = _RUN_IN.match(paragraph.lstrip())
    if not match:
        return None
    name = match.group(1).strip()
    return DefinedTerm(name=name) if len(name.split()) <= 5 else None


def _nested_level(heading: tuple[int, str], outline: NumberedOutline) -> int:
    """The builder level of a heading: ALL-CAPS 1, numbered steps 1 + their depth, short
    titles under the innermost step."""
    level, title = heading
    if level == 1:
        outline.reset()
        return 1
    numbered = _NUMBERED.match(title)
    if level == 2 and numbered:
        return 1 + outline.depth_of(int(title.split(".", 1)[0]))
    return max(level, outline.depth + 2)


def parse_caps_text(text: str, doc: DocumentInfo) -> list[Section]:
    lines = text.replace("\r\n", "\n").split("\n")
    builder = SectionBuilder(doc.title, _join_lines, _run_in_term, _heading_term)
    outline = NumberedOutline()
    for i, raw in enumerate(lines):
        if not raw.strip():
            builder.blank()
            continue
        prev_blank = i == 0 or not lines[i - 1].strip()
        next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
        heading = _heading_level(raw.rstrip(), prev_blank, next_blank)
        if heading is None:
            if _BULLET_LINE.match(raw):
                builder.blank()  # a list item is a paragraph: a table row is read (and split) alone
            builder.line(raw)
        elif heading[0] == 1 and "," in heading[1] and builder.is_empty and builder.headings:
            builder.extend_heading(heading[1])  # unit name, then its faction/class line
        else:
            builder.heading(_nested_level(heading, outline), heading[1])
    sections = builder.finish()
    sections = drop_repeated_paragraphs(sections) if doc.dedupe else sections
    return split_definition_lists(sections, _run_in_term)
