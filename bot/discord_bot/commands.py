"""Slash commands /ask, /rule, /sources, /settings, /help (the calculator ones are in referee_commands).

Each callback only maps options to one `Admiralty` call and formats the answer;
`replies.run_command` does the deferring, rate limiting and error handling.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import embeds, limits
from bot.discord_bot.context import BotContext
from bot.discord_bot.guild_settings import LANGUAGES, RULESETS
from bot.discord_bot.replies import NO_MENTIONS, Reply, UserFacingError, run_command, send_notice

log = logging.getLogger("admiralty.discord")

MAX_QUESTION = 500
MAX_TERM = 100


def _choices(pairs: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete choices (label, value) containing `current`, within Discord's limits."""
    needle = current.casefold().strip()
    out = []
    for label, value in pairs:
        if needle in label.casefold() or needle in value.casefold():
            out.append(
                app_commands.Choice(name=limits.trim(label, limits.CHOICE_TEXT), value=value[: limits.CHOICE_TEXT])
            )
        if len(out) >= limits.CHOICES:
            break
    return out


def install_commands(tree: app_commands.CommandTree, ctx: BotContext) -> None:
    """Add the search, settings and help commands to `tree`."""

    async def edition_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            docs = await ctx.documents()
        except Exception:
            log.exception("edition autocomplete failed")
            return []
        seen: dict[str, str] = {}
        for doc in docs:
            seen.setdefault(str(doc["edition"]), f"{doc.get('edition_label') or doc['edition']} ({doc['edition']})")
        return _choices([(label, value) for value, label in seen.items()], current)

    async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            docs = await ctx.documents()
        except Exception:
            log.exception("game autocomplete failed")
            return []
        games = sorted({str(doc["game"]) for doc in docs})
        return _choices([(game, game) for game in games], current)

    async def term_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            names = await ctx.call("complete_terms", current[:MAX_TERM], limits.CHOICES)
        except Exception:
            log.exception("term autocomplete failed for %r", current)
            return []
        # Choice values over 100 chars would make Discord reject the whole list.
        return [
            app_commands.Choice(name=name[: limits.CHOICE_TEXT], value=name[: limits.CHOICE_TEXT])
            for name in names[: limits.CHOICES]
        ]

    @tree.command(name="ask", description="Ask a rules question; answers quote and cite the rulebooks.")
    @app_commands.describe(
        question="Your question, in English or Russian",
        edition="Only search this edition",
        game="Only search this game",
    )
    @app_commands.autocomplete(edition=edition_autocomplete, game=game_autocomplete)
    async def ask(
        interaction: discord.Interaction,
        question: app_commands.Range[str, 1, MAX_QUESTION],
        edition: str | None = None,
        game: str | None = None,
    ) -> None:
        async def work() -> Reply:
            defaults = await ctx.guild_settings(interaction.guild_id)
            answer = await ctx.call(
                "ask",
                question,
                k=embeds.MAX_ASK_RESULTS,
                game=game or (defaults.game if defaults else None),
                edition=edition or None,
                lang=defaults.language if defaults else None,
            )
            return Reply(embeds.ask_embeds(answer))

        await run_command(interaction, ctx.limiter, "ask", work)

    @tree.command(name="rule", description="Look up a rule or keyword; shows each edition's entry.")
    @app_commands.describe(term="Rule or keyword name (English or Russian)")
    @app_commands.autocomplete(term=term_autocomplete)
    async def rule(interaction: discord.Interaction, term: app_commands.Range[str, 1, MAX_TERM]) -> None:
        async def work() -> Reply:
            # The submitted name is looked up again: the user may have ignored the suggestions.
            lookup = await ctx.call("rule", term)
            defaults = await ctx.guild_settings(interaction.guild_id)
            if defaults and defaults.language and lookup.get("entries"):
                lookup = dict(lookup)
                lookup["entries"] = sorted(lookup["entries"], key=lambda e: e.get("language") != defaults.language)
            return Reply(embeds.rule_embeds(lookup))

        await run_command(interaction, ctx.limiter, "rule", work)

    @tree.command(name="sources", description="List the rule documents, editions and versions I answer from.")
    async def sources(interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            return Reply(embeds.sources_embeds(await ctx.call("sources")))

        await run_command(interaction, ctx.limiter, "sources", work)

    @tree.command(name="settings", description="Show or change this server's defaults (needs Manage Server).")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        ruleset="Default ruleset for /attack, /assault and /ram",
        game="Default game filter for /ask",
        language="Only answer /ask from documents in this language",
        reset="Forget all of this server's settings",
    )
    @app_commands.choices(
        ruleset=[app_commands.Choice(name=r, value=r) for r in RULESETS],
        language=[app_commands.Choice(name={"en": "English", "ru": "Russian"}.get(c, c), value=c) for c in LANGUAGES],
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def settings(
        interaction: discord.Interaction,
        ruleset: app_commands.Choice[str] | None = None,
        game: str | None = None,
        language: app_commands.Choice[str] | None = None,
        reset: bool = False,
    ) -> None:
        async def work() -> Reply:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise UserFacingError("Server settings can only be changed inside a server.")
            changing = reset or ruleset is not None or game is not None or language is not None
            if changing and not interaction.permissions.manage_guild:
                raise UserFacingError("Changing the settings needs the Manage Server permission.")
            if reset:
                current = await _in_thread(ctx.guilds.reset, guild_id)
            elif changing:
                games = {str(doc["game"]) for doc in await ctx.documents()}
                current = await _in_thread(
                    ctx.guilds.update,
                    guild_id,
                    updated_by=interaction.user.id,
                    ruleset=ruleset.value if ruleset else None,
                    game=game,
                    language=language.value if language else None,
                    allowed_games=games,
                )
            else:
                current = await _in_thread(ctx.guilds.get, guild_id)
            return Reply([settings_embed(current.to_json(), changed=changing)], publishable=False)

        await run_command(interaction, ctx.limiter, "settings", work)

    @tree.command(name="help", description="What I can do and how to ask.")
    async def help_(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=help_embed(), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @tree.error
    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await handle_tree_error(interaction, error)


async def _in_thread(func, *args: Any, **kwargs: Any) -> Any:
    return await asyncio.to_thread(func, *args, **kwargs)


async def handle_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Errors raised before or around a callback (checks, option conversion, bugs)."""
    name = interaction.command.name if interaction.command else "?"
    if isinstance(error, app_commands.NoPrivateMessage):
        text = "This command only works inside a server."
    elif isinstance(error, app_commands.MissingPermissions):
        text = "You need the " + ", ".join(p.replace("_", " ").title() for p in error.missing_permissions) + " permission."
    elif isinstance(error, app_commands.CommandOnCooldown):
        text = f"Please wait {error.retry_after:.0f} seconds before trying again."
    elif isinstance(error, app_commands.TransformerError):
        text = f"I could not understand the value “{embeds.safe(error.value)}”."
    elif isinstance(error, app_commands.CheckFailure):
        text = "You can't use this command here."
    else:
        text = None
    if text is None:
        log.error("/%s failed user=%s guild=%s", name, interaction.user.id, interaction.guild_id, exc_info=error)
        text = "Sorry, something went wrong while answering. The error has been logged; please try again later."
    else:
        log.info("/%s refused user=%s: %s", name, interaction.user.id, error)
    try:
        await send_notice(interaction, text, error=True)
    except discord.HTTPException:
        log.exception("could not send the error message for /%s", name)


def settings_embed(values: dict[str, Any], changed: bool) -> discord.Embed:
    embed = discord.Embed(
        title="Server settings updated" if changed else "Server settings",
        colour=embeds.ANSWER_COLOUR,
        description="Used when a command's matching option is left empty.",
    )
    embed.add_field(name="Ruleset (/attack, /assault, /ram)", value=values.get("ruleset") or "not set (the calculator's default)", inline=False)
    embed.add_field(name="Game (/ask)", value=values.get("game") or "not set (all games)", inline=False)
    embed.add_field(name="Answer language (/ask)", value=values.get("language") or "not set (any language)", inline=False)
    return embed


def help_embed() -> discord.Embed:
    embed = discord.Embed(
        title="Admiralty — rules lookup and referee",
        colour=embeds.ANSWER_COLOUR,
        description=(
            "Answers are private to you; press **Post publicly** to share one. "
            "Every answer cites its document, edition and section."
        ),
    )
    rows = [
        ("/ask question [edition] [game]", "Search the rulebooks; shows the best passages and flags editions that disagree."),
        ("/rule term", "One rule or keyword, each edition's entry labelled. Start typing for suggestions (English or Russian)."),
        ("/attack, /assault, /ram", "Dice odds and results. Fill the options, or describe the situation in `description` as you would on the command line."),
        ("/sources", "The documents, editions and versions I answer from."),
        ("/settings", "Server defaults: ruleset, game, answer language (needs Manage Server)."),
    ]
    for name, value in rows:
        embed.add_field(name=name, value=value, inline=False)
    return embed
