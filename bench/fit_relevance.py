"""Fit the "is it in the rules" model (index/relevance.py) and report it cross-validated.

    python bench/fit_relevance.py [--write]

Data: the three development sets (../shared/eval/retrieval_dev*.jsonl: answerable questions, and
dev3's unanswerable ones) plus bench/data/offtopic.jsonl, dealt round-robin to the three folds.
Our other question files (unanswerable.jsonl, the players' sets) stay out of the fit: they are the
held-out check of it, reported below the folds with the model fitted on all three. (Fitting on
unanswerable.jsonl too was measured twice: the model grew cautious and refused 10-12 more of dev3's
195 answerable questions and 4-8 more in each players' set, for 5-10 more abstentions of 208.)
Off-topic lines marked "held_out" are bench/retrieval.py's check only: fitting on them too (the 35
lines of session 5) cost one false "not in the rules" on dev3 and caught nothing more.
Each question is asked once with the test switched off, recording the evidence of its leading
rules. Folds: fit on two sets, report on the third, for each of the three. The model is a
logistic regression (L2, C = 1, balanced class weights, threshold 0.5: the defaults, no tuning),
solved by Newton's method in numpy. `--write` refits on everything and writes
index/data/relevance_model.toml.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.model_file import write_model  # noqa: E402
from bench.retrieval import DEV_SETS, OWN_SETS, load_jsonl, norm, quote_ok  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.relevance import (  # noqa: E402
    FEATURES,
    MODEL_FILE,
    THRESHOLD,
    Evidence,
    asks_off_rules,
    features,
    is_relevant,
)
from index.search import Searcher  # noqa: E402

C = 1.0
FIT_FILES = [ROOT / "bench" / "data" / "offtopic.jsonl"]
HELD_OUT = [p for p in OWN_SETS if p.stem in ("players_en", "players_ru", "unanswerable")]


class _Recorder(Searcher):
    """The product's search with the relevance test switched off; it keeps the evidence."""

    evidence: list[Evidence] = []
    read_as = False  # a refused question would still be answered as the rule it names

    def _relevant(self, leading: Any, query: Any, dense_scores: Any, named: Any) -> bool:
        self.evidence = [self._evidence(key, row, query, dense_scores, named) for key, row, _ in leading]
        self.read_as = bool(self.evidence) and not asks_off_rules(query.text) and \
            self._name_reader.read(query.plain, lambda key: True) is not None
        return True


def fit_logistic(x: np.ndarray, y: np.ndarray, c: float = C, steps: int = 50) -> tuple[np.ndarray, float]:
    """L2-penalised logistic regression with balanced class weights (Newton-Raphson)."""
    n, d = x.shape
    weights = np.where(y, n / (2 * max(1, y.sum())), n / (2 * max(1, n - y.sum())))
    design = np.hstack([x, np.ones((n, 1))])
    beta = np.zeros(d + 1)
    penalty = np.eye(d + 1) / c
    penalty[d, d] = 0.0  # the intercept is not penalised
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(design @ beta, -60, 60)))
        gradient = design.T @ (weights * (p - y)) + penalty @ beta
        hessian = (design * (weights * p * (1 - p))[:, None]).T @ design + penalty
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.abs(step).max() < 1e-9:
            break
    return beta[:d], float(beta[d])


def collect(searcher: _Recorder) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    items: list[tuple[str, dict[str, Any]]] = []
    for fold, path in DEV_SETS.items():
        items += [(fold, q) for q in load_jsonl(path)]
    for path in FIT_FILES:
        for i, q in enumerate(load_jsonl(path)):
            if not q.get("held_out"):
                items.append((list(DEV_SETS)[i % len(DEV_SETS)], {**q, "gold": q.get("gold", [])}))
    for path in HELD_OUT:
        items += [(path.stem, q) for q in load_jsonl(path)]
    for fold, q in items:
        searcher.evidence, searcher.read_as = [], False
        result = searcher.ask(q["question"], k=5).to_json()
        golds = [norm(g) for g in q["gold"]]
        texts = [norm(r["text"]) for r in result["results"]]
        rows.append({
            "fold": fold, "q": q["question"], "answerable": bool(golds), "evidence": list(searcher.evidence),
            "decided": result["status"] == "not_found",  # refused before the test (another game)
            "read_as": searcher.read_as,
            "h1": bool(golds and texts) and any(g in texts[0] for g in golds),
            "h5": any(g in t for t in texts[:5] for g in golds),
            "quote": quote_ok(golds, (result.get("answer") or {}).get("quote", "")),
        })
    return rows


