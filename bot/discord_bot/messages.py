"""What a command sends: Reply and its messages, no-mention defaults, ephemeral notices.

Kept apart from replies.py (which runs commands) and views.py (buttons), which both need these
types, so neither imports the other's module for them.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_bot import limits
from bot.discord_bot.embeds import message_embed
from bot.discord_bot.i18n import t
from bot.store import GuildSettings

NO_MENTIONS = discord.AllowedMentions.none()
MAX_MESSAGES = 4  # a reply longer than this is cut, with a note, rather than flooding the channel


@dataclass(frozen=True)
class Turn:
    """Who asked where: the effective server/channel settings (None in DMs) and the reply language."""

    settings: GuildSettings | None
    lang: str = "en"


@dataclass
class OutgoingMessage:
    """One Discord message's worth of a reply; `files()` makes fresh File objects each send."""

    embeds: list[discord.Embed]
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    content: str | None = None

    def files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.attachments]


@dataclass
class Reply:
    """A formatted answer: embeds (packed into as many messages as the limits need), PNGs, and
    the buttons/menus (`items`, DynamicItems) that go under its first message."""

    embeds: list[discord.Embed]
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    content: str | None = None
    publishable: bool = True
    items: list[Any] = field(default_factory=list)
    lang: str = "en"
    question: str | None = None  # what an /ask answer answers, whole (its author line may be trimmed)

    def messages(self) -> list[OutgoingMessage]:
        """Split into messages that each respect Discord's limits; files ride on the first."""
        groups = limits.pack_embeds(self.embeds) or [[]]
        if len(groups) > MAX_MESSAGES:
            left_out = sum(len(g) for g in groups[MAX_MESSAGES:])
            groups = groups[:MAX_MESSAGES]
            note = message_embed(t("left_out", self.lang, n=left_out))
            if len(groups[-1]) < limits.EMBEDS_PER_MESSAGE and \
                    sum(map(len, groups[-1])) + len(note) <= limits.EMBED_TOTAL:
                groups[-1].append(note)
            else:
                groups[-1][-1] = note
        content = limits.trim(self.content, limits.CONTENT) if self.content else None
        out = [OutgoingMessage(groups[0], list(self.attachments[: limits.FILES_PER_MESSAGE]), content)]
        out.extend(OutgoingMessage(group) for group in groups[1:])
        return out


async def send_notice(interaction: discord.Interaction, text: str, *, error: bool = False) -> None:
    """An ephemeral one-paragraph message, whether or not we already deferred."""
    embed = message_embed(text, error=error)
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)
