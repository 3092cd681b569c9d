"""Where the answering rule stands after each stage of a search, for the questions not answered first.

    python bench/stage_ranks.py SET [SET ...] [--style STYLE] [--lang en|ru]

SET: dev1, dev2, dev3 or the name of one of our own sets in bench/data/ ("xling2_own"); held-out sets
(bench/retrieval.py's hidden prefixes) are refused, never read. For each question whose first passage
holds no gold span: the answering rule's place (1-based; "-" when it is not among them) in the
hand-made ranking (fused lexical and dense votes, coverage, named rules: `Searcher._rank_rules`),
after the learned re-ranking (`_rerank`), after the structure order (`_structure_first`), and among
the 20 passages shown; then the rule shown first, its language and whether an edition was routed.
It tells the three causes apart (issue 16, helper xling2): the answering passage is no candidate at
all; it is a candidate but outranked (and at which stage); it is first but the quote is wrong (those
are bench/retrieval.py's QUOTE misses, not listed here).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import DEV_SETS, load_jsonl, norm  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.search import Searcher  # noqa: E402

HELD_OUT = ("fresh", "players", "unanswerable", "vocab2_made", "referee_text_holdout")
STAGES = ("_rank_rules", "_rerank", "_structure_first")


class _Staged(Searcher):
    """The product's search, keeping each stage's ranking of the last ask's first search."""

    stages: dict[str, list[tuple[str, int, float]]] = {}

    def _rank_rules(self, *args: Any, **kwargs: Any) -> Any:
        return self._kept("_rank_rules", super()._rank_rules(*args, **kwargs))

    def _rerank(self, *args: Any, **kwargs: Any) -> Any:
        return self._kept("_rerank", super()._rerank(*args, **kwargs))

    def _structure_first(self, *args: Any, **kwargs: Any) -> Any:
        return self._kept("_structure_first", super()._structure_first(*args, **kwargs))

    def _kept(self, stage: str, ranked: list[tuple[str, int, float]]) -> list[tuple[str, int, float]]:
        self.stages.setdefault(stage, ranked)  # a comparison's or fallback's later search is not kept
        return ranked


def _questions(name: str) -> list[dict[str, Any]]:
    if name.startswith(HELD_OUT):
        raise SystemExit(f"{name} is held out: it is never read")
    path = DEV_SETS.get(name) or ROOT / "bench" / "data" / f"{name}.jsonl"
    return load_jsonl(path)


def _place(ranked: list[tuple[str, int, float]], keys: set[str]) -> str:
    return next((str(i) for i, (key, _, _) in enumerate(ranked, start=1) if key in keys), "-")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", metavar="SET")
    parser.add_argument("--style", help="only questions of this style (\"cross-lingual\")")
    parser.add_argument("--lang", choices=("en", "ru"), help="only questions in this language")
    args = parser.parse_args()
    searcher = _Staged(Settings.from_env())
    searcher.warm()
    print(f"{'set':<12}{'lang':<5}{'ranked':>7}{'rerank':>7}{'struct':>7}{'shown':>6}  routed  first -> question")
    for name in args.sets:
        for q in _questions(name):
            wanted = (not args.style or q.get("style") == args.style) and (not args.lang or q.get("lang") == args.lang)
            if not q["gold"] or not wanted:
                continue
            golds = [norm(g) for g in q["gold"]]
            searcher.stages = {}
            searcher.answers.clear()
            result = searcher.ask(q["question"], k=20).to_json()
            texts = [norm(hit["text"]) for hit in result["results"]]
            if texts and any(g in texts[0] for g in golds):
                continue
            keys = {key for key, rule in searcher.rules.items() if any(g in norm(rule.text) for g in golds)}
            shown = next((str(i) for i, text in enumerate(texts, start=1) if any(g in text for g in golds)), "-")
            places = [_place(searcher.stages.get(stage, []), keys) for stage in STAGES]
            first = result["results"][0] if result["results"] else None
            where = f"{first['language']} {first['section'][:40]}" if first else "(nothing)"
            print(f"{name:<12}{q.get('lang', '-'):<5}{places[0]:>7}{places[1]:>7}{places[2]:>7}{shown:>6}  "
                  f"{'yes' if result['routed_editions'] else 'no':<7} {where} -> {q['question'][:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
