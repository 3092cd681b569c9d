"""`admiralty settings show|set|reset --guild ID [KEY VALUE]`: the bot's per-server settings without Discord.

Works on the same store the bot and the API use: `<data dir>/store.db`, or the shared
PostgreSQL database when $ADMIRALTY_DATABASE_URL is set. Values are checked exactly as
the bot's /settings command checks them (one spec per key in bot/store/keys.py).
"""
from __future__ import annotations

import argparse
from typing import Any

from bot.cli.output import whole_number

MAX_ID = 2**63 - 1


discord_id = whole_number(1, MAX_ID, "a Discord id")  # Developer Mode → Copy ID


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # bot.store is not imported here: registering every command must stay fast (`admiralty rule`).
    parser = subparsers.add_parser(
        "settings",
        help="show or change a Discord server's settings",
        description="Show or change a Discord server's (or one channel's) defaults, as the bot's /settings "
        "does; `show` lists every setting. The values are checked by the specs in bot/store/keys.py.",
    )
    actions = parser.add_subparsers(dest="settings_action", metavar="ACTION", required=True)

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--guild", type=discord_id, required=True, metavar="ID", help="the server's id")
        sub.add_argument("--channel", type=discord_id, metavar="ID",
                         help="one channel of the server: its own values override the server's")
        sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(func=run)

    show = actions.add_parser("show", help="print the effective settings and every stored value")
    common(show)
    change = actions.add_parser("set", help="set one key: `set --guild ID KEY VALUE`")
    change.add_argument("key", metavar="KEY", help="the setting's name (see `show`)")
    change.add_argument("value", metavar="VALUE", help="the new value")
    common(change)
    reset = actions.add_parser(
        "reset",
        help="forget one key, or all; without --channel the channel overrides go too",
    )
    reset.add_argument("key", metavar="KEY", nargs="?", help="the key to forget (default: all of them)")
    common(reset)


def run(args: argparse.Namespace) -> int:
    from bot.cli.output import emit
    from bot.store import open_store
    from core.settings import Settings

    with open_store(Settings.from_env()) as store:
        if args.settings_action == "set":
            store.settings.set(args.guild, args.key, args.value, channel_id=args.channel)
        elif args.settings_action == "reset":
            store.settings.reset(args.guild, args.key, channel_id=args.channel)
        effective = store.settings.get(args.guild, args.channel)
        stored = store.settings.overrides(args.guild)
        report = settings_report(effective.to_json(), args.channel, stored, store.kind)
    return emit(args, report, settings_text)


def settings_report(effective: dict[str, Any], channel_id: int | None, stored: dict[int, dict[str, str]],
                    backend: str) -> dict[str, Any]:
    guild_id = effective.pop("guild_id")
    return {
        "guild_id": guild_id,
        "channel_id": channel_id,
        "settings": effective,
        "server": stored.get(0, {}),
        "channels": {str(channel): values for channel, values in stored.items() if channel != 0},
        "store": backend,
    }


def settings_text(report: dict[str, Any]) -> str:
    where = f"server {report['guild_id']}"
    if report["channel_id"] is not None:
        where += f", channel {report['channel_id']}"
    lines = [f"{where} (store: {report['store']})"]
    width = max(len(key) for key in report["settings"])
    for key, value in report["settings"].items():
        lines.append(f"  {key:<{width}}  {value if value is not None else '(not set)'}")
    for channel, values in report["channels"].items():
        shown = ", ".join(f"{key}={value}" for key, value in values.items())
        lines.append(f"  channel {channel} overrides: {shown}")
    return "\n".join(lines)
