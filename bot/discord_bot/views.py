"""Buttons and menus under an answer, built to survive a restart.

Each component is a `discord.ui.DynamicItem`: its `custom_id` carries everything its click needs
(`adm:pub:<author>`, `adm:ed:<edition>:<term>`, `adm:fb:<1|0>:<chunk ids>`, `adm:open:<term>`,
`adm:pick:<rule|unit>`), and `register_components` (called from the bot's `setup_hook`) tells
discord.py to rebuild them from that id whenever one is clicked, whether the message was sent
a minute ago or before the last restart. The question a feedback button rates is read from the
answer message itself (its embed's author line).
"""
from __future__ import annotations

import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_bot import embeds
from bot.discord_bot.i18n import answer_locale, t
from bot.discord_bot.messages import NO_MENTIONS, Reply, Turn, send_notice
from bot.service import ServiceUnavailableError, UserInputError

if TYPE_CHECKING:
    from bot.discord_bot.context import BotContext

log = logging.getLogger("admiralty.discord")

CUSTOM_ID_MAX = 100  # Discord's limit
LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
REPLY_CACHE_SIZE = 500  # recent multi-message replies kept whole for "Post publicly"

# Replies sent recently, by the id of their first message: "Post publicly" re-posts all their
# messages and attachments. After a restart the button re-posts what the message itself shows.
_recent: OrderedDict[int, Reply] = OrderedDict()


def remember(message_id: int, reply: Reply) -> None:
    """Keep a reply whole for its buttons: every message for "Post publicly", the whole question
    for the feedback buttons (after a restart they fall back to what the message shows)."""
    _recent[message_id] = reply
    _recent.move_to_end(message_id)
    while len(_recent) > REPLY_CACHE_SIZE:
        _recent.popitem(last=False)


Work = Callable[[Turn], Awaitable[Reply]]


@dataclass(frozen=True)
class ClickHandlers:
    """What a click runs, passed in by the bot: `answers` builds these components and `replies` sends
    them, so this module cannot import either (no import goes back up)."""

    rule_reply: Callable[[Mapping[str, Any], str], Reply]
    unit_reply: Callable[[Mapping[str, Any], str], Reply]
    run_command: Callable[[discord.Interaction, BotContext, str, Work], Awaitable[None]]


def _handlers(interaction: discord.Interaction) -> ClickHandlers:
    handlers: ClickHandlers = getattr(interaction.client, "click_handlers")  # noqa: B009 - AdmiraltyBot's
    return handlers


def _context(interaction: discord.Interaction) -> BotContext:
    context: BotContext = getattr(interaction.client, "context")  # noqa: B009 - AdmiraltyBot.context
    return context


async def _lang(interaction: discord.Interaction) -> str:
    try:
        settings = await _context(interaction).settings_for(interaction)
    except ServiceUnavailableError:
        settings = None
    return answer_locale(interaction, settings.locale if settings else None)


def fits(custom_id: str) -> bool:
    return len(custom_id) <= CUSTOM_ID_MAX


