"""Adding a document routes it by its own names (issue 15): a scratch 4th-edition document in a
copy of the corpus, declared only in that copy's manifest.toml, is searched by "... in dw4?"."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from core.settings import Settings
from corpus import CORPUS_DIR

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = """# DW4 SCRATCH FAQ

## HARBOUR PILOTS

Harbour Pilots: a model with this rule ignores the Treacherous Water penalty when it moves through a harbour.
"""
ENTRY = """
[[document]]
id = "dw4-scratch-faq"
file = "dw4-scratch-faq.md"
title = "Scratch 4th-edition FAQ"
game = "dystopian-wars"
edition = "dw4-scratch-faq"
edition_label = "4th edition (scratch FAQ)"
language = "en"
format = "markdown"
version = "test"
aliases = ["faq4"]
"""


@pytest.mark.slow
def test_a_new_fourth_edition_document_is_searched_for_dw4(tmp_path: Path) -> None:
    from index.build import build_index
    from index.manifest import corpus_names, load_manifest, resolve_edition
    from index.search import Searcher

    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    (corpus / "dw4-scratch-faq.md").write_text(SCRATCH, encoding="utf-8")
    manifest = (corpus / "manifest.toml").read_text(encoding="utf-8")
    dw4_route = 'editions = ["dw4-glossary"]'
    assert dw4_route in manifest  # the README's recipe: the new edition joins the dw4 route
    manifest = manifest.replace(dw4_route, 'editions = ["dw4-glossary", "dw4-scratch-faq"]', 1)
    (corpus / "manifest.toml").write_text(manifest + ENTRY, encoding="utf-8")

    data = tmp_path / "data"
    data.mkdir()
    cache = ROOT / "var" / "embeddings.db"
    if cache.exists():
        shutil.copy(cache, data / "embeddings.db")
    settings = replace(Settings.from_env(), data_dir=data, corpus_dir=corpus)
    build_index(settings, progress=False)

    assert resolve_edition("faq4", load_manifest(corpus)) == "dw4-scratch-faq"
    assert any("dw4-scratch-faq" in r.editions for r in corpus_names(corpus).routes)
    result = Searcher(settings).ask("do harbour pilots ignore treacherous water in dw4?", k=5)
    assert set(result.routed_editions) == {"dw4-glossary", "dw4-scratch-faq"}
    assert result.results[0].edition == "dw4-scratch-faq"
    assert {r.edition for r in result.results} <= {"dw4-glossary", "dw4-scratch-faq"}
