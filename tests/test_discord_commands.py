"""Slash commands driven through discord.py's own command objects (option conversion, checks,
transformers, error handler) with fake interactions over the real service and a real SQLite
store (no network).

Covers the synced payload (Russian names, installs, contexts), the sync hash, /help, /sources,
/settings, the persistent "Post publicly" and feedback components, the reply language, rate
limiting, deferral, ephemeral replies, allowed mentions and error messages. /ask and /rule over
a built index are in test_discord_search.py; the referee commands in test_discord_referee.py.
"""
from __future__ import annotations

import logging
import re

import discord
import pytest
from discord import app_commands

from bot.discord_bot import views
from bot.discord_bot.commands import MAX_TERM, handle_tree_error
from bot.discord_bot.i18n import COMMAND_NAMES_RU, AdmiraltyTranslator, answer_locale, untranslated
from bot.rate_limit import RateLimiter
from bot.service import referee_actions
from index.manifest import load_manifest
from tests.discord_fakes import (
    FakeInteraction,
    FakeMessage,
    assert_safe_and_ephemeral,
    autocomplete,
    interaction_for,
    invoke,
    make_bot,
    run,
)

ALL_COMMANDS = {"ask", "rule", "unit", "attack", "assault", "ram", "sources", "settings", "help"}
# Discord's rule for command and option names (https://discord.com/developers/docs/interactions/
# application-commands#application-command-object-application-command-naming), restated here.
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")


async def _payload(bot) -> list[dict]:
    await bot.tree.set_translator(AdmiraltyTranslator())
    return await bot.command_payload()


