"""/attack, /assault, /ram driven with fake interactions over the real referee (no network)."""
from __future__ import annotations

import io

import discord
import matplotlib.image
import pytest

from referee.api import PARAMS, resolve
from tests.test_discord_fakes import FakeInteraction, assert_safe_and_ephemeral, callback, make_bot, run

ATTACK_ODDS = {"dice": 8, "armour": 4, "citadel": 8, "hull": 6}


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def _answer(bot, action: str, inter: FakeInteraction | None = None, **options):
    inter = inter or FakeInteraction()
    run(callback(bot, action)(inter, **options))
    return inter


def test_options_are_the_referee_parameters(tmp_path):
    bot = make_bot(tmp_path)
    for action in ("attack", "assault", "ram"):
        command = bot.tree.get_command(action)
        names = [p.name for p in command.parameters]
        specs = {s.name: s for s in PARAMS[action]}
        assert names[0] == "description"
        assert set(names) <= set(specs), "every option is a referee parameter"
        assert len(names) <= 25
        for param in command.parameters:
            spec = specs[param.name]
            if spec.kind == "int":
                assert param.type is discord.AppCommandOptionType.integer
                assert (param.min_value, param.max_value) == (spec.minimum, spec.maximum)
            if spec.kind == "choice":
                assert [c.value for c in param.choices] == list(spec.choices)
            if spec.kind == "bool":
                assert param.type is discord.AppCommandOptionType.boolean
    attack_names = {p.name for p in bot.tree.get_command("attack").parameters}
    assert {"ruleset", "dice", "armour", "citadel", "hull", "roll", "quality"} <= attack_names


def test_attack_odds_verdict_table_and_chart(tmp_path):
    bot = make_bot(tmp_path)
    inter = _answer(bot, "attack", **ATTACK_ODDS)
    expected = resolve("attack", ATTACK_ODDS)
    assert inter.sent[0].kind == "defer" and inter.sent[0].ephemeral and inter.sent[0].thinking
    assert_safe_and_ephemeral(inter)
    first = inter.messages()[0]
    main = first.embeds[0]
    assert main.description == expected["verdict"]  # the verdict comes first
    table = next(f for f in main.fields if f.name == "P(damage ≥ k)")
    assert f"  1 | {_pct(expected['p_damage_at_least']['1']):>7}" in table.value
    assert f"  2 | {_pct(expected['p_damage_at_least']['2']):>7}" in table.value
    assert main.image.url == "attachment://distribution.png"
    (png_file,) = first.files
    assert png_file.filename == "distribution.png"
    image = matplotlib.image.imread(io.BytesIO(png_file.fp.read()), format="png")
    assert image.shape[0] > 100 and image.shape[1] > 100
    text = inter.all_text()
    assert "РЕЗУЛЬТАТ СТРЕЛБЫ" in text  # cites the ruleset's section
    assert isinstance(first.view, discord.ui.View)


def test_attack_rolled_shows_steps_and_no_chart(tmp_path):
    bot = make_bot(tmp_path)
    opts = dict(dice=6, armour=4, citadel=8, roll="1 2 3 4 5 6", explosions="3")
    inter = _answer(bot, "attack", **opts)
    expected = resolve("attack", opts)
    assert_safe_and_ephemeral(inter)
    first = inter.messages()[0]
    assert first.embeds[0].description == expected["verdict"]
    assert first.files == [] and not first.embeds[0].image.url
    assert "How it was worked out" in inter.all_text()
    assert f"{expected['hits']} Hits" in inter.all_text()


def test_description_is_parsed_and_options_override_it(tmp_path):
    bot = make_bot(tmp_path)
    described = _answer(bot, "attack", description="dw4 10 dice armour 5 defence 3")
    assert described.messages()[0].embeds[0].title.startswith("Attack (odds) — ")
    dw4_title = resolve("attack", {"description": "dw4 10 dice armour 5 defence 3"})["ruleset_title"]
    assert dw4_title in described.messages()[0].embeds[0].title
    overridden = _answer(bot, "attack", description="dw4 10 dice armour 5 defence 3", ruleset="dw3", citadel=9)
    dw3_title = resolve("attack", {"ruleset": "dw3", "dice": 10, "armour": 5})["ruleset_title"]
    assert dw3_title in overridden.messages()[0].embeds[0].title


