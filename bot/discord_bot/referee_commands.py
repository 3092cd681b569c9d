"""/attack, /assault, /ram, …: the `RefereeCommands` cog, one command per action of the referee's
registry, options generated from its specs plus free-text `description`.

The mapping is deliberately thin: each Discord option is named after a referee
parameter and passed through unchanged (lists as the same comma/space separated
text the CLI accepts); the referee validates everything.
"""
from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_bot import calc_embeds, limits, suggest
from bot.discord_bot.context import BotContext
from bot.discord_bot.messages import Reply, Turn
from bot.discord_bot.replies import run_command
from bot.discord_bot.suggest import Choices, guarded
from bot.service import Kind, ParamSpec, referee_action_specs, referee_actions, spec_named

log = logging.getLogger("admiralty.discord")

MAX_OPTIONS = 25  # Discord's limit per command; one is used by `description`


def _option_description(text: str | None, fallback: str) -> str:
    text = " ".join((text or fallback).split())
    return limits.trim(text, 100) or fallback


def _ranged(base: type, spec: ParamSpec) -> Any:
    if spec.minimum is None and spec.maximum is None:
        return base
    low = None if spec.minimum is None else base(spec.minimum)
    high = None if spec.maximum is None else base(spec.maximum)
    return app_commands.Range[base, low, high]


# One complete mapping from the spec's Kind to a Discord option type. Lists are typed as text,
# like on the command line: "3, 5, 6" or "gunnery, piercing".
OPTION_TYPES: dict[Kind, Callable[[ParamSpec], Any]] = {
    Kind.INT: lambda spec: _ranged(int, spec),
    Kind.FLOAT: lambda spec: _ranged(float, spec),
    Kind.BOOL: lambda spec: bool,
    Kind.TEXT: lambda spec: app_commands.Range[str, 1, spec.max_length],
    Kind.CHOICE: lambda spec: str,
    Kind.INTS: lambda spec: str,
    Kind.TEXTS: lambda spec: str,
    Kind.FACES: lambda spec: str,
}


def _annotation(spec: ParamSpec) -> Any:
    """The Discord option type for one referee parameter spec."""
    return OPTION_TYPES[spec.kind](spec)


def _choices(spec: ParamSpec) -> list[app_commands.Choice[str]] | None:
    choices = spec.choices
    if spec.kind is not Kind.CHOICE or not choices or len(choices) > limits.CHOICES:
        return None
    return [app_commands.Choice(name=str(c)[: limits.CHOICE_TEXT], value=str(c)) for c in choices]


# The inputs most games need, in the order Discord shows them; everything else goes in
# `description` ("dw4, 12 dice, armour 5, piercing:2, obscured ...") as on the command line.
# An action without an entry (a new one) gets its first 24 parameters.
COMMON_OPTIONS: dict[str, tuple[str, ...]] = {
    "attack": (
        "ruleset", "attacker", "weapon", "target", "distance", "dice", "lead", "support", "armour", "citadel",
        "mass", "hull", "damage_taken", "crippled", "defence", "quality", "range", "target_type", "obscured",
        "shield", "roll", "rerolls", "explosions", "defence_roll",
    ),
    "assault": (
        "ruleset", "attacker", "target", "fray", "support", "srs", "escorts", "target_citadel", "target_adv",
        "target_sdv", "assaulter", "target_srs", "target_escorts", "target_mass", "markers", "boarding",
        "target_defences", "target_crew", "target_disorder", "target_boarding", "roll", "rerolls", "defence_roll",
        "critical_roll",
    ),
    "ram": (
        "ruleset", "attacker", "target", "weapon", "hull", "inches", "ramming", "bonus", "rammer_mass",
        "target_armour", "target_citadel", "target_mass", "target_hull", "target_damage_taken", "quality", "crew",
        "crew_check", "heavy_prow", "target_heavy_prow", "rammer_disorder", "roll", "rerolls", "defence_roll",
        "self_damage_roll",
    ),
    "srs": (
        "ruleset", "tokens", "interceptors", "dice_per_token", "torpedo", "target_type", "target_adv", "target_sdv",
        "defence_models", "target_escorts", "target_shredded", "target_armour", "target_citadel", "target_mass",
        "target_hull", "target_damage_taken", "attack_rating", "intercept_rating", "resilience", "target_defences",
        "intercept_roll", "roll", "rerolls", "defence_roll",
    ),
}
UNIT_OPTIONS = ("attacker", "target")  # autocompleted from the unit profiles
WEAPON_OPTION = "weapon"  # autocompleted from the chosen attacker's weapons
QUALITY_OPTION = "quality"  # autocompleted from the chosen ruleset's qualities


def selected_specs(action: str, specs: Sequence[Any]) -> list[Any]:
    """The parameters that become typed options (at most 24; `description` is the 25th)."""
    by_name = {s.name: s for s in specs if s.name != "description"}
    wanted = COMMON_OPTIONS.get(action)
    if wanted is None:
        chosen = list(by_name.values())
    else:
        missing = [name for name in wanted if name not in by_name]
        if missing:
            log.warning("/%s: referee has no parameter(s) %s; options skipped", action, ", ".join(missing))
        chosen = [by_name[name] for name in wanted if name in by_name]
    if len(chosen) > MAX_OPTIONS - 1:
        log.warning("/%s: only the first %d referee parameters become Discord options", action, MAX_OPTIONS - 1)
        chosen = chosen[: MAX_OPTIONS - 1]
    return chosen


