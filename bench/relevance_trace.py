"""Which test decided "in the rules" or "not in the rules", per wrongly decided question.

    python bench/relevance_trace.py --hide fresh --hide players --hide unanswerable --hide vocab2_made [--all]

For every visible set (the dev folds with their off-topic lines, our sets not hidden) it lists each
unanswerable question that was answered and each answerable one that was refused, with the test that
decided it (index.relevance.in_the_rules, read in its order): refused before the test (another game
named, no content words), an absent concept, a marked name printed nowhere, the word/name tests (which
one: name share, name with coverage, cosine with coverage, words alone) unless a claimed unknown name or
an off-rules ask vetoes them, the name reading (`read_as`: a refused question typed as a rule's name),
the English documents asked after the Russian book refused a Russian question, and the fitted model
with its probability and the three features that pushed it most (coefficient times the feature's
distance from the mean answerable dev question's). Then a count per cause. `--all` lists the rightly
decided questions too.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import folds  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.relevance import (  # noqa: E402
    FEATURES,
    MIN_COSINE,
    MIN_COVERAGE,
    MIN_COVERAGE_NAMED,
    MIN_COVERAGE_RU,
    MIN_COVERAGE_WITH_MODEL,
    MIN_MATCHED,
    NAME_SHARE,
    Evidence,
    RelevanceModel,
    features,
    in_the_rules,
)
from index.search import Searcher  # noqa: E402


class _Recorder(Searcher):
    """The product's search; it keeps the evidence its first relevance test of an ask read: the main
    search's, which decides (a question routed to several editions asks each edition's own search after it)."""

    evidence: list[Evidence] = []

    def _relevant(self, leading: Any, query: Any, dense_scores: Any, named: Any) -> bool:
        if self.evidence:
            return super()._relevant(leading, query, dense_scores, named)
        asked = self._question_evidence(query, dense_scores)
        self.evidence = [self._evidence(key, row, query, dense_scores, named, asked) for key, row, _ in leading]
        return super()._relevant(leading, query, dense_scores, named)


def word_test(e: Evidence) -> str | None:
    """Which of the word/name tests (index.relevance.is_relevant) a rule passes, in its order."""
    if e.name_share >= NAME_SHARE:
        return "name share"
    if e.name_share > 0 and e.coverage >= MIN_COVERAGE_NAMED:
        return "name + coverage"
    if e.cosine is not None and e.cosine >= MIN_COSINE and e.coverage >= MIN_COVERAGE_WITH_MODEL:
        return "cosine + coverage"
    floor = MIN_COVERAGE_RU if e.cosine is None else MIN_COVERAGE
    if e.matched >= MIN_MATCHED and e.coverage >= floor:
        return "words"
    return None


def pushes(model: RelevanceModel, leading: Sequence[Evidence], reference: Sequence[float], n: int = 3) -> str:
    """The model's probability and the features that moved it most toward its verdict, each as its
    coefficient times its distance from `reference` (the mean answerable dev question's features)."""
    x = features(leading)
    p = model.probability(x)
    parts = sorted(((c * (v - r), name)
                    for c, v, r, name in zip(model.coefficients, x, reference, FEATURES, strict=True)),
                   key=lambda t: -t[0] if p >= 0.5 else t[0])
    return f"p {p:.2f} [" + ", ".join(f"{name} {value:+.1f}" for value, name in parts[:n]) + "]"


def cause(searcher: _Recorder, result: dict[str, Any], reference: Sequence[float]) -> str:
    """The test that decided the question (see the module's docstring)."""
    leading = searcher.evidence
    model = searcher._relevance_model
    if not leading:
        return "before the test"
    asked = leading[0]
    if asked.words == 0:
        return "no content words"
    if asked.absent:
        return "absent concept"
    if asked.unknown_marked:
        return "marked name"
    passed = next((t for t in map(word_test, leading) if t), None)
    veto = "unknown name" if asked.unknown_name else "off rules" if asked.off_rules else None
    verdict = ""
    if model is not None:
        verdict = pushes(model, leading, reference)
        answered_by_model = model.probability(features(leading)) >= 0.5
    else:
        answered_by_model = False
    if result["status"] == "answered" and not result.get("read_as") and not in_the_rules(leading, model):
        return "English documents (a Russian question the Russian book refused)"
    if passed and not veto:
        return f"tests: {passed}"
    if answered_by_model:
        return f"model ({veto + ', ' if veto else ''}{verdict})"
    if result.get("read_as"):
        return f"name reading ({result['read_as']})"
    return f"model refuses ({veto + ', ' if veto else ''}{'tests: ' + passed + ', ' if passed else ''}{verdict})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX", help="as bench/retrieval.py")
    parser.add_argument("--all", action="store_true", help="list the rightly decided questions too")
    parser.add_argument("--only", action="append", default=[], metavar="SET", help="these sets alone")
    args = parser.parse_args()
    searcher = _Recorder(Settings.from_env())
    searcher.warm()
    asked: list[tuple[str, dict[str, Any], dict[str, Any], list[Evidence]]] = []
    for name, questions in folds(tuple(args.hide)).items():
        if args.only and name not in args.only and not name.startswith("dev"):
            continue
        for q in questions:
            searcher.evidence = []
            asked.append((name, q, searcher.ask(q["question"], k=5).to_json(), searcher.evidence))
    dev_rows = [features(e) for name, q, _, e in asked if name.startswith("dev") and q.get("gold") and e]
    reference = [sum(col) / len(col) for col in zip(*dev_rows, strict=True)]
    counts: Counter[tuple[str, str]] = Counter()
    shown = None
    for name, q, result, evidence in asked:
        if args.only and name not in args.only:
            continue
        if name != shown:
            print(f"\n{name}:")
            shown = name
        searcher.evidence = evidence
        answerable = bool(q.get("gold"))
        answered = result["status"] == "answered"
        wrong = answerable != answered
        if not (wrong or args.all):
            continue
        why = cause(searcher, result, reference)
        kind = ("refused" if answerable else "abstained") if not answered else (
            "answered" if answerable else "let through")
        if wrong:
            counts[(kind, why.split(" (")[0].split(" [")[0])] += 1
        print(f"  {'!' if wrong else ' '} {kind:<10} {why}  | {q['question'][:140]}")
    print("\nwrongly decided, by cause:")
    for (kind, why), n in counts.most_common():
        print(f"  {kind:<10} {why:<28} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
