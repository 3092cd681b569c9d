"""Issue 8 section 7: every citation names a heading and run-in term that exist in the cited document,
by the document's title; dw4 reconstructions are labelled, never pinned on an unrelated entry."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.api import resolve
from referee.citations import DOCUMENTS, RECONSTRUCTED, RECONSTRUCTED_RU, TITLES, Citation
from referee.rulesets import REGISTRY

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _text(edition: str) -> str:
    raw = (CORPUS / DOCUMENTS[edition]).read_text(encoding="utf-8")
    return raw.replace("*", "").replace("&quot;", '"')


def test_titles_are_the_manifest_titles():
    manifest = tomllib.loads((CORPUS / "manifest.toml").read_text(encoding="utf-8"))
    titles = {d["id"]: d["title"] for d in manifest["document"]}
    files = {d["id"]: d["file"] for d in manifest["document"]}
    for edition, title in TITLES.items():
        assert titles[edition] == title and files[edition] == DOCUMENTS[edition]


def _all_citations():
    for rs in REGISTRY.values():
        for key in rs.sections:
            yield rs.id, rs.cite(key)
        for quality in rs.qualities:
            yield rs.id, rs.cite_quality(quality)
        for key in rs.foreign_sections:
            yield rs.id, rs.cite(key)


@pytest.mark.parametrize("ruleset,citation", list(_all_citations()),
                         ids=lambda x: x if isinstance(x, str) else x.section)
def test_heading_and_term_exist_in_the_cited_document(ruleset: str, citation: Citation):
    text = _text(citation.edition)
    heading, term = citation.heading, citation.term
    if citation.edition == "dw4-glossary":
        assert f'name="{heading}"' in text  # a glossary entry
    else:
        assert re.search(rf"^#*\s*{re.escape(heading)}\s*$", text, re.M), heading
    if term is not None:
        assert term.rstrip(":") in text, term


def test_dw4_core_mechanics_are_labelled_reconstructed():
    r = resolve("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2, "distance": 12})
    sections = [c["section"] for c in r["citations"]]
    assert "Torpedo" not in sections and "Boarding" not in sections  # today's misattributions
    recon = [c for c in r["citations"] if c["reconstructed"]]
    assert recon and all(c["section"].startswith(RECONSTRUCTED) for c in recon)
    assert all(c["document_title"] == "Dystopian Wars Rules Glossary" for c in r["citations"])


def test_a_russian_player_reads_what_was_reconstructed_in_russian():
    """ARCHITECTURE (issue 21): a Russian player's answer says every text in Russian; the dw4
    reconstructions are our words, not the glossary's, so they are said in the player's language."""
    dw4 = REGISTRY["dw4"]
    assert set(dw4.reconstructed_ru) == set(dw4.reconstructed)
    r = resolve("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2, "distance": 12}, lang="ru")
    recon = [c for c in r["citations"] if c["reconstructed"]]
    assert recon and all(c["section"].startswith(RECONSTRUCTED_RU) for c in recon)
    assert all(not re.search(r"[A-Za-z]{3,}", c["section"]) for c in recon), [c["section"] for c in recon]


def test_quality_citation_names_its_run_in_term():
    r = resolve("attack", {"dice": 8, "armour": 4, "quality": ["devastating"]})
    assert {"heading": "СВОЙСТВА НАБОРА КУБОВ", "term": "Разрушительное (Devastating)"}.items() <= \
        next(c for c in r["citations"] if c["term"] and "Devastating" in c["term"]
             and c["document"] == "dw3-rulebook-ru.md").items()  # (the English text is cited too, issue 21)


def _russian_book_terms() -> list[Citation]:
    cited: dict[str, Citation] = {}
    for _, citation in _all_citations():
        if citation.edition == "dw3-rulebook" and not citation.reconstructed and citation.term is not None:
            cited.setdefault(citation.section, citation)
    return list(cited.values())


@pytest.mark.slow  # builds the index
@pytest.mark.parametrize("citation", _russian_book_terms(), ids=lambda c: c.section)
def test_the_referee_cites_the_russian_book_under_the_chapter_search_cites(built_settings, citation: Citation):
    """The referee and `rule`/`ask` point a player to the same place: a run-in term of the Russian book
    ("**Категории дистанции (Measuring Range):** …") is cited under the chapter the index repaired for it
    (ВООРУЖЕНИЕ, not the fire-arc table's heading printed above it)."""
    from bot.service import Admiralty

    term = re.sub(r"\s*\([^)]*\)\s*$", "", citation.term.rstrip(":"))
    found = Admiralty(built_settings, build_if_stale=False).rule(term)
    sections = [e["section"] for e in found.get("entries", []) if e["edition"] == citation.edition]
    assert any(section.split(" › ")[0] == citation.heading for section in sections), (citation.section, sections)
