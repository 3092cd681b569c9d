"""The referee commands (/attack, /assault, /ram and the actions added since) driven through
discord.py's own command objects (option conversion, autocomplete) over the real referee (no network)."""
from __future__ import annotations

import io

import discord
import matplotlib.image
import pytest

from bot.discord_bot import charts
from bot.service import Kind, referee_action_specs
from referee.api import resolve
from tests.discord_fakes import (
    FakeInteraction,
    assert_safe_and_ephemeral,
    autocomplete,
    interaction_for,
    invoke,
    make_bot,
    run,
)

ATTACK_ODDS = {"dice": 8, "armour": 4, "citadel": 8, "hull": 6}


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def _answer(bot, action: str, inter: FakeInteraction | None = None, **options):
    inter = inter or interaction_for(bot)
    run(invoke(bot, action, inter, **options))
    return inter


def _main(inter: FakeInteraction) -> discord.Embed:
    return inter.messages()[0].embeds[0]


def test_options_are_the_referee_parameters_for_every_action(tmp_path):
    bot = make_bot(tmp_path)
    for action, action_specs in referee_action_specs().items():
        command = bot.tree.get_command(action)
        assert command is not None, f"/{action} was not generated"
        names = [p.name for p in command.parameters]
        specs = {s.name: s for s in action_specs}
        assert names[0] == "description"
        assert set(names) <= set(specs), "every option is a referee parameter"
        assert len(names) <= 25
        for param in command.parameters:
            spec = specs[param.name]
            if spec.kind is Kind.INT:
                assert param.type is discord.AppCommandOptionType.integer
                assert (param.min_value, param.max_value) == (spec.minimum, spec.maximum)
            if spec.kind is Kind.CHOICE and param.choices:
                assert [c.value for c in param.choices] == list(spec.choices)
            if spec.kind is Kind.BOOL:
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
    assert main.description.endswith(f"**{expected['verdict']}**")  # after what was understood
    assert main.description.index("Understood inputs") < main.description.index(expected["verdict"])
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
    assert first.embeds[0].description.endswith(f"**{expected['verdict']}**")
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
    bot.context.store.settings.set(5005, "ruleset", "dw4", updated_by=1)
    dw4_title = resolve("attack", {"ruleset": "dw4", "dice": 8, "armour": 4, "defence": 2})["ruleset_title"]
    dw3_title = resolve("attack", {"ruleset": "dw3", "dice": 8, "armour": 4})["ruleset_title"]
    defaulted = _answer(bot, "attack", dice=8, armour=4, defence=2)
    assert dw4_title in defaulted.messages()[0].embeds[0].title
    in_text = _answer(bot, "attack", description="dw3 8 dice armour 4")
    assert dw3_title in in_text.messages()[0].embeds[0].title
    elsewhere = _answer(bot, "attack", interaction_for(bot, guild_id=777), dice=8, armour=4, defence=2)
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
    assert main.description.endswith(f"**{expected['verdict']}**")
    if action == "assault":
        rows = next(f for f in main.fields if f.name == "Assault results").value
        havoc = next(line for line in rows.splitlines() if line.startswith("Havoc "))
        assert havoc.split("|")[1].strip() == _pct(expected["p_result"]["havoc"])
        assert len([line for line in rows.splitlines() if "|" in line]) == len(expected["p_result"])
        effects = next(f for f in main.fields if f.name == "Effects").value
        assert "Counter Assault" in effects and "Disorder" in effects
        assert not inter.messages()[0].files  # the six rows are the answer; no second quantity in a chart
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
        inter = interaction_for(bot, guild_id=None)  # no settings lookup: only the referee and chart remain
        await invoke(bot, "attack", inter, **ATTACK_ODDS)  # the fakes never suspend by themselves
        task.cancel()
        assert inter.messages()[0].files, "the answer arrived"
        return ticks

    assert run(go()) > 0


def test_chart_and_table_show_the_same_quantity(tmp_path, monkeypatch):
    """Both are P(damage >= k) (issue 11: they used to differ); the chart's bars are the table's rows."""
    plotted = {}
    real = charts.distribution_png

    def spy(distribution, **kwargs):
        plotted.update(distribution=dict(distribution), **kwargs)
        return real(distribution, **kwargs)

    monkeypatch.setattr(charts, "distribution_png", spy)
    bot = make_bot(tmp_path)
    inter = _answer(bot, "attack", **ATTACK_ODDS)
    expected = resolve("attack", ATTACK_ODDS)
    table = next(f for f in _main(inter).fields if f.name == "P(damage ≥ k)").value
    for k, p in plotted["distribution"].items():
        # the service rounds every number to 10 significant digits, once (core/numbers.py)
        assert abs(p - expected["p_damage_at_least"][str(k)]) <= 1e-9 * max(p, 1e-300)
        assert f"{k:>3} | {_pct(p):>7}" in table
    assert "at least" in plotted["ylabel"] and plotted["cumulative"] is True


