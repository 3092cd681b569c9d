"""Create the Discord client, sync its slash commands, run it; and find the bot token.

The client is discord.py's `AutoShardedBot`: with no shard count it asks Discord
for the recommended number, so the same code serves one server or thousands.
It asks only for the non-privileged `guilds` intent and answers slash commands only.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_bot import answers, replies
from bot.discord_bot.commands import SearchCommands, handle_tree_error
from bot.discord_bot.context import BotContext
from bot.discord_bot.i18n import AdmiraltyTranslator, untranslated
from bot.discord_bot.referee_commands import RefereeCommands
from bot.discord_bot.views import ClickHandlers, register_components
from bot.service import Admiralty, UserInputError
from core.settings import Settings, env

log = logging.getLogger("admiralty.discord")

TOKEN_ENV = "DISCORD_TOKEN"
TOKEN_FILE_ENV = "DISCORD_TOKEN_FILE"
CONFIG_ENV = "ADMIRALTY_CONFIG"  # the one TOML file (core.settings reads it); the bot uses its [discord] table
SYNC_STATE_FILE = "discord-commands.json"  # payload hash per application and scope, in the data dir
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)  # server installs and user installs
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


class TokenError(UserInputError):
    """No usable Discord bot token: none configured, unreadable, empty, or rejected by Discord."""


class AdmiraltyBot(commands.AutoShardedBot):
    """Slash-command-only bot over one `Admiralty` service."""

    def __init__(
        self,
        service: Admiralty,
        *,
        dev_guild_id: int | None = None,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        sync_commands: bool = True,
        warm_service: bool = True,
        context: BotContext | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # non-privileged; lets discord.py resolve guilds and channels
        super().__init__(
            command_prefix=commands.when_mentioned,  # no message intents, so never triggered
            help_command=None,
            intents=intents,
            shard_count=shard_count,
            shard_ids=shard_ids,  # type: ignore[arg-type]  # None: every shard in this process; else a subset (docs/deploy.md)
            allowed_mentions=discord.AllowedMentions.none(),
            allowed_installs=INSTALLS,
            allowed_contexts=CONTEXTS,
        )
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.warm_service = warm_service
        self.context = context or BotContext.for_service(service)
        self._warm_task: asyncio.Task[None] | None = None
        # What the buttons run: passed in, so views.py imports neither answers nor replies.
        self.click_handlers = ClickHandlers(answers.rule_reply, answers.unit_reply, replies.run_command)
        self.tree.error(handle_tree_error)

    async def add_cogs(self) -> None:
        """The commands, one cog per kind (as discord.py's examples do); a cog already added is kept."""
        for cog in (SearchCommands(self.context), RefereeCommands(self.context)):
            if cog.qualified_name not in self.cogs:
                await self.add_cog(cog)

    async def setup_hook(self) -> None:
        await self.add_cogs()
        register_components(self)  # buttons and menus of earlier messages work again
        await self.tree.set_translator(AdmiraltyTranslator())
        if missing := untranslated(self.tree):
            log.warning("no Russian text for: %s", ", ".join(missing))
        if self.sync_commands:
            await self.sync_app_commands(force=False)
        if self.warm_service:
            self._warm_task = asyncio.create_task(self._warm())

    def _scope(self) -> discord.Object | None:
        """The test guild to sync to (instant), or None for a global sync."""
        if self.dev_guild_id is None:
            return None
        guild = discord.Object(id=self.dev_guild_id)
        self.tree.copy_global_to(guild=guild)
        return guild

    async def command_payload(self, guild: discord.Object | None = None) -> list[dict[str, Any]]:
        """Exactly what `tree.sync` would send: every command, translated when a translator is set."""
        translator = self.tree.translator
        commands_ = self.tree.get_commands(guild=guild)
        if translator is None:
            return [command.to_dict(self.tree) for command in commands_]
        return [await command.get_translated_payload(self.tree, translator) for command in commands_]

    async def sync_app_commands(self, force: bool = True) -> int:
        """Register the commands with Discord (one test guild, else globally). Unless `force`,
        skip it when the translated payload is the one synced last time (its hash is kept in
        the data dir): Discord rate-limits command syncs, and most restarts change nothing."""
        guild = self._scope()
        payload = await self.command_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        key = f"{self.application_id}:{guild.id if guild else 'global'}"
        state_path = Path(self.service.settings.data_dir) / SYNC_STATE_FILE
        state = _read_sync_state(state_path)
        if not force and state.get(key) == digest:
            log.info("commands unchanged since the last sync (%s); not syncing", key)
            return 0
        synced = await self.tree.sync(guild=guild)
        if guild is not None:
            log.info("synced %d commands to guild %s", len(synced), guild.id)
        else:
            log.info("synced %d commands globally (may take a while to appear)", len(synced))
        state[key] = digest
        _write_sync_state(state_path, state)
        return len(synced)

    async def _warm(self) -> None:
        """Load the model and index in the background so the first /ask is not slow."""
        try:
            await asyncio.to_thread(self.service.warm)
            log.info("search index loaded")
        except Exception as exc:  # the bot still serves /rule and the calculator
            log.warning("could not load the search index yet: %s", exc)

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))


