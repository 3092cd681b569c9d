"""Fit the answer line's weights (index/data/answer_model.toml) and report them fold by fold.

    python bench/fit_answer.py

For every answerable question of the development sets and of our own sets in bench/data (never
a held-out set: HELD_OUT), the Searcher answers as usual and the rule its answer
line is quoted from is recorded with the question's weights and shape; each answer line that rule
offers (index.answer.candidates) is labelled by the held-out checks' own test
(bench/retrieval.quote_ok). A conditional logit (softmax over one rule's candidates; the outcome is
"a right line is chosen", so the probability of all right lines is maximised; L2 penalty towards
the file's weights fixed beforehand, not searched) is fitted on two development folds plus our
own sets and the held-out development fold is reported, for each of the three rotations; so is the
best any choice among the candidates could do. Accuracy here equals bench/retrieval.py's quote
figure for the same weights. Measured: no rotation's fitted model beat the hand-set weights on
every held-out fold (docs/retrieval.md), so the file is not written from here.

    python bench/fit_answer.py --ties

counts, fold by fold, the lines opening at different sentences that tie at the top score: the
earliest (the one chosen) right, only a later one right, or none — what any tie-break must beat.

    python bench/fit_answer.py --closeness

measures the meaning side: the model's cosine between the question and each sentence
(index.search.SENTENCE_MODEL on) as one more feature, its weight alone fitted on two development
folds (the other weights as in the file; our own sets never fitted on) and reported on the third
and on every own set, against the same weights without it."""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import index.search  # noqa: E402
from bench.retrieval import folds, norm, quote_ok  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.answer import Quote, best_quote, candidates, finished, line_shape, line_weights, model_weights  # noqa: E402
from index.answer_features import FEATURES  # noqa: E402
from index.answer_shape import asked_words, counted_words  # noqa: E402

HELD_OUT = ("fresh", "players", "unanswerable", "vocab2_made")  # held-out sets: never read, never fitted on
L2 = 0.01  # fixed before fitting (a mean log-likelihood per question against the squared weights); not tuned
FIT_ON = ("dev1", "dev2")  # the rotation whose weights are printed (dev3 held out)


@dataclass
class Asked:
    """One answerable question: its answer line's candidates (None: no line was quoted)."""
    fold: str
    features: np.ndarray | None  # candidates x FEATURES
    labels: np.ndarray | None  # 1.0 where the candidate, as shown, holds a gold span
    fallback_ok: bool  # no candidate holds a question word: the opening is quoted
    starts: tuple[int, ...] = ()  # where each candidate opens in the rule (they come in text order)


def record(searcher: index.search.Searcher, questions: list[dict[str, Any]], fold: str) -> list[Asked]:
    calls: list[tuple[tuple[Any, ...], dict[str, Any], Quote | None]] = []

    def spy(*args: Any, **kwargs: Any) -> Quote | None:
        found = best_quote(*args, **kwargs)
        calls.append((args, kwargs, found))
        return found

    setattr(index.search, "best_quote", spy)  # noqa: B010 - record what the Searcher asks for
    out = []
    try:
        for q in questions:
            if not q["gold"]:
                continue
            calls.clear()
            searcher.ask(q["question"], k=5)
            golds = [norm(g) for g in q["gold"]]
            answered = next(((a, kw, f) for a, kw, f in calls if f is not None), None)
            if answered is None:
                out.append(Asked(fold, None, None, False))
                continue
            args, kwargs, found = answered
            text, weights = args[0], args[1]
            # as best_quote reads them
            weights = line_weights(weights, kwargs.get("names_the_rule", False), kwargs.get("question", ""))
            variants = args[2] if len(args) > 2 else kwargs.get("variants")
            numeric = args[3] if len(args) > 3 else kwargs.get("numeric", False)
            shape = line_shape(kwargs.get("question", ""), weights, numeric, kwargs.get("distance", False),
                               kwargs.get("limit", False), kwargs.get("title", frozenset()))
            offered = candidates(text, weights, variants, shape, kwargs.get("closeness"),
                                 asked_words(kwargs.get("question", ""), frozenset(weights)),
                                 kwargs.get("title", frozenset()),
                                 counted_words(kwargs.get("question", ""), frozenset(weights)))
            evidence = FEATURES.index("evidence_first")
            if not any(c.features[evidence] for c in offered):
                assert found is not None
                out.append(Asked(fold, None, None, quote_ok(golds, text[found.start:found.end])))
                continue
            labels = []
            for c in offered:
                shown = finished(text, Quote(c.start, c.end, 0.0))
                labels.append(float(quote_ok(golds, text[shown.start:shown.end])))
            out.append(Asked(fold, np.array([c.features for c in offered]), np.array(labels), False,
                             tuple(c.start for c in offered)))
    finally:
        setattr(index.search, "best_quote", best_quote)  # noqa: B010
    return out


