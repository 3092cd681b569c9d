"""`admiralty bot`: run the Discord bot (or only sync its slash commands)."""
from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.output import whole_number

_positive_int = whole_number(1, 2**63 - 1, "a Discord id")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    from bot.discord_bot.shards import SHARD_COUNT, SHARD_IDS

    parser.add_argument(SHARD_COUNT.flag, "--shards", dest="shard_count", metavar="N", help=SHARD_COUNT.help)
    parser.add_argument(SHARD_IDS.flag, dest="shard_ids", metavar="IDS", help=SHARD_IDS.help)
    parser.add_argument("--token-file", type=Path, metavar="PATH", help="file holding the bot token")
    parser.set_defaults(func=func)


def func(args: argparse.Namespace) -> int:
    import asyncio
    import logging  # here: every `admiralty` command imports this module

    import aiohttp
    import discord

    from bot.discord_bot.runner import load_token, start_bot, sync_only
    from bot.discord_bot.shards import shard_plan
    from bot.service import Admiralty, UserInputError

    shards = shard_plan(args.shard_ids, args.shard_count)  # checked before the token and the model
    token = load_token(args.token_file)
    discord.utils.setup_logging()
    service = Admiralty()
    try:
        if args.sync_only:
            count = asyncio.run(sync_only(service, token, guild_id=args.guild))
            where = f"server {args.guild}" if args.guild else "all servers (global)"
            print(f"synced {count} slash commands to {where}")
            return 0
        logging.getLogger("admiralty.discord").info("running %s", shards.describe())
        ids = list(shards.ids) if shards.ids is not None else None
        asyncio.run(start_bot(service, token, guild_id=args.guild, shard_count=shards.count, shard_ids=ids,
                              sync_commands=shards.syncs_commands))
    except (TimeoutError, OSError, aiohttp.ClientError) as exc:
        raise UserInputError(f"cannot reach Discord: {exc.__class__.__name__}: {exc}") from exc
    except discord.Forbidden as exc:
        raise UserInputError(
            f"Discord refused the command sync (is --guild a server the bot is in?): {exc.text}") from exc
    except discord.HTTPException as exc:
        raise UserInputError(f"Discord answered HTTP {exc.status}: {exc.text}") from exc
    return 0
