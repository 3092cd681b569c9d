"""Bar chart of a damage distribution as PNG bytes, for attaching to calculator answers.

Uses matplotlib's object API with the Agg canvas (no pyplot, no display), so it is
safe to call from worker threads on a headless server.
"""
from __future__ import annotations

import io
from collections.abc import Mapping

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

MAX_BARS = 60  # beyond this the chart is unreadable; the tail is folded into the last bar


def distribution_png(
    distribution: Mapping[int, float],
    *,
    title: str,
    xlabel: str = "damage",
    ylabel: str = "probability (%)",
    highlight: int | None = None,
    cumulative: bool = False,
) -> bytes:
    """PNG of the given probabilities per k as bars (the caller says which quantity in `ylabel`);
    `highlight` marks one outcome (e.g. the rolled result)."""
    if not distribution:
        raise ValueError("empty distribution")
    points = sorted((int(k), float(p)) for k, p in distribution.items())
    if len(points) > MAX_BARS:
        head, tail = points[: MAX_BARS - 1], points[MAX_BARS - 1 :]
        # P(X = k): the folded bar holds the whole tail; P(X >= k): its first value already does
        points = head + [(tail[0][0], tail[0][1] if cumulative else sum(p for _, p in tail))]
    xs = [k for k, _ in points]
    ys = [p * 100 for _, p in points]

    fig = Figure(figsize=(6.4, 3.2), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    colours = ["#e67e22" if k == highlight else "#5865f2" for k in xs]
    ax.bar(xs, ys, color=colours, width=0.8)
    ax.set_title(title[:120])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_xticks(xs if len(xs) <= 25 else xs[:: max(1, len(xs) // 20)])
    ax.set_ylim(0, max(ys) * 1.15 if max(ys) > 0 else 1)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
