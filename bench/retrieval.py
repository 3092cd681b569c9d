"""Answer quality per fold and per style, and the speed of a whole ask, in one run.

    python bench/retrieval.py [--misses] [--json] [--hide fresh]

Folds: the three development sets (../shared/eval/retrieval_dev.jsonl, _dev2, _dev3) and any
question files in bench/data/ with gold spans (ours, written in the players' styles). Metric: the
held-out checks' own (../shared/eval/score_answers.py): a hit is a shown passage containing a gold
span after NFKC, '*' removal, whitespace collapse and casefold; the quote is right when it holds a
gold span or is a >= 25-character part of one (<= 320 characters). Reported per fold: R@1, R@5,
quote accuracy, false "not in the rules" on answerable questions, abstention on unanswerable and
off-topic ones (bench/data/offtopic.jsonl, dealt round-robin to the folds), comparisons showing
every edition they name; per style: R@1 and quote. Speed: p50/p95 of a whole ask, warm model,
question vectors not cached, then cached (the same questions again).
Targets (issue 16), every fold: R@1 >= 0.92, quote >= 0.85, false not-found <= 1 %, abstention
>= 0.95, comparisons 100 %.
"""
from __future__ import annotations

import argparse
import json
import os
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
from index.search import Searcher  # noqa: E402

# ../shared/eval beside the checkout (a worktree one level deeper finds it one level up).
EVAL = Path(os.environ.get("ADMIRALTY_EVAL_DIR") or next(
    (p for p in (ROOT.parent / "shared" / "eval", ROOT.parent.parent / "shared" / "eval") if p.is_dir()),
    ROOT.parent / "shared" / "eval"))
DEV_SETS = {"dev1": EVAL / "retrieval_dev.jsonl", "dev2": EVAL / "retrieval_dev2.jsonl",
            "dev3": EVAL / "retrieval_dev3.jsonl"}
OFFTOPIC = ROOT / "bench" / "data" / "offtopic.jsonl"


def _has_gold(path: Path) -> bool:
    """A question file with gold spans (other benches keep other kinds of .jsonl here)."""
    first = next((line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()), "{}")
    return "gold" in json.loads(first)


OWN_SETS = sorted(p for p in (ROOT / "bench" / "data").glob("*.jsonl") if p != OFFTOPIC and _has_gold(p))


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s or "").replace("*", "")
    return re.sub(r"\s+", " ", s).strip().casefold()


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def quote_ok(golds: list[str], quote: str) -> bool:
    """score_answers.py's test: `golds` already normalised."""
    q = norm(quote)
    return bool(q) and len(q) <= 320 and (any(g in q for g in golds) or (len(q) >= 25 and any(q in g for g in golds)))


def style_of(q: dict[str, Any]) -> str:
    return str(q.get("style") or q.get("edition") or "-")