def test_server_default_ruleset_applies_only_when_nothing_chooses_one(tmp_path):
    bot = make_bot(tmp_path)
    bot.context.guilds.update(5005, updated_by=1, ruleset="dw4")
    dw4_title = resolve("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2})["ruleset_title"]
    dw3_title = resolve("attack", {"ruleset": "dw3", "dice": 8, "armour": 4})["ruleset_title"]
    defaulted = _answer(bot, "attack", dice=8, armour=4, defence=2)
    assert dw4_title in defaulted.messages()[0].embeds[0].title
    in_text = _answer(bot, "attack", description="dw3 8 dice armour 4")
    assert dw3_title in in_text.messages()[0].embeds[0].title
    elsewhere = _answer(bot, "attack", FakeInteraction(guild_id=777), dice=8, armour=4, defence=2)
    assert dw4_title not in elsewhere.messages()[0].embeds[0].title


def test_bad_input_is_a_short_ephemeral_error_naming_the_field(tmp_path):
    bot = make_bot(tmp_path)
    inter = _answer(bot, "attack", dice=8, armour=4, roll="1 2")
    assert_safe_and_ephemeral(inter)
    (message,) = inter.messages()
    text = message.text()
    assert "roll" in text and "8" in text and "2" in text
    assert len(text) < 600 and "Traceback" not in text
    assert message.view is None and message.embeds[0].colour == discord.Colour.red()


def test_echoed_user_text_cannot_mention_or_format(tmp_path):
    bot = make_bot(tmp_path)
    inter = _answer(bot, "attack", dice=8, armour=4, roll="@everyone **boom**")
    assert_safe_and_ephemeral(inter)
    text = inter.all_text()
    assert "@everyone" not in text
    assert "@\u200beveryone" in text


@pytest.mark.parametrize("action", ["assault", "ram"])
def test_assault_and_ram_answer_within_limits(tmp_path, action):
    examples = {
        "assault": {"fray": 6, "target_citadel": 8, "target_adv": 3, "target_sdv": 3},
        "ram": {"hull": 6, "inches": 6, "ramming": 2, "target_armour": 4, "target_citadel": 8},
    }
    bot = make_bot(tmp_path)
    inter = _answer(bot, action, **examples[action])
    assert_safe_and_ephemeral(inter)
    expected = resolve(action, examples[action])
    main = inter.messages()[0].embeds[0]
    assert main.description == expected["verdict"]
    if action == "assault":
        rows = next(f for f in main.fields if f.name == "Assault results").value
        havoc = next(line for line in rows.splitlines() if line.startswith("Havoc "))
        assert havoc.split("|")[1].strip() == _pct(expected["p_result"]["havoc"])
        assert len([line for line in rows.splitlines() if "|" in line]) == len(expected["p_result"])
        effects = next(f for f in main.fields if f.name == "Effects").value
        assert "Counter Assault" in effects and "Disorder" in effects
    else:
        assert any(f.name == "P(damage ≥ k)" for f in main.fields)
    assert inter.messages()[0].files[0].filename == "distribution.png"


def test_service_work_runs_off_the_event_loop(tmp_path):
    """While the referee and the chart run, other coroutines (the gateway heartbeat) keep running."""
    import asyncio

    bot = make_bot(tmp_path)

    async def go() -> int:
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        inter = FakeInteraction(guild_id=None)  # no settings lookup: only the referee and chart remain
        await callback(bot, "attack")(inter, **ATTACK_ODDS)  # the fakes never suspend by themselves
        task.cancel()
        assert inter.messages()[0].files, "the answer arrived"
        return ticks

    assert run(go()) > 0
