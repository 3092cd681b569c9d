"""BattleScribe catalogue XML (.cat): one section per <rule>, tables made readable."""
from __future__ import annotations

import re

from lxml import etree, html

from index.errors import CorpusError
from index.manifest import DocumentInfo
from index.parsing.sections import DefinedTerm, Section

_TABLE = re.compile(r"<table\b.*?</table>", re.IGNORECASE | re.DOTALL)


def _table_to_text(markup: str) -> str:
    """'<tr><td>Action Pool</td><td>X dice</td></tr>' -> 'Action Pool: X dice', one row a line."""
    table = html.fragment_fromstring(markup)
    rows = []
    for tr in table.iter("tr"):
        cells = [" ".join(td.text_content().split()) for td in tr if td.tag in ("td", "th")]
        cells = [c for c in cells if c]
        if len(cells) >= 2:
            rows.append(f"{cells[0]}: {' | '.join(cells[1:])}")
        elif cells:
            rows.append(cells[0])
    return "\n".join(rows)


def _paragraphs(description: str) -> list[str]:
    text = _TABLE.sub(lambda m: "\n\n" + _table_to_text(m.group(0)) + "\n\n", description)
    blocks = re.split(r"\n\s*\n", text.replace("\r\n", "\n"))
    return [block.strip() for block in blocks if block.strip()]


def parse_battlescribe(text: str, doc: DocumentInfo) -> list[Section]:
    try:
        root = etree.fromstring(text.encode("utf-8"))
    except etree.XMLSyntaxError as exc:
        raise CorpusError(f"{doc.file}: not a readable BattleScribe catalogue: {exc}") from exc
    ns = {"bs": root.nsmap.get(None, "")} if root.nsmap.get(None) else {}
    prefix = "bs:" if ns else ""
    catalogue = root.get("name") or doc.title
    sections: list[Section] = []
    for rule in root.iterfind(f".//{prefix}rule", ns):
        name = (rule.get("name") or "").strip()
        description = rule.findtext(f"{prefix}description", default="", namespaces=ns) or ""
        if not name or not description.strip():
            continue
        aliases: list[str] = []
        for alias in rule.iterfind(f"{prefix}alias", ns):
            aliases += [a.strip() for a in (alias.text or "").split(",") if a.strip()]
        term = DefinedTerm(name=name, aliases=tuple(aliases))
        sections.append(Section((catalogue, name), _paragraphs(description), [term]))
    if not sections:
        raise CorpusError(f"{doc.file}: no <rule> entries found")
    return sections
