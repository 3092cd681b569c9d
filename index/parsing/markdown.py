"""Markdown-ish documents: `#` headings, bold run-in terms, and the USR pipe table.

The Russian rulebook prints English terms in parentheses ("**Таран (Ramming):**"); those
pairs become DefinedTerms with `english` set, feeding the bilingual term map.
"""
from __future__ import annotations

import re

from index.manifest import DocumentInfo
from index.parsing.contents import chapter_levels, contents_entries
from index.parsing.sections import (
    LIST_ITEM,
    DefinedTerm,
    Section,
    SectionBuilder,
    drop_repeated_paragraphs,
    split_definition_lists,
)

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_TAGS = re.compile(r"</?(?:b|i|strong|em|br|span)\b[^>]*>", re.IGNORECASE)
# "**Таран (Ramming):** text", "**Попадание (Hit):**", "**Столкновения (*Collisions*):**"
_RUN_IN = re.compile(r"^\*\*(?P<term>[^*()\n:]{2,60}?)\s*(?:\(\*?(?P<en>[^)*\n]{2,60})\*?\))?\s*:?\s*\*\*\s*:?")
_PAREN_PAIR = re.compile(r"^(?P<term>[^()]{2,60}?)\s*\(\*?(?P<en>[A-Za-z][^)*]{1,60})\*?\)\s*:?$")


def _clean_heading(title: str) -> str:
    return _TAGS.sub("", title).replace("*", "").strip().rstrip(":").strip()


def _term_from_title(title: str) -> DefinedTerm:
    pair = _PAREN_PAIR.match(title)
    if pair:
        return DefinedTerm(name=pair.group("term").strip(), english=pair.group("en").strip())
    return DefinedTerm(name=title)


# A list of definitions: "- **Наземная (Ground Unit):** Такие модели …", "1) **Авария:** пока …",
# "• **Парящие подразделения** (*Skimming Unit*): …". The colon is required: a bold list item
# without one is a name in a list ("1. **Опасность**"), not a definition.
_LISTED = re.compile(
    r"^(?:[-•*]|\d+[.)])\s+\*\*(?P<term>[^*()\n:]{2,60}?)\s*(?:\(\*?(?P<en>[^)*\n]{2,60})\*?\))?\s*"
    r"(?::\s*\*\*|\*\*\s*(?:\(\*?(?P<en_after>[A-Za-z][^)*\n]{1,60})\*?\))?\s*:)")


# Run-in labels that name no rule: a note on the rule before them ("**Обратите внимание:** когда
# Модель заняла Финальную Позицию, не забудьте переместить к ней любые маркеры …").
_NOTE_LABELS = frozenset({"важно", "важное замечание", "обратите внимание", "помните", "примечание",
                          "note", "important", "remember"})


def _run_in_term(paragraph: str) -> DefinedTerm | None:
    """The rule a paragraph's bold opening label defines; a note's label defines none, so the
    note stays with the rule it annotates."""
    term = _labelled_term(paragraph)
    return None if term is None or term.name.casefold() in _NOTE_LABELS else term


def _labelled_term(paragraph: str) -> DefinedTerm | None:
    listed = _LISTED.match(paragraph)
    if listed:
        english = (listed.group("en") or listed.group("en_after") or "").strip() or None
        return DefinedTerm(name=listed.group("term").strip(), english=english)
    match = _RUN_IN.match(paragraph)
    if not match:
        return None
    name = match.group("term").strip().rstrip(":").strip()
    if not name or name.isdigit() or len(name.split()) > 6:
        return None
    english = (match.group("en") or "").strip() or None
    return DefinedTerm(name=name, english=english)


def _heading_term_of(title: str) -> DefinedTerm | None:
    """A heading names the rule printed under it, an ALL-CAPS chapter title too ("ЭСКОРТ", "ЭТАП
    РЕМОНТА": the chapter's own text is that rule), as the quick reference's headings do. (A name
    only the Russian book defines no longer hides another edition's shorter one: index.termspot.)"""
    return _term_from_title(title)


