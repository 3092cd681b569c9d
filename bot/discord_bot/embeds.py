"""Turn the service's JSON answers into Discord embeds that always fit Discord's limits.

Long passages are split over continuation embeds up to a cap, then trimmed with a
pointer to the cited section, so Discord never rejects a reply. User text echoed
back is escaped so it cannot format or mention anything.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.discord_bot import limits

ANSWER_COLOUR = discord.Colour.blurple()
WARNING_COLOUR = discord.Colour.orange()
ERROR_COLOUR = discord.Colour.red()
MUTED_COLOUR = discord.Colour.light_grey()

# How much of a passage we show before trimming with a "more" pointer.
TOP_PASSAGE_EMBEDS = 2  # the best answer may continue in a second embed
OTHER_PASSAGE_CHARS = 900
RULE_ENTRY_EMBEDS = 2
MAX_ASK_RESULTS = 3


def safe(text: Any) -> str:
    """Escape user-typed text so it renders literally and mentions nothing."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(text)))


def citation(item: Mapping[str, Any]) -> str:
    """'Document title — edition — section' for an index result or rule entry."""
    edition = str(item.get("edition") or "edition not stated")
    if item.get("edition_label"):
        edition = f"{item['edition_label']} [{edition}]"
    parts = [str(item.get("document_title") or item.get("document") or "unknown document"), edition]
    if item.get("section"):
        parts.append(f"§ {item['section']}")
    return " — ".join(parts)


def more_pointer(item: Mapping[str, Any]) -> str:
    """Trailer for a trimmed passage: where to read the rest."""
    section = item.get("section") or "this section"
    doc = item.get("document_title") or item.get("document") or "the source"
    return f"{limits.ELLIPSIS}\n*(more: see {section} in {doc})*"


def _passage_embeds(
    item: Mapping[str, Any], title: str, cap: int, colour: discord.Colour, max_embeds: int = 1
) -> list[discord.Embed]:
    """One passage as up to `max_embeds` embeds of at most `cap` characters each; the
    rest is cut off and replaced by a pointer to the cited section."""
    text = str(item.get("text") or "").strip() or "*(empty passage)*"
    cap = min(cap, limits.DESCRIPTION)
    pointer = more_pointer(item)
    pieces = limits.split_text(text, cap)
    if len(pieces) > max_embeds:
        pieces = pieces[:max_embeds]
        pieces[-1] = limits.trim(pieces[-1], cap - len(pointer) - 1, pointer="") + pointer
    embeds = []
    for i, piece in enumerate(pieces):
        piece_title = title if i == 0 else f"{title} (continued {i + 1}/{len(pieces)})"
        embed = discord.Embed(
            title=limits.trim(piece_title, limits.TITLE), description=piece, colour=colour
        )
        embed.set_footer(text=limits.trim(citation(item), limits.FOOTER))
        embeds.append(embed)
    return embeds


def ask_embeds(answer: Mapping[str, Any], max_results: int = MAX_ASK_RESULTS) -> list[discord.Embed]:
    """Embeds for `/ask`: best passage in full(ish), the next ones shorter, each cited."""
    question = safe(answer.get("question", ""))
    results: Sequence[Mapping[str, Any]] = answer.get("results") or []
    if not results:
        return [
            discord.Embed(
                title="No matching rule found",
                description=limits.trim(
                    f"Nothing in the indexed rules matches “{question}”. "
                    "Try other words, drop the edition/game filter, or look a term up with `/rule`.",
                    limits.DESCRIPTION,
                ),
                colour=MUTED_COLOUR,
            )
        ]
    embeds: list[discord.Embed] = []
    for i, item in enumerate(results[:max_results]):
        heading = item.get("section") or item.get("document_title") or "Passage"
        if i == 0:
            embeds.extend(_passage_embeds(item, str(heading), limits.DESCRIPTION, ANSWER_COLOUR, TOP_PASSAGE_EMBEDS))
        else:
            title = f"Also relevant: {heading}"
            embeds.extend(_passage_embeds(item, title, OTHER_PASSAGE_CHARS, MUTED_COLOUR))
    top = embeds[0]
    top.set_author(name=limits.trim(f"Q: {answer.get('question', '')}", limits.AUTHOR))
    note = answer.get("editions_disagree")
    if note:
        top.add_field(
            name="⚠️ Editions disagree",
            value=limits.trim(str(note), limits.FIELD_VALUE),
            inline=False,
        )
    return embeds


def rule_embeds(lookup: Mapping[str, Any]) -> list[discord.Embed]:
    """Embeds for `/rule`: every edition's entry, labelled, or the candidates to choose from."""
    query = safe(lookup.get("query", ""))
    status = lookup.get("status")
    candidates = [str(c) for c in lookup.get("candidates") or []]
    if status == "found" and lookup.get("entries"):
        embeds = []
        for entry in lookup["entries"]:
            edition = entry.get("edition_label") or entry.get("edition") or "edition not stated"
            label = f"{entry.get('term') or lookup.get('query')} — {edition}"
            embeds.extend(_passage_embeds(entry, label, limits.DESCRIPTION, ANSWER_COLOUR, RULE_ENTRY_EMBEDS))
        return embeds
    if status == "ambiguous":
        title = f"“{query}” matches several rules"
        lead = "Pick one and run `/rule` again:"
        colour = WARNING_COLOUR
    else:
        title = f"No rule named “{query}”"
        lead = "Did you mean:" if candidates else "Try `/ask` with a question, or check the spelling."
        colour = MUTED_COLOUR
    body = lead
    if candidates:
        body += "\n" + "\n".join(f"• {safe(c)}" for c in candidates[: limits.CHOICES])
    return [
        discord.Embed(
            title=limits.trim(title, limits.TITLE),
            description=limits.trim(body, limits.DESCRIPTION),
            colour=colour,
        )
    ]


def _source_lines(doc: Mapping[str, Any]) -> list[str]:
    lines = []
    if doc.get("game"):
        lines.append(f"**Game:** {doc['game']}")
    if doc.get("edition"):
        label = doc.get("edition_label")
        lines.append(f"**Edition:** {label} (`{doc['edition']}`)" if label else f"**Edition:** `{doc['edition']}`")
    for key, label in (("version", "Version"), ("language", "Language"), ("file", "File")):
        if doc.get(key):
            lines.append(f"**{label}:** {doc[key]}")
    return lines


def sources_embeds(documents: Iterable[Mapping[str, Any]]) -> list[discord.Embed]:
    """Embeds for `/sources`: one field per document (25 per embed)."""
    docs = list(documents)
    if not docs:
        return [discord.Embed(title="Sources", description="No documents are configured.", colour=MUTED_COLOUR)]
    embeds = []
    for start in range(0, len(docs), limits.FIELDS):
        first = start == 0
        embed = discord.Embed(
            title="Sources" if first else "Sources (continued)",
            description=f"{len(docs)} documents; every answer cites one of these." if first else None,
            colour=ANSWER_COLOUR,
        )
        for doc in docs[start : start + limits.FIELDS]:
            name = str(doc.get("title") or doc.get("id") or "untitled document")
            embed.add_field(
                name=limits.trim(name, limits.FIELD_NAME),
                value=limits.trim("\n".join(_source_lines(doc)) or "—", limits.FIELD_VALUE),
                inline=False,
            )
        embeds.append(embed)
    return embeds


def message_embed(text: str, *, error: bool = False) -> discord.Embed:
    """A one-paragraph notice (errors, rate limits, confirmations)."""
    return discord.Embed(
        description=limits.trim(text, limits.DESCRIPTION),
        colour=ERROR_COLOUR if error else MUTED_COLOUR,
    )
