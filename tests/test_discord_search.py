"""/ask and /rule (with autocomplete) over the real built index, driven with fake interactions."""
from __future__ import annotations

import pytest
from discord import app_commands

from bot.service import Admiralty
from tests.test_discord_fakes import FakeInteraction, assert_safe_and_ephemeral, callback, make_bot, run


@pytest.fixture(scope="module")
def service(built_settings) -> Admiralty:
    return Admiralty(built_settings)


@pytest.fixture
def bot(tmp_path, built_settings):
    return make_bot(tmp_path, settings=built_settings)


def _ask(bot, inter=None, **options):
    inter = inter or FakeInteraction()
    run(callback(bot, "ask")(inter, **options))
    return inter


def _autocomplete(bot, current: str) -> list[app_commands.Choice[str]]:
    command = bot.tree.get_command("rule")
    complete = command._params["term"].autocomplete  # the function Discord's autocomplete calls
    return run(complete(FakeInteraction(), current))


def test_ask_cites_the_best_passage(bot, service):
    question = "what happens when a ship rams another"
    expected = service.ask(question, k=3)
    inter = _ask(bot, question=question)
    assert inter.sent[0].kind == "defer" and inter.sent[0].thinking
    assert_safe_and_ephemeral(inter)
    top = inter.messages()[0].embeds[0]
    best = expected["results"][0]
    assert best["document_title"] in top.footer.text and best["edition"] in top.footer.text
    assert best["section"] in top.footer.text
    assert top.description.startswith(best["text"].strip()[:50])
    assert top.author.name == f"Q: {question}"
    if expected["editions_disagree"]:
        assert any("Editions disagree" in f.name for f in top.fields)


def test_ask_edition_filter_and_server_language(bot, service):
    docs = service.sources()
    edition = next(d["edition"] for d in docs if d["language"] == "en")
    inter = _ask(bot, question="armour and damage", edition=edition)
    footers = [e.footer.text for m in inter.messages() for e in m.embeds]
    assert footers and all(edition in f for f in footers)

    bot.context.guilds.update(5005, updated_by=1, language="ru")
    ru_titles = {d["title"] for d in docs if d["language"] == "ru"}
    inter = _ask(bot, question="boarding assault")
    footers = [e.footer.text for m in inter.messages() for e in m.embeds]
    assert footers and all(any(t in f for t in ru_titles) for f in footers)


def test_ask_bad_filter_is_a_short_escaped_error(bot):
    inter = _ask(bot, question="armour", edition="@everyone-edition")
    assert_safe_and_ephemeral(inter)
    (message,) = inter.messages()
    text = message.text()
    assert "@everyone" not in text and "Traceback" not in text and len(text) < 600
    assert message.view is None


def test_ask_never_pings(bot):
    inter = _ask(bot, question="@everyone <@&1234> how do torpedoes work")
    assert_safe_and_ephemeral(inter)


def test_rule_autocomplete_english_and_russian_within_limits(bot, service):
    for prefix in ("", "a", "ram", "т"):
        choices = _autocomplete(bot, prefix)
        assert len(choices) <= 25
        assert all(1 <= len(c.name) <= 100 and len(c.value) <= 100 for c in choices)
        assert [c.value for c in choices] == service.complete_terms(prefix, 25)[: len(choices)]
    assert _autocomplete(bot, "ram"), "English names complete"
    assert _autocomplete(bot, "т"), "Russian names complete"


def test_rule_shows_each_edition_labelled(bot, service):
    term = service.complete_terms("ram", 25)[0]
    expected = service.rule(term)
    inter = FakeInteraction()
    run(callback(bot, "rule")(inter, term=term))
    assert_safe_and_ephemeral(inter)
    embeds = [e for m in inter.messages() for e in m.embeds]
    if expected["status"] == "found":
        for entry in expected["entries"]:
            label = entry.get("edition_label") or entry["edition"]
            assert any(e.title.startswith(f"{entry['term']} — {label}") and entry["edition"] in e.footer.text
                       for e in embeds)
    else:
        assert all(c in inter.all_text() for c in expected["candidates"][:5])


def test_rule_unknown_name_is_rechecked_on_submit(bot):
    inter = FakeInteraction()
    run(callback(bot, "rule")(inter, term="@everyone zzqx"))
    assert_safe_and_ephemeral(inter)
    text = inter.all_text()
    assert "No rule named" in text or "matches several" in text
    assert "@everyone" not in text
