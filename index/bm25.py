"""The lexical ranking, SQLite FTS5's `bm25()` over the index's `lexical` table, computed in Python
from the table's own postings: the same doubles, summed in the same order, ranked the same way.

Why: for a question of a few terms matching ~50 of the 690 passages, SQLite spent ~100 of its ~150 µs
on bm25's bookkeeping (every phrase's row count and each matched row's size read again per question;
issue 18). Here the postings, row sizes and average are read once per process.

The arithmetic is fts5Bm25Function's (SQLite ext/fts5/fts5_aux.c), k1 = 1.2, b = 0.75: per phrase,
idf = log((N - n + 0.5) / (n + 0.5)) (1e-6 when not positive), and per row the sum, over the phrases in
the query's order, of idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * D / avgdl)), where f is the
column-weighted count of the phrase in the row and D the row's tokens; FTS5 orders by its negation,
and SQLite's sorter keeps equal scores in rowid order. tests/test_bm25.py compares both on real questions.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

K1 = 1.2
B = 0.75


class Bm25:
    """One index's postings, for `ranked`."""

    def __init__(self, instances: Iterable[tuple[str, int, str]], row_count: int,
                 column_weights: Mapping[str, float]) -> None:
        """`instances`: every token of the table as (term, rowid, column), as fts5vocab's "instance"
        table lists them; `row_count`: the table's rows; `column_weights`: bm25's weight per column."""
        frequency: dict[str, dict[int, float]] = {}
        size: dict[int, int] = {}
        for term, row, column in instances:
            rows = frequency.setdefault(term, {})
            rows[row] = rows.get(row, 0.0) + column_weights[column]
            size[row] = size.get(row, 0) + 1
        average = float(sum(size.values())) / float(row_count) if row_count else 0.0
        # the part of the denominator that is the row's own: k1 * (1 - b + b * D / avgdl)
        norm = {row: K1 * (1 - B + B * float(tokens) / average) for row, tokens in size.items()}
        gain = K1 + 1.0
        # per posting, the numerator f * (k1 + 1) and the denominator f + norm, computed once here: the
        # same doubles `ranked` computed per question
        self._postings = {term: (tuple((row, f * gain, f + norm[row]) for row, f in rows.items()),
                                 _idf(row_count, len(rows))) for term, rows in frequency.items()}

    def holding(self, term: str) -> frozenset[int]:
        """The rowids whose text holds `term`."""
        found = self._postings.get(term)
        return frozenset(row for row, _, _ in found[0]) if found is not None else frozenset()

    @staticmethod
    def reads(terms: Sequence[str]) -> bool:
        """The terms are single tokens as FTS5's unicode61 tokenizer reads them (letters and digits, in
        lower case), so each quoted term is a one-token phrase: the only queries `ranked` answers."""
        return all(term.isalnum() and term == term.lower() for term in terms)

    def ranked(self, terms: Sequence[str], limit: int, weights: Mapping[str, float] | None = None) -> list[int]:
        """The rowids `... where lexical match '"t1" OR "t2" ...' order by bm25(lexical, ...) limit ?`
        returns, for distinct `terms` in that order. `weights`: a term's share of its idf where it is
        not 1 (a Russian story's scene words, index.query.Query.lexical_weights); FTS5 has no such
        weight, so a weighted ranking is this module's alone."""
        score: dict[int, float] = {}
        for term in terms:
            found = self._postings.get(term)
            if found is None:
                continue  # no row holds it: it adds nothing to any row's score
            rows, idf = found
            if weights is not None:
                idf *= weights.get(term, 1.0)
            for row, numerator, denominator in rows:
                score[row] = score.get(row, 0.0) + idf * (numerator / denominator)
        # best score first, equal scores in rowid order: the rowids sorted, then stably by score
        # (`reverse` keeps equal items in their order; one C key call per row, no tuple)
        ranked = sorted(score)
        ranked.sort(key=score.__getitem__, reverse=True)
        return ranked[:limit]


def _idf(rows: int, holding: int) -> float:
    idf = math.log((rows - holding + 0.5) / (holding + 0.5))
    return idf if idf > 0.0 else 1e-6
