"""Slash commands /ask, /rule, /unit, /fleet, /sources, /settings, /help: the `SearchCommands` cog (the referee's
are the `RefereeCommands` cog in referee_commands).

Each callback only maps options to one `Admiralty` call and formats the answer;
`replies.run_command` does the deferring, rate limiting, settings and error handling.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_bot import answers, embeds, limits, suggest
from bot.discord_bot.context import BotContext
from bot.discord_bot.i18n import COMMAND_DESCRIPTIONS_RU, COMMAND_NAMES_RU, answer_locale, t
from bot.discord_bot.messages import NO_MENTIONS, Reply, Turn, send_notice
from bot.discord_bot.replies import run_command
from bot.discord_bot.suggest import Choices, guarded
from bot.service import ASK_PARAMS, RULE_PARAMS, UserInputError, referee_actions, spec_named
from bot.store import LANGUAGES, LOCALES, RULESETS

log = logging.getLogger("admiralty.discord")

MAX_QUESTION = spec_named(ASK_PARAMS, "question").max_length
MAX_TERM = spec_named(RULE_PARAMS, "term").max_length
MAX_UNIT_NAME = 100
LANGUAGE_NAMES = {"en": "English", "ru": "Russian"}


class SearchCommands(commands.Cog):
    """/ask, /rule, /unit, /fleet, /sources, /settings and /help over the bot's context."""

    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx

    # -- autocomplete (each wrapped once: a failure logs and offers nothing) ------------------------
    @guarded("edition")
    async def edition_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        seen: dict[str, str] = {}
        for doc in await self.ctx.documents():
            seen.setdefault(str(doc["edition"]), f"{doc.get('edition_label') or doc['edition']} ({doc['edition']})")
        return suggest.matching([(label, value) for value, label in seen.items()], current)

    @guarded("game")
    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        games = sorted({str(doc["game"]) for doc in await self.ctx.documents()})
        return suggest.matching([(game, game) for game in games], current)

    @guarded("term")
    async def term_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        return suggest.names(await self.ctx.call(self.ctx.service.complete_terms, current[:MAX_TERM], limits.CHOICES))

    @guarded("unit")
    async def unit_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        return suggest.names(list(await self.ctx.call(self.ctx.service.complete_units, current[:MAX_UNIT_NAME])))

    # -- commands -----------------------------------------------------------------------------------
    @app_commands.command(name="ask", description="Ask a rules question; answers quote and cite the rulebooks.")
    @app_commands.describe(
        question="Your question, in English or Russian",
        edition="Only search this edition",
        game="Only search this game",
    )
    @app_commands.autocomplete(edition=edition_autocomplete, game=game_autocomplete)
    async def ask(
        self,
        interaction: discord.Interaction,
        question: app_commands.Range[str, 1, MAX_QUESTION],
        edition: str | None = None,
        game: str | None = None,
    ) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            defaults = turn.settings
            answer = await ctx.call(
                ctx.service.ask,
                question,
                k=embeds.MAX_ASK_RESULTS,
                game=game or (defaults.game if defaults else None),
                edition=edition or (defaults.edition if defaults else None),
                lang=defaults.language if defaults else None,
            )
            return answers.ask_reply(answer, turn.lang)

        await run_command(interaction, ctx, "ask", work)

    @app_commands.command(name="rule", description="Look up a rule or keyword; shows each edition's entry.")
    @app_commands.describe(term="Rule or keyword name (English or Russian)")
    @app_commands.autocomplete(term=term_autocomplete)
    async def rule(self, interaction: discord.Interaction, term: app_commands.Range[str, 1, MAX_TERM]) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            # The submitted name is looked up again: the user may have ignored the suggestions.
            lookup = await ctx.call(ctx.service.rule, term)
            language = turn.settings.language if turn.settings else None
            if language and lookup.get("entries"):
                lookup = dict(lookup)
                lookup["entries"] = sorted(lookup["entries"], key=lambda e: e.get("language") != language)
            return answers.rule_reply(lookup, turn.lang)

        await run_command(interaction, ctx, "rule", work)

    @app_commands.command(name="unit", description="A unit's card: stats, weapons, special rules, source and version.")
    @app_commands.describe(name="Unit name (start typing for suggestions)")
    @app_commands.autocomplete(name=unit_autocomplete)
    async def unit(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, MAX_UNIT_NAME]) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            return answers.unit_reply(await ctx.call(ctx.service.unit, name), turn.lang)

        await run_command(interaction, ctx, "unit", work)

    fleet = app_commands.Group(name="fleet", description="Your fleet: import a BattleScribe/New Recruit roster, and "
                                                         "what it can do to one target.")

    @fleet.command(name="vs", description="What your fleet (a BattleScribe/New Recruit roster) can do to one "
                                          "target: exact odds.")
    @app_commands.describe(target="Target unit name (start typing for suggestions)",
                           fleet="Fleet name (default: the last imported roster)")
    @app_commands.autocomplete(target=unit_autocomplete)
    async def fleet_vs(self, interaction: discord.Interaction, target: app_commands.Range[str, 1, MAX_UNIT_NAME],
                       fleet: app_commands.Range[str, 1, MAX_UNIT_NAME] | None = None) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            table = await ctx.call(ctx.service.fleet_vs, target, fleet=fleet, lang=turn.lang,
                                   scope=fleet_scope(interaction))
            return Reply(embeds.fleet_vs_embeds(table, turn.lang), lang=turn.lang)

        await run_command(interaction, ctx, "fleet", work)

    @fleet.command(name="import", description="Import your fleet: attach a BattleScribe/New Recruit roster "
                                              "(.rosz or .ros).")
    @app_commands.describe(roster="The roster file (.rosz or .ros) from BattleScribe or New Recruit")
    async def fleet_import(self, interaction: discord.Interaction, roster: discord.Attachment) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            summary = await import_roster(ctx, roster, fleet_scope(interaction))
            return Reply([embeds.fleet_imported_embed(summary, turn.lang)], publishable=False, lang=turn.lang)

        await run_command(interaction, ctx, "fleet", work)

    @app_commands.command(name="sources", description="List the rule documents, editions and versions I answer from.")
    async def sources(self, interaction: discord.Interaction) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            return Reply(embeds.sources_embeds(await ctx.call(ctx.service.sources), turn.lang))

        await run_command(interaction, ctx, "sources", work)

    @app_commands.command(name="settings",
                          description="Show this server's defaults; changing them needs Manage Server.")
    @app_commands.guild_only()
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    @app_commands.describe(
        ruleset="Default ruleset for /attack, /assault and /ram",
        game="Default game filter for /ask",
        edition="Default edition for /ask",
        language="Only answer /ask from documents in this language",
        locale="The language the bot speaks",
        reset="Forget the settings (of the server, or of this channel)",
        this_channel="Change this channel only, not the whole server",
    )
    @app_commands.choices(
        ruleset=[app_commands.Choice(name=r, value=r) for r in RULESETS],
        language=[app_commands.Choice(name=LANGUAGE_NAMES.get(c, c), value=c) for c in LANGUAGES],
        locale=[app_commands.Choice(name=LANGUAGE_NAMES.get(c, c), value=c) for c in LOCALES],
    )
    @app_commands.autocomplete(game=game_autocomplete, edition=edition_autocomplete)
    async def settings(
        self,
        interaction: discord.Interaction,
        ruleset: app_commands.Choice[str] | None = None,
        game: app_commands.Range[str, 1, 40] | None = None,
        edition: app_commands.Range[str, 1, 40] | None = None,
        language: app_commands.Choice[str] | None = None,
        locale: app_commands.Choice[str] | None = None,
        reset: bool = False,
        this_channel: bool = False,
    ) -> None:
        ctx = self.ctx

        async def work(turn: Turn) -> Reply:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise UserInputError(t("settings_in_server", turn.lang))
            changes = {key: value for key, value in (
                ("ruleset", ruleset.value if ruleset else None), ("game", game), ("edition", edition),
                ("language", language.value if language else None), ("locale", locale.value if locale else None),
            ) if value is not None}
            changing = reset or bool(changes)
            if changing and not interaction.permissions.manage_guild:
                raise UserInputError(t("settings_need_manage", turn.lang))
            channel_id = interaction.channel_id if this_channel else None
            store = ctx.store.settings
            if reset:
                await ctx.call(store.reset, guild_id, channel_id=channel_id)
            for key, value in changes.items():
                await ctx.call(store.set, guild_id, key, value, channel_id=channel_id, updated_by=interaction.user.id)
            current = await ctx.call(store.get, guild_id, interaction.channel_id)
            lang = answer_locale(interaction, current.locale)  # a new locale answers in itself
            return Reply([settings_embed(current.to_json(), changing, lang, bool(channel_id))], publishable=False,
                         lang=lang)

        await run_command(interaction, ctx, "settings", work)

    @app_commands.command(name="help", description="What I can do and how to ask.")
    async def help_(self, interaction: discord.Interaction) -> None:
        try:
            current = await self.ctx.settings_for(interaction)
        except UserInputError:  # the settings database is down: the server's own locale still works
            current = None
        lang = answer_locale(interaction, current.locale if current else None)
        await interaction.response.send_message(embed=help_embed(lang), ephemeral=True, allowed_mentions=NO_MENTIONS)