def _run_in_headings(raw_lines: list[str]) -> set[int]:
    """Lines marked as headings that are run-in terms: the title ends with ":" and the text after
    it continues the sentence in lowercase ("### Поддавливающий огонь (*Weight Of Fire*):" /
    "если количество ..."), as "**Налет (*Attack Run*):** каждый ..." does beside it. Read as
    headings they took the End Phase's later steps (Ремонт "на ходу", Проверка условий Победы,
    Поддержка) under Weight of Fire. One in a run of headings of its own kind stays a heading:
    "### Подрыв боекомплекта:" / "эта Модель …" follows "### Утечка реактора:", a heading of the
    same level ending in ":", and is the next critical damage result, not a term inside it."""
    found: set[int] = set()
    before: tuple[int, bool, bool] | None = None  # the heading before: level, ends in ":", run-in
    for i, raw in enumerate(raw_lines):
        heading = _HEADING.match(raw)
        if not heading:
            continue
        level, colon = len(heading.group(1)), _TAGS.sub("", heading.group(2)).rstrip().endswith(":")
        following = next((line.strip() for line in raw_lines[i + 1:] if line.strip()), "")
        in_a_run = before is not None and before[0] == level and before[1] and not before[2]
        run_in = colon and following[:1].islower() and not in_a_run
        if run_in:
            found.add(i)
        before = (level, colon, run_in)
    return found


_SENTENCE_END = re.compile(r"[.!?:;…»\"”)]\s*$")


def _runs_on(before: str, text: str) -> bool:
    """`text`, after a break, continues the paragraph `before`: it opens in lowercase and `before`
    left its sentence open, or `before` stops on a Russian word in lowercase mid-sentence ("…
    Набор Боевых Кубов Абордажа одной из" / "Моделей Сопровождаемого Подразделения …": the book
    capitalises its terms). A table row, a heading, a list item or a bold label starts anew."""
    if _HEADING.match(before) or _TABLE_ROW.search(before) or _SENTENCE_END.search(_TAGS.sub("", before)):
        return False
    if text[:1].islower():
        return True
    return (_CYRILLIC_LOWER.match(before.rstrip()[-1:]) is not None and text[:1].isalpha()
            and not LIST_ITEM.match(text))


_CYRILLIC_LOWER = re.compile(r"[а-яё]")


def _join_page_breaks(raw_lines: list[str]) -> list[str]:
    """Lines with the blank lines of a page or column break removed where a sentence runs on.

    The PDF's text breaks mid-sentence at a page end: "…у которой есть Критические Повреждения" /
    "или Уровень Дезорганизации, бросьте количество Боевых Кубов, равное ее Массе" became two
    paragraphs, so no passage sentence held the rule whole (`_runs_on` tells a run-on). A word
    hyphenated across the break ("следую-" / "щей") is joined whole."""
    out: list[str] = []
    for raw in raw_lines:
        text = raw.strip()
        last = len(out) - 1
        while last >= 0 and not out[last].strip():
            last -= 1
        if text and 0 <= last < len(out) - 1 and _runs_on(out[last], text):
            del out[last + 1:]
            before = out[last].rstrip()
            if before.endswith("-") and before[-2:-1].isalpha():
                out[last] = before[:-1] + text
            else:
                out[last] = f"{before} {text}"
            continue
        out.append(raw)
    return out


_TABLE_ROW = re.compile(r"\t|^\s*\|")  # a tab-separated or pipe table's row


def _figure_ends(raw_lines: list[str], heading_lines: list[int], levels: list[int]) -> set[int]:
    """Lines where a figure's text ends and the chapter's resumes. A run of sibling headings that
    each title a bare list is a row of figure boxes (the book's two dice, "БОЕВЫЕ КУБЫ" and "КУБЫ
    КРИТИЧЕСКИХ ПОВРЕЖДЕНИЙ", each a list of faces): the prose after the last box's list is the
    chapter's, not the box's (it had put Набор Кубов, Переброс кубов and Отмененный результат
    under the critical damage die). A heading whose text opens with a table titles that table:
    "### ВИДЫ СЕКТОРОВ СТРЕЛЬБЫ" is the arc codes' table ("360°", "P & S", …); the definitions
    after it (Категории дистанции, Линия Видимости, Скрытый) are the weapons chapter's."""
    ends: set[int] = set()
    bounds = [*heading_lines, len(raw_lines)]
    for k in range(len(heading_lines)):  # a heading over a table: the table is the figure
        body = [(i, line) for i, line in enumerate(raw_lines[bounds[k] + 1:bounds[k + 1]], bounds[k] + 1)
                if line.strip()]
        if body and _TABLE_ROW.search(body[0][1]):
            end = next((i for i, line in body if not _TABLE_ROW.search(line)), None)
            if end is not None:
                ends.add(end)
    for k in range(1, len(heading_lines)):
        if levels[k] != levels[k - 1]:
            continue
        before = [line for line in raw_lines[bounds[k - 1] + 1:bounds[k]] if line.strip()]
        body = [(i, line) for i, line in enumerate(raw_lines[bounds[k] + 1:bounds[k + 1]], bounds[k] + 1)
                if line.strip()]
        if not before or not all(LIST_ITEM.match(line) for line in before):
            continue
        if not body or not LIST_ITEM.match(body[0][1]):
            continue
        end = next((i for i, line in body if not LIST_ITEM.match(line)), None)
        if end is not None:
            ends.add(end)
    return ends


