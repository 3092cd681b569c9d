"""The Russian typo reader's words are keyed once, by the index build (index.vocabulary.store_russian_spelling),
and a start-up reads them back: what it reads must be what keying the Russian passages and the players'
Russian terms gives, and the reader built from it must read typos as one built from the passages does."""
from __future__ import annotations

from index.ru_typos import RussianSpelling, spelling_entries, word_counts
from index.text import stem, words
from index.vocabulary import load_russian_spelling, load_vocabulary, russian_player_words

# typed as players type (index.ru_typos's module docstring), and words the book prints as they are
QUESTIONS = ("овария на корабле", "как далеко можно праити", "сколько длица раунд", "полныйназад можно?",
             "самалетов сколько", "таран и абордаж")


def test_the_stored_entries_are_the_russian_passages_and_player_terms_keyed(searcher):
    book = [word for row in searcher.rows if row["language"] == "ru" for word in words(row["text"])]
    player_terms = russian_player_words(load_vocabulary(searcher.build_dir))
    stored = load_russian_spelling(searcher.build_dir)
    assert stored == spelling_entries(word_counts([*book, *player_terms]), stem)
    assert len(stored) > 1000  # the whole Russian rulebook, not an empty table


def test_a_reader_from_the_stored_entries_reads_as_one_from_the_passages(searcher):
    book = [word for row in searcher.rows if row["language"] == "ru" for word in words(row["text"])]
    player_terms = russian_player_words(load_vocabulary(searcher.build_dir))
    known = {stem(word) for word in book}
    from_passages = RussianSpelling([*book, *player_terms], known, stem)
    from_build = RussianSpelling((), known, stem, load_russian_spelling(searcher.build_dir))
    readings = [from_build.read(question) for question in QUESTIONS]
    assert readings == [from_passages.read(question) for question in QUESTIONS]
    assert sum(reading is not None for reading in readings) >= 3  # typos were read, not all left alone