def report(name: str, rows: Sequence[dict[str, Any]], answered: Sequence[bool]) -> str:
    ans = [(r, a) for r, a in zip(rows, answered, strict=True) if r["answerable"]]
    neg = [a for r, a in zip(rows, answered, strict=True) if not r["answerable"]]
    n = max(1, len(ans))
    r1, r5 = sum(r["h1"] and a for r, a in ans) / n, sum(r["h5"] and a for r, a in ans) / n
    return (f"{name:<16} R@1 {r1:.2f}  R@5 {r5:.2f}"
            f"  quote {sum(r['quote'] and a for r, a in ans) / n:.2f}"
            f"  false not-found {sum(not a for _, a in ans)}/{len(ans)}"
            f"  abstained {sum(not a for a in neg)}/{len(neg)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"refit on all folds and write {MODEL_FILE.name}")
    args = parser.parse_args()
    searcher = _Recorder(Settings.from_env())
    searcher.warm()
    rows = collect(searcher)
    x = np.array([features(r["evidence"]) for r in rows])
    y = np.array([r["answerable"] for r in rows], dtype=float)
    # As the product decides (index.relevance.in_the_rules): refused before the test (another
    # game), a question for a house rule, a price or a hobby tip, or one with no content words is
    # not in the rules; a name the documents never print vetoes the tests.
    usable = np.array([not r["decided"] and bool(r["evidence"]) and r["evidence"][0].words > 0 for r in rows])
    tests = [bool(usable[i]) and not r["evidence"][0].unknown_name and not r["evidence"][0].off_rules
             and any(is_relevant(e) for e in r["evidence"]) for i, r in enumerate(rows)]
    in_fit = np.array([r["fold"] in DEV_SETS for r in rows])
    for fold in DEV_SETS:
        train = np.array([r["fold"] != fold for r in rows]) & usable & in_fit
        coef, intercept = fit_logistic(x[train], y[train])
        held = [i for i, r in enumerate(rows) if r["fold"] == fold]
        model = [bool(usable[i]) and 1 / (1 + np.exp(-(x[i] @ coef + intercept))) >= THRESHOLD for i in held]
        print(f"{fold} (fitted on the other two; refused questions that read as a rule's name are answered):")
        named = [rows[i]["read_as"] for i in held]
        either = [tests[i] or m for i, m in zip(held, model, strict=True)]
        for name, answered in (("tests alone", [tests[i] for i in held]), ("model alone", model),
                               ("tests or model", either)):
            print("  " + report(name, [rows[i] for i in held], [a or n for a, n in zip(answered, named, strict=True)]))
    coef, intercept = fit_logistic(x[usable & in_fit], y[usable & in_fit])
    for path in HELD_OUT:
        held = [i for i, r in enumerate(rows) if r["fold"] == path.stem]
        model = [bool(usable[i]) and 1 / (1 + np.exp(-(x[i] @ coef + intercept))) >= THRESHOLD for i in held]
        answered = [tests[i] or m or rows[i]["read_as"] for i, m in zip(held, model, strict=True)]
        print(f"{path.stem} (held out; fitted on all three):")
        print("  " + report("tests or model", [rows[i] for i in held], answered))
    if args.write:
        write_model(MODEL_FILE, "Written by bench/fit_relevance.py --write (logistic regression, L2 C = 1, "
                    "balanced classes),\nfitted on the three development sets plus bench/data/offtopic.jsonl. "
                    "Do not edit by hand.", FEATURES, coef, intercept)
    return 0


if __name__ == "__main__":
    sys.exit(main())
