"""index.bm25 ranks as SQLite FTS5's own `bm25()` does: the same rows, in the same order, equal scores
in rowid order, on a table made here and on the real index's lexical table."""
from __future__ import annotations

import sqlite3

import pytest

from index.bm25 import Bm25
from index.text import stems

TITLE_WEIGHT = 3.0
SQL = "select rowid from lexical where lexical match ? order by bm25(lexical, ?, 1.0) limit ?"


def _postings(conn: sqlite3.Connection) -> Bm25:
    conn.execute("create virtual table if not exists temp.lexical_instances using fts5vocab(main, lexical, instance)")
    count = conn.execute("select count(*) from lexical").fetchone()[0]
    return Bm25(conn.execute("select term, doc, col from temp.lexical_instances"), count,
                {"title": TITLE_WEIGHT, "body": 1.0})


def _sqlite_ranking(conn: sqlite3.Connection, terms: list[str], limit: int) -> list[int]:
    match = " OR ".join(f'"{t}"' for t in terms)
    return [row for (row,) in conn.execute(SQL, [match, TITLE_WEIGHT, limit])]


@pytest.fixture(scope="module")
def table() -> sqlite3.Connection:
    """A small lexical table: titles and bodies of stems, some rows printed twice (equal scores)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("create virtual table lexical using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')")
    passages = [
        ("Ram", "A ship can attempt a ram during its own movement. Roll three dice for the ram."),
        ("Boarding", "Boarding assaults are made by ships within 4 inches; roll dice against the crew."),
        ("Ram", "A ship can attempt a ram during its own movement. Roll three dice for the ram."),
        ("Таран", "Корабль может таранить во время движения. Бросьте три кубика."),
        ("Movement", "Ships move up to their move value; a ship that rams ends its movement."),
        ("Dice", "Roll dice; each exploding dice result adds another dice."),
        ("Boarding", "Boarding assaults are made by ships within 4 inches; roll dice against the crew."),
    ]
    conn.executemany("insert into lexical(rowid, title, body) values (?, ?, ?)",
                     [(i, " ".join(stems(title)), " ".join(stems(body))) for i, (title, body) in enumerate(passages)])
    return conn


@pytest.mark.parametrize("question", [
    "ram dice", "how many dice does a ram roll", "boarding within 4 inches", "таран кубики", "movement",
    "exploding dice", "crew boarding ram movement dice ship", "nothing matches this",
])
def test_the_ranking_is_fts5s_on_a_table_with_equal_scores(table: sqlite3.Connection, question: str) -> None:
    terms = list(dict.fromkeys(stems(question)))
    assert Bm25.reads(terms)
    for limit in (2, 400):
        assert _postings(table).ranked(terms, limit) == _sqlite_ranking(table, terms, limit)


def test_equal_scores_keep_rowid_order(table: sqlite3.Connection) -> None:
    ranked = _postings(table).ranked(list(dict.fromkeys(stems("ram"))), 400)
    assert ranked[:2] == [0, 2]  # the same passage twice: the first row first, as SQLite's sorter keeps it


def test_terms_fts5_would_split_or_fold_are_left_to_sqlite() -> None:
    assert not Bm25.reads(["ram", "line-of-sight"])
    assert not Bm25.reads(["Ram"])
    assert Bm25.reads(["ram", "3", "таран"])


def test_the_ranking_is_fts5s_on_the_real_index(searcher) -> None:
    """Every rule heading read as a question, and the headings of neighbouring rules read together."""
    conn = searcher._db.conn
    postings = searcher._bm25()
    headings = sorted({rule.section.split(" › ")[-1] for rule in searcher.rules.values()})
    queries = headings + [f"{a} {b}" for a, b in zip(headings, headings[1:], strict=False)]
    compared = 0
    for query in queries:
        terms = searcher.parse(query).lexical_terms()
        if terms and Bm25.reads(terms):
            assert postings.ranked(terms, 400) == _sqlite_ranking(conn, terms, 400), query
            compared += 1
    assert compared > len(headings)


def test_a_weighted_term_counts_for_its_share_of_its_idf(table: sqlite3.Connection) -> None:
    """Weights of 1 rank as FTS5 does; a term weighed down (a Russian story's scene word,
    index.query.Query.lexical_weights) lets a row holding the other term lead."""
    postings = _postings(table)
    terms = list(dict.fromkeys(stems("boarding ram crew")))
    assert postings.ranked(terms, 400, {t: 1.0 for t in terms}) == _sqlite_ranking(table, terms, 400)
    boarding = [t for t in terms if t.startswith("board")]
    assert postings.ranked(terms, 400)[0] in (1, 6)  # a Boarding row: "boarding" and "crew"
    assert postings.ranked(terms, 400, {t: 0.1 for t in boarding + ["crew"]})[0] in (0, 2)  # a Ram row
