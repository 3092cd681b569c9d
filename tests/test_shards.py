"""`admiralty bot --shard-ids … --shard-count N`: which gateway shards one process runs."""
from __future__ import annotations

import asyncio

import pytest

from bot.discord_bot.shards import ShardPlan, shard_plan
from core.errors import UserInputError


@pytest.mark.parametrize("ids,count,expected", [
    (None, None, ShardPlan(None, None)),
    (None, "4", ShardPlan(None, 4)),
    ("0,1", "4", ShardPlan((0, 1), 4)),
    ("2-3", 4, ShardPlan((2, 3), 4)),
    ("0-2, 7", 8, ShardPlan((0, 1, 2, 7), 8)),
    (" 3 ,1", 4, ShardPlan((1, 3), 4)),
])
def test_shard_options_are_parsed(ids, count, expected):
    assert shard_plan(ids, count) == expected


@pytest.mark.parametrize("ids,count,word", [
    ("0,1", None, "needs ⟨shard_count⟩"),
    ("4", 4, "0 to 3"),  # with 4 shards the ids are 0..3
    ("1,1", 4, "twice"),
    ("3-1", 4, "backwards"),
    ("x", 4, "whole number"),
    ("-1", 4, "between 0 and"),
    (None, 0, "between 1 and"),
])
def test_bad_shard_options_are_one_line_errors(ids, count, word):
    with pytest.raises(UserInputError) as caught:
        shard_plan(ids, count)
    assert word in str(caught.value) and "\n" not in str(caught.value)


def test_only_the_process_with_shard_0_syncs_commands():
    assert shard_plan("0,1", 4).syncs_commands
    assert not shard_plan("2,3", 4).syncs_commands
    assert shard_plan(None, 4).syncs_commands


def test_the_bot_runs_exactly_the_given_shards(tmp_path):
    """discord.py's AutoShardedBot gets shard_ids and shard_count (no connection is made)."""
    from bot.discord_bot.runner import create_bot
    from bot.service import Admiralty
    from core.settings import Settings

    async def build() -> tuple[list[int] | None, int | None]:
        service = Admiralty(Settings.from_env().with_data_dir(tmp_path))
        bot = create_bot(service, shard_count=4, shard_ids=[0, 1], sync_commands=False)
        bot.context.store.close()
        return bot.shard_ids, bot.shard_count

    assert asyncio.run(build()) == ([0, 1], 4)


def test_cli_refuses_bad_shards_before_needing_a_token(capsys, monkeypatch):
    from bot.cli import main

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["bot", "--shard-ids", "0,5", "--shard-count", "4"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "admiralty: error: shard id 5 is out of range: with 4 shards the ids are 0 to 3"
