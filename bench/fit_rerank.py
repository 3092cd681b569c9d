"""Fit the learned re-ranking of the leading candidates (index/rerank.py), each fold measured by a
model never fitted on it.

    python bench/fit_rerank.py [--write] [--dev-only] [--without NAME ...] [--simulate] [--sets]

Folds (`PROTOCOL`): dev1, dev2, dev3 (../shared/eval/retrieval_dev*.jsonl, the off-topic questions
dealt round-robin to them) and our own sets of bench/data/ grouped by style, each set wholly in one
fold: English players, English vocabulary, Russian players, questions in one language answered by the
other's documents (own_xling, session 14), structure and other documents. Each
question is asked once with the re-ranking switched off, recording what search knows about its
leading `DEPTH` candidates and which of them hold a gold span. The model is a conditional logit (a
softmax over one question's candidates; the likelihood that an answering one comes first), L2
penalty C = 1 (the relevance model's default, not tuned), solved by damped Newton steps in numpy.
Each fold is fitted on all the others, then asked whole with that model in place: R@1, R@5, quote,
false "not in the rules" and abstention on questions the model never saw, beside the shipped model's
figures on the same questions (for the dev folds the shipped model was fitted on them: a high bar).
Sets in no fold (the unanswerable ones, any new set) are asked with the model fitted on every fold.
The held-out sets (`HELD_OUT`: fresh*, players_en, players_ru, unanswerable, vocab2_made_up,
referee_text_holdout) are not even read: they judge the fit afterwards (before session 14 players_en
and players_ru sat in the own folds). `--save-rows FILE` keeps the recorded candidates for
bench/screen_rerank.py (each fold's order by a model fitted on the others, in seconds).
`--dev-only`: fit on dev1-3 only, as before session 10 (our own folds reported never fitted on).
`--without NAME`: hold a feature's
weight at 0 (to measure one piece of evidence alone). `--simulate`: the order within the recorded
candidates only, no second pass (seconds; for screening). `--write` fits on every fold of the
protocol and writes index/data/rerank_model.toml if it passes the adoption rule (`adopted`; `--force`
writes it anyway). A whole run takes ≈ 45 s on a quiet machine, ≈ 75 s on a busy one.

Measured (session 10, main at e59d6e1 with every helper merged; whole product R@1 / quote / false NF;
docs/retrieval.md "Session 10, helper rerank" has every column and what was measured and not kept):

    fold (answerable)   shipped (dev: in-sample)   fitted on all other folds   --dev-only, fold left out
    dev1 (90)           .878 / .822 / 0            .844 / .789 / 0             .878 / .822 / 0
    dev2 (72)           .958 / .875 / 0            .917 / .861 / 0             .931 / .861 / 0
    dev3 (195)          .918 / .846 / 0            .903 / .831 / 0             .892 / .826 / 0
    own_en (504)        .871 / .768 / 5            .875 / .772 / 5             .873 / .770 / 5
    own_vocab (477)     .751 / .616 / 19           .755 / .616 / 19            .751 / .618 / 19
    own_ru (927)        .786 / .681 / 7            .773 / .672 / 7             .773 / .672 / 7
    own_struct (169)    .657 / .574 / 3            .663 / .586 / 3             .651 / .568 / 3
    own together        .788 / .678 / 34           .785 / .676 / 34            .782 / .675 / 34

Not adopted (every dev fold loses 3 questions to the shipped in-sample figure; our own folds together 7):
the shipped model, fitted on dev1-3 by the protocol before this one, stays. New evidence measured
alone and not kept: the heading's words reached only through a player word's expansion; the rule
naming another leading rule the question types whole; the heading wholly typed; parent / child
among the candidates; the encoder's cosine with the rule's best sentence or its heading; the
question's shape against the rule's wording; the answer line's own score; Russian-question
interactions; fold-balanced weights; ten candidates instead of five.

Session 14 (helper rerank2, docs/retrieval.md "The learned re-ranker refitted"): with the held-out sets
out of the folds and every newer own set in one, the model fitted on the other folds still loses on every
dev fold against the shipped one (R@1 within the candidates dev1 84 -> 82, dev2 69 -> 65, dev3 178 -> 177;
own_xling 84 -> 77) and gains on own_en / own_vocab; not adopted. Measured alone and not kept: a Russian
rule's English names read by the model, the heading reached only through the term map, the coverage of a
rule when two leading rules are named, English contractions read as words in the heading evidence.
"""
from __future__ import annotations

