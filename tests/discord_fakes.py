"""Thin fakes of discord.py's Interaction API (no network), shared by the test_discord_* modules.

They record what our code sends and enforce, independently of bot.discord_bot.limits,
the rules Discord itself applies: respond once, follow-ups only after a response,
and the message/embed size limits that make Discord answer HTTP 400.
"""
from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.context import BotContext
from bot.discord_bot.runner import AdmiraltyBot
from bot.rate_limit import RateLimiter
from bot.service import Admiralty
from bot.store import open_store
from core.settings import Settings

# Discord's documented limits, restated here so the tests do not trust the code under test.
DISCORD_LIMITS = dict(
    content=2000, embeds=10, total=6000, title=256, description=4096,
    fields=25, field_name=256, field_value=1024, footer=2048, author=256, files=10,
)


class DiscordWouldReject(AssertionError):
    """What Discord would answer with HTTP 400 or 'interaction already acknowledged'."""


def discord_embed_chars(embed: discord.Embed) -> int:
    total = len(embed.title or "") + len(embed.description or "")
    total += len(embed.footer.text or "") + len(embed.author.name or "")
    for f in embed.fields:
        total += len(f.name or "") + len(f.value or "")
    return total


def check_message(content: Any, embeds: list[discord.Embed], files: list[discord.File]) -> None:
    lim = DISCORD_LIMITS
    if content is not None and len(str(content)) > lim["content"]:
        raise DiscordWouldReject(f"content has {len(content)} chars")
    if len(embeds) > lim["embeds"]:
        raise DiscordWouldReject(f"{len(embeds)} embeds")
    if len(files) > lim["files"]:
        raise DiscordWouldReject(f"{len(files)} files")
    if sum(discord_embed_chars(e) for e in embeds) > lim["total"]:
        raise DiscordWouldReject("embeds exceed 6000 chars in total")
    for e in embeds:
        if not isinstance(e, discord.Embed):
            raise DiscordWouldReject(f"not an embed: {e!r}")
        if len(e.title or "") > lim["title"] or len(e.description or "") > lim["description"]:
            raise DiscordWouldReject("title or description too long")
        if len(e.fields) > lim["fields"]:
            raise DiscordWouldReject("too many fields")
        for f in e.fields:
            if not f.name or not f.value or len(f.name) > lim["field_name"] or len(f.value) > lim["field_value"]:
                raise DiscordWouldReject(f"bad field {f.name!r}")
        if len(e.footer.text or "") > lim["footer"] or len(e.author.name or "") > lim["author"]:
            raise DiscordWouldReject("footer or author too long")
        if not (e.title or e.description or e.fields or e.image.url):
            raise DiscordWouldReject("empty embed")
    if content is None and not embeds and not files:
        raise DiscordWouldReject("empty message")


@dataclass
class Sent:
    """One message our code sent (or a deferral), with the keyword arguments it used."""

    kind: str  # "defer", "response", "followup", "edit_original", "edit_message"
    content: Any = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    ephemeral: bool = False
    thinking: bool = False
    allowed_mentions: discord.AllowedMentions | None = None
    view: discord.ui.View | None = None

    def text(self) -> str:
        parts = [str(self.content or "")]
        for e in self.embeds:
            parts += [e.title or "", e.description or "", e.author.name or "", e.footer.text or ""]
            parts += [f"{f.name}\n{f.value}" for f in e.fields]
        return "\n".join(parts)


def _collect(embed, embeds, file, files) -> tuple[list, list]:
    out_embeds = list(embeds or []) + ([embed] if embed is not None else [])
    out_files = list(files or []) + ([file] if file is not None else [])
    return out_embeds, out_files


