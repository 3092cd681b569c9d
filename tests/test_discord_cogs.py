"""Discord commands live in cogs (issue 15): the search cog and the referee cog (one command per
action of the referee's registry); buttons get their handlers from the bot; one autocomplete guard."""
from __future__ import annotations

import logging

from bot.discord_bot.views import ClickHandlers
from bot.service import referee_actions
from tests.discord_fakes import autocomplete, make_bot, run


def test_every_command_comes_from_a_cog(tmp_path):
    bot = make_bot(tmp_path)
    by_cog = {name: {c.name for c in cog.get_app_commands()} for name, cog in bot.cogs.items()}
    assert by_cog["SearchCommands"] == {"ask", "rule", "unit", "fleet", "sources", "settings", "help"}
    assert by_cog["RefereeCommands"] == set(referee_actions())
    assert {c.name for c in bot.tree.get_commands()} == set().union(*by_cog.values())


def test_adding_the_cogs_twice_keeps_one_of_each(tmp_path):
    bot = make_bot(tmp_path)
    run(bot.add_cogs())  # setup_hook at login does this again
    assert sorted(bot.cogs) == ["RefereeCommands", "SearchCommands"]


def test_the_buttons_run_the_handlers_the_bot_passes_in(tmp_path):
    bot = make_bot(tmp_path)
    assert isinstance(bot.click_handlers, ClickHandlers)
    assert bot.click_handlers.rule_reply.__module__ == "bot.discord_bot.answers"
    assert bot.click_handlers.run_command.__module__ == "bot.discord_bot.replies"


def test_a_failing_autocomplete_offers_nothing_and_logs_which(tmp_path, caplog):
    """The settings database is unusable (a directory): the quality list cannot read the server's
    ruleset, and the one guard turns the failure into no choices and a log line naming it."""
    from bot.store import open_store
    from core.settings import Settings

    bot = make_bot(tmp_path)
    bot.context.store.close()
    (tmp_path / "store.db").unlink(missing_ok=True)
    (tmp_path / "store.db").mkdir()
    bot.context.store = open_store(Settings.from_env().with_data_dir(tmp_path), database_url="")
    with caplog.at_level(logging.ERROR, logger="admiralty.discord"):
        choices = run(autocomplete(bot, "attack", "quality", "pie"))
    assert choices == []
    assert any("quality autocomplete failed" in r.getMessage() for r in caplog.records)
    assert run(autocomplete(bot, "attack", "quality", "pie", ruleset="dw3"))  # given the ruleset: choices