def fit(asked: list[Asked]) -> np.ndarray:
    """Maximise the mean log P(the chosen line is a right one), P = softmax(X w) over a rule's
    candidates summed over its right ones (any right line will do, as in the quote test),
    minus L2 |w - the file's weights|^2 / 2: gradient ascent with a halving step."""
    groups = [(a.features, a.labels > 0) for a in asked
              if a.features is not None and a.labels is not None and 0 < a.labels.sum() < len(a.labels)]
    prior = np.array(model_weights())  # the hand-set weights: the fit departs only where the data pulls

    def value_and_grad(w: np.ndarray) -> tuple[float, np.ndarray]:
        value = -L2 * float((w - prior) @ (w - prior)) / 2
        grad = -L2 * (w - prior)
        for x, right in groups:
            p = _softmax(x @ w)
            mass = float(p[right].sum())
            value += np.log(mass) / len(groups)
            grad += (p[right] @ x[right] / mass - p @ x) / len(groups)
        return value, grad

    w = prior.copy()
    value, grad = value_and_grad(w)
    step = 1.0
    for _ in range(300):
        trial = w + step * grad
        trial_value, trial_grad = value_and_grad(trial)
        if trial_value > value:
            w, value, grad = trial, trial_value, trial_grad
            step *= 1.5
        else:
            step /= 2
        if step < 1e-6 or float(np.abs(grad).max()) < 1e-6:
            break
    return w


def fit_one(asked: list[Asked], feature: int, base: np.ndarray) -> float:
    """The weight of FEATURES[feature] alone (the others fixed at `base`) maximising the same
    penalised mean log-likelihood as `fit` (its prior: 0): Newton steps on one variable."""
    groups = [(a.features @ base, a.features[:, feature], a.labels > 0) for a in asked
              if a.features is not None and a.labels is not None and 0 < a.labels.sum() < len(a.labels)]
    w = 0.0
    for _ in range(100):
        grad, curvature = -L2 * w, -L2
        for fixed, f, right in groups:
            p = _softmax(fixed + w * f)
            q = p[right] / p[right].sum()
            mean_right, mean = float(q @ f[right]), float(p @ f)
            grad += (mean_right - mean) / len(groups)
            curvature += (float(q @ f[right] ** 2) - mean_right ** 2 - float(p @ f ** 2) + mean ** 2) / len(groups)
        step = -grad / curvature if curvature < 0 else grad
        w += step
        if abs(step) < 1e-6:
            break
    return w


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max()
    e = np.exp(z)
    out: np.ndarray = e / e.sum()
    return out


