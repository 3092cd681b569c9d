"""Fit the learned re-ranking of the leading candidates (index/rerank.py) and report it cross-validated.

    python bench/fit_rerank.py [--write] [--own]

Data: the answerable questions of the three development sets (../shared/eval/retrieval_dev*.jsonl).
Each question is asked once with the re-ranking switched off, recording what search knows about its
leading `DEPTH` candidates and which of them hold a gold span. The model is a conditional logit (a
softmax over one question's candidates; the likelihood that an answering one comes first), L2
penalty C = 1 (the relevance model's default, not tuned), solved by damped Newton steps in numpy.
Folds: fit on two sets, then ask the third with that model in place: the whole product (R@1, R@5,
quote, false "not in the rules", abstention) on questions the model never saw. Our own sets in
bench/data/ are never fitted on; they are asked with the model fitted on all three. The held-out
sets (`HELD_OUT`: fresh*) are not even read: they judge the fit afterwards (bench/retrieval.py).
`--own` fits on our own sets too, each fold reported with the model fitted on all the others
(measured this session, 878 questions: dev1 0.86 -> 0.86, dev2 0.92 -> 0.90, dev3 0.87 -> 0.88,
players_en/_own/_ru unchanged, each fold never fitted on: not adopted, a dev fold lost). `--write`
refits on all three sets and writes index/data/rerank_model.toml.
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
from bench.retrieval import DEV_SETS, folds, norm, score  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.rerank import DEPTH, FEATURES, MODEL_FILE, Candidate, RerankModel, features  # noqa: E402
from index.search import Searcher  # noqa: E402

C = 1.0
HELD_OUT = ("fresh",)  # name prefixes of the held-out question sets


class _Recorder(Searcher):
    """The product's search; with `recording` on, the re-ranking is off and the candidates are kept."""

    recording = False
    candidates: list[Candidate] = []
    keys: list[str] = []

    def _rerank(self, ranked: Any, query: Any, lexical: Any, dense_scores: Any, named: Any, defined: Any) -> Any:
        if not self.recording:
            return super()._rerank(ranked, query, lexical, dense_scores, named, defined)
        head = ranked[:DEPTH]
        self.candidates = self._candidates(head, query, lexical, dense_scores, named, defined)
        self.keys = [key for key, _, _ in head]
        return ranked


