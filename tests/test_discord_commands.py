"""Slash command callbacks driven with fake interactions over the real service (no network).

Covers /help, /sources, /settings, the "Post publicly" button, rate limiting, deferral,
ephemeral replies, allowed mentions and error messages. /ask and /rule over a built index
are in test_discord_search.py; the calculator commands in test_discord_referee.py.
"""
from __future__ import annotations

import logging

import discord
import pytest
from discord import app_commands

from bot.discord_bot.commands import handle_tree_error
from bot.discord_bot.rate_limit import RateLimiter
from bot.discord_bot.views import PublishView
from index.manifest import load_manifest
from tests.test_discord_fakes import FakeInteraction, assert_safe_and_ephemeral, callback, make_bot, run


def test_bot_is_slash_only_unprivileged_and_registers_every_command(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        names = {c.name for c in bot.tree.get_commands()}
        assert names == {"ask", "rule", "attack", "assault", "ram", "sources", "settings", "help"}
        assert isinstance(bot, discord.AutoShardedClient)
        assert bot.intents.value == discord.Intents(guilds=True).value  # no privileged intents
        assert not bot.intents.message_content and not bot.intents.members and not bot.intents.presences
        assert bot.allowed_mentions.to_dict() == {"parse": []}
        settings = bot.tree.get_command("settings")
        assert settings.guild_only and settings.default_permissions.manage_guild
        # Every command serialises to a payload Discord accepts (names, descriptions, option order).
        for command in bot.tree.get_commands():
            payload = command.to_dict(bot.tree)
            assert 1 <= len(payload["description"]) <= 100
            assert len(payload.get("options", [])) <= 25
            for option in payload.get("options", []):
                assert option["name"] == option["name"].lower() and len(option["name"]) <= 32
                assert 1 <= len(option["description"]) <= 100
                assert len(option.get("choices") or []) <= 25

    run(go())


def test_dev_guild_sync_copies_commands_to_that_guild_only(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        bot.dev_guild_id = 424242
        seen = []

        async def fake_sync(*, guild=None):  # stands in for Discord's HTTP endpoint
            seen.append(guild)
            return bot.tree.get_commands(guild=guild)

        bot.tree.sync = fake_sync
        count = await bot.sync_app_commands()
        assert seen[0].id == 424242 and count == 8
        bot.dev_guild_id = None
        await bot.sync_app_commands()
        assert seen[1] is None

    run(go())


def test_help_answers_at_once_ephemeral_without_mentions(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = FakeInteraction()
        await callback(bot, "help")(inter)
        assert [s.kind for s in inter.sent] == ["response"]
        assert_safe_and_ephemeral(inter)
        text = inter.all_text()
        for name in ("/ask", "/rule", "/attack", "/sources", "/settings"):
            assert name in text

    run(go())


def test_sources_defers_then_lists_the_manifest_with_publish_button(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = FakeInteraction()
        await callback(bot, "sources")(inter)
        assert inter.sent[0].kind == "defer" and inter.sent[0].ephemeral and inter.sent[0].thinking
        assert_safe_and_ephemeral(inter)
        (message,) = inter.messages()
        assert isinstance(message.view, PublishView)
        for doc in load_manifest():
            assert doc.version in message.text() and doc.edition in message.text()
        return inter, message

    run(go())


def test_publish_button_posts_publicly_once_for_the_author_only(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = FakeInteraction(user_id=7)
        await callback(bot, "sources")(inter)
        view = inter.messages()[0].view
        button = view.children[0]
        assert isinstance(button, discord.ui.Button) and button.label == "Post publicly"

        stranger = FakeInteraction(user_id=8)
        assert await view.interaction_check(stranger) is False
        assert stranger.messages()[0].ephemeral and "Only the person who asked" in stranger.all_text()

        click = FakeInteraction(user_id=7)
        assert await view.interaction_check(click) is True
        await button.callback(click)
        public = click.messages()
        assert len(public) == 1 and public[0].ephemeral is False
        assert public[0].allowed_mentions.to_dict() == {"parse": []}
        assert [e.to_dict() for e in public[0].embeds] == [e.to_dict() for e in inter.messages()[0].embeds]
        assert button.disabled and view.is_finished()
        assert inter.sent[-1].kind == "edit_original"  # the ephemeral copy shows the disabled button

    run(go())


def test_rate_limited_user_gets_a_polite_ephemeral_message(tmp_path):
    async def go():
        bot = make_bot(tmp_path, limiter=RateLimiter(per_minute=1, burst=1))
        first, second, other = FakeInteraction(user_id=1), FakeInteraction(user_id=1), FakeInteraction(user_id=2)
        await callback(bot, "sources")(first)
        await callback(bot, "sources")(second)
        await callback(bot, "sources")(other)
        assert [s.kind for s in second.sent] == ["response"]  # answered at once, never deferred
        assert_safe_and_ephemeral(second)
        assert "try again in" in second.all_text() and "seconds" in second.all_text()
        assert other.sent[0].kind == "defer"

    run(go())


def test_settings_need_manage_server_and_are_stored(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        settings = callback(bot, "settings")
        dw4 = app_commands.Choice(name="dw4", value="dw4")
        ru = app_commands.Choice(name="Russian", value="ru")

        member = FakeInteraction(manage_guild=False)
        await settings(member, ruleset=dw4)
        assert "Manage Server" in member.all_text()
        assert bot.context.guilds.get(member.guild_id).ruleset is None

        admin = FakeInteraction(manage_guild=True)
        game = load_manifest()[0].game
        await settings(admin, ruleset=dw4, language=ru, game=game)
        assert_safe_and_ephemeral(admin)
        stored = bot.context.guilds.get(admin.guild_id)
        assert (stored.ruleset, stored.language, stored.game) == ("dw4", "ru", game)
        assert admin.messages()[0].view is None  # settings are not for posting publicly

        viewer = FakeInteraction(manage_guild=False)
        await settings(viewer)  # showing is allowed
        assert "dw4" in viewer.all_text() and "ru" in viewer.all_text()

        dm = FakeInteraction(guild_id=None, manage_guild=True)
        await settings(dm, ruleset=dw4)
        assert "inside a server" in dm.all_text()

    run(go())


def test_settings_unknown_game_is_echoed_escaped(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        admin = FakeInteraction(manage_guild=True)
        await callback(bot, "settings")(admin, game="@everyone **x**")
        assert_safe_and_ephemeral(admin)
        text = admin.all_text()
        assert "Unknown game" in text
        assert "@everyone" not in text and "\\*\\*x\\*\\*" in text

    run(go())


def test_unexpected_failure_is_a_short_apology_and_a_logged_traceback(tmp_path, caplog):
    async def go():
        bot = make_bot(tmp_path)
        db = tmp_path / "discord_guilds.db"
        db.write_bytes(b"this is not a sqlite database" * 100)  # corrupt the settings store
        inter = FakeInteraction(manage_guild=True)
        with caplog.at_level(logging.INFO, logger="admiralty.discord"):
            await callback(bot, "settings")(inter)
        assert_safe_and_ephemeral(inter)
        text = inter.all_text()
        assert "Sorry, something went wrong" in text and "Traceback" not in text and "sqlite" not in text
        failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert failures and failures[0].exc_info is not None

    run(go())


@pytest.mark.parametrize("error,expected", [
    (app_commands.MissingPermissions(["manage_guild"]), "Manage Guild"),
    (app_commands.NoPrivateMessage(), "inside a server"),
])
def test_tree_level_errors_become_ephemeral_messages(error, expected):
    async def go():
        inter = FakeInteraction()
        await handle_tree_error(inter, error)
        assert_safe_and_ephemeral(inter)
        assert expected in inter.all_text()
        deferred = FakeInteraction()
        await deferred.response.defer(ephemeral=True, thinking=True)
        await handle_tree_error(deferred, error)
        assert deferred.messages()[0].kind == "followup"

    run(go())
