"""Format a referee result for Discord: what was understood first (inputs, assumptions, words
ignored, values taken from unit profiles), then the verdict, then one quantity — the chance of
at least k — in both the table and the PNG chart, then the steps and the sources.

Only reads the referee's fields; every number shown comes from the referee (a P(X >= k) the
referee did not tabulate itself is the sum of its own P(X = j) for j >= k). Parameter mentions
(⟨name⟩) are shown as the option names the user sees.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.discord_bot import charts, limits
from bot.discord_bot.embeds import ANSWER_COLOUR, MUTED_COLOUR, safe
from bot.discord_bot.i18n import show_option_names, t
from bot.discord_bot.messages import Reply
from core.messages import declare, text

CHART_NAME = "distribution.png"
MIN_SHOWN_PROBABILITY = 0.0005  # rows below 0.05 % are folded into "…"
MAX_TABLE_ROWS = 20
MAX_STEP_FIELDS = 3
UNDERSTOOD_CHARS = 1800  # of the 4096 description: the verdict always fits after it
HIDDEN_INPUTS = {"pool_steps"}  # shown in the steps already


shown = show_option_names  # referee text with ⟨name⟩ as the option names of the reply's language


def _pct(p: Any) -> str:
    if p is None:
        return "?"
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


def _title(action: str, result: Mapping[str, Any], lang: str = "en") -> str:
    mode = {"odds": t("mode_odds", lang), "rolled": t("mode_rolled", lang)}.get(str(result.get("mode")), "")
    ruleset = result.get("ruleset_title") or result.get("ruleset") or ""
    head = f"{action.capitalize()}{f' ({mode})' if mode else ''}"
    return limits.trim(f"{head} — {ruleset}" if ruleset else head, limits.TITLE)


def verdict(result: Mapping[str, Any], lang: str = "en") -> str:
    """The referee's one-sentence verdict."""
    return shown(result.get("verdict") or t("resolved", lang), lang)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value_text(v) for v in value) or "—"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value_text(v)}" for k, v in value.items())
    return str(value)


def inputs_line(result: Mapping[str, Any]) -> str:
    """`armour 5 · citadel 8 · obscured yes`: the resolved values the referee used, named and said in
    the answer's language (the service's `understood` rows; raw `inputs` for an older result)."""
    rows = result.get("understood")
    if isinstance(rows, list):
        return " · ".join(f"{row['label']} **{safe(str(row['value']))}**" for row in rows
                          if isinstance(row, Mapping) and row.get("key") not in HIDDEN_INPUTS)
    inputs = result.get("inputs")
    if not isinstance(inputs, Mapping):
        return ""
    return " · ".join(f"{name} **{safe(_value_text(value))}**" for name, value in inputs.items()
                      if name not in HIDDEN_INPUTS and value is not None)


def _profile_lines(from_profiles: Any) -> list[str]:
    """`lead **10** — Borodino Battleship › Heavy gun battery › Closing › Battle-Ready lead`."""
    if isinstance(from_profiles, Mapping):
        return [f"{name} **{safe(_value_text(value))}**" for name, value in from_profiles.items()]
    lines = []
    for item in from_profiles if isinstance(from_profiles, (list, tuple)) else []:
        if isinstance(item, Mapping) and item.get("param"):
            line = f"{item['param']} **{safe(_value_text(item.get('value')))}**"
            lines.append(f"{line} — {safe(item['from'])}" if item.get("from") else line)
        elif item:
            lines.append(safe(_value_text(item)))
    return lines


