"""Format a referee result (issue #3's JSON) for Discord: verdict first, then the table
of P(damage >= k) or the assault result rows, a PNG bar chart, the steps and the sources.

Only reads the referee's fields; every number shown comes from the referee.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord_bot import charts, limits
from bot.discord_bot.embeds import ANSWER_COLOUR, MUTED_COLOUR
from bot.discord_bot.replies import Reply

CHART_NAME = "distribution.png"
MIN_SHOWN_PROBABILITY = 0.0005  # rows below 0.05 % are folded into "…"
MAX_TABLE_ROWS = 20
MAX_STEP_FIELDS = 3


def _pct(p: Any) -> str:
    if p is None:
        return "unknown"
    p = float(p)
    if p >= 0.9995:
        return "100%" if p >= 1 else ">99.9%"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def _int_keyed(mapping: Any) -> dict[int, float]:
    if not isinstance(mapping, Mapping):
        return {}
    out = {}
    for k, v in mapping.items():
        try:
            out[int(k)] = float(v)
        except (TypeError, ValueError):
            continue
    return dict(sorted(out.items()))


def _title(action: str, result: Mapping[str, Any]) -> str:
    mode = "odds" if result.get("mode") == "odds" else "rolled" if result.get("mode") else ""
    ruleset = result.get("ruleset_title") or result.get("ruleset") or ""
    head = f"{action.capitalize()}{f' ({mode})' if mode else ''}"
    return limits.trim(f"{head} — {ruleset}" if ruleset else head, limits.TITLE)


def verdict(result: Mapping[str, Any]) -> str:
    """The referee's one-sentence verdict, shown before any table."""
    return str(result.get("verdict") or "Resolved (see the details below).")


def assault_rows(result: Mapping[str, Any]) -> list[tuple[str, float | None, str]]:
    """(name, probability, effect) per assault result: `p_result` keyed like `result_labels`."""
    labels = result.get("result_labels") or {}
    probabilities = result.get("p_result")
    if not isinstance(probabilities, Mapping):
        return []
    rows = []
    for key, p in probabilities.items():
        name, _, effect = str(labels.get(key, key)).partition(":")
        rows.append((name.strip(), None if p is None else float(p), effect.strip()))
    return rows


def at_least_table(result: Mapping[str, Any], key: str = "p_damage_at_least") -> str | None:
    """A monospace table of P(damage >= k), rows below 0.05 % folded."""
    at_least = _int_keyed(result.get(key))
    if not at_least:
        return None
    lines = ["  k | P(damage ≥ k)"]
    shown = [(k, p) for k, p in at_least.items() if p >= MIN_SHOWN_PROBABILITY]
    for k, p in shown[:MAX_TABLE_ROWS]:
        lines.append(f"{k:>3} | {_pct(p):>7}")
    if len(shown) < len(at_least) or len(shown) > MAX_TABLE_ROWS:
        lines.append("  … | rarer outcomes omitted")
    return "```\n" + "\n".join(lines) + "\n```"


def rows_table(rows: list[tuple[str, float | None, str]]) -> str:
    short = [name.split(" (")[0] for name, _, _ in rows]  # "Havoc (Опустошение)" -> "Havoc"
    width = min(24, max(len(n) for n in short))
    lines = [f"{n[:width]:<{width}} | {_pct(p) if p is not None else '':>7}" for n, (_, p, _) in zip(short, rows)]
    return "```\n" + "\n".join(lines) + "\n```"


# Distributions the referee may return, in order of preference for the table and chart.
DISTRIBUTIONS = (
    ("p_damage", "damage"),
    ("p_target_damage", "target damage"),
    ("p_successes", "successes"),
    ("p_net_hits", "net hits"),
)


def main_distribution(result: Mapping[str, Any]) -> tuple[str, dict[int, float]] | None:
    for key, label in DISTRIBUTIONS:
        dist = _int_keyed(result.get(key))
        if dist:
            return label, dist
    return None


def distribution_table(label: str, dist: dict[int, float]) -> str:
    """P(X = k) rows, for results that have no P(X >= k) table."""
    shown = [(k, p) for k, p in dist.items() if p >= MIN_SHOWN_PROBABILITY]
    lines = [f"  k | P({label} = k)"] + [f"{k:>3} | {_pct(p):>7}" for k, p in shown[:MAX_TABLE_ROWS]]
    if len(shown) < len(dist) or len(shown) > MAX_TABLE_ROWS:
        lines.append("  … | rarer outcomes omitted")
    return "```\n" + "\n".join(lines) + "\n```"