import argparse
import pickle
import sys
import time
import tomllib
from collections.abc import Iterable, Sequence
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
# name prefixes of the held-out question sets: never read, never fitted on (the lead reads them)
HELD_OUT = ("fresh", "players_en", "players_ru", "unanswerable", "vocab2_made", "referee_text_holdout")
# Every set wholly in one fold, grouped by who asks and how: a fold is measured by a model fitted on
# the others, so a style the model never saw is what each own fold reports.
PROTOCOL: dict[str, tuple[str, ...]] = {
    "dev1": ("dev1",), "dev2": ("dev2",), "dev3": ("dev3",),
    "own_en": ("players_own", "abstain_own", "abstain2_own", "quote_own", "compare_own", "scene_own",
               "abstain6_own", "abstain7_own", "abstain8_own", "asked_own", "compare2_own", "compare3_own",
               "names2_own", "tworules_own", "quote10_own", "enstem_own", "rerank2_own"),
    "own_vocab": ("vocab_own", "vocab2_own", "vocab3_own", "vocab4_check", "rank_own", "en5_own", "quote3_own",
                  "vocab5_own", "vocab6_own", "en6_own", "docexp_own", "games_own"),
    "own_ru": ("ru_own", "ru2_own", "ru3_own", "ru4_own", "ru5_own", "rustory_own", "latin_own", "quote2_own",
               "ru6_own", "ru7_own", "ru8_own", "rulong_own", "ruquote_own", "rurambling_own", "rustem_own",
               "pointer_own", "devmiss2_own"),
    "own_xling": ("xling_own", "xling2_own", "ru2en_own"),
    "own_struct": ("struct_own", "dust_own", "docs_own", "otherdoc_own", "otherdoc3_own", "dev1rank_own"),
}


class _Recorder(Searcher):
    """The product's search; with `recording` on, the re-ranking is off and the candidates of every
    search an ask makes are kept (a comparison searches each named edition again after the first)."""

    recording = False
    calls: list[tuple[list[Candidate], list[str]]] = []

    def _rerank(self, ranked: Any, query: Any, lexical: Any, dense_scores: Any, named: Any, defined: Any) -> Any:
        if not self.recording:
            return super()._rerank(ranked, query, lexical, dense_scores, named, defined)
        head = ranked[:DEPTH]
        self.calls.append((self._candidates(head, query, lexical, dense_scores, named, defined),
                           [key for key, _, _ in head]))
        return ranked

    def shown(self, question: str) -> tuple[list[Candidate], list[str]]:
        """`question` asked with the re-ranking off: the leading candidates (and their rules) of the
        search whose leader the answer shows, not an edition's second search nor an unanswered fallback."""
        self.calls = []
        result = self.ask(question, k=5)
        first = self.rule_of_chunk[result.results[0].chunk_id] if result.results else None
        return next((call for call in self.calls if call[1] and call[1][0] == first),
                    self.calls[0] if self.calls else ([], []))