def score(searcher: Searcher, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The fold's figures; `misses` lists what went wrong, one line each."""
    n = hits1 = hits5 = quotes = false_nf = unans = abstained = comps = comps_ok = passages = line_ok = 0
    by_style: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses: list[str] = []
    for q in questions:
        result = searcher.ask(q["question"], k=5).to_json()
        golds = [norm(g) for g in q["gold"]]
        if not golds:
            unans += 1
            abstained += result["status"] == "not_found"
            if result["status"] != "not_found":
                misses.append(f"ANSWERED  {q['question'][:90]} -> {result['results'][0]['section'][:40]}")
            continue
        n += 1
        texts = [norm(r["text"]) for r in result["results"]]
        h1 = bool(texts) and any(g in texts[0] for g in golds)
        h5 = any(g in t for t in texts[:5] for g in golds)
        ok = quote_ok(golds, (result.get("answer") or {}).get("quote", ""))
        # the line choice alone: the quoted passage holds a gold span (issue 16, "quote | passage")
        quoted = next((norm(r["text"]) for r in result["results"]
                       if result.get("answer") and r["chunk_id"] == result["answer"]["chunk_id"]), "")
        in_passage = any(g in quoted for g in golds)
        passages, line_ok = passages + in_passage, line_ok + (in_passage and ok)
        nf = result["status"] == "not_found"
        hits1, hits5, quotes, false_nf = hits1 + h1, hits5 + h5, quotes + ok, false_nf + nf
        row = by_style[style_of(q)]
        row[0], row[1], row[2] = row[0] + 1, row[1] + h1, row[2] + ok
        if style_of(q) == "comparison":
            comps += 1
            shown = {r["edition"] for r in result["results"][:5]}
            wanted = set(result["routed_editions"]) or {"(two editions)"}
            comps_ok += (wanted <= shown) if result["routed_editions"] else len(shown) >= 2
        if nf or not h1 or not ok:
            tag = "NOT-FOUND" if nf else ("R@1" if not h1 else "QUOTE")
            first = result["results"][0]["section"][:40] if result["results"] else "-"
            misses.append(f"{tag:<9} {style_of(q):<12} {q['question'][:80]} -> {first}")
    return {
        "answerable": n, "R@1": hits1 / n if n else 0.0, "R@5": hits5 / n if n else 0.0,
        "quote": quotes / n if n else 0.0, "false_not_found": false_nf,
        "quote_given_passage": f"{line_ok}/{passages}",
        "abstention": abstained / unans if unans else None, "unanswerable": unans,
        "comparisons": f"{comps_ok}/{comps}" if comps else None,
        "styles": {s: {"n": v[0], "R@1": v[1] / v[0], "quote": v[2] / v[0]} for s, v in sorted(by_style.items())},
        "misses": misses,
    }


def latency(searcher: Searcher, questions: list[str]) -> dict[str, dict[str, float]]:
    """p50/p95 of a whole ask: question vectors not cached, then cached (same questions again). The
    answer cache (index.answer_cache) is emptied before each pass: both figures time a whole search."""
    out = {}
    searcher._embedder.query_cache.clear()
    for name in ("uncached", "cached"):
        searcher.answers.clear()
        times = []
        for question in questions:
            start = time.perf_counter()
            searcher.ask(question, k=5)
            times.append((time.perf_counter() - start) * 1000)
        out[name] = {"p50_ms": statistics.median(times), "p95_ms": statistics.quantiles(times, n=20)[18]}
    return out


def folds(hidden: tuple[str, ...] = ()) -> dict[str, list[dict[str, Any]]]:
    """The dev sets and our own sets, with the off-topic questions dealt round-robin to the dev sets.
    Sets whose name starts with one of `hidden` are not read at all: a held-out set stays held out
    while the work it will judge is being done."""
    out = {name: load_jsonl(path) for name, path in DEV_SETS.items()}
    for i, q in enumerate(load_jsonl(OFFTOPIC)):
        out[list(DEV_SETS)[i % len(DEV_SETS)]].append({**q, "gold": []})
    for path in OWN_SETS:
        if not path.stem.startswith(hidden):
            out[path.stem] = load_jsonl(path)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list each question missed")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX",
                        help="leave out our sets whose name starts with PREFIX (held-out sets: --hide fresh)")
    args = parser.parse_args()
    searcher = Searcher(Settings.from_env())
    searcher.warm()
    sets = folds(tuple(args.hide))
    report = {name: score(searcher, questions) for name, questions in sets.items()}
    speed = latency(searcher, [q["question"] for q in sets["dev1"]])
    if args.json:
        print(json.dumps({"folds": {k: {m: v for m, v in r.items() if m != "misses"} for k, r in report.items()},
                          "latency": speed}, indent=2, ensure_ascii=False))
        return 0
    print(f"model {searcher.settings.model} ({searcher._embedder.backend})\n")
    print(f"{'fold':<22}{'n':>5}{'R@1':>7}{'R@5':>7}{'quote':>7}{'false NF':>10}{'abstain':>10}{'compare':>9}"
          f"{'q|passage':>11}")
    for name, r in report.items():
        abstain = f"{r['abstention']:.2f}" if r["abstention"] is not None else "-"
        print(f"{name:<22}{r['answerable']:>5}{r['R@1']:>7.2f}{r['R@5']:>7.2f}{r['quote']:>7.2f}"
              f"{r['false_not_found']:>10}{abstain:>10}{r['comparisons'] or '-':>9}{r['quote_given_passage']:>11}")
    print("\nR@1 / quote by style:")
    for name, r in report.items():
        styles = r["styles"].items()
        print(f"  {name}: " + ", ".join(f"{s} {v['R@1']:.2f}/{v['quote']:.2f} ({v['n']})" for s, v in styles))
    print("\nwhole ask, warm model (dev1 questions):")
    for name, t in speed.items():
        print(f"  {name:<9} p50 {t['p50_ms']:6.1f} ms   p95 {t['p95_ms']:6.1f} ms")
    if args.misses:
        for name, r in report.items():
            print(f"\n{name} misses:")
            for line in r["misses"]:
                print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
