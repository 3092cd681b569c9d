"""Retrieval and answer quality on the dev set, side by side in one run: recall@1/3/5/10
and MRR per group for lexical only, dense only and the product (hybrid, whole rules); for
the product also answer-quote accuracy, false "not_found" on the dev set, abstention on the
off-topic set (bench/data/offtopic.jsonl) and p50/p95 latency of the whole ask.

    python bench/retrieval.py [--dev ../shared/eval/retrieval_dev.jsonl] [--misses]

Metric (from the eval README): a hit is a top-k passage *from the question's source
document* that contains a gold span after NFKC, '*' removal, whitespace collapse, casefold.
A passage is what the user is shown: the whole rule. Quote accuracy: the first answer line
contains a gold span after the same normalisation ("any line": one of the per-edition lines).
Targets (issue 9): R@1 >= 0.85, quote accuracy >= 0.75, false not_found <= 2%,
off-topic abstention >= 90%.
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.settings import Settings  # noqa: E402
from index.search import MODES, Searcher  # noqa: E402

KS = (1, 3, 5, 10)
GROUPS = {
    ("dw4-glossary", "en"): "dw4", ("dw3-qrs", "en"): "qrs", ("dw3-rulebook-ru", "ru"): "RU→RU",
    ("dw3-rulebook-ru", "en"): "EN→RU", ("dust-warfare", "en"): "dust", ("usr", "en"): "usr",
}


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).replace("*", "")
    return re.sub(r"\s+", " ", s).strip().casefold()


def first_hit_rank(question: dict[str, Any], results: list[dict[str, Any]]) -> int | None:
    golds = [norm(g) for g in question["gold"]]
    for rank, r in enumerate(results, start=1):
        if r["document"] == question["source"] and any(g in norm(r["text"]) for g in golds):
            return rank
    return None


def quote_hits(question: dict[str, Any], answers: list[dict[str, Any]]) -> tuple[bool, bool]:
    """(first answer line contains a gold span, any answer line does)."""
    golds = [norm(g) for g in question["gold"]]
    lines = [norm(a["quote"]) for a in answers]
    return (bool(lines) and any(g in lines[0] for g in golds)), any(g in line for g in golds for line in lines)


def evaluate(searcher: Searcher, questions: list[dict[str, Any]], mode: str
             ) -> tuple[dict[str, list[int | None]], list[float], list[tuple[Any, ...]], dict[str, list[Any]]]:
    ranks: dict[str, list[int | None]] = defaultdict(list)
    latencies: list[float] = []
    misses: list[tuple[Any, ...]] = []
    answers: dict[str, list[Any]] = defaultdict(list)
    for q in questions:
        start = time.perf_counter()
        full = searcher.ask(q["question"], k=max(KS), mode=mode).to_json()
        latencies.append((time.perf_counter() - start) * 1000)
        result = full["results"]
        rank = first_hit_rank(q, result)
        group = GROUPS.get((q["edition"], q["lang"]), q["edition"])
        ranks[group].append(rank)
        ranks["all"].append(rank)
        first, anywhere = quote_hits(q, full["answers"])
        for g in (group, "all"):
            answers[g].append((first, anywhere, full["status"] == "not_found"))
        if rank is None or rank > 5:
            misses.append((q["id"], group, q["question"], [(r["edition"], r["section"][:40]) for r in result[:3]]))
        elif mode == "hybrid" and not first:
            quote = full["answer"]["quote"][:120] if full["answer"] else None
            misses.append((q["id"], group, "QUOTE", q["question"], quote))
    return ranks, latencies, misses, answers


def abstention(searcher: Searcher, questions: list[dict[str, Any]]) -> tuple[dict[str, float], list[str]]:
    """Share of off-topic questions answered "not_found", by language; those answered."""
    by_lang: dict[str, list[bool]] = defaultdict(list)
    answered = []
    for q in questions:
        status = searcher.ask(q["question"], k=5).to_json()["status"]
        by_lang[q["lang"]].append(status == "not_found")
        by_lang["all"].append(status == "not_found")
        if status != "not_found":
            answered.append(q["question"])
    return {lang: sum(v) / len(v) for lang, v in by_lang.items()}, answered


def latency_steps(searcher: Searcher, questions: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The whole hybrid ask, one question at a time, for each speed step in one run: the
    torch encoder, the ONNX one, and the ONNX one with the question-vector cache warm."""
    embedder = searcher._embedder
    onnx = embedder._onnx
    steps = {}
    for name, encoder, clear in (("torch", None, True), ("onnx", onnx, True), ("onnx+cache", onnx, False)):
        if name != "torch" and onnx is None:
            continue
        embedder._onnx = encoder
        if clear:
            embedder.query_cache.clear()
        searcher.ask("warm up this encoder", k=5)
        lat = []
        for q in questions:
            start = time.perf_counter()
            searcher.ask(q["question"], k=5)
            lat.append((time.perf_counter() - start) * 1000)
        steps[name] = {"p50_ms": statistics.median(lat), "p95_ms": statistics.quantiles(lat, n=20)[18]}
    embedder._onnx = onnx
    return steps


