"""Comparison questions, scored per edition: does each named edition's answer line hold that
edition's gold span, and is that edition's answering rule among the shown results?

    python bench/compare_lines.py [--misses] [--hide fresh]

A comparison question's gold spans are paired with `gold_sources` (one document per span); each
document is one edition. For every edition with gold: "line" — the answer line quoted for that
edition holds its gold span (bench/retrieval.py's quote test); "shown" — some result of that
edition holds it. bench/retrieval.py scores only the first line; this scores every line.
"no-gold" counts the lines quoted for a searched edition that holds no gold span for the question
(an edition without the compared rule, whose line can only be a neighbour's).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from retrieval import folds, norm, quote_ok  # noqa: E402

from core.settings import Settings  # noqa: E402
from index.search import Searcher  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX")
    args = parser.parse_args()
    searcher = Searcher(Settings.from_env())
    edition_of = {doc.file: doc.edition for doc in searcher.docs.values()}
    print(f"{'fold':<14}{'questions':>10}{'lines':>7}{'line ok':>9}{'shown':>7}{'disagree':>10}{'no-gold':>9}")
    for name, questions in folds(tuple(args.hide)).items():
        comps = [q for q in questions if q.get("style") == "comparison" and q.get("gold")]
        if not comps:
            continue
        lines = ok = shown = disagree = no_gold = 0
        misses = []
        for q in comps:
            result = searcher.ask(q["question"], k=5)
            disagree += result.editions_disagree is not None
            by_edition: dict[str, list[str]] = {}
            for gold, source in zip(q["gold"], q.get("gold_sources") or [None] * len(q["gold"]), strict=True):
                by_edition.setdefault(edition_of.get(source, source), []).append(norm(gold))
            no_gold += sum(1 for a in result.answers if a.edition not in by_edition)
            for edition, golds in sorted(by_edition.items()):
                lines += 1
                line = next((a.quote for a in result.answers if a.edition == edition), "")
                good = quote_ok(golds, line)
                seen = any(any(g in norm(h.text) for g in golds) for h in result.results if h.edition == edition)
                ok, shown = ok + good, shown + seen
                if not good:
                    misses.append(f"  {'LINE' if seen else 'RANK'} {edition:<14} {q['question'][:70]} :: {line[:60]!r}")
        print(f"{name:<14}{len(comps):>10}{lines:>7}{ok:>9}{shown:>7}{disagree:>10}{no_gold:>9}")
        if args.misses:
            print("\n".join(misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
