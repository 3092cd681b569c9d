"""/attack, /assault, /ram: options generated from `referee.api.PARAMS`, plus free-text `description`.

The mapping is deliberately thin: each Discord option is named after a referee
parameter and passed through unchanged (lists as the same comma/space separated
text the CLI accepts); the referee validates everything.
"""
from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import calc_embeds, limits
from bot.discord_bot.context import BotContext
from bot.discord_bot.replies import Reply, run_command

log = logging.getLogger("admiralty.discord")

ACTIONS = {
    "attack": "Dice odds or result of an attack (hits, counters, damage, criticals).",
    "assault": "Odds or result of an assault / boarding action.",
    "ram": "Odds or result of a ram.",
}
MAX_OPTIONS = 25  # Discord's limit per command; one is used by `description`
MAX_DESCRIPTION = 1000


def _option_description(text: str | None, fallback: str) -> str:
    text = " ".join((text or fallback).split())
    return limits.trim(text, 100) or fallback


def _maybe(cast: type, value: Any) -> Any:
    return None if value is None else cast(value)


def _annotation(spec: Any) -> Any:
    """The Discord option type for one referee parameter spec."""
    kind = str(getattr(spec, "kind", "str")).lower()
    if getattr(spec, "repeatable", False) or kind.endswith("_list"):
        return str  # typed like on the command line: "3, 5, 6" or "gunnery, piercing"
    lo, hi = getattr(spec, "minimum", None), getattr(spec, "maximum", None)
    if kind in ("int", "integer", "count"):
        if lo is not None or hi is not None:
            return app_commands.Range[int, _maybe(int, lo), _maybe(int, hi)]
        return int
    if kind in ("float", "number", "probability"):
        if lo is not None or hi is not None:
            return app_commands.Range[float, _maybe(float, lo), _maybe(float, hi)]
        return float
    if kind in ("bool", "boolean", "flag"):
        return bool
    return str


def _choices(spec: Any) -> list[app_commands.Choice[str]] | None:
    choices = getattr(spec, "choices", None)
    if not choices or getattr(spec, "repeatable", False) or len(choices) > limits.CHOICES:
        return None
    if _annotation(spec) is not str:
        return None
    return [app_commands.Choice(name=str(c)[: limits.CHOICE_TEXT], value=str(c)) for c in choices]


# The inputs most games need, in the order Discord shows them; everything else goes in
# `description` ("dw4, 12 dice, armour 5, piercing:2, obscured ...") as on the command line.
COMMON_OPTIONS: dict[str, tuple[str, ...]] = {
    "attack": (
        "ruleset", "dice", "lead", "support", "armour", "citadel", "mass", "hull", "damage_taken",
        "crippled", "defence", "quality", "range", "distance", "target_type", "obscured", "shield",
        "escorts", "target_escorts", "roll", "rerolls", "explosions", "defence_roll", "critical_roll",
    ),
    "ram": (
        "ruleset", "hull", "inches", "ramming", "bonus", "rammer_mass", "rammer_damage_taken",
        "target_armour", "target_citadel", "target_mass", "target_hull", "target_damage_taken",
        "quality", "crew", "crew_check", "heavy_prow", "target_heavy_prow", "rammer_disorder",
        "roll", "rerolls", "explosions", "defence_roll", "critical_roll", "self_damage_roll",
    ),
}


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


def _description_sets_ruleset(action: str, description: str) -> bool:
    """Whether the free text names a ruleset itself (then the server default must not override it)."""
    from referee.describe import parse_description
    from referee.errors import InputError

    try:
        return "ruleset" in parse_description(action, description)
    except InputError:
        return False  # resolve() will report the problem with the text


def to_params(action: str, options: dict[str, Any], description: str | None,
              ruleset_default: str | None, names: set[str]) -> dict[str, Any]:
    """Discord option values -> `referee.api.resolve` params (unset options are left out).

    The server's default ruleset applies only if neither the `ruleset` option nor the
    description chooses one."""
    params = {name: value for name, value in options.items() if value is not None}
    text = (description or "").strip()
    if text:
        params["description"] = text
    if (ruleset_default and "ruleset" in names and "ruleset" not in params
            and not (text and _description_sets_ruleset(action, text))):
        params["ruleset"] = ruleset_default
    return params


def build_referee_command(action: str, specs: Sequence[Any], ctx: BotContext) -> app_commands.Command:
    """One slash command whose options mirror `specs` (signature built at runtime)."""
    chosen = selected_specs(action, specs)
    names = {s.name for s in specs}  # every parameter the referee accepts

    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        description = options.pop("description", None)

        async def work() -> Reply:
            defaults = await ctx.guild_settings(interaction.guild_id)
            params = to_params(action, options, description, defaults.ruleset if defaults else None, names)
            result = await ctx.call("referee", action, params)
            # Rendering the chart is CPU work too: keep it off the event loop.
            return await asyncio.to_thread(calc_embeds.referee_reply, action, result)

        await run_command(interaction, ctx.limiter, action, work)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    parameters.append(
        inspect.Parameter("description", inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=app_commands.Range[str, 1, MAX_DESCRIPTION] | None)
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
    return app_commands.Command(name=action, description=ACTIONS[action], callback=callback)


def install_referee_commands(tree: app_commands.CommandTree, ctx: BotContext) -> None:
    """Add /attack, /assault, /ram with options generated from the referee's parameter specs."""
    from referee.api import PARAMS

    for action in ACTIONS:
        if action in PARAMS:
            tree.add_command(build_referee_command(action, PARAMS[action], ctx))