def summarise(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks)
    out = {f"R@{k}": sum(1 for r in ranks if r is not None and r <= k) / n for k in KS}
    out["MRR"] = sum(1 / r for r in ranks if r is not None) / n
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=ROOT.parent / "shared" / "eval" / "retrieval_dev.jsonl")
    parser.add_argument("--offtopic", type=Path, default=ROOT / "bench" / "data" / "offtopic.jsonl")
    parser.add_argument("--misses", action="store_true", help="list questions missed at k=5 (hybrid)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()
    questions = [json.loads(line) for line in args.dev.read_text(encoding="utf-8").splitlines() if line.strip()]
    offtopic = [json.loads(line) for line in args.offtopic.read_text(encoding="utf-8").splitlines() if line.strip()]
    searcher = Searcher(Settings.from_env())
    searcher.ask("warm up the model", k=5)
    report: dict[str, dict[str, Any]] = {}
    latency: dict[str, dict[str, float]] = {}
    all_misses: dict[str, list[tuple[Any, ...]]] = {}
    for mode in ("lexical", "dense", "hybrid"):
        assert mode in MODES
        searcher._embedder.query_cache.clear()  # every mode encodes its questions afresh
        ranks, lat, misses, quotes = evaluate(searcher, questions, mode)
        report[mode] = {group: summarise(r) for group, r in ranks.items()}
        if mode == "hybrid":
            answer_report = {group: {
                "quote": sum(f for f, _, _ in v) / len(v), "quote_any_line": sum(a for _, a, _ in v) / len(v),
                "false_not_found": sum(n for _, _, n in v) / len(v)} for group, v in quotes.items()}
        latency[mode] = {"p50_ms": statistics.median(lat), "p95_ms": statistics.quantiles(lat, n=20)[18]}
        all_misses[mode] = misses
    abstain, answered = abstention(searcher, offtopic)
    steps = latency_steps(searcher, questions)
    if args.json:
        print(json.dumps({"recall": report, "answers": answer_report, "abstention": abstain,
                          "latency": latency, "speed_steps": steps}, indent=2))
        return 0
    groups = [g for g in ["dw4", "qrs", "RU→RU", "EN→RU", "dust", "usr", "all"] if g in report["hybrid"]]
    print(f"{len(questions)} questions, model {searcher.settings.model} ({searcher._embedder.backend})")
    for metric in ("R@1", "R@3", "R@5", "R@10", "MRR"):
        print(f"\n{metric:<8}" + "".join(f"{g:>8}" for g in groups))
        for mode in report:
            print(f"{mode:<8}" + "".join(f"{report[mode][g][metric]:>8.2f}" for g in groups))
    print("\nanswer line (hybrid)" + "".join(f"{g:>8}" for g in groups))
    for metric in ("quote", "quote_any_line", "false_not_found"):
        print(f"{metric:<20}" + "".join(f"{answer_report[g][metric]:>8.2f}" for g in groups))
    print(f"\noff-topic abstention ({len(offtopic)} questions): " +
          ", ".join(f"{lang} {v:.2f}" for lang, v in sorted(abstain.items())))
    print("\nlatency per whole ask (warm model, question vectors not cached):")
    for mode, times in latency.items():
        print(f"  {mode:<8} p50 {times['p50_ms']:6.1f} ms   p95 {times['p95_ms']:6.1f} ms")
    print(f"  ratio hybrid/lexical p50: {latency['hybrid']['p50_ms'] / latency['lexical']['p50_ms']:.1f}x")
    print("\nspeed steps, whole hybrid ask, same run:")
    for name, times in steps.items():
        print(f"  {name:<11} p50 {times['p50_ms']:6.1f} ms   p95 {times['p95_ms']:6.1f} ms")
    if args.misses:
        print("\nmissed at k=5 (hybrid):")
        for miss in all_misses["hybrid"]:
            print("  ", *miss)
        print("\noff-topic questions answered:", *answered, sep="\n   ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
