"""One writer for the fitted models in index/data/ (relevance, re-ranker): a header saying who wrote
the file and from what, then the feature names and their coefficients, which the index reads back."""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path


def write_model(path: Path, header: str, features: Sequence[str], coefficients: Iterable[float],
                intercept: float | None = None) -> None:
    lines = [f"# {line}" for line in header.splitlines()]
    lines.append(f"features = {json.dumps(list(features))}")
    lines.append(f"coefficients = [{', '.join(f'{float(c):.6f}' for c in coefficients)}]")
    if intercept is not None:
        lines.append(f"intercept = {intercept:.6f}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {path}")