# A sentence's end, then a bold label with its colon: "… за каждый Токен Эскорта. **Удаление
# Эскорта:** каждый раз, когда …" — the PDF's text ran a new run-in rule into the paragraph before.
_LABEL_IN_LINE = re.compile(r"(?<=[.!?])\s+(?=\*\*[^*\n]{2,60}?(?:\([^)\n]{2,60}\))?:\*\*)")


def _split_run_in_labels(raw_lines: list[str]) -> list[str]:
    """A run-in rule glued to the paragraph before starts a paragraph of its own."""
    out: list[str] = []
    for raw in raw_lines:
        parts = _LABEL_IN_LINE.split(raw) if not _HEADING.match(raw) else [raw]
        for k, part in enumerate(parts):
            if k:
                out.append("")
            out.append(part)
    return out


_TITLE_TAIL = re.compile(r"^\s*(\(\*?[A-Za-z][^()\n]{1,60}?\*?\))\s*:\s*")


def _title_tails(raw_lines: list[str]) -> list[str]:
    """A heading's translation the PDF pushed onto the next line ("### РАЗМЕЩЕНИЕ (*Placed*) И ЗАМЕНА" /
    "(*Replaced*): Иногда модели …") goes back to the heading; the text starts with its sentence."""
    out = list(raw_lines)
    for i, raw in enumerate(out):
        if not _HEADING.match(raw):
            continue
        j = next((k for k in range(i + 1, len(out)) if out[k].strip()), None)
        tail = _TITLE_TAIL.match(out[j]) if j is not None else None
        if j is not None and tail:
            out[i] = f"{raw.rstrip()} {tail.group(1)}"
            out[j] = out[j][tail.end():]
    return out


def parse_markdown(text: str, doc: DocumentInfo) -> list[Section]:
    builder = SectionBuilder(
        doc.title, lambda lines: "\n".join(lines).strip(), _run_in_term, _heading_term_of, doc.skip_sections
    )
    raw_lines = _split_run_in_labels(_join_page_breaks(_title_tails(text.replace("\r\n", "\n").split("\n"))))
    run_in = _run_in_headings(raw_lines)
    heading_lines = [i for i, raw in enumerate(raw_lines) if _HEADING.match(raw) and i not in run_in]
    headings = [(len(m.group(1)), _clean_heading(m.group(2)))
                for m in (_HEADING.match(raw_lines[i]) for i in heading_lines) if m]
    chapter_tree = chapter_levels(headings, contents_entries([_TAGS.sub("", raw) for raw in raw_lines]))
    figure_ends = _figure_ends(raw_lines, heading_lines, chapter_tree)
    levels = iter(chapter_tree)
    term = ""  # a run-in term written as a heading, waiting for the sentence it opens
    for i, raw in enumerate(raw_lines):
        heading = _HEADING.match(raw)
        if heading and i in run_in:
            builder.blank()
            term = f"**{_TAGS.sub('', heading.group(2)).strip().rstrip(':').strip()}:** "
            continue
        if heading:
            builder.heading(next(levels), _clean_heading(heading.group(2)))
            continue
        if i in figure_ends:
            builder.end_heading()
        line = _TAGS.sub("", raw).rstrip()
        if line.strip():
            if _LISTED.match(line.strip()):
                builder.blank()  # a definition in a list starts its own paragraph
            builder.line(term + line)
            term = ""
        else:
            builder.blank()
    sections = builder.finish()
    sections = drop_repeated_paragraphs(sections) if doc.dedupe else sections
    return split_definition_lists(sections, _run_in_term, is_listed=lambda p: _LISTED.match(p) is not None)


def parse_markdown_table(text: str, doc: DocumentInfo) -> list[Section]:
    """One section per table row: `| Name | rule text |` under the heading above the table."""
    sections: list[Section] = []
    group = doc.title
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.strip()
        if not line:
            continue
        if not line.startswith("|"):
            if len(line.split()) <= 3 and not line.endswith("."):
                group = line  # "Unit USR", "Weapon USR"
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 2 or set("".join(cells)) <= set("-: "):
            continue
        name, body = cells[0], " | ".join(c for c in cells[1:] if c)
        if not name or not body:
            continue
        base = re.sub(r"\s*\([^)]*\)\s*$", "", name).strip()
        aliases = (name,) if base != name else ()
        sections.append(Section((doc.title, group, name), [f"{name}: {body}"], [DefinedTerm(base, aliases)]))
    return sections
