"""The players' vocabulary (index/vocabulary.py): synonyms.toml, glossary.toml and the term map,
parsed once at build, stored in the index, read back as one immutable object that `ask` and `rule` share."""
from __future__ import annotations

import dataclasses
import re
import shutil
import sqlite3

import pytest
import snowballstemmer

from index import freshness, text
from index.freshness import index_status
from index.glossary import GLOSSARY_FILE, absent_words, glossary_expansions, scoped_words
from index.store import DB_NAME, current_build
from index.termmap import load_synonyms
from index.terms import term_key
from index.vocabulary import STEMS_TABLE, load_vocabulary


def test_ask_and_rule_read_one_vocabulary(searcher, term_book) -> None:
    # one object per process and build, whichever reader asks first
    assert searcher.vocabulary is term_book.vocabulary
    assert searcher.vocabulary is load_vocabulary(searcher.build_dir)


def test_the_build_holds_what_the_files_say(built_settings) -> None:
    build = current_build(built_settings.data_dir)
    assert build is not None
    stored = load_vocabulary(build)
    synonyms = load_synonyms()  # parsed afresh from both files
    assert list(stored.expansions.items()) == [(k, tuple(v)) for k, v in synonyms.expansions.items()]
    assert list(stored.translations.items()) == [(k, tuple(v)) for k, v in synonyms.translations.items()]
    assert dict(stored.scoped) == scoped_words(synonyms.slang)
    assert stored.absent == absent_words()  # glossary.toml [[absent]], read from the file
    assert list(stored.glossary_expansions.items()) == [(k, tuple(v)) for k, v in glossary_expansions().items()]
    with sqlite3.connect(build / DB_NAME) as db:
        assert list(stored.term_pairs) == db.execute("select english, russian from term_pairs").fetchall()
    # synonyms.toml: crit = ["critical damage"]; glossary.toml: "saving throw" = defence, resistance
    assert stored.expansions["crit"] == ("critical damage",)
    assert stored.expansions["saving throw"] == ("defence", "resistance")
    # the Russian book's index: "Ramming (Таран).....29, 37"
    assert ("Ramming", "Таран") in stored.term_pairs


def test_the_vocabulary_cannot_be_changed(built_settings) -> None:
    build = current_build(built_settings.data_dir)
    assert build is not None
    stored = load_vocabulary(build)
    with pytest.raises(TypeError):
        stored.expansions["crit"] = ("anything",)  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        stored.term_pairs = ()  # type: ignore[misc]


def test_an_edited_glossary_makes_the_index_stale(built_settings, tmp_path, monkeypatch) -> None:
    # the players' words are read from the build, so the glossary is one of its inputs
    assert index_status(built_settings).fresh
    edited = tmp_path / "glossary.toml"
    shutil.copy(GLOSSARY_FILE, edited)
    with edited.open("a", encoding="utf-8") as fh:
        fh.write('\n[[term]]\nwords = ["boat"]\nmeans = ["ship"]\nevidence = []\n')
    monkeypatch.setattr(freshness, "GLOSSARY_FILE", edited)
    status = index_status(built_settings)
    assert not status.fresh and status.reasons == ["glossary_sha256 changed"]


def test_the_recorded_stems_are_the_stemmers(built_settings, monkeypatch) -> None:
    # a start-up reads the build's stems instead of stemming again: they must be what `stem` gives
    # afresh — Snowball's, but for the three Russian quirks index.text.stem mends ("бросьте": "брос",
    # "таран", "Подрыв": a noun's "-ыв" kept)
    build = current_build(built_settings.data_dir)
    assert build is not None
    with sqlite3.connect(build / DB_NAME) as db:
        recorded = db.execute(f"select word, stem from {STEMS_TABLE}").fetchall()
    monkeypatch.setattr(text, "_RECORDED", {})
    text.stem.cache_clear()
    try:
        wrong = [(word, made) for word, made in recorded if made != text.stem(word)]
    finally:
        text.stem.cache_clear()
    english, russian = snowballstemmer.stemmer("english"), snowballstemmer.stemmer("russian")
    mended = {word for word, made in recorded
              if made != (russian if re.search("[а-яё]", word) else english).stemWord(word)}
    assert len(recorded) > 3000 and wrong == []
    assert ("ramming", "ram") in recorded and ("торпеды", "торпед") in recorded
    assert mended and all(re.search("[а-яё]", word) and word.endswith(("ьте", "ьтесь", "ан", "ян", "ыв"))
                          for word in mended)


def test_a_rules_names_are_read_through_linked_pairs_only(term_book) -> None:
    # `_translations` reads only the pairs linked to the names found: the same names, at the same
    # distances and in the same order, as one pass over every pair of the term map
    def one_pass(key: str) -> dict[str, int]:
        found = {key: 0}
        chunks = {r["chunk_id"] for r in term_book._by_key.get(key, [])}
        for r in term_book._terms:
            if r["chunk_id"] in chunks:
                found.setdefault(r["term_key"], 1)
        for row in term_book._by_key.get(key, []):
            if row["english"]:
                found.setdefault(term_key(row["english"]), 1)
        for en, ru in term_book._pairs:
            for a, b in ((en, ru), (ru, en)):
                if a in found:
                    found.setdefault(b, found[a] + 1 if a != key else 1)
        return found

    keys = list(term_book._by_key)
    assert len(keys) > 500
    assert all(list(term_book._translations(k).items()) == list(one_pass(k).items()) for k in keys)


def test_a_players_word_still_names_its_rule(term_book) -> None:
    # synonyms.toml: crits = ["critical damage"]; quick reference, 8. CHECK FOR CRITICAL DAMAGE: "MASS 1
    # models do not suffer critical damage" — the players' words are read on the first lookup needing them
    found = term_book.lookup("crits")
    assert found.status == "found" and found.how == "player word" and found.matched == "Critical Damage"
