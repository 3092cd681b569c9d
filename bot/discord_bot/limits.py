"""Discord's hard message limits, and text helpers that keep us under them.

Discord rejects a whole message (HTTP 400) if any one limit is exceeded, so every
string we send goes through `trim` or `split_text` first.
"""
from __future__ import annotations

import discord

TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
FIELDS = 25
EMBED_TOTAL = 6000  # across all embeds of one message
EMBEDS_PER_MESSAGE = 10
CONTENT = 2000
FILES_PER_MESSAGE = 10
CHOICES = 25
CHOICE_TEXT = 100

ELLIPSIS = "…"


def _cut_point(text: str, limit: int) -> int:
    """Best place at or before `limit` to cut: paragraph, line, sentence, word, else hard."""
    window = text[:limit]
    floor = limit // 2  # don't produce tiny pieces just to end on a nice boundary
    for sep in ("\n\n", "\n", ". ", "; ", " "):
        pos = window.rfind(sep)
        if pos >= floor:
            return pos + len(sep)
    return limit


def trim(text: str, limit: int, pointer: str = ELLIPSIS) -> str:
    """Shorten `text` to at most `limit` characters, ending with `pointer` if cut."""
    text = text or ""
    if len(text) <= limit:
        return text
    if len(pointer) >= limit:
        return pointer[:limit]
    cut = _cut_point(text, limit - len(pointer))
    return text[:cut].rstrip() + pointer


def split_text(text: str, limit: int) -> list[str]:
    """Split `text` into pieces of at most `limit` characters on natural boundaries."""
    if limit <= 0:
        raise ValueError("limit must be positive")
    pieces: list[str] = []
    rest = (text or "").strip()
    while len(rest) > limit:
        cut = _cut_point(rest, limit)
        piece = rest[:cut].rstrip()
        if not piece:  # only whitespace before the cut: hard cut instead
            piece, cut = rest[:limit], limit
        pieces.append(piece)
        rest = rest[cut:].lstrip()
    if rest or not pieces:
        pieces.append(rest)
    return pieces


def embed_size(embed: discord.Embed) -> int:
    """Characters Discord counts towards the 6000 total (title, description, fields, footer, author)."""
    return len(embed)


def check_embed(embed: discord.Embed) -> None:
    """Raise ValueError if `embed` breaks a per-embed limit (used by tests and packing)."""
    problems = []
    if len(embed.title or "") > TITLE:
        problems.append("title")
    if len(embed.description or "") > DESCRIPTION:
        problems.append("description")
    if len(embed.fields) > FIELDS:
        problems.append("field count")
    for field in embed.fields:
        if len(field.name or "") > FIELD_NAME or not field.name:
            problems.append("field name")
        if len(field.value or "") > FIELD_VALUE or not field.value:
            problems.append("field value")
    if len(embed.footer.text or "") > FOOTER:
        problems.append("footer")
    if len(embed.author.name or "") > AUTHOR:
        problems.append("author")
    if len(embed) > EMBED_TOTAL:
        problems.append("total")
    if problems:
        raise ValueError(f"embed breaks Discord limits: {', '.join(sorted(set(problems)))}")


def pack_embeds(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Group embeds into messages of at most 10 embeds and 6000 characters each, in order."""
    messages: list[list[discord.Embed]] = []
    current: list[discord.Embed] = []
    size = 0
    for embed in embeds:
        check_embed(embed)
        n = embed_size(embed)
        if current and (size + n > EMBED_TOTAL or len(current) >= EMBEDS_PER_MESSAGE):
            messages.append(current)
            current, size = [], 0
        current.append(embed)
        size += n
    if current:
        messages.append(current)
    return messages