def create_bot(
    service: Admiralty,
    *,
    guild_id: int | None = None,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
    sync_commands: bool = True,
) -> AdmiraltyBot:
    return AdmiraltyBot(service, dev_guild_id=guild_id, shard_count=shard_count, shard_ids=shard_ids,
                        sync_commands=sync_commands)


async def start_bot(
    service: Admiralty,
    token: str,
    *,
    guild_id: int | None = None,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
    sync_commands: bool = True,
) -> None:
    """Run the bot until cancelled or closed (usable inside another asyncio app)."""
    bot = create_bot(service, guild_id=guild_id, shard_count=shard_count, shard_ids=shard_ids,
                     sync_commands=sync_commands)
    async with bot:
        with _token_rejections():
            await bot.start(token)


async def sync_only(service: Admiralty, token: str, *, guild_id: int | None = None) -> int:
    """Log in over HTTP only, sync the commands, and return how many were synced."""
    bot = AdmiraltyBot(service, dev_guild_id=guild_id, sync_commands=False, warm_service=False)
    async with bot:
        with _token_rejections():
            await bot.login(token)  # runs setup_hook: the translator is set before the sync
        return await bot.sync_app_commands(force=True)


def _read_sync_state(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _write_sync_state(path: Path, state: dict[str, str]) -> None:
    """Written atomically; a failure only means the next start syncs again."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("could not record the synced command payload in %s: %s", path, exc)


@contextlib.contextmanager
def _token_rejections() -> Iterator[None]:
    """Discord's LoginFailure becomes our one-line TokenError."""
    try:
        yield
    except discord.LoginFailure as exc:
        raise TokenError(f"Discord rejected the bot token: {exc}") from exc


def load_token(token_file: Path | str | None = None) -> str:
    """The bot token: $DISCORD_TOKEN, else the file from the argument, $DISCORD_TOKEN_FILE
    or `[discord] token_file` in the $ADMIRALTY_CONFIG TOML file."""
    token = (env(TOKEN_ENV) or "").strip()
    if token:
        return token
    path: Path | None = None
    source = ""
    if token_file:
        path, source = Path(token_file).expanduser(), "--token-file"
    elif file_from_env := env(TOKEN_FILE_ENV):
        path, source = Path(file_from_env).expanduser(), f"${TOKEN_FILE_ENV}"
    else:
        try:
            path = Settings.from_env().discord_token_file
        except UserInputError as exc:  # an unreadable config file
            raise TokenError(str(exc)) from exc
        source = f"[discord] token_file in ${CONFIG_ENV}"
    if path is None:
        raise TokenError(
            f"no Discord bot token: set ${TOKEN_ENV}, or put the token in a file and give its path "
            f"with ${TOKEN_FILE_ENV} or `[discord] token_file = \"...\"` in the ${CONFIG_ENV} file"
        )
    try:
        token = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise TokenError(f"cannot read the Discord token file {path} ({source}): {exc.__class__.__name__}") from exc
    if not token:
        raise TokenError(f"the Discord token file {path} ({source}) is empty")
    return token