def test_bot_is_slash_only_unprivileged_and_installable_by_users(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        assert {c.name for c in bot.tree.get_commands()} >= ALL_COMMANDS
        assert isinstance(bot, discord.AutoShardedClient)
        assert bot.intents.value == discord.Intents(guilds=True).value  # no privileged intents
        assert bot.allowed_mentions.to_dict() == {"parse": []}
        for command in bot.tree.get_commands():
            payload = command.to_dict(bot.tree)
            assert 1 <= len(payload["description"]) <= 100
            assert len(payload.get("options", [])) <= 25
            assert payload["integration_types"] == [0, 1]  # guild install and user install
            if command.name == "settings":
                assert payload["contexts"] == [0] and payload["default_member_permissions"] is None
            else:
                assert payload["contexts"] == [0, 1, 2]  # servers, the bot's DMs, group DMs
            for option in payload.get("options", []):
                assert option["name"] == option["name"].lower() and DISCORD_NAME.match(option["name"])
                assert 1 <= len(option["description"]) <= 100
                assert len(option.get("choices") or []) <= 25

    run(go())


def test_synced_payload_has_valid_russian_names_and_descriptions_for_everything(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        payload = await _payload(bot)
        by_name = {c["name"]: c for c in payload}
        assert by_name["rule"]["name_localizations"] == {"ru": "правило"}
        assert by_name["ask"]["description_localizations"]["ru"].startswith("Вопрос по правилам")
        term = by_name["rule"]["options"][0]
        assert (term["name"], term["name_localizations"]) == ("term", {"ru": "термин"})
        settings = {o["name"]: o for o in by_name["settings"]["options"]}
        assert {c["name_localizations"]["ru"] for c in settings["language"]["choices"]} == {"английский", "русский"}
        assert {c["name"] for c in payload} >= ALL_COMMANDS | set(referee_actions())
        for command in payload:  # every command of the tree, a new one too
            ru_name = command["name_localizations"]["ru"]
            assert DISCORD_NAME.match(ru_name) and ru_name == ru_name.lower(), ru_name
            assert 1 <= len(command["description_localizations"]["ru"]) <= 100
            names = set()
            for option in command.get("options", []):
                ru = option["name_localizations"].get("ru")
                assert ru, f"/{command['name']} {option['name']} has no Russian name"
                assert DISCORD_NAME.match(ru) and ru == ru.lower(), ru
                assert 1 <= len(option["description_localizations"]["ru"]) <= 100, option["name"]
                names.add(ru)
            assert len(names) == len(command.get("options", [])), "two options share a Russian name"
        assert untranslated(bot.tree) == []

    run(go())


def test_sync_happens_only_when_the_translated_payload_changed(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        bot._connection.application_id = 99  # what login would set
        await bot.tree.set_translator(AdmiraltyTranslator())
        calls = []

        async def fake_sync(*, guild=None):  # stands in for Discord's HTTP endpoint
            calls.append(guild)
            return bot.tree.get_commands(guild=guild)

        bot.tree.sync = fake_sync
        assert await bot.sync_app_commands(force=False) == len(bot.tree.get_commands())
        assert await bot.sync_app_commands(force=False) == 0  # nothing changed: no call to Discord
        assert len(calls) == 1
        assert await bot.sync_app_commands(force=True) > 0  # --sync-only forces it
        COMMAND_NAMES_RU["help"], old = "справка", COMMAND_NAMES_RU["help"]
        try:  # a changed translation is a changed payload
            assert await bot.sync_app_commands(force=False) > 0
        finally:
            COMMAND_NAMES_RU["help"] = old
        bot.dev_guild_id = 424242  # another scope has its own hash
        assert await bot.sync_app_commands(force=False) > 0
        assert calls[-1].id == 424242 and len(calls) == 4

    run(go())


def test_help_answers_at_once_ephemeral_without_mentions_in_the_servers_language(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = interaction_for(bot)
        await invoke(bot, "help", inter)
        assert [s.kind for s in inter.sent] == ["response"]
        assert_safe_and_ephemeral(inter)
        for name in ("/ask", "/rule", "/unit", "/sources", "/settings", *(f"/{a}" for a in referee_actions())):
            assert name in inter.all_text()  # every referee command, from its registry
        russian = interaction_for(bot, guild_locale="ru")
        await invoke(bot, "help", russian)
        assert "/правило термин" in russian.all_text() and "Опубликовать" in russian.all_text()
        assert all(f"/{COMMAND_NAMES_RU[a]}" in russian.all_text() for a in referee_actions())

    run(go())


def test_reply_language_follows_the_user_then_the_setting_then_the_server_then_english():
    # (setting, guild?, guild locale, user locale) -> language, as issue 21 orders them
    cases = [
        (("ru", True, "en-US", "en-US"), "en"),  # the player's own language first
        (("en", True, "ru", "ru"), "ru"),
        (("ru", True, "en-US", "de"), "ru"),  # a locale we do not speak: the server's setting
        ((None, True, "ru", "fr"), "ru"),  # ... then the server's own locale
        ((None, True, "de", "fr"), "en"),
        ((None, False, None, "ru"), "ru"),
        ((None, False, None, "fr"), "en"),
    ]
    for (setting, in_guild, guild_locale, locale), expected in cases:
        inter = FakeInteraction(guild_id=5005 if in_guild else None, guild_locale=guild_locale, locale=locale)
        assert answer_locale(inter, setting) == expected, (setting, in_guild, guild_locale, locale)


def test_sources_defers_then_lists_the_manifest_with_a_persistent_publish_button(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = interaction_for(bot)
        await invoke(bot, "sources", inter)
        assert inter.sent[0].kind == "defer" and inter.sent[0].ephemeral and inter.sent[0].thinking
        assert_safe_and_ephemeral(inter)
        (message,) = inter.messages()
        (button,) = message.view.children
        assert isinstance(button, views.PublishButton) and button.custom_id == f"adm:pub:{inter.user.id}"
        assert message.view.timeout is None
        for doc in load_manifest():
            assert doc.version in message.text() and doc.title[:100] in message.text()

    run(go())


def test_every_component_sent_is_rebuilt_from_its_custom_id_after_a_restart(tmp_path):
    """setup_hook registers the DynamicItem classes; each custom_id we send matches one of them."""
    async def go():
        bot = make_bot(tmp_path)
        bot.warm_service = False  # no model loading in this test
        await bot.setup_hook()  # what discord.py runs at login (no sync: make_bot turns it off)
        assert isinstance(bot.tree.translator, AdmiraltyTranslator)
        templates = bot._connection._view_store._dynamic_items
        assert set(templates.values()) == set(views.COMPONENTS)
        sample = [views.PublishButton(7), views.OtherEditionsButton("Ram", "dw4-glossary"),
                  views.FeedbackButton(True, ["dw4-glossary:0001.0"]), views.OpenRuleButton("Таран"),
                  views.Picker("rule", ["Ram", "Ramming"])]
        for item in sample:
            (cls,) = [c for pattern, c in templates.items() if pattern.fullmatch(item.custom_id)]
            rebuilt = await cls.from_custom_id(FakeInteraction(client=bot), item.item,
                                               cls.__discord_ui_compiled_template__.fullmatch(item.custom_id))
            assert type(rebuilt) is type(item) and rebuilt.custom_id == item.custom_id

    run(go())


def test_publish_button_posts_publicly_once_for_the_author_only_even_after_a_restart(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = interaction_for(bot, user_id=7)
        await invoke(bot, "sources", inter)
        sent = inter.messages()[0]
        message = FakeMessage(1, sent.embeds, sent.view)

        button = await views.PublishButton.from_custom_id(
            FakeInteraction(client=bot), None,
            views.PublishButton.__discord_ui_compiled_template__.fullmatch("adm:pub:7"))
        stranger = interaction_for(bot, user_id=8, message=message)
        assert await button.interaction_check(stranger) is False
        assert stranger.messages()[0].ephemeral and "Only the person who asked" in stranger.all_text()

        views._recent.clear()  # as after a restart: only the message itself is left
        click = interaction_for(bot, user_id=7, message=message)
        assert await button.interaction_check(click) is True
        await button.callback(click)
        assert click.sent[0].kind == "edit_message"  # the private copy: button disabled, "Posted"
        (disabled,) = [i for i in click.sent[0].view.children if getattr(i, "custom_id", "").startswith("adm:pub:")]
        assert disabled.item.disabled and disabled.item.label == "Posted"
        (public,) = click.messages()
        assert public.ephemeral is False and public.allowed_mentions.to_dict() == {"parse": []}
        assert [e.to_dict() for e in public.embeds] == [e.to_dict() for e in sent.embeds]

    run(go())


def test_rate_limited_user_gets_a_polite_ephemeral_message(tmp_path):
    async def go():
        bot = make_bot(tmp_path, limiter=RateLimiter(per_minute=1, burst=1))
        first, second, other = (interaction_for(bot, user_id=1), interaction_for(bot, user_id=1),
                                interaction_for(bot, user_id=2))
        for inter in (first, second, other):
            await invoke(bot, "sources", inter)
        assert [s.kind for s in second.sent] == ["response"]  # answered at once, never deferred
        assert_safe_and_ephemeral(second)
        assert "try again in" in second.all_text() and "seconds" in second.all_text()
        assert other.sent[0].kind == "defer"

    run(go())


def test_settings_are_open_to_view_and_need_manage_server_to_change(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        store = bot.context.store.settings
        member = interaction_for(bot, manage_guild=False)
        await invoke(bot, "settings", member, ruleset="dw4")  # a choice value, converted by discord.py
        assert "Manage Server" in member.all_text()
        assert store.get(member.guild_id).ruleset is None

        admin = interaction_for(bot, manage_guild=True)
        game = load_manifest()[0].game
        await invoke(bot, "settings", admin, ruleset="dw4", language="ru", game=game, edition="4")
        assert_safe_and_ephemeral(admin)
        stored = store.get(admin.guild_id)
        # "4" is stored canonically (the manifest's dw4 edition id)
        assert (stored.ruleset, stored.language, stored.game, stored.edition) == ("dw4", "ru", game, "dw4-glossary")
        assert admin.messages()[0].view is None  # settings are not for posting publicly

        viewer = interaction_for(bot, manage_guild=False)
        await invoke(bot, "settings", viewer)  # showing is allowed to everyone
        assert "dw4" in viewer.all_text() and "dw4-glossary" in viewer.all_text()

        # a client language the bot does not speak (French): the new setting decides the reply's
        channel = interaction_for(bot, manage_guild=True, channel_id=8008, locale="fr")
        await invoke(bot, "settings", channel, locale="ru", this_channel=True)
        assert "Настройки сервера изменены (этот канал)" in channel.all_text()  # answered in the new locale
        assert store.get(admin.guild_id).locale is None and store.get(admin.guild_id, 8008).locale == "ru"

        await invoke(bot, "settings", interaction_for(bot, manage_guild=True), reset=True)
        assert store.get(admin.guild_id, 8008) == store.get(admin.guild_id).__class__(admin.guild_id)

    run(go())


def test_settings_bad_value_is_echoed_escaped(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        admin = interaction_for(bot, manage_guild=True)
        await invoke(bot, "settings", admin, game="@everyone **x**")
        assert_safe_and_ephemeral(admin)
        text = admin.all_text()
        assert "game" in text and "@everyone" not in text and "\\*\\*x\\*\\*" in text

    run(go())


def _bot_with_an_unusable_store(tmp_path):
    """A bot whose settings database file is a directory: every store call fails, as in an outage."""
    from bot.store import open_store
    from core.settings import Settings

    bot = make_bot(tmp_path)
    bot.context.store.close()
    (tmp_path / "store.db").unlink(missing_ok=True)
    (tmp_path / "store.db").mkdir()
    bot.context.store = open_store(Settings.from_env().with_data_dir(tmp_path), database_url="")
    return bot


def test_settings_database_outage_is_a_short_message(tmp_path, caplog):
    async def go():
        bot = _bot_with_an_unusable_store(tmp_path)
        inter = interaction_for(bot, manage_guild=True)
        with caplog.at_level(logging.INFO, logger="admiralty.discord"):
            await invoke(bot, "settings", inter)
        assert_safe_and_ephemeral(inter)
        text = inter.all_text()
        assert "Traceback" not in text and len(text) < 300

    run(go())


def test_a_settings_outage_does_not_stop_other_commands_answering(tmp_path, caplog):
    """Only /settings is about the store: /sources still answers (with the defaults) when it is down."""
    async def go():
        bot = _bot_with_an_unusable_store(tmp_path)
        inter = interaction_for(bot)
        with caplog.at_level(logging.WARNING, logger="admiralty.discord"):
            await invoke(bot, "sources", inter)
        assert_safe_and_ephemeral(inter)
        assert "Dystopian Wars" in inter.all_text()
        assert "answering with defaults" in caplog.text

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


def test_a_value_outside_the_choices_is_refused_by_discord_py_with_a_short_message(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        inter = interaction_for(bot, manage_guild=True)
        await invoke(bot, "settings", inter, ruleset="dw9")  # not one of the choices: the transformer refuses
        assert_safe_and_ephemeral(inter)
        assert "could not understand the value “dw9”" in inter.all_text()
        assert bot.context.store.settings.get(inter.guild_id).ruleset is None
        long_term = interaction_for(bot)
        await invoke(bot, "rule", long_term, term="x" * 500)  # Discord enforces max_length; so do we
        assert f"'term' is 500 characters long; the limit is {MAX_TERM}" in long_term.all_text()

    run(go())


def test_feedback_button_stores_question_chunks_server_and_user(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        answer_embed = discord.Embed(title="Answer").set_author(name="❓ how many dice does a ram get?")
        message = FakeMessage(5, [answer_embed])
        custom_id = views.feedback_custom_id(False, ["dw4-glossary:0100.0", "dw3-quick-reference:0042.1"])
        match = views.FeedbackButton.__discord_ui_compiled_template__.fullmatch(custom_id)
        button = await views.FeedbackButton.from_custom_id(FakeInteraction(client=bot), None, match)
        click = interaction_for(bot, user_id=31, guild_id=4242, message=message)
        await button.callback(click)
        assert_safe_and_ephemeral(click)
        assert "Thanks" in click.all_text()
        (row,) = bot.context.store.feedback.export()
        assert row["question"] == "how many dice does a ram get?" and row["helpful"] is False
        assert row["chunk_ids"] == ["dw4-glossary:0100.0", "dw3-quick-reference:0042.1"]
        assert (row["guild_id"], row["user_id"], row["source"]) == (4242, 31, "discord")

    run(go())


def test_unexpected_failure_is_a_short_apology_and_a_logged_traceback(tmp_path, caplog):
    async def go():
        bot = make_bot(tmp_path)

        def broken():
            raise RuntimeError("disk on fire /secret/path")

        bot.context.service.sources = broken  # the service failing in a way no user can fix
        inter = interaction_for(bot)
        with caplog.at_level(logging.INFO, logger="admiralty.discord"):
            await invoke(bot, "sources", inter)
        assert_safe_and_ephemeral(inter)
        text = inter.all_text()
        assert "Sorry, something went wrong" in text and "secret" not in text
        failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert failures and failures[0].exc_info is not None

    run(go())


def test_unit_card_and_autocomplete_from_the_quick_reference_profiles(tmp_path):
    async def go():
        bot = make_bot(tmp_path)
        names = [c.value for c in await autocomplete(bot, "unit", "name", "boro")]
        assert names and all("borodino" in n.lower() for n in names)
        inter = interaction_for(bot)
        await invoke(bot, "unit", inter, name="Borodino")
        assert_safe_and_ephemeral(inter)
        text = inter.all_text()
        assert "Borodino" in text and "Heavy gun battery" in text
        # corpus/dw3-quick-reference.txt, the Borodino card: "Heavy gun battery F / P / S 8 (4) 10 (5) 6 (3)"
        # and its CRIPPLED row "5 (2) 6 (3) 4 (2)": Closing is 10(5) Battle-Ready, 6(3) Crippled.
        assert "C 10(5) / 6(3)" in text
        assert "quick reference" in text.lower()  # the card says where it comes from

        unknown = interaction_for(bot)
        await invoke(bot, "unit", unknown, name="@everyone Zzyzx")
        assert_safe_and_ephemeral(unknown)
        assert "@everyone" not in unknown.all_text()

    run(go())


def test_feedback_keeps_a_long_question_whole_while_the_answer_is_recent(tmp_path):
    from bot.discord_bot.answers import ask_reply
    from bot.discord_bot.replies import send_reply

    async def go():
        bot = make_bot(tmp_path)
        question = ("how many dice " * 30).strip()  # 419 characters: longer than an embed author line (256)
        hit = {"chunk_id": "dw3-quick-reference:0042.0", "section": "MOVEMENT › RAMMING", "text": "RAMMING …",
               "edition": "dw3-quick-reference", "document_title": "Quick Reference"}
        inter = interaction_for(bot)
        await inter.response.defer(ephemeral=True, thinking=True)
        await send_reply(inter, ask_reply({"question": question, "status": "answered", "results": [hit]}))
        sent = inter.messages()[0]
        helpful = next(i for i in sent.view.children if i.custom_id.startswith("adm:fb:1:"))
        message = FakeMessage(len(inter.sent), sent.embeds)  # the id the fake followup returned
        await helpful.callback(interaction_for(bot, message=message))
        (row,) = bot.context.store.feedback.export()
        assert row["question"] == question and row["chunk_ids"] == ["dw3-quick-reference:0042.0"]

    run(go())
