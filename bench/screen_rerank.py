"""Screen the learned re-ranker's evidence on candidates `bench/fit_rerank.py --save-rows` recorded: each
fold of its protocol ordered by a model fitted on the other folds, within the recorded leading candidates
only (no second pass; seconds instead of the whole product's minutes).

    python bench/screen_rerank.py ROWS [--base F ...] [--alone F ...]

`--base`: features held at 0 in the base model (the evidence added since the shipped model); each
`--alone` feature is then added to that base by itself. `--dev-only`: fitted on the dev folds only. Per
fold: questions whose answering candidate comes first (R@1 within the candidates) for the shipped model,
the base, and the base with each feature.
"""
from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.fit_rerank import PROTOCOL, fit, shipped_coefficients, simulated  # noqa: E402
from index.rerank import FEATURES  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=Path)
    parser.add_argument("--base", action="append", default=[], metavar="FEATURE")
    parser.add_argument("--alone", action="append", default=[], metavar="FEATURE")
    parser.add_argument("--dev-only", action="store_true", help="fit on the dev folds only (as the shipped model)")
    args = parser.parse_args()
    with args.rows.open("rb") as f:
        saved = pickle.load(f)
    if tuple(saved["features"]) != FEATURES:
        parser.error("the rows were recorded for other features: record them again")
    rows = saved["rows"]
    variants = {"base": list(args.base)}
    for name in args.alone:
        variants[f"+{name}"] = [b for b in args.base if b != name]
    shipped = shipped_coefficients()
    print(f"{'fold':<12}{'n':>6}{'shipped':>9}" + "".join(f"{v:>16}" for v in variants))
    totals = [0] * (len(variants) + 1)
    for fold in PROTOCOL:
        held = [r for r in rows if r["fold"] == fold]
        others = [r for r in rows if r["fold"] != fold and (r["fold"].startswith("dev") or not args.dev_only)]
        found = [simulated(held, shipped)[0]] + [simulated(held, fit(others, without=w))[0] for w in variants.values()]
        totals = [t + f for t, f in zip(totals, found, strict=True)]
        print(f"{fold:<12}{len(held):>6}" + f"{found[0]:>9}" + "".join(f"{f:>16}" for f in found[1:]))
    print(f"{'together':<12}{len(rows):>6}{totals[0]:>9}" + "".join(f"{t:>16}" for t in totals[1:]))
    for name, without in variants.items():
        beta = fit([r for r in rows if r["fold"].startswith("dev") or not args.dev_only], without=without)
        print(f"{name} fitted on every fold: " + ", ".join(
            f"{n} {b:+.2f}" for n, b in zip(FEATURES, beta, strict=True) if n in args.alone and n not in without))
    return 0


if __name__ == "__main__":
    sys.exit(main())