def understood_text(result: Mapping[str, Any], lang: str = "en") -> str:
    """Inputs, values from unit profiles, assumptions and ignored words — shown before the verdict."""
    blocks = []
    if line := inputs_line(result):
        blocks.append(f"**{t('understood', lang)}:** {line}")
    if profiles := _profile_lines(result.get("inputs_from_profiles")):
        profiles += [safe(str(n)) for n in result.get("unit_notes") or [] if n]  # the profiles used; qualities
        blocks.append(f"**{t('from_profiles', lang)}:**\n" + "\n".join(f"• {p}" for p in profiles))
    if assumptions := [a for a in result.get("assumptions") or [] if a]:
        blocks.append(f"**{t('assumptions', lang)}:**\n" + "\n".join(f"• {shown(a, lang)}" for a in assumptions))
    if ignored := [str(w) for w in result.get("ignored") or [] if w]:
        blocks.append(f"**{t('ignored', lang)}:** " + ", ".join(f"“{safe(w)}”" for w in ignored))
    return limits.trim("\n".join(blocks), UNDERSTOOD_CHARS)


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


def rows_table(rows: list[tuple[str, float | None, str]]) -> str:
    short = [name.split(" (")[0] for name, _, _ in rows]  # "Havoc (Опустошение)" -> "Havoc"
    width = min(24, max(len(n) for n in short))
    lines = [f"{n[:width]:<{width}} | {_pct(p) if p is not None else '':>7}"
             for n, (_, p, _) in zip(short, rows, strict=True)]
    return "```\n" + "\n".join(lines) + "\n```"


# Distributions the referee may return (P(X = k), and its own P(X >= k) when it has one),
# in order of preference for the table and the chart.
DISTRIBUTIONS = (
    ("p_damage", "p_damage_at_least", "damage"),
    ("p_target_damage", "p_target_damage_at_least", "target damage"),
    ("p_successes", "p_successes_at_least", "successes"),
    ("p_net_hits", "p_net_hits_at_least", "net hits"),
)


declare({"dist.damage": ("damage", "урон"), "dist.target damage": ("target damage", "урон цели"),
         "dist.successes": ("successes", "успехи"), "dist.net hits": ("net hits", "чистые попадания")})


def at_least(result: Mapping[str, Any]) -> tuple[str, dict[int, float]] | None:
    """(label, P(X >= k) for k >= 1) of the main quantity: the one thing the table and chart show."""
    for exact_key, at_least_key, label in DISTRIBUTIONS:
        tail = _int_keyed(result.get(at_least_key))
        if tail:
            return label, {k: p for k, p in tail.items() if k >= 1}
        exact = _int_keyed(result.get(exact_key))
        if exact:
            ks = sorted(exact)
            sums = {k: sum(exact[j] for j in ks if j >= k) for k in ks if k >= 1}
            return label, sums
    return None


def _visible(dist: dict[int, float]) -> dict[int, float]:
    return {k: p for k, p in dist.items() if p >= MIN_SHOWN_PROBABILITY}


def at_least_table(label: str, dist: dict[int, float], lang: str = "en") -> str:
    """A monospace table of P(X >= k), rows below 0.05 % folded."""
    shown_rows = list(_visible(dist).items())
    lines = [f"  k | {t('at_least', lang, label=text(f'dist.{label}', lang))}"]
    lines += [f"{k:>3} | {_pct(p):>7}" for k, p in shown_rows[:MAX_TABLE_ROWS]]
    if len(shown_rows) < len(dist) or len(shown_rows) > MAX_TABLE_ROWS:
        lines.append(f"  … | {t('rarer_omitted', lang)}")
    return "```\n" + "\n".join(lines) + "\n```"


def chart_png(action: str, result: Mapping[str, Any], lang: str = "en") -> bytes | None:
    """The same P(X >= k) as the table, as bars (the far tail below 0.05 % left out)."""
    found = at_least(result)
    if found is None:
        return None
    key, dist = found
    label = text(f"dist.{key}", lang)
    visible = _visible(dist)
    if not visible:
        return None
    title = t("chart_title", lang, action=action.capitalize(), label=label) + f" ({result.get('ruleset', '')})"
    return charts.distribution_png(visible, title=title, xlabel=label, ylabel=t("probability_axis", lang),
                                   cumulative=True)


def _bulleted(items: Any, lang: str) -> str:
    return "\n".join(f"• {shown(item, lang)}" for item in items if item)


