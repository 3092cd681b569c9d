"""`admiralty feedback export [--json]`: every "was this helpful?" rating, oldest first.

The ratings feed the retrieval dev set (/work/shared/eval): a question rated unhelpful is
a candidate for a new test case. Reads the same store as the bot and the API.
"""
from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("feedback", help="export the answers' helpful / not helpful ratings")
    actions = parser.add_subparsers(dest="feedback_action", metavar="ACTION", required=True)
    export = actions.add_parser("export", help="print every rating, oldest first")
    export.add_argument("--json", action="store_true", help="print a JSON list")
    export.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.cli.output import emit
    from bot.store import open_store
    from core.settings import Settings

    with open_store(Settings.from_env()) as store:
        rows = store.feedback.export()
    return emit(args, rows, lambda rs: "\n".join(_row_text(row) for row in rs))


def _row_text(row: dict[str, Any]) -> str:
    verdict = "helpful" if row["helpful"] else "not helpful"
    guild = row["guild_id"] if row["guild_id"] is not None else "-"
    chunks = ",".join(row["chunk_ids"]) or "-"
    return f"{row['created_at']}\t{verdict}\t{row['source']}\tguild={guild}\t{row['question']}\t{chunks}"