def collect(searcher: _Recorder, sets: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per answerable question of `sets`: its fold, candidate features and which candidates answer."""
    rows = []
    searcher.recording = True
    for fold, questions in sets.items():
        for q in questions:
            golds = [norm(g) for g in q["gold"]]
            if not golds:
                continue
            searcher.candidates, searcher.keys = [], []
            searcher.ask(q["question"], k=5)
            labels = [any(g in norm(searcher.rules[key].text) for g in golds) for key in searcher.keys]
            rows.append({"fold": fold, "x": np.array([features(c) for c in searcher.candidates]),
                         "y": np.array(labels, dtype=bool)})
    searcher.recording = False
    return rows


def _objective(beta: np.ndarray, data: Sequence[tuple[np.ndarray, np.ndarray]], c: float) -> float:
    total = -float(beta @ beta) / (2 * c)
    for x, y in data:
        s = x @ beta
        top = s.max()
        total += float(np.log(np.exp(s[y] - top).sum()) - np.log(np.exp(s - top).sum()))
    return total


def fit(rows: Sequence[dict[str, Any]], c: float = C, steps: int = 100) -> np.ndarray:
    """Conditional logit, L2-penalised: maximise sum over questions of log P(an answering candidate
    is first). Newton steps with the all-candidates covariance (positive definite) and halving."""
    data = [(r["x"], r["y"]) for r in rows if r["y"].any() and not r["y"].all()]
    d = len(FEATURES)
    beta = np.zeros(d)
    current = _objective(beta, data, c)
    for _ in range(steps):
        gradient, hessian = -beta / c, np.eye(d) / c
        for x, y in data:
            s = x @ beta
            p = np.exp(s - s.max())
            p /= p.sum()
            q = np.where(y, p, 0.0)
            q /= q.sum()
            mean_all, mean_pos = p @ x, q @ x
            gradient += mean_pos - mean_all
            centred = x - mean_all
            hessian += (centred * p[:, None]).T @ centred
        step = np.linalg.solve(hessian, gradient)
        t = 1.0
        while t > 1e-4 and _objective(beta + t * step, data, c) < current:
            t /= 2
        if t <= 1e-4:
            break
        beta = beta + t * step
        new = _objective(beta, data, c)
        if new - current < 1e-9:
            current = new
            break
        current = new
    return beta


def simulated(rows: Sequence[dict[str, Any]], beta: np.ndarray | None) -> tuple[float, float]:
    """R@1 and R@5 within the recorded candidates, hand-made order (None) or the model's."""
    r1 = r5 = 0
    for r in rows:
        order = np.arange(len(r["y"])) if beta is None else sorted(
            range(len(r["y"])), key=lambda i: (-round(float(r["x"][i] @ beta), 9), i))
        labels = r["y"][list(order)]
        r1 += bool(len(labels) and labels[0])
        r5 += bool(labels[:5].any())
    return r1 / len(rows), r5 / len(rows)


def _line(name: str, report: dict[str, Any]) -> str:
    abstain = f"{report['abstention']:.2f}" if report["abstention"] is not None else "-"
    return (f"  {name:<22} R@1 {report['R@1']:.2f}  R@5 {report['R@5']:.2f}  quote {report['quote']:.2f}"
            f"  false NF {report['false_not_found']}  abstain {abstain}  compare {report['comparisons'] or '-'}")


def _styles(report: dict[str, Any]) -> str:
    return ", ".join(f"{s} {v['R@1']:.2f}" for s, v in report["styles"].items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"refit on all folds and write {MODEL_FILE.name}")
    parser.add_argument("--own", action="store_true",
                        help="fit on our own question sets too (each fold reported fitted on all the others)")
    args = parser.parse_args()
    searcher = _Recorder(Settings.from_env())
    searcher.warm()
    sets = folds(HELD_OUT)
    training = [n for n in sets if n in DEV_SETS or (args.own and any(q["gold"] for q in sets[n]))]
    rows = collect(searcher, {n: sets[n] for n in training})
    print(f"{len(rows)} questions; the answering rule among the leading {DEPTH}: "
          f"{sum(bool(r['y'].any()) for r in rows)}")
    for fold in training:
        train = [r for r in rows if r["fold"] != fold]
        held = [r for r in rows if r["fold"] == fold]
        beta = fit(train)
        print(f"\n{fold} (fitted on the other folds):")
        print("  within the candidates: R@1 {:.2f} -> {:.2f}, R@5 {:.2f} -> {:.2f}".format(
            *(v for pair in zip(simulated(held, None), simulated(held, beta), strict=True) for v in pair)))
        searcher._rerank_model = None
        before = score(searcher, sets[fold])
        searcher._rerank_model = RerankModel(tuple(float(b) for b in beta))
        after = score(searcher, sets[fold])
        print(_line("hand-made order", before) + "\n" + _line("learned order", after))
        print(f"  by style, before: {_styles(before)}\n  by style, after:  {_styles(after)}")
    beta = fit(rows)
    print("\nfitted on all folds: " + ", ".join(f"{n} {b:+.2f}" for n, b in zip(FEATURES, beta, strict=True)))
    for name in [n for n in sets if n not in training and any(q["gold"] for q in sets[n])]:
        searcher._rerank_model = None
        before = score(searcher, sets[name])
        searcher._rerank_model = RerankModel(tuple(float(b) for b in beta))
        after = score(searcher, sets[name])
        print(f"{name} (never fitted on):\n" + _line("hand-made order", before) + "\n" + _line("learned order", after))
    if args.write:
        write_model(MODEL_FILE, "Written by bench/fit_rerank.py --write (conditional logit over the leading "
                    "candidates, L2 C = 1),\nfitted on the three development sets. Do not edit by hand.",
                    FEATURES, beta)
    return 0


if __name__ == "__main__":
    sys.exit(main())