class FakeResponse:
    def __init__(self, log: list[Sent]) -> None:
        self._log = log
        self._done = False

    def is_done(self) -> bool:
        return self._done

    def _acknowledge(self) -> None:
        if self._done:
            raise DiscordWouldReject("interaction already acknowledged")
        self._done = True

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._acknowledge()
        self._log.append(Sent("defer", ephemeral=ephemeral, thinking=thinking))

    async def send_message(self, content=None, *, embed=None, embeds=None, file=None, files=None,
                           view=None, ephemeral=False, allowed_mentions=None, **_: Any) -> None:
        self._acknowledge()
        embeds, files = _collect(embed, embeds, file, files)
        check_message(content, embeds, files)
        self._log.append(Sent("response", content, embeds, files, ephemeral, False, allowed_mentions, view))


    async def autocomplete(self, choices) -> None:
        """Autocomplete answers: at most 25 choices, names and values of 1-100 characters."""
        self._acknowledge()
        if len(choices) > 25:
            raise DiscordWouldReject(f"{len(choices)} autocomplete choices")
        for choice in choices:
            payload = choice.to_dict()
            if not 1 <= len(payload["name"]) <= 100 or not 1 <= len(str(payload["value"])) <= 100:
                raise DiscordWouldReject(f"bad choice {payload!r}")
        self.choices = list(choices)

    async def edit_message(self, *, view=None, embeds=None, content=None, **_: Any) -> None:
        """A component click answered by editing the message the component is on."""
        self._acknowledge()
        self._log.append(Sent("edit_message", content, list(embeds or []), view=view))


class FakeFollowup:
    def __init__(self, log: list[Sent], response: FakeResponse) -> None:
        self._log = log
        self._response = response

    async def send(self, content=None, *, embed=None, embeds=None, file=None, files=None, view=None,
                   ephemeral=False, allowed_mentions=None, wait=False, **_: Any) -> None:
        if not self._response.is_done():
            raise DiscordWouldReject("follow-up before the interaction was acknowledged")
        embeds, files = _collect(embed, embeds, file, files)
        check_message(content, embeds, files)
        if view is not None:
            check_components(view)
        self._log.append(Sent("followup", content, embeds, files, ephemeral, False, allowed_mentions, view))
        return FakeMessage(len(self._log), embeds, view) if wait else None


def check_components(view: discord.ui.View) -> None:
    """What Discord checks on components: custom_id <= 100 chars, labels <= 80, <= 25 select options,
    <= 5 rows of <= 5 buttons."""
    items = list(view.children)
    if len(items) > 25:
        raise DiscordWouldReject(f"{len(items)} components")
    for item in items:
        inner = getattr(item, "item", item)  # a DynamicItem wraps the real button or select
        custom_id = getattr(inner, "custom_id", None)
        if custom_id is not None and not 1 <= len(custom_id) <= 100:
            raise DiscordWouldReject(f"custom_id of {len(custom_id)} chars")
        if len(getattr(inner, "label", None) or "") > 80:
            raise DiscordWouldReject("button label over 80 chars")
        options = getattr(inner, "options", None)
        if options is not None and not 1 <= len(options) <= 25:
            raise DiscordWouldReject(f"select with {len(options)} options")


@dataclass
class FakeMessage:
    """A sent message as a component interaction sees it: id, embeds, components."""

    id: int
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    content: str | None = None
    attachments: list[Any] = field(default_factory=list)
    components: list[Any] = field(default_factory=list)


class FakeInteraction:
    """Shaped like discord.Interaction for what command callbacks and components use."""

    def __init__(self, user_id: int = 1001, guild_id: int | None = 5005, manage_guild: bool = False,
                 command_name: str = "test", *, client: Any = None, channel_id: int | None = 7007,
                 guild_locale: str | None = "en-US", locale: str | None = None, message: Any = None,
                 namespace: dict[str, Any] | None = None) -> None:
        self.sent: list[Sent] = []
        self.user = SimpleNamespace(id=user_id, mention=f"<@{user_id}>", name=f"user{user_id}")
        self.guild_id = guild_id
        self.channel_id = channel_id if guild_id is not None else None
        self.guild_locale = discord.Locale(guild_locale) if guild_id is not None and guild_locale else None
        # A player's client speaks the server's language unless a test says otherwise.
        self.locale = discord.Locale(locale or guild_locale or "en-US")
        self.permissions = discord.Permissions(manage_guild=manage_guild)
        self.response = FakeResponse(self.sent)
        self.followup = FakeFollowup(self.sent, self.response)
        self.command = SimpleNamespace(name=command_name)
        self.message = message
        self.client = client
        self._state = getattr(client, "_connection", None)
        self.guild = None
        self.namespace = app_commands.Namespace(self, {}, [])  # type: ignore[arg-type]
        self.namespace.__dict__.update(namespace or {})
        self.data: dict[str, Any] = {}

    async def edit_original_response(self, *, view=None, **kwargs: Any) -> None:
        self.sent.append(Sent("edit_original", view=view))

    # Helpers for assertions
    def messages(self) -> list[Sent]:
        return [s for s in self.sent if s.kind in ("response", "followup")]

    def all_text(self) -> str:
        return "\n".join(m.text() for m in self.messages())


