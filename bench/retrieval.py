"""Retrieval quality on the dev set: recall@1/3/5/10 and MRR per group, for lexical only,
dense only and the fused product, side by side in one run, plus per-query latency.

    python bench/retrieval.py [--dev ../shared/eval/retrieval_dev.jsonl] [--misses]

Metric (from the eval README): a hit is a top-k passage *from the question's source
document* that contains a gold span after NFKC, '*' removal, whitespace collapse, casefold.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from index.config import Settings  # noqa: E402
from index.search import MODES, Searcher  # noqa: E402

KS = (1, 3, 5, 10)
GROUPS = {
    ("dw4-glossary", "en"): "dw4", ("dw3-qrs", "en"): "qrs", ("dw3-rulebook-ru", "ru"): "RU→RU",
    ("dw3-rulebook-ru", "en"): "EN→RU", ("dust-warfare", "en"): "dust", ("usr", "en"): "usr",
}


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).replace("*", "")
    return re.sub(r"\s+", " ", s).strip().casefold()


def first_hit_rank(question: dict, results: list[dict]) -> int | None:
    golds = [norm(g) for g in question["gold"]]
    for rank, r in enumerate(results, start=1):
        if r["document"] == question["source"] and any(g in norm(r["text"]) for g in golds):
            return rank
    return None


def evaluate(searcher: Searcher, questions: list[dict], mode: str) -> tuple[dict, list[float], list[tuple]]:
    ranks: dict[str, list[int | None]] = defaultdict(list)
    latencies: list[float] = []
    misses = []
    for q in questions:
        start = time.perf_counter()
        result = searcher.ask(q["question"], k=max(KS), mode=mode).to_json()["results"]
        latencies.append((time.perf_counter() - start) * 1000)
        rank = first_hit_rank(q, result)
        group = GROUPS.get((q["edition"], q["lang"]), q["edition"])
        ranks[group].append(rank)
        ranks["all"].append(rank)
        if rank is None or rank > 5:
            misses.append((q["id"], group, q["question"], [(r["edition"], r["section"][:40]) for r in result[:3]]))
    return ranks, latencies, misses


def summarise(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks)
    out = {f"R@{k}": sum(1 for r in ranks if r is not None and r <= k) / n for k in KS}
    out["MRR"] = sum(1 / r for r in ranks if r is not None) / n
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=ROOT.parent / "shared" / "eval" / "retrieval_dev.jsonl")
    parser.add_argument("--misses", action="store_true", help="list questions missed at k=5 (hybrid)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()
    questions = [json.loads(line) for line in args.dev.read_text(encoding="utf-8").splitlines() if line.strip()]
    searcher = Searcher(Settings.from_env())
    searcher.ask("warm up the model", k=5)
    report: dict[str, dict] = {}
    latency: dict[str, dict] = {}
    all_misses = {}
    for mode in ("lexical", "dense", "hybrid"):
        assert mode in MODES
        ranks, lat, misses = evaluate(searcher, questions, mode)
        report[mode] = {group: summarise(r) for group, r in ranks.items()}
        latency[mode] = {"p50_ms": statistics.median(lat), "p95_ms": statistics.quantiles(lat, n=20)[18]}
        all_misses[mode] = misses
    if args.json:
        print(json.dumps({"recall": report, "latency": latency}, indent=2))
        return 0
    groups = [g for g in ["dw4", "qrs", "RU→RU", "EN→RU", "dust", "usr", "all"] if g in report["hybrid"]]
    print(f"{len(questions)} questions, model {searcher.settings.model}")
    for metric in ("R@1", "R@3", "R@5", "R@10", "MRR"):
        print(f"\n{metric:<8}" + "".join(f"{g:>8}" for g in groups))
        for mode in report:
            print(f"{mode:<8}" + "".join(f"{report[mode][g][metric]:>8.2f}" for g in groups))
    print("\nlatency per query (warm):")
    for mode, lat in latency.items():
        print(f"  {mode:<8} p50 {lat['p50_ms']:6.1f} ms   p95 {lat['p95_ms']:6.1f} ms")
    print(f"  ratio hybrid/lexical p50: {latency['hybrid']['p50_ms'] / latency['lexical']['p50_ms']:.1f}x")
    if args.misses:
        print("\nmissed at k=5 (hybrid):")
        for miss in all_misses["hybrid"]:
            print("  ", *miss)
    return 0


if __name__ == "__main__":
    sys.exit(main())