def _citation_lines(result: Mapping[str, Any]) -> str:
    lines = []
    for c in result.get("citations") or []:
        if isinstance(c, Mapping):
            doc = c.get("document_title") or c.get("document")
            parts = [str(doc)] if doc else []
            parts += [str(c["edition"])] if c.get("edition") else []
            parts += [f"§ {c['section']}"] if c.get("section") else []
            lines.append(" — ".join(parts))
    return "\n".join(f"• {line}" for line in dict.fromkeys(lines))


def _step_fields(result: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    lines = []
    for step in result.get("trace") or result.get("steps") or []:
        if isinstance(step, Mapping):
            lines.append(f"**{step.get('label') or step.get('step', '')}**: {shown(step.get('detail', ''), lang)}")
    if not lines:
        return []
    chunks = limits.split_text("\n".join(lines), limits.FIELD_VALUE)
    if len(chunks) > MAX_STEP_FIELDS:
        more = t("more_steps", lang)
        chunks = chunks[:MAX_STEP_FIELDS]
        chunks[-1] = limits.trim(chunks[-1], limits.FIELD_VALUE - len(more) - 2, pointer="") + "\n" + more
    return [(t("steps", lang) if i == 0 else t("steps_continued", lang), chunk) for i, chunk in enumerate(chunks)]


def referee_embeds(action: str, result: Mapping[str, Any], with_chart: bool, lang: str = "en") -> list[discord.Embed]:
    understood = understood_text(result, lang)
    description = f"{understood}\n\n**{verdict(result, lang)}**" if understood else verdict(result, lang)
    main = discord.Embed(title=_title(action, result, lang), description=limits.trim(description, limits.DESCRIPTION),
                         colour=ANSWER_COLOUR)
    if rows := assault_rows(result):
        main.add_field(name=t("assault_results", lang),
                       value=limits.trim(rows_table(rows), limits.FIELD_VALUE, "\n```"), inline=False)
        effects = "\n".join(f"**{label}**: {effect}" for label, _, effect in rows if effect)
        if effects:
            main.add_field(name=t("effects", lang), value=limits.trim(effects, limits.FIELD_VALUE), inline=False)
    elif (found := at_least(result)) is not None:
        label, dist = found
        main.add_field(name=t("at_least", lang, label=text(f"dist.{label}", lang)),
                       value=limits.trim(at_least_table(label, dist, lang), limits.FIELD_VALUE, "\n```"), inline=False)
    if with_chart:
        main.set_image(url=f"attachment://{CHART_NAME}")
    embeds = [main]

    steps = _step_fields(result, lang)
    if steps:
        detail = discord.Embed(title=t("how_worked_out", lang), colour=MUTED_COLOUR)
        for name, value in steps:
            detail.add_field(name=name, value=value, inline=False)
        embeds.append(detail)

    sources = discord.Embed(title=t("sources_assumptions", lang), colour=MUTED_COLOUR)
    # the words not understood are listed first already; the referee's note repeating them is left out
    repeated = "ignored:" if result.get("ignored") else None
    notes = [n for n in result.get("notes") or [] if n and not (repeated and str(n).startswith(repeated))]
    for name, value in ((t("sources", lang), _citation_lines(result)), (t("notes", lang), _bulleted(notes, lang))):
        if value:
            sources.add_field(name=name, value=limits.trim(value, limits.FIELD_VALUE), inline=False)
    if sources.fields:
        embeds.append(sources)
    return embeds


def referee_reply(action: str, result: Mapping[str, Any], lang: str = "en") -> Reply:
    """Embeds plus the chart PNG (odds mode, when not an assault table) as one publishable reply."""
    png = chart_png(action, result, lang) if result.get("mode") == "odds" and not assault_rows(result) else None
    attachments = [(CHART_NAME, png)] if png else []
    return Reply(referee_embeds(action, result, with_chart=bool(png), lang=lang), attachments, lang=lang)