def to_params(options: dict[str, Any], description: str | None) -> dict[str, Any]:
    """Discord option values -> referee params (unset options are left out)."""
    params = {name: value for name, value in options.items() if value is not None}
    text = (description or "").strip()
    if text:
        params["description"] = text
    return params


def build_referee_command(action: str, specs: Sequence[Any], ctx: BotContext) -> app_commands.Command[Any, Any, None]:
    """One slash command whose options mirror `specs` (signature built at runtime)."""
    chosen = selected_specs(action, specs)
    description_spec = spec_named(specs, "description")

    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        description = options.pop("description", None)

        async def work(turn: Turn) -> Reply:
            settings = turn.settings
            # The server's ruleset applies only where neither an option nor the description sets one.
            defaults = {"ruleset": settings.ruleset} if settings and settings.ruleset else None
            # "marked": ⟨name⟩ mentions are left for calc_embeds to show as this user's option names
            result = await ctx.call(ctx.service.referee, action, to_params(options, description), defaults,
                                    style="marked", lang=turn.lang)
            # Rendering the chart is CPU work too: keep it off the event loop.
            return await asyncio.to_thread(calc_embeds.referee_reply, action, result, turn.lang)

        await run_command(interaction, ctx, action, work)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    parameters.append(
        inspect.Parameter("description", inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=_annotation(description_spec) | None)
    )
    for spec in chosen:
        parameters.append(
            inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                              annotation=_annotation(spec) | None)
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = action
    callback.__qualname__ = action

    described = {"description": "The situation in words, English or Russian (typed options override it)"}
    described.update({s.name: _option_description(getattr(s, "help", None), s.name) for s in chosen})
    app_commands.describe(**described)(callback)
    choice_map = {s.name: c for s in chosen if (c := _choices(s))}
    if choice_map:
        app_commands.choices(**choice_map)(callback)
    completers = _autocompleters(ctx, {s.name for s in chosen} - set(choice_map))
    if completers:
        app_commands.autocomplete(**completers)(callback)
    description_text = limits.trim(" ".join(referee_actions()[action].split()), 100)
    return app_commands.Command(name=action, description=description_text, callback=callback)  # type: ignore[arg-type]


def _last_item(current: str) -> tuple[str, str]:
    """("piercing, ", "dev") for "piercing, dev": the list typed so far and the word being typed."""
    head, sep, last = current.rpartition(",")
    return (head + sep + " " if sep else ""), last.strip()


def _autocompleters(ctx: BotContext, names: set[str]) -> dict[str, Callable[..., Any]]:
    """Autocomplete for the quality list and the unit/weapon names, for the options a command has."""

    @guarded("quality")
    async def quality(interaction: discord.Interaction, current: str) -> Choices:
        ruleset = getattr(interaction.namespace, "ruleset", None)
        if not ruleset:
            settings = await ctx.settings_for(interaction)
            ruleset = settings.ruleset if settings else None
        known = await ctx.call(ctx.service.referee_qualities, ruleset)
        typed, word = _last_item(current[: limits.CHOICE_TEXT])
        chosen = {q.strip().split(":")[0].lower() for q in typed.split(",") if q.strip()}
        options = [q for q in known if q not in chosen and q.startswith(word.lower())]
        options += [q for q in known if q not in chosen and word.lower() in q and q not in options]
        return [app_commands.Choice(name=(typed + q)[: limits.CHOICE_TEXT], value=(typed + q)[: limits.CHOICE_TEXT])
                for q in options[: limits.CHOICES]]

    @guarded("unit")
    async def unit(interaction: discord.Interaction, current: str) -> Choices:
        return suggest.names(await ctx.call(ctx.service.complete_units, current[: limits.CHOICE_TEXT]))

    @guarded("weapon")
    async def weapon(interaction: discord.Interaction, current: str) -> Choices:
        attacker = getattr(interaction.namespace, "attacker", None)
        if not attacker:
            return []
        weapons = await ctx.call(ctx.service.unit_weapons, str(attacker))
        needle = current.casefold().strip()
        return suggest.names([w for w in weapons if needle in str(w).casefold()])

    out: dict[str, Callable[..., Any]] = {}
    if QUALITY_OPTION in names:
        out[QUALITY_OPTION] = quality
    out.update({name: unit for name in UNIT_OPTIONS if name in names})
    if WEAPON_OPTION in names:
        out[WEAPON_OPTION] = weapon
    return out


class RefereeCommands(commands.Cog):
    """One command per referee action (/attack, /assault, /ram, …), options generated from its specs.

    The commands are built at run time from the registry, so they join the cog's own list here
    rather than being declared as methods; `bot.add_cog` puts them on the tree like any other."""

    def __init__(self, ctx: BotContext) -> None:
        self.ctx = ctx
        generated = [build_referee_command(action, specs, ctx) for action, specs in referee_action_specs().items()]
        self.__cog_app_commands__ = [*self.__cog_app_commands__, *generated]