# -- Post publicly ------------------------------------------------------------------------------
class PublishButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                    template=r"adm:pub:(?P<author>\d+)"):
    """Re-posts the ephemeral answer in the channel, once, for the person who asked."""

    def __init__(self, author_id: int, lang: str = "en", *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=t("posted" if disabled else "post_publicly", lang), style=discord.ButtonStyle.primary,
            emoji="📣", custom_id=f"adm:pub:{author_id}", disabled=disabled,
        ))
        self.author_id = author_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PublishButton:
        return cls(int(match["author"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.author_id:
            await send_notice(interaction, t("only_author_posts", await _lang(interaction)))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        lang = await _lang(interaction)
        try:
            message = interaction.message
            reply = _recent.get(message.id) if message is not None else None
            # Disable the button on the private copy (this acknowledges the click), then post.
            await interaction.response.edit_message(view=_with_publish_disabled(message, self.author_id, lang))
            for content, shown, files in await _public_messages(reply, message):
                await interaction.followup.send(content or "", embeds=shown, files=files,
                                                allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.exception("post-publicly failed")
            await send_notice(interaction, t("publish_failed", lang), error=True)


async def _public_messages(reply: Reply | None, message: discord.Message | None
                           ) -> list[tuple[str | None, list[discord.Embed], list[discord.File]]]:
    if reply is not None:
        return [(m.content, m.embeds, m.files()) for m in reply.messages()]
    if message is None:
        return []
    files = [await a.to_file() for a in message.attachments]
    return [(message.content or None, list(message.embeds), files)]


def _with_publish_disabled(message: discord.Message | None, author_id: int, lang: str) -> discord.ui.View:
    """The message's components again, the publish button now disabled and labelled "Posted"."""
    view = discord.ui.View.from_message(message, timeout=None) if message is not None else discord.ui.View(timeout=None)
    for item in list(view.children):
        if str(getattr(item, "custom_id", "") or "").startswith("adm:pub:"):
            view.remove_item(item)
    done = PublishButton(author_id, lang, disabled=True)
    view.add_item(done)
    return view


# -- Other editions -----------------------------------------------------------------------------
class OtherEditionsButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                          template=r"adm:ed:(?P<edition>[^:]*):(?P<term>.+)"):
    """The same rule in the editions other than the one shown."""

    def __init__(self, term: str, edition: str, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t("other_editions", lang), style=discord.ButtonStyle.secondary,
                                           emoji="📚", custom_id=f"adm:ed:{edition}:{term}"))
        self.term, self.edition = term, edition

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OtherEditionsButton:
        return cls(match["term"], match["edition"])

    async def callback(self, interaction: discord.Interaction) -> None:
        ctx, rule_reply = _context(interaction), _handlers(interaction).rule_reply

        async def work(turn: Turn) -> Reply:
            lang = turn.lang
            lookup = await ctx.call(ctx.service.rule, self.term)
            others = [e for e in lookup.get("entries") or [] if e.get("edition") != self.edition]
            if lookup.get("status") != "found" or not others:
                return Reply([embeds.message_embed(t("no_other_editions", lang, term=embeds.safe(self.term)))],
                             publishable=False)
            return rule_reply({**lookup, "entries": others}, lang)

        await _answer(interaction, "other-editions", work)


def other_editions_item(term: str | None, edition: str | None, lang: str) -> OtherEditionsButton | None:
    if not term or edition is None or not fits(f"adm:ed:{edition}:{term}") or ":" in edition:
        return None
    return OtherEditionsButton(term, edition, lang)


# -- Helpful / Not helpful ----------------------------------------------------------------------
class FeedbackButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                     template=r"adm:fb:(?P<helpful>[01]):(?P<ids>[^ ]*)"):
    """Stores a rating of an /ask answer with its question, chunk ids, server and user."""

    def __init__(self, helpful: bool, chunk_ids: Sequence[str], lang: str = "en", *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=t("helpful" if helpful else "not_helpful", lang), emoji="👍" if helpful else "👎",
            style=discord.ButtonStyle.success if helpful else discord.ButtonStyle.secondary,
            custom_id=feedback_custom_id(helpful, chunk_ids), disabled=disabled,
        ))
        self.helpful = helpful
        self.chunk_ids = list(chunk_ids)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> FeedbackButton:
        ids = [i for i in match["ids"].split(",") if i]
        return cls(match["helpful"] == "1", ids)

    async def callback(self, interaction: discord.Interaction) -> None:
        ctx = _context(interaction)
        lang = await _lang(interaction)
        recent = _recent.get(interaction.message.id) if interaction.message is not None else None
        question = (recent.question if recent is not None else None) or question_of(interaction.message)
        try:
            if not question:
                raise UserInputError("this answer no longer shows its question")
            await ctx.call(ctx.store.feedback.add, guild_id=interaction.guild_id, user_id=interaction.user.id,
                           question=question, chunk_ids=self.chunk_ids, helpful=self.helpful, source="discord")
        except ServiceUnavailableError:
            log.warning("feedback not stored: the database is unavailable")
            await send_notice(interaction, t("unavailable", lang), error=True)
            return
        except UserInputError as exc:
            log.info("feedback refused: %s", exc)
            await send_notice(interaction, embeds.safe(str(exc)), error=True)
            return
        log.info("feedback helpful=%s guild=%s chunks=%s", self.helpful, interaction.guild_id, self.chunk_ids)
        await send_notice(interaction, t("thanks_feedback", lang))