def test_understood_inputs_assumptions_and_ignored_words_come_first(tmp_path):
    bot = make_bot(tmp_path)
    text = "12 dice armour 5 citadel 8 piercing obscured zorblax"
    inter = _answer(bot, "attack", description=text)
    expected = resolve("attack", {"description": text})
    description = _main(inter).description
    assert description.startswith("**Understood inputs:**")
    assert "armour **5**" in description and "citadel **8**" in description and "dice **12**" in description
    assert "“zorblax”" in description.split(expected["verdict"])[0]  # the word not understood, before the verdict
    assert "⟨" not in inter.all_text()  # parameter mentions are shown as option names
    assert expected["assumptions"], "the referee assumes something here (the target's Mass)"
    assert "give mass" in description


def test_russian_server_gets_russian_labels_and_option_names(tmp_path):
    bot = make_bot(tmp_path)
    inter = _answer(bot, "attack", interaction_for(bot, guild_locale="ru"), description="12 dice armour 5 citadel 8")
    description = _main(inter).description
    assert description.startswith("**Понятые данные:**") and "**Допущения:**" in description
    assert "задайте масса" in description  # ⟨mass⟩ shown as the Russian option name, in a Russian sentence


def test_quality_autocomplete_offers_the_chosen_rulesets_own_list(tmp_path):
    bot = make_bot(tmp_path)

    def offered(current: str, **filled) -> list[str]:
        return [c.value for c in run(autocomplete(bot, "attack", "quality", current, **filled))]

    # From referee/rulesets: Rail and Hunter exist only in dw4, Gunnery and Sustained only in dw3.
    assert "rail" in offered("", ruleset="dw4") and "gunnery" not in offered("", ruleset="dw4")
    assert "gunnery" in offered("", ruleset="dw3") and "rail" not in offered("", ruleset="dw3")
    # a list being typed: the words so far are kept, the last one completed, no repeats
    assert offered("piercing, su", ruleset="dw3") == ["piercing, submerged", "piercing, sustained"]
    assert offered("piercing, pie", ruleset="dw3") == []
    # no ruleset option: the server's default ruleset decides
    bot.context.store.settings.set(5005, "ruleset", "dw4")
    assert "rail" in offered("ra")


def test_attacker_and_weapon_autocomplete_read_the_unit_profiles(tmp_path):
    bot = make_bot(tmp_path)
    service = bot.context.service
    if not all(hasattr(service, m) for m in ("complete_units", "unit_weapons")) or \
            "attacker" not in {p.name for p in bot.tree.get_command("attack").parameters}:
        pytest.skip("the unit profiles (issue 10) are not in the service yet")
    units = [c.value for c in run(autocomplete(bot, "attack", "attacker", "Boro"))]
    assert units and all("boro" in u.lower() for u in units)
    weapons = [c.value for c in run(autocomplete(bot, "attack", "weapon", "", attacker=units[0]))]
    assert weapons == list(dict.fromkeys(service.unit_weapons(units[0])))[:25]
    assert run(autocomplete(bot, "attack", "weapon", "")) == []  # no attacker chosen yet: nothing to offer


def test_attack_from_unit_profiles_shows_where_each_value_came_from(tmp_path):
    bot = make_bot(tmp_path)
    if "attacker" not in {p.name for p in bot.tree.get_command("attack").parameters}:
        pytest.skip("the referee has no unit options yet (issue 10)")
    options = dict(attacker="Borodino", weapon="Heavy gun battery", target="Lovelace", distance=15.0)
    inter = _answer(bot, "attack", **options)
    expected = bot.context.service.referee("attack", options)
    assert_safe_and_ephemeral(inter)
    description = _main(inter).description
    head = description.split("**From unit profiles:**")[1]
    # corpus/dw3-quick-reference.txt, Borodino card: "Heavy gun battery F / P / S 8 (4) 10 (5) 6 (3)";
    # 15" is in the Closing band, so the lead value is 10 and it is named with its card.
    assert "lead **10** — Borodino" in head and "Closing" in head
    assert description.index("From unit profiles") < description.index(expected["verdict"])