def run(coro):
    """Run a coroutine in a fresh event loop (discord.ui.View needs a running loop)."""
    return asyncio.run(coro)


def assert_safe_and_ephemeral(interaction: FakeInteraction) -> None:
    """Every message ephemeral, with mentions disabled, and deferred (or answered) once."""
    messages = interaction.messages()
    assert messages, "nothing was sent"
    for m in messages:
        assert m.ephemeral is True, f"{m.kind} not ephemeral"
        am = m.allowed_mentions
        assert isinstance(am, discord.AllowedMentions), "no allowed_mentions"
        assert am.to_dict() == discord.AllowedMentions.none().to_dict() == {"parse": []}


def make_bot(tmp_path, limiter: RateLimiter | None = None, settings: Settings | None = None) -> AdmiraltyBot:
    """The real bot object (never logged in) with our commands installed on its tree; its settings
    and feedback store is a real SQLite store in `tmp_path` (or the given settings' data dir)."""
    service = Admiralty(settings or Settings.from_env().with_data_dir(tmp_path / "var"))
    store = open_store(Settings.from_env().with_data_dir(tmp_path), database_url="")
    ctx = BotContext(service, store, limiter or RateLimiter(600, 100))
    bot = AdmiraltyBot(service, sync_commands=False, context=ctx)
    _without_a_loop(bot.add_cogs())  # what setup_hook does at login, so the tree is complete
    return bot


def _without_a_loop(coro):
    """Run a coroutine that never suspends (adding a cog awaits nothing real) in or out of a running
    event loop, as make_bot is called from both."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("the coroutine suspended")


def command_named(bot: AdmiraltyBot, name: str) -> Any:
    """`/name`, or a group's sub-command by its path ("fleet vs")."""
    first, *rest = name.split()
    command: Any = bot.tree.get_command(first)
    for part in rest:
        command = command.get_command(part) if command is not None else None
    assert command is not None, f"/{name} is not registered"
    return command


def callback(bot: AdmiraltyBot, name: str):
    """The command's callback, bound to its cog (as discord.py calls it)."""
    command = command_named(bot, name)
    if command.binding is not None:
        return functools.partial(command.callback, command.binding)
    return command.callback


def interaction_for(bot: AdmiraltyBot, **kwargs: Any) -> FakeInteraction:
    """A fake interaction whose `client` is `bot` (components find the service through it)."""
    return FakeInteraction(client=bot, **kwargs)


def option(name: str, value: Any) -> dict[str, Any]:
    """One option as Discord sends it in the interaction data (type from the Python value)."""
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 10 if isinstance(value, float) else 3
    return {"type": kind, "name": name, "value": value}


async def invoke(bot: AdmiraltyBot, name: str, interaction: FakeInteraction, /, **options: Any) -> None:
    """Run `/name` the way discord.py does on a real interaction: the options as Discord sends
    them, through the command's checks and its parameter transformers (ranges, choices), then
    the callback; errors go to the tree's error handler as they would live."""
    command = command_named(bot, name)
    namespace = app_commands.Namespace(interaction, {}, [option(k, v) for k, v in options.items()])  # type: ignore
    interaction.namespace = namespace
    interaction.command = command
    try:
        await command._invoke_with_namespace(interaction, namespace)  # type: ignore[arg-type]
    except app_commands.AppCommandError as error:
        await bot.tree.on_error(interaction, error)  # type: ignore[arg-type]


async def autocomplete(bot: AdmiraltyBot, name: str, option_name: str, current: str, /,
                       interaction: FakeInteraction | None = None, **filled: Any) -> list[app_commands.Choice]:
    """What Discord would show while typing `current` into `/name option_name`, the other options
    already `filled` (read by completers from `interaction.namespace`)."""
    command = bot.tree.get_command(name)
    assert command is not None
    interaction = interaction or FakeInteraction(client=bot)
    data = [option(k, v) for k, v in filled.items()] + [{"type": 3, "name": option_name, "value": current,
                                                           "focused": True}]
    namespace = app_commands.Namespace(interaction, {}, data)  # type: ignore[arg-type]
    interaction.namespace = namespace
    await command._invoke_autocomplete(interaction, option_name, namespace)  # type: ignore[arg-type]
    return interaction.response.choices