def collect(searcher: _Recorder, sets: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per answerable question of `sets`: its set, candidate features and which candidates answer."""
    rows = []
    searcher.recording = True
    searcher.answers.clear()
    for name, questions in sets.items():
        for q in questions:
            golds = [norm(g) for g in q["gold"]]
            if not golds:
                continue
            candidates, keys = searcher.shown(q["question"])
            labels = [any(g in norm(searcher.rules[key].text) for g in golds) for key in keys]
            rows.append({"set": name, "x": np.array([features(c) for c in candidates]).reshape(
                len(labels), len(FEATURES)), "y": np.array(labels, dtype=bool)})
    searcher.recording = False
    searcher.answers.clear()  # the recorded answers were given without the re-ranking
    return rows


class _Stacked:
    """The questions that can teach something (an answering candidate and a wrong one), stacked: one
    matrix of candidates, each question's rows contiguous (`starts`)."""

    def __init__(self, rows: Sequence[dict[str, Any]], free: np.ndarray) -> None:
        kept = [r for r in rows if r["y"].any() and not r["y"].all()]
        self.x = np.vstack([r["x"] for r in kept])[:, free] if kept else np.zeros((0, int(free.sum())))
        self.y = np.concatenate([r["y"] for r in kept]) if kept else np.zeros(0, dtype=bool)
        sizes = [len(r["y"]) for r in kept]
        self.starts = np.cumsum([0, *sizes[:-1]]).astype(int)
        self.group = np.repeat(np.arange(len(kept)), sizes)

    def softmax(self, s: np.ndarray, mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Per question: the softmax of `s` over its candidates (or those in `mask`), and log of its sum."""
        s = np.where(mask, s, -np.inf) if mask is not None else s
        top = np.maximum.reduceat(s, self.starts)
        e = np.exp(s - top[self.group])
        sums = np.add.reduceat(e, self.starts)
        return e / sums[self.group], np.log(sums) + top

    def objective(self, beta: np.ndarray, c: float) -> float:
        s = self.x @ beta
        _, log_all = self.softmax(s)
        _, log_pos = self.softmax(s, self.y)
        return float((log_pos - log_all).sum() - beta @ beta / (2 * c))


def fit(rows: Sequence[dict[str, Any]], c: float = C, steps: int = 100, without: Iterable[str] = ()) -> np.ndarray:
    """Conditional logit, L2-penalised: maximise sum over questions of log P(an answering candidate
    is first). Newton steps with the all-candidates covariance (positive definite) and halving.
    Features in `without` keep weight 0."""
    free = np.array([name not in set(without) for name in FEATURES])
    data = _Stacked(rows, free)
    d = int(free.sum())
    beta = np.zeros(d)
    current = data.objective(beta, c)
    for _ in range(steps):
        s = data.x @ beta
        p, _ = data.softmax(s)
        q, _ = data.softmax(s, data.y)
        mean_all = np.add.reduceat(data.x * p[:, None], data.starts)
        mean_pos = np.add.reduceat(data.x * q[:, None], data.starts)
        gradient = (mean_pos - mean_all).sum(axis=0) - beta / c
        hessian = (data.x * p[:, None]).T @ data.x - mean_all.T @ mean_all + np.eye(d) / c
        step = np.linalg.solve(hessian, gradient)
        t = 1.0
        while t > 1e-4 and data.objective(beta + t * step, c) < current:
            t /= 2
        if t <= 1e-4:
            break
        beta = beta + t * step
        new = data.objective(beta, c)
        if new - current < 1e-9:
            break
        current = new
    full = np.zeros(len(FEATURES))
    full[free] = beta
    return full


def simulated(rows: Sequence[dict[str, Any]], beta: np.ndarray | None) -> tuple[int, int]:
    """Questions answered first and in the top 5 within the recorded candidates, hand-made order
    (None) or the model's (ties keep the hand-made order, as index.rerank does)."""
    r1 = r5 = 0
    for r in rows:
        order = np.arange(len(r["y"])) if beta is None else sorted(
            range(len(r["y"])), key=lambda i: (-round(float(r["x"][i] @ beta), 9), i))
        labels = r["y"][list(order)]
        r1 += bool(len(labels) and labels[0])
        r5 += bool(labels[:5].any())
    return r1, r5


def shipped_coefficients(path: Path = MODEL_FILE) -> np.ndarray:
    """The model in index/data as it is, by feature name (a feature it lacks weighs 0), so that a
    model fitted before a feature was added is measured beside the new one."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    weights = dict(zip(data["features"], data["coefficients"], strict=True))
    return np.array([float(weights.get(name, 0.0)) for name in FEATURES])


def measured(searcher: Searcher, questions: list[dict[str, Any]], beta: np.ndarray) -> dict[str, Any]:
    """The whole product on `questions` with this model in place (the answer cache emptied first:
    an answer given with another model must not be served)."""
    searcher._rerank_model = RerankModel(tuple(float(b) for b in beta))
    searcher.answers.clear()
    return score(searcher, questions)


def pooled(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One fold's figures from its sets' (questions summed, not sets averaged)."""
    n = sum(r["answerable"] for r in reports)
    unans = sum(r["unanswerable"] for r in reports)
    out: dict[str, Any] = {"answerable": n, "unanswerable": unans,
                           "false_not_found": sum(r["false_not_found"] for r in reports)}
    for key in ("R@1", "R@5", "quote"):
        out[key] = sum(r[key] * r["answerable"] for r in reports) / n if n else 0.0
    out["abstention"] = sum((r["abstention"] or 0.0) * r["unanswerable"] for r in reports) / unans if unans else None
    return out


def _line(name: str, report: dict[str, Any]) -> str:
    abstain = f"{report['abstention']:.2f}" if report["abstention"] is not None else "-"
    n = report["answerable"]
    return (f"  {name:<18} n {n:>4}  R@1 {report['R@1']:.3f} ({round(report['R@1'] * n)})  R@5 {report['R@5']:.3f}"
            f"  quote {report['quote']:.3f} ({round(report['quote'] * n)})  false NF {report['false_not_found']:>2}"
            f"  abstain {abstain}")


def adopted(shipped: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[str]:
    """Why the new model may not replace the shipped one (empty: adopt): every dev fold at least as
    good on R@1 and quote, no more false "not in the rules", no less abstention; our own folds
    together no worse on R@1, quote and false "not in the rules"."""
    reasons = []
    own = [g for g in new if not g.startswith("dev")]
    groups = [(g, shipped[g], new[g]) for g in new if g.startswith("dev")]
    if own:
        groups.append(("own folds together", pooled([shipped[g] for g in own]), pooled([new[g] for g in own])))
    for name, before, after in groups:
        lost = [key for key in ("R@1", "quote") if round(after[key], 6) < round(before[key], 6)]
        if after["false_not_found"] > before["false_not_found"]:
            lost.append("false not-found")
        if (after["abstention"] or 0.0) < (before["abstention"] or 0.0):
            lost.append("abstention")
        if lost:
            reasons.append(f"{name}: {', '.join(lost)}")
    return reasons


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help=f"fit on every fold and write {MODEL_FILE.name}, if it passes the adoption rule")
    parser.add_argument("--force", action="store_true", help="with --write: write even if it does not pass")
    parser.add_argument("--dev-only", action="store_true", help="fit on dev1-3 only (the protocol before session 10)")
    parser.add_argument("--without", action="append", default=[], metavar="FEATURE",
                        help="hold this feature's weight at 0")
    parser.add_argument("--simulate", action="store_true", help="the order within the recorded candidates only")
    parser.add_argument("--sets", action="store_true", help="report every set of a fold, not the fold alone")
    parser.add_argument("--save-rows", type=Path, metavar="FILE",
                        help="keep the recorded candidates (for bench/screen_rerank.py: no second collection)")
    args = parser.parse_args()
    unknown = [name for name in args.without if name not in FEATURES]
    if unknown:
        parser.error(f"no such feature: {', '.join(unknown)} (the features: {', '.join(FEATURES)})")
    fitted = [g for g in PROTOCOL if g.startswith("dev") or not args.dev_only]  # the folds fitted on
    started = time.perf_counter()
    searcher = _Recorder(Settings.from_env())
    searcher.warm()
    sets = folds(HELD_OUT)
    hidden = [s for names in PROTOCOL.values() for s in names if s.startswith(HELD_OUT)]
    if hidden:
        parser.error(f"held-out sets in the protocol's folds: {', '.join(hidden)}")
    missing = [s for names in PROTOCOL.values() for s in names if s not in sets]
    if missing:
        parser.error(f"question sets not found: {', '.join(missing)}")
    fold_of = {s: fold for fold, names in PROTOCOL.items() for s in names}
    rows = collect(searcher, {s: sets[s] for s in fold_of})
    for r in rows:
        r["fold"] = fold_of[r["set"]]
    if args.save_rows:
        with args.save_rows.open("wb") as out:
            pickle.dump({"features": FEATURES, "rows": rows}, out)
    shipped = shipped_coefficients()
    beta_all = fit([r for r in rows if r["fold"] in fitted], without=args.without)
    print(f"{len(rows)} questions in {len(PROTOCOL)} folds, fitted on {', '.join(fitted)}; the answering rule "
          f"among the leading {DEPTH}: {sum(bool(r['y'].any()) for r in rows)}")
    reports: dict[str, dict[str, dict[str, Any]]] = {"shipped": {}, "new": {}}
    for fold, names in PROTOCOL.items():
        held = [r for r in rows if r["fold"] == fold]
        beta = fit([r for r in rows if r["fold"] != fold and r["fold"] in fitted],
                   without=args.without) if fold in fitted else beta_all
        (b1, b5), (a1, a5), (n1, n5) = simulated(held, None), simulated(held, shipped), simulated(held, beta)
        how = "fitted on the other folds" if fold in fitted else "never fitted on"
        print(f"\n{fold} ({len(held)} answerable; {how}) within the candidates, R@1 / R@5: "
              f"hand-made {b1}/{b5}, shipped {a1}/{a5}, new {n1}/{n5}")
        if args.simulate:
            continue
        before = {s: measured(searcher, sets[s], shipped) for s in names}
        after = {s: measured(searcher, sets[s], beta) for s in names}
        reports["shipped"][fold], reports["new"][fold] = pooled(list(before.values())), pooled(list(after.values()))
        print(_line("shipped model", reports["shipped"][fold]) + "\n" + _line("new, not fitted", reports["new"][fold]))
        if args.sets and len(names) > 1:
            for s in names:
                print(_line(f"{s} shipped", before[s]) + "\n" + _line(f"{s} new", after[s]))
    print("\nfitted on every fitted fold: " + ", ".join(
        f"{n} {b:+.2f}" for n, b in zip(FEATURES, beta_all, strict=True)))
    if args.simulate:
        return 0
    own = [g for g in PROTOCOL if not g.startswith("dev")]
    print("own folds together:\n" + _line("shipped model", pooled([reports["shipped"][g] for g in own]))
          + "\n" + _line("new, not fitted", pooled([reports["new"][g] for g in own])))
    for name in [n for n in sets if n not in fold_of and n not in DEV_SETS]:
        print(f"{name} (in no fold):\n" + _line("shipped model", measured(searcher, sets[name], shipped))
              + "\n" + _line("new", measured(searcher, sets[name], beta_all)))
    reasons = adopted(reports["shipped"], reports["new"])
    print(f"\n{time.perf_counter() - started:.0f} s")
    print("\nadoption rule: " + ("passes" if not reasons else "fails (" + "; ".join(reasons) + ")"))
    if args.write and (not reasons or args.force):
        scope = "the three development sets" if args.dev_only else "every fold of bench/fit_rerank.py's PROTOCOL"
        write_model(MODEL_FILE, "Written by bench/fit_rerank.py --write (conditional logit over the leading "
                    f"candidates, L2 C = 1),\nfitted on {scope}. Do not edit by hand.", FEATURES, beta_all)
    elif args.write:
        print(f"{MODEL_FILE.name} not written (--force writes it anyway)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
