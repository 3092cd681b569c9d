"""How often a rule that points to another ("See Impeded Movement …", "См. «Масса» …") costs an answer.

    python bench/pointers.py [--hide fresh] [--list]

Over every question with gold of the dev folds and our own sets (bench/retrieval.py's folds):
- pointer lines: the answer line holds (or opens with) a sentence that points to another rule;
- pointing rule leads: the first result's rule points to a rule (index.pointers) whose text holds a
  gold span the first result's text does not — split by whether that pointed rule is among the five
  results shown at all, and whether the answer line already holds the gold.
--list prints each such question with the rule pointed to.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import folds, norm, quote_ok  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.pointers import pointed_rules, pointers  # noqa: E402
from index.rules import document_of  # noqa: E402
from index.search import Searcher  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX")
    parser.add_argument("--list", action="store_true", help="print each question counted")
    args = parser.parse_args()
    searcher = Searcher(Settings.from_env())
    sections: dict[str, dict[str, str]] = defaultdict(dict)
    for key, rule in searcher.rules.items():
        sections[document_of(key)][key] = rule.section
    totals: dict[str, int] = defaultdict(int)
    for fold, questions in folds(tuple(args.hide)).items():
        counts: dict[str, int] = defaultdict(int)
        for q in questions:
            golds = [norm(g) for g in q["gold"]]
            if not golds:
                continue
            counts["answerable"] += 1
            result = searcher.ask(q["question"], k=5).to_json()
            if not result["results"]:
                continue
            answer = result.get("answer") or {}
            quote = answer.get("quote", "")
            first = result["results"][0]
            key = searcher.rule_of_chunk[first["chunk_id"]]
            text = searcher.rules[key].text
            quoted = next((r for r in result["results"] if r["chunk_id"] == answer.get("chunk_id")
                           and r.get("highlight")), None)
            if quoted is not None:
                start, end = quoted["highlight"]["start"], quoted["highlight"]["end"]
                spans = pointers(quoted["text"])
                if any(p.start < end and start < p.end for p in spans):
                    counts["line holds a pointer"] += 1
                    if any(p.start <= start < p.end for p in spans):
                        counts["line opens with one"] += 1
                        counts["  and is right"] += quote_ok(golds, quote)
            if any(g in norm(text) for g in golds):
                continue
            for _, target in pointed_rules(text, key, sections[document_of(key)]):
                if any(g in norm(searcher.rules[target].text) for g in golds):
                    shown = {searcher.rule_of_chunk[r["chunk_id"]] for r in result["results"]}
                    counts["gold in pointed rule"] += 1
                    counts["  pointed rule shown"] += target in shown
                    counts["  quote right anyway"] += quote_ok(golds, quote)
                    if args.list:
                        print(f"  {fold}: {q['question'][:80]} | {searcher.rules[key].section} -> "
                              f"{searcher.rules[target].section} | line: {quote[:60]!r}")
                    break
        print(f"{fold:<16} " + " · ".join(f"{k} {v}" for k, v in counts.items()))
        for k, v in counts.items():
            totals[k] += v
    print("ALL              " + " · ".join(f"{k} {v}" for k, v in totals.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