async def import_roster(ctx: BotContext, attachment: discord.Attachment, scope: str) -> dict[str, Any]:
    """An uploaded roster through the CLI's reader (units.roster): its size checked before it is downloaded,
    its name kept (the errors name the player's file), kept as `scope`'s current fleet."""
    import tempfile
    from pathlib import Path

    from units.roster import check_upload

    name = check_upload(attachment.filename, attachment.size)
    data = await attachment.read()
    check_upload(name, len(data))  # what arrived, not only what Discord announced
    with tempfile.TemporaryDirectory(prefix="admiralty-roster-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        summary: dict[str, Any] = await ctx.call(ctx.service.import_fleet, str(path), scope)
    return summary


def fleet_scope(interaction: discord.Interaction) -> str:
    """Whose fleets a command reads and imports: the server's own (a direct message: the player's own)."""
    if interaction.guild_id is not None:
        return f"discord-guild-{interaction.guild_id}"
    return f"discord-user-{interaction.user.id}"


async def handle_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Errors raised before or around a callback (checks, option conversion, bugs)."""
    name = interaction.command.name if interaction.command else "?"
    lang = answer_locale(interaction)
    if isinstance(error, app_commands.NoPrivateMessage):
        text = t("guild_only", lang)
    elif isinstance(error, app_commands.MissingPermissions):
        perms = ", ".join(p.replace("_", " ").title() for p in error.missing_permissions)
        text = t("missing_permission", lang, perms=perms)
    elif isinstance(error, app_commands.CommandOnCooldown):
        text = t("cooldown", lang, seconds=f"{error.retry_after:.0f}")
    elif isinstance(error, app_commands.TransformerError):
        text = t("bad_value", lang, value=embeds.safe(error.value))
    elif isinstance(error, app_commands.CheckFailure):
        text = t("cannot_use_here", lang)
    else:
        text = None
    if text is None:
        log.error("/%s failed user=%s guild=%s", name, interaction.user.id, interaction.guild_id, exc_info=error)
        text = t("generic_error", lang)
    else:
        log.info("/%s refused user=%s: %s", name, interaction.user.id, error)
    try:
        await send_notice(interaction, text, error=True)
    except discord.HTTPException:
        log.exception("could not send the error message for /%s", name)


def settings_embed(values: dict[str, Any], changed: bool, lang: str = "en", channel: bool = False) -> discord.Embed:
    title = t("settings_updated" if changed else "settings_title", lang)
    if channel:
        title += " " + t("scope_channel", lang)
    embed = discord.Embed(title=title, colour=embeds.ANSWER_COLOUR, description=t("settings_lead", lang))
    for key, label in (("ruleset", "set_ruleset"), ("game", "set_game"), ("edition", "set_edition"),
                       ("language", "set_language"), ("locale", "set_locale")):
        embed.add_field(name=t(label, lang), value=str(values.get(key) or t("not_set", lang)), inline=False)
    return embed


def help_embed(lang: str = "en") -> discord.Embed:
    """Every command, the referee's listed from its registry (so a new action appears here by itself)."""
    ru = lang == "ru"
    embed = discord.Embed(title=t("help_title", lang), colour=embeds.ANSWER_COLOUR, description=t("help_lead", lang))
    rows = [
        ("/вопрос вопрос [редакция] [игра]" if ru else "/ask question [edition] [game]", t("help_ask", lang)),
        ("/правило термин" if ru else "/rule term", t("help_rule", lang)),
        ("/юнит название" if ru else "/unit name", t("help_unit", lang)),
        ("/флот против цель [флот]" if ru else "/fleet vs target [fleet]", t("help_fleet", lang)),
        ("/флот импорт ростер" if ru else "/fleet import roster", t("help_fleet_import", lang)),
    ]
    for action, summary in referee_actions().items():
        name = COMMAND_NAMES_RU.get(action, action) if ru else action
        rows.append((f"/{name}", COMMAND_DESCRIPTIONS_RU.get(action, summary) if ru else summary))
    rows += [
        (t("help_referee_title", lang), t("help_referee", lang)),
        ("/источники" if ru else "/sources", t("help_sources", lang)),
        ("/настройки" if ru else "/settings", t("help_settings", lang)),
    ]
    for name, text in rows:
        embed.add_field(name=name, value=text, inline=False)
    return embed