def feedback_custom_id(helpful: bool, chunk_ids: Sequence[str]) -> str:
    """`adm:fb:1:<id>,<id>…` with as many chunk ids (best first) as fit in Discord's 100 characters."""
    custom_id = f"adm:fb:{int(helpful)}:"
    kept: list[str] = []
    for chunk_id in chunk_ids:
        candidate = custom_id + ",".join([*kept, chunk_id])
        if "," in chunk_id or " " in chunk_id or len(candidate) > CUSTOM_ID_MAX:
            break
        kept.append(chunk_id)
    return custom_id + ",".join(kept)


def question_of(message: discord.Message | None) -> str | None:
    """The question an /ask answer shows in its first embed's author line."""
    if message is None or not message.embeds:
        return None
    name = message.embeds[0].author.name or ""
    return name.removeprefix(embeds.QUESTION_PREFIX).strip() or None


# -- Open a suggested rule ----------------------------------------------------------------------
class OpenRuleButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                     template=r"adm:open:(?P<term>.+)"):
    """A suggestion under a "not in the rules" answer: opens that rule as /rule would."""

    def __init__(self, term: str) -> None:
        super().__init__(discord.ui.Button(label=term[:LABEL_MAX], style=discord.ButtonStyle.secondary,
                                           custom_id=f"adm:open:{term}"))
        self.term = term

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OpenRuleButton:
        return cls(match["term"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open(interaction, "rule", self.term)


def suggestion_items(names: Sequence[str], limit: int = 5) -> list[OpenRuleButton]:
    return [OpenRuleButton(n) for n in names if n and fits(f"adm:open:{n}")][:limit]


# -- Pickers ------------------------------------------------------------------------------------
class Picker(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
             template=r"adm:pick:(?P<kind>rule|unit)"):
    """A select menu of the candidates of an ambiguous /rule or /unit; choosing one opens it."""

    def __init__(self, kind: str, candidates: Sequence[str] = (), lang: str = "en") -> None:
        options = [discord.SelectOption(label=c[:100], value=c[:100]) for c in dict.fromkeys(candidates) if c]
        super().__init__(discord.ui.Select(
            custom_id=f"adm:pick:{kind}", placeholder=t("picker_placeholder", lang),
            options=options[:SELECT_OPTIONS_MAX] or [discord.SelectOption(label="—", value="—")],
            min_values=1, max_values=1,
        ))
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Picker:
        return cls(match["kind"])  # discord.py then fills in the chosen value

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if values:
            await _open(interaction, self.kind, str(values[0]))


async def _open(interaction: discord.Interaction, kind: str, name: str) -> None:
    """Answer a picker choice or a suggestion exactly as `/rule name` or `/unit name` would."""
    ctx, handlers = _context(interaction), _handlers(interaction)

    async def work(turn: Turn) -> Reply:
        lang = turn.lang
        if kind == "unit":
            return handlers.unit_reply(await ctx.call(ctx.service.unit, name), lang)
        return handlers.rule_reply(await ctx.call(ctx.service.rule, name), lang)

    await _answer(interaction, f"open-{kind}", work)


async def _answer(interaction: discord.Interaction, name: str, work: Work) -> None:
    await _handlers(interaction).run_command(interaction, _context(interaction), name, work)


COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PublishButton, OtherEditionsButton, FeedbackButton, OpenRuleButton, Picker,
)


def register_components(client: discord.Client) -> None:
    """Make every button and menu work again after a restart (call from `setup_hook`)."""
    client.add_dynamic_items(*COMPONENTS)


def view_of(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A never-expiring view holding `items` (all DynamicItems, so nothing per message is stored)."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