def accuracy(asked: list[Asked], w: np.ndarray) -> float:
    """Quote accuracy of the fold: answerable questions whose chosen line holds a gold span."""
    right = 0
    for a in asked:
        if a.features is None or a.labels is None:
            right += a.fallback_ok
            continue
        scores = [sum(float(wi) * float(fi) for wi, fi in zip(w, row, strict=True)) for row in a.features]
        right += int(a.labels[int(np.argmax(scores))] > 0)
    return right / len(asked) if asked else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ties", action="store_true",
                        help="how exact ties at the top are resolved (the earliest line wins them)")
    parser.add_argument("--closeness", action="store_true",
                        help="measure the model's per-sentence cosine as a feature (fold protocol)")
    args = parser.parse_args()
    if args.closeness:
        setattr(index.search, "SENTENCE_MODEL", True)  # noqa: B010 - the measurement's switch
    searcher = index.search.Searcher(Settings.from_env())
    searcher.warm()
    data = {name: record(searcher, qs, name) for name, qs in folds(HELD_OUT).items()}
    data = {name: asked for name, asked in data.items() if asked}  # a fold of unanswerable questions only
    dev = ("dev1", "dev2", "dev3")
    current = np.array(model_weights())
    if args.ties:
        return _report_ties(data, current)
    if args.closeness:
        return _report_closeness(data, dev, current)
    print("best reachable (a right line among the candidates): " + ", ".join(
        f"{name} {sum(a.fallback_ok or (a.labels is not None and a.labels.any()) for a in asked) / len(asked):.2f}"
        for name, asked in data.items()))
    print("quote accuracy, weights now in the file: " +
          ", ".join(f"{name} {accuracy(a, current):.2f}" for name, a in data.items()))
    # our own sets (bench/data, never a held-out set of another helper) train every rotation
    own = [name for name in data if name not in dev and not name.startswith(HELD_OUT)]
    fitted = {}
    for held in dev:
        train = [a for name in (*dev, *own) if name != held for a in data[name]]
        w = fit(train)
        fitted[held] = w
        others = ", ".join(f"{name} {accuracy(a, w):.2f}" for name, a in data.items())
        print(f"fitted without {held}: held-out {held} {accuracy(data[held], w):.2f}  (all: {others})")
    chosen = fitted[next(name for name in dev if name not in FIT_ON)]
    print("\nweights fitted on " + " + ".join((*FIT_ON, *own)) + " (the file's weights beside them):")
    for name, value, now in zip(FEATURES, chosen, current, strict=True):
        print(f"  {name:<22}{value:+.3f}  {now:+.3f}")
    return 0


def _report_ties(data: dict[str, list[Asked]], w: np.ndarray) -> int:
    """Lines opening at different sentences that tie at the top score: is the earliest (the one
    chosen) right, or only a later one, or none? A tie-break must beat the first share to help."""
    total: dict[str, int] = {"earliest right": 0, "only a later one right": 0, "none right": 0}
    for name, asked in data.items():
        counts = dict.fromkeys(total, 0)
        for a in asked:
            if a.features is None or a.labels is None:
                continue
            scores = a.features @ w
            top = [i for i in range(len(scores)) if abs(scores[i] - scores.max()) < 1e-9]
            if len({a.starts[i] for i in top}) < 2:
                continue
            key = ("earliest right" if a.labels[top[0]] else
                   "only a later one right" if any(a.labels[i] for i in top[1:]) else "none right")
            counts[key] += 1
        total = {k: total[k] + counts[k] for k in total}
        print(f"{name:<14}" + "  ".join(f"{k} {v}" for k, v in counts.items()))
    print("all           " + "  ".join(f"{k} {v}" for k, v in total.items()))
    return 0


def _report_closeness(data: dict[str, list[Asked]], dev: tuple[str, ...], current: np.ndarray) -> int:
    """Each rotation: the closeness weight fitted on two dev folds, its lines gained and lost on
    the third and on every own set against the file's weights without it."""
    feature = FEATURES.index("closeness")
    without = current.copy()
    without[feature] = 0.0

    def right(asked: list[Asked], w: np.ndarray) -> int:
        return round(accuracy(asked, w) * len(asked))

    for held in dev:
        weight = fit_one([a for name in dev if name != held for a in data[name]], feature, without)
        fitted = without.copy()
        fitted[feature] = weight
        changes = {name: right(a, fitted) - right(a, without) for name, a in data.items()}
        print(f"closeness fitted without {held}: weight {weight:+.2f}; held-out {held} {changes[held]:+d} lines; "
              "others: " + ", ".join(f"{name} {d:+d}" for name, d in changes.items() if name != held and d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