def _chart(action: str, result: Mapping[str, Any]) -> bytes | None:
    found = main_distribution(result)
    if found is None:
        return None
    xlabel, dist = found
    visible = [k for k, p in dist.items() if p >= MIN_SHOWN_PROBABILITY]
    if visible:  # drop the invisible far tail (1e-20 bars) so the chart stays readable
        dist = {k: p for k, p in dist.items() if k <= max(visible)}
    title = f"{action.capitalize()}: distribution of {xlabel} ({result.get('ruleset', '')})"
    return charts.distribution_png(dist, title=title, xlabel=xlabel)


def _bulleted(items: Any) -> str:
    return "\n".join(f"• {item}" for item in items if item)


def _citation_lines(result: Mapping[str, Any]) -> str:
    lines = []
    for c in result.get("citations") or []:
        if isinstance(c, Mapping):
            lines.append(" — ".join(str(c[k]) if k != "section" else f"§ {c[k]}"
                                    for k in ("document", "edition", "section") if c.get(k)))
    return "\n".join(f"• {line}" for line in lines)


def _step_fields(result: Mapping[str, Any]) -> list[tuple[str, str]]:
    lines = []
    for step in result.get("trace") or result.get("steps") or []:
        if isinstance(step, Mapping):
            lines.append(f"**{step.get('step', '')}**: {step.get('detail', '')}")
    if not lines:
        return []
    chunks = limits.split_text("\n".join(lines), limits.FIELD_VALUE)
    if len(chunks) > MAX_STEP_FIELDS:
        chunks = chunks[:MAX_STEP_FIELDS]
        chunks[-1] = limits.trim(chunks[-1], limits.FIELD_VALUE - 40, pointer="") + "\n… (more steps: use `--json` in the CLI)"
    return [("Steps" if i == 0 else "Steps (continued)", chunk) for i, chunk in enumerate(chunks)]


def referee_embeds(action: str, result: Mapping[str, Any], with_chart: bool) -> list[discord.Embed]:
    main = discord.Embed(
        title=_title(action, result),
        description=limits.trim(verdict(result), limits.DESCRIPTION),
        colour=ANSWER_COLOUR,
    )
    if action == "assault" and (rows := assault_rows(result)):
        main.add_field(name="Assault results", value=limits.trim(rows_table(rows), limits.FIELD_VALUE, "\n```"), inline=False)
        effects = "\n".join(f"**{label}**: {effect}" for label, _, effect in rows if effect)
        if effects:
            main.add_field(name="Effects", value=limits.trim(effects, limits.FIELD_VALUE), inline=False)
    table = at_least_table(result)
    if table:
        main.add_field(name="P(damage ≥ k)", value=limits.trim(table, limits.FIELD_VALUE, "\n```"), inline=False)
    elif result.get("mode") == "odds" and not main.fields and (found := main_distribution(result)):
        label, dist = found
        main.add_field(name=f"P({label} = k)", value=limits.trim(distribution_table(label, dist),
                                                                  limits.FIELD_VALUE, "\n```"), inline=False)
    if with_chart:
        main.set_image(url=f"attachment://{CHART_NAME}")
    embeds = [main]

    steps = _step_fields(result)
    if steps:
        detail = discord.Embed(title="How it was worked out", colour=MUTED_COLOUR)
        for name, value in steps:
            detail.add_field(name=name, value=value, inline=False)
        embeds.append(detail)

    sources = discord.Embed(title="Sources and assumptions", colour=MUTED_COLOUR)
    for name, value in (
        ("Sources", _citation_lines(result)),
        ("Assumptions", _bulleted(result.get("assumptions") or [])),
        ("Notes", _bulleted(result.get("notes") or [])),
    ):
        if value:
            sources.add_field(name=name, value=limits.trim(value, limits.FIELD_VALUE), inline=False)
    if sources.fields:
        embeds.append(sources)
    return embeds


def referee_reply(action: str, result: Mapping[str, Any]) -> Reply:
    """Embeds plus the chart PNG (odds mode only) as one ephemeral, publishable reply."""
    png = _chart(action, result) if result.get("mode") == "odds" else None
    attachments = [(CHART_NAME, png)] if png else []
    return Reply(referee_embeds(action, result, with_chart=bool(png)), attachments)
