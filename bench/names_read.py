"""Which rules a question names, as the ranking reads them: how many the term lookup reads above the share
floor (index.search.MIN_NAME_SHARE), how many only under it, and where the answering rule stands.

    python bench/names_read.py [--styles interaction,rambling] [--floor 0.15] [--misses] [--hide fresh]

For each question of the chosen styles (every fold bench/retrieval.py reads): is the answering passage
first, in the top five, or missing; which rules the ranking's name reading (`Searcher._named_rules`, the
call whose names `_rank_rules` and the re-ranker read) names, and which it would name without the floor.
The answering rule is every rule whose text holds a gold span. Of the questions answered in the top five
but not first, it counts those naming fewer than two rules (by heading), those whose answering rule is
named, and those whose answering rule is named only under the floor. `--floor F` makes the ranking read
names at F instead (0: every name the lookup reads), to measure a reading before building it. `--oracle
add` asks each question answered second to fifth again with its answering rule named too (at the larger of
the floor and the best share read), `--oracle only` with it named alone: how many of those misses a perfect
name reading could turn at most, with the ranking as it is.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from retrieval import folds, norm  # noqa: E402

from core.settings import Settings  # noqa: E402
from index.search import MIN_NAME_SHARE, Searcher  # noqa: E402
from index.termspot import SpottedTerm  # noqa: E402


class NameProbe(Searcher):
    """A Searcher that keeps, for the question it last answered, the ranking's names at the floor and at 0."""

    ranking_floor = MIN_NAME_SHARE
    named: dict[str, float]
    every_name: dict[str, float]
    oracle: str | None = None  # "add" or "only": the answering rule named as well, or alone
    answering: frozenset[str] = frozenset()

    def _named_rules(self, topic: list[str], weights: Mapping[str, float], allowed: np.ndarray,
                     candidates: Sequence[str] = (), loose: bool = False,
                     spotted_names: list[tuple[SpottedTerm, set[str]]] | None = None,
                     several: bool = False, floor: float = MIN_NAME_SHARE,
                     marked: frozenset[str] = frozenset()) -> dict[str, float]:
        if not candidates:  # the relevance test's and the re-ranker's "defined" reading: left as they are
            return super()._named_rules(topic, weights, allowed, candidates, loose, spotted_names, several, floor,
                                        marked)
        self.every_name = super()._named_rules(topic, weights, allowed, candidates, loose, spotted_names, several,
                                               0.0, marked)
        self.named = super()._named_rules(topic, weights, allowed, candidates, loose, spotted_names, several,
                                          self.ranking_floor, marked)
        if self.oracle is None or not self.answering:
            return self.named
        share = max(max(self.named.values(), default=0.0), self.ranking_floor)
        named = {} if self.oracle == "only" else dict(self.named)
        return named | {key: share for key in sorted(self.answering) if allowed[self._first_row[key]]}


def headings(searcher: Searcher, keys: Sequence[str]) -> set[str]:
    """The rules' own headings, casefolded: one name printed in several documents counts once per heading."""
    return {searcher.rules[k].section.split(" › ")[-1].casefold() for k in keys}


def place_of(searcher: NameProbe, question: str, golds: list[str]) -> tuple[int | None, str]:
    """Where the first passage holding a gold span is shown (0-based; None: not in the top five), and the leader."""
    searcher.named, searcher.every_name = {}, {}
    searcher.answers.clear()  # a question asked in two folds is searched again, not answered from the cache
    result = searcher.ask(question, k=5).to_json()
    texts = [norm(r["text"]) for r in result["results"]]
    place = next((i for i, text in enumerate(texts) if any(g in text for g in golds)), None)
    return place, result["results"][0]["section"] if result["results"] else "-"


def read(searcher: NameProbe, question: dict[str, Any], oracle: str | None) -> dict[str, Any]:
    golds = [norm(g) for g in question["gold"]]
    answering = frozenset(k for k, rule in searcher.rules.items() if any(g in norm(rule.text) for g in golds))
    searcher.oracle = None
    place, leader = place_of(searcher, question["question"], golds)
    named, every = searcher.named, searcher.every_name
    under = set(every) - set(named)
    turned = False
    if oracle and place not in (None, 0):
        searcher.oracle, searcher.answering = oracle, answering
        turned = place_of(searcher, question["question"], golds)[0] == 0
    return {"place": place, "named": headings(searcher, list(named)),
            "under": headings(searcher, list(under)) - headings(searcher, list(named)),
            "answer_named": bool(answering & set(named)), "answer_under": bool(answering & under),
            "leader": leader, "turned": turned}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", default="interaction,rambling", help="question styles to read (comma-separated)")
    parser.add_argument("--floor", type=float, default=MIN_NAME_SHARE, help="the share that names a rule in ranking")
    parser.add_argument("--misses", action="store_true", help="list the questions answered second to fifth")
    parser.add_argument("--oracle", choices=("add", "only"), help="ask the misses again with the answering rule named")
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX",
                        help="leave out our sets whose name starts with PREFIX (held-out sets: --hide fresh)")
    args = parser.parse_args()
    styles = set(args.styles.split(","))
    searcher = NameProbe(Settings.from_env())
    searcher.ranking_floor = args.floor
    searcher.warm()
    print(f"{'fold':<16}{'n':>5}{'first':>7}{'2-5':>5}{'out':>5}{'names':>7}{'under':>7}"
          f"{'2-5: <2 named':>15}{'answer named':>14}{'only under':>12}")
    totals = [0] * 8
    misses: list[str] = []
    for name, questions in folds(tuple(args.hide)).items():
        rows = [read(searcher, q, args.oracle) | {"q": q["question"]} for q in questions
                if q.get("gold") and q.get("style") in styles]
        if not rows:
            continue
        second = [r for r in rows if r["place"] not in (None, 0)]
        counts = [len(rows), sum(r["place"] == 0 for r in rows), len(second),
                  sum(len(r["named"]) < 2 for r in second), sum(r["answer_named"] for r in second),
                  sum(r["answer_under"] for r in second), sum(r["place"] is None for r in rows),
                  sum(r["turned"] for r in second)]
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        named = sum(len(r["named"]) for r in rows) / len(rows)
        under = sum(len(r["under"]) for r in rows) / len(rows)
        print(f"{name:<16}{counts[0]:>5}{counts[1]:>7}{counts[2]:>5}{counts[6]:>5}{named:>7.2f}{under:>7.2f}"
              f"{counts[3]:>15}{counts[4]:>14}{counts[5]:>12}")
        misses += [f"{name}: #{r['place'] + 1} {r['q'][:90]} -> {r['leader'][:40]} | named {sorted(r['named'])} "
                   f"| under {sorted(r['under'])[:6]}" for r in second]
    print(f"{'all':<16}{totals[0]:>5}{totals[1]:>7}{totals[2]:>5}{totals[6]:>5}{'':>14}"
          f"{totals[3]:>15}{totals[4]:>14}{totals[5]:>12}")
    print("names / under: rule headings named per question, at the floor and only under it")
    if args.oracle:
        print(f"answered second to fifth: {totals[2]}; "
              f"first with the answering rule named ({args.oracle}): {totals[7]}")
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
