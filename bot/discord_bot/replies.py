"""How every command answers: rate limit, defer, read the settings, call the service off the
event loop, reply.

All replies are ephemeral with a "Post publicly" button, all carry `AllowedMentions.none()`,
and every failure becomes a short ephemeral message in the reply's language plus a log line
(with the traceback only in the log).
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_bot import limits
from bot.discord_bot.embeds import safe
from bot.discord_bot.i18n import OPTION_NAMES_RU, answer_locale, show_option_names, t
from bot.discord_bot.messages import NO_MENTIONS, Reply, Turn, send_notice
from bot.discord_bot.views import PublishButton, remember, view_of
from bot.metrics import record_bot_command
from bot.service import UserInputError, error_text
from bot.store import StoreUnavailableError

if TYPE_CHECKING:
    from bot.discord_bot.context import BotContext

__all__ = ["NO_MENTIONS", "Reply", "Turn", "run_command", "send_notice", "send_reply"]

log = logging.getLogger("admiralty.discord")

Work = Callable[[Turn], Awaitable[Reply]]


def describe_user_error(exc: BaseException, lang: str = "en") -> str:
    """One short line; names the offending option when the error says which."""
    text = show_option_names(" ".join(error_text(exc, lang).split()), lang) or exc.__class__.__name__
    field_name = getattr(exc, "field", None)
    if field_name and field_name not in text:
        shown = OPTION_NAMES_RU.get(field_name, field_name) if lang == "ru" else field_name
        text = f"{shown}: {text}"
    return limits.trim(safe(text), 500)


async def send_reply(interaction: discord.Interaction, reply: Reply) -> None:
    """Send `reply` as ephemeral follow-ups; the first carries the buttons ("Post publicly" and
    the reply's own) and is remembered so "Post publicly" can re-post every message."""
    messages = reply.messages()
    for i, message in enumerate(messages):
        kwargs: dict[str, Any] = dict(
            embeds=message.embeds,
            files=message.files(),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        if message.content:
            kwargs["content"] = message.content
        if i == 0:
            items = ([PublishButton(interaction.user.id, reply.lang)] if reply.publishable else []) + reply.items
            view = view_of(items)
            if view is not None:
                kwargs["view"] = view
        sent = await interaction.followup.send(wait=True, **kwargs)
        if i == 0 and sent is not None and (reply.publishable or reply.items):
            remember(sent.id, reply)


def _where(interaction: discord.Interaction) -> str:
    return f"user={interaction.user.id} guild={interaction.guild_id}"


async def run_command(interaction: discord.Interaction, ctx: BotContext, name: str, work: Work) -> None:
    """Rate-limit, defer within Discord's 3 s, read the settings, run `work`, and answer or
    explain the failure."""
    wait = ctx.limiter.acquire(interaction.user.id)
    if wait > 0:
        log.info("/%s rate-limited %s retry_in=%.0fs", name, _where(interaction), wait)
        record_bot_command(name, "rate_limited")
        await send_notice(interaction, t("rate_limited", answer_locale(interaction), seconds=max(1, round(wait))))
        return
    lang = answer_locale(interaction)
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            settings = await ctx.settings_for(interaction)
        except StoreUnavailableError as exc:
            if name == "settings":  # the one command that is about the store itself
                raise
            # A rules answer never waits on the settings database: answer with the defaults.
            log.warning("/%s: settings database unavailable, answering with defaults %s: %s",
                        name, _where(interaction), exc)
            settings = None
        lang = answer_locale(interaction, settings.locale if settings else None)
        reply = await work(Turn(settings, lang))
        reply.lang = lang
        await send_reply(interaction, reply)
        log.info("/%s answered %s", name, _where(interaction))
        record_bot_command(name, "answered")
    except StoreUnavailableError as exc:
        log.warning("/%s: settings database unavailable %s: %s", name, _where(interaction), exc)
        record_bot_command(name, "unavailable")
        await _notice_or_log(interaction, t("unavailable", lang), name)
    except UserInputError as exc:
        log.info("/%s rejected %s: %s", name, _where(interaction), exc)
        record_bot_command(name, "rejected")
        await _notice_or_log(interaction, describe_user_error(exc, lang), name)
    except Exception:
        log.exception("/%s failed %s", name, _where(interaction))
        record_bot_command(name, "failed")
        await _notice_or_log(interaction, t("generic_error", lang), name)


async def _notice_or_log(interaction: discord.Interaction, text: str, name: str) -> None:
    try:
        await send_notice(interaction, text, error=True)
    except discord.HTTPException:
        log.exception("/%s could not send its error message %s", name, _where(interaction))
