"""Which words carry the weight that no leading rule holds, for each answerable question refused as "not in the rules".

    python bench/refusal_words.py --hide fresh --hide players --hide unanswerable --hide vocab2_made [--only SET]

For every visible set (the dev folds and our sets not hidden), each answerable question that the product refuses
is listed with its topic words that none of the leading rules (the candidates the relevance test reads) holds in
any spelling, heaviest first, each with its share of the question's weight and what it is:
- `everyday`: the documents print it in no spelling, and it is a whole word of the model's WordPiece vocabulary
  (an everyday English word: "harder", "nimbler" is not one, "huge" is);
- `unprinted`: printed nowhere and not an everyday word (a player's coinage, slang, a name, a misspelling left unread);
- `misspelt`: printed nowhere as typed, read as a near spelling of a printed word;
- `read`: printed nowhere as typed, read by the glossary or synonyms to words the leading rules do not print;
- `elsewhere`: printed in other rules, not in the leading ones (a player's noun for the rule's noun, or a frame word).
Then a count per class, by the heaviest missing word of each refusal and over all missing words. Read-only:
held-out sets are never read (`--hide`, as bench/retrieval.py).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import folds  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.everyday import everyday_stems  # noqa: E402
from index.query import Query  # noqa: E402
from index.search import Searcher  # noqa: E402


class _Recorder(Searcher):
    """The product's search; it keeps the query and the leading rules its first relevance test of an ask read."""

    seen: tuple[Query, list[str]] | None = None

    def _relevant(self, leading: Any, query: Any, dense_scores: Any, named: Any) -> bool:
        if self.seen is None:
            self.seen = (query, [key for key, _, _ in leading])
        return super()._relevant(leading, query, dense_scores, named)


def word_class(searcher: Searcher, query: Query, stem: str, everyday: frozenset[str]) -> str:
    """What a topic word no leading rule holds is (see the module's docstring)."""
    spellings = query.variants[stem]
    if stem in searcher._vocabulary:
        return "elsewhere"
    if not spellings.isdisjoint(searcher._vocabulary):
        return "misspelt" if set(searcher._near_spellings(stem)) & spellings else "read"
    return "everyday" if stem in everyday else "unprinted"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX", help="as bench/retrieval.py")
    parser.add_argument("--only", action="append", default=[], metavar="SET", help="these sets alone")
    args = parser.parse_args()
    searcher = _Recorder(Settings.from_env())
    searcher.warm()
    by_heaviest: Counter[str] = Counter()
    by_weight: Counter[str] = Counter()
    words_seen: Counter[tuple[str, str]] = Counter()
    refused = 0
    for name, questions in folds(tuple(args.hide)).items():
        if args.only and name not in args.only:
            continue
        shown = False
        for q in questions:
            if not q.get("gold"):
                continue
            searcher.seen = None
            result = searcher.ask(q["question"], k=5).to_json()
            if result["status"] == "answered" or searcher.seen is None:
                continue
            query, keys = searcher.seen
            everyday = everyday_stems(query.plain, frozenset(query.weights))
            held = frozenset().union(*(searcher._stems_of_rule(k) for k in keys)) if keys else frozenset()
            total = sum(query.weights.values()) or 1.0
            missing = sorted(((w / total, s) for s, w in query.weights.items() if query.variants[s].isdisjoint(held)),
                             reverse=True)
            if not shown:
                print(f"\n{name}:")
                shown = True
            refused += 1
            parts = []
            for share, stem in missing:
                kind = word_class(searcher, query, stem, everyday)
                by_weight[kind] += share
                words_seen[(kind, stem)] += 1
                parts.append(f"{stem} {share:.2f} {kind}")
            if missing:
                by_heaviest[word_class(searcher, query, missing[0][1], everyday)] += 1
            print(f"  {q['question'][:110]}\n      missing: {', '.join(parts) or '-'}")
    print(f"\n{refused} answerable questions refused; by the class of the heaviest word no leading rule holds:")
    for kind, n in by_heaviest.most_common():
        print(f"  {kind:<10} {n}")
    print("summed share of the question's weight, by class:")
    for kind, w in by_weight.most_common():
        print(f"  {kind:<10} {w:.1f}")
    print("most frequent missing words:")
    for (kind, stem), n in words_seen.most_common(40):
        print(f"  {stem:<14} {kind:<10} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
