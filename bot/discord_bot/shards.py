"""Which gateway shards this process runs: `admiralty bot --shard-ids 0-3 --shard-count 16`.

Discord splits a bot's servers into `shard_count` shards (server id >> 22 modulo the count);
each shard is one gateway session. One process may run all of them (the default: as many
as Discord recommends) or a subset, so a big bot spreads its shards over several
processes or hosts that share settings through PostgreSQL (docs/deploy.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.errors import UserInputError
from core.params import Kind, ParamSpec, coerce

MAX_SHARDS = 100_000  # far above the largest bots' counts; only catches typos
MAX_SHARDS_PER_PROCESS = 1024

SHARD_COUNT = ParamSpec(
    "shard_count", Kind.INT, "total number of shards of the bot, across every process "
    "(default: the count Discord recommends, all run here)", minimum=1, maximum=MAX_SHARDS,
)
SHARD_IDS = ParamSpec(
    "shard_ids", Kind.INTS, "the shards this process runs, e.g. 0,1 or 0-3 (needs --shard-count)",
    minimum=0, maximum=MAX_SHARDS - 1, max_items=MAX_SHARDS_PER_PROCESS, max_length=20,
)
SHARD_SPECS = (SHARD_COUNT, SHARD_IDS)
_RANGE = re.compile(r"\s*(\d{1,6})\s*-\s*(\d{1,6})\s*")


class ShardError(UserInputError):
    """Shard ids and count that do not fit together."""

    code = "invalid_shards"


@dataclass(frozen=True)
class ShardPlan:
    """`ids` None = every shard; `count` None = ask Discord for the recommended count."""

    ids: tuple[int, ...] | None = None
    count: int | None = None

    @property
    def syncs_commands(self) -> bool:
        """Only one process should register the slash commands: the one running shard 0."""
        return self.ids is None or 0 in self.ids

    def describe(self) -> str:
        if self.ids is None:
            return f"all {self.count} shards" if self.count else "the shards Discord recommends"
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"


def _expand_ranges(text: str) -> list[str]:
    items: list[str] = []
    for part in text.split(","):
        found = _RANGE.fullmatch(part)
        if found:
            low, high = int(found.group(1)), int(found.group(2))
            if high < low:
                raise ShardError(f"shard range {part.strip()!r} runs backwards", SHARD_IDS.name)
            if high - low >= MAX_SHARDS_PER_PROCESS:
                raise ShardError(f"shard range {part.strip()!r} is longer than {MAX_SHARDS_PER_PROCESS}",
                                 SHARD_IDS.name)
            items.extend(str(n) for n in range(low, high + 1))
        elif part.strip():
            items.append(part)
    return items


def shard_plan(shard_ids: str | None, shard_count: str | int | None) -> ShardPlan:
    """Check the two options together; `shard_ids` as typed ("0,1", "0-3", "0-3,8")."""
    count = coerce(SHARD_COUNT, shard_count) if shard_count is not None else None
    if shard_ids is None or not shard_ids.strip():
        return ShardPlan(None, count)
    ids = coerce(SHARD_IDS, _expand_ranges(shard_ids))
    if not ids:
        raise ShardError("⟨shard_ids⟩ is empty: give ids such as 0,1 or 0-3", SHARD_IDS.name)
    if count is None:
        raise ShardError("⟨shard_ids⟩ needs ⟨shard_count⟩: every process must agree on the total", SHARD_IDS.name)
    too_big = [n for n in ids if n >= count]
    if too_big:
        raise ShardError(f"shard id {too_big[0]} is out of range: with {count} shards the ids are 0 to {count - 1}",
                         SHARD_IDS.name)
    if len(set(ids)) != len(ids):
        raise ShardError("⟨shard_ids⟩ lists a shard twice", SHARD_IDS.name)
    return ShardPlan(tuple(sorted(ids)), count)
