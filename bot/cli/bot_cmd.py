"""`admiralty bot`: run the Discord bot (or only sync its slash commands)."""
from __future__ import annotations

import argparse
import asyncio
from pathlib import Path


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bot",
        help="run the Discord bot",
        description=(
            "Run the Discord bot. The token comes from $DISCORD_TOKEN, or from a file named by "
            "--token-file, $DISCORD_TOKEN_FILE or [discord] token_file in $ADMIRALTY_CONFIG. "
            "See docs/discord.md."
        ),
    )
    parser.add_argument(
        "--guild", type=_positive_int, metavar="ID",
        help="sync the slash commands to this one server only (appears at once; for development); "
        "without it they are synced globally",
    )
    parser.add_argument("--sync-only", action="store_true", help="sync the slash commands, then exit")
    parser.add_argument(
        "--shards", type=_positive_int, metavar="N",
        help="number of gateway shards (default: the count Discord recommends)",
    )
    parser.add_argument("--token-file", type=Path, metavar="PATH", help="file holding the bot token")
    parser.set_defaults(func=func)


def func(args: argparse.Namespace) -> int:
    import aiohttp
    import discord

    from bot.errors import UserError
    from bot.discord_bot.runner import load_token, start_bot, sync_only
    from bot.service import Admiralty

    token = load_token(args.token_file)
    discord.utils.setup_logging()
    service = Admiralty()
    try:
        if args.sync_only:
            count = asyncio.run(sync_only(service, token, guild_id=args.guild))
            where = f"server {args.guild}" if args.guild else "all servers (global)"
            print(f"synced {count} slash commands to {where}")
            return 0
        asyncio.run(start_bot(service, token, guild_id=args.guild, shard_count=args.shards))
    except (OSError, aiohttp.ClientError, asyncio.TimeoutError) as exc:
        raise UserError(f"cannot reach Discord: {exc.__class__.__name__}: {exc}") from exc
    except discord.Forbidden as exc:
        raise UserError(f"Discord refused the command sync (is --guild a server the bot is in?): {exc.text}") from exc
    except discord.HTTPException as exc:
        raise UserError(f"Discord answered HTTP {exc.status}: {exc.text}") from exc
    return 0
