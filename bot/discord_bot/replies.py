"""How every command answers: rate limit, defer, call the service off the event loop, reply.

All replies are ephemeral with a "Post publicly" button, all carry
`AllowedMentions.none()`, and every failure becomes a short ephemeral message plus
a log line (with the traceback only in the log).
"""
from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.discord_bot import limits
from bot.discord_bot.embeds import message_embed, safe
from bot.discord_bot.guild_settings import SettingsValueError
from bot.discord_bot.rate_limit import RateLimiter
from bot.discord_bot.views import PublishView

log = logging.getLogger("admiralty.discord")

NO_MENTIONS = discord.AllowedMentions.none()
MAX_MESSAGES = 4  # a reply longer than this is cut, with a note, rather than flooding the channel
GENERIC_ERROR = "Sorry, something went wrong while answering. The error has been logged; please try again later."


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
    """A formatted answer: embeds (packed into as many messages as the limits need) and PNGs."""

    embeds: list[discord.Embed]
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    content: str | None = None
    publishable: bool = True

    def messages(self) -> list[OutgoingMessage]:
        """Split into messages that each respect Discord's limits; files ride on the first."""
        groups = limits.pack_embeds(self.embeds) or [[]]
        if len(groups) > MAX_MESSAGES:
            left_out = sum(len(g) for g in groups[MAX_MESSAGES:])
            groups = groups[:MAX_MESSAGES]
            note = message_embed(f"{left_out} more part(s) of this answer were left out; narrow the question "
                                 "(e.g. with an edition) to see them.")
            if len(groups[-1]) < limits.EMBEDS_PER_MESSAGE and \
                    sum(map(len, groups[-1])) + len(note) <= limits.EMBED_TOTAL:
                groups[-1].append(note)
            else:
                groups[-1][-1] = note
        content = limits.trim(self.content, limits.CONTENT) if self.content else None
        out = [OutgoingMessage(groups[0], list(self.attachments[: limits.FILES_PER_MESSAGE]), content)]
        out.extend(OutgoingMessage(group) for group in groups[1:])
        return out


class UserFacingError(Exception):
    """An error whose message is safe and useful to show to the user as is."""


def user_error_types() -> tuple[type[BaseException], ...]:
    """Errors meaning 'bad input or missing data', shown to the user as one line."""
    types: list[type[BaseException]] = [UserFacingError, SettingsValueError]
    try:
        from index.errors import AdmiraltyError

        types.append(AdmiraltyError)
    except ImportError:  # pragma: no cover - index is part of the project
        pass
    try:
        from referee.errors import InputError

        types.append(InputError)
    except ImportError:  # pragma: no cover - referee is part of the project
        pass
    return tuple(types)


def describe_user_error(exc: BaseException) -> str:
    """One short line; names the offending option when the error says which."""
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    field_name = getattr(exc, "field", None)
    if field_name and field_name not in text:
        text = f"{field_name}: {text}"
    return limits.trim(safe(text), 500)


async def send_notice(interaction: discord.Interaction, text: str, *, error: bool = False) -> None:
    """An ephemeral one-paragraph message, whether or not we already deferred."""
    embed = message_embed(text, error=error)
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def send_reply(interaction: discord.Interaction, reply: Reply) -> None:
    """Send `reply` as ephemeral follow-ups; the first carries the "Post publicly" button."""
    messages = reply.messages()
    for i, message in enumerate(messages):
        kwargs = dict(
            embeds=message.embeds,
            files=message.files(),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        if message.content:
            kwargs["content"] = message.content
        if i == 0 and reply.publishable:
            kwargs["view"] = PublishView(reply, interaction.user.id, interaction)
        await interaction.followup.send(**kwargs)


def _where(interaction: discord.Interaction) -> str:
    return f"user={interaction.user.id} guild={interaction.guild_id}"


async def run_command(
    interaction: discord.Interaction,
    limiter: RateLimiter,
    name: str,
    work: Callable[[], Awaitable[Reply]],
) -> None:
    """Rate-limit, defer within Discord's 3 s, run `work`, and answer or explain the failure."""
    wait = limiter.acquire(interaction.user.id)
    if wait > 0:
        log.info("/%s rate-limited %s retry_in=%.0fs", name, _where(interaction), wait)
        await send_notice(
            interaction,
            f"You're sending commands a little fast — please try again in {max(1, round(wait))} seconds.",
        )
        return
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await work()
        await send_reply(interaction, reply)
        log.info("/%s answered %s", name, _where(interaction))
    except user_error_types() as exc:
        log.info("/%s rejected %s: %s", name, _where(interaction), exc)
        await _notice_or_log(interaction, describe_user_error(exc), name)
    except Exception:
        log.exception("/%s failed %s", name, _where(interaction))
        await _notice_or_log(interaction, GENERIC_ERROR, name)


async def _notice_or_log(interaction: discord.Interaction, text: str, name: str) -> None:
    try:
        await send_notice(interaction, text, error=True)
    except discord.HTTPException:
        log.exception("/%s could not send its error message %s", name, _where(interaction))
