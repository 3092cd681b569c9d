"""The CLI helps a player who types a flag wrong or asks for help (issue 21): the nearest flag is
suggested by the sub-command itself, and every referee command's `--help` ends with worked
examples that run."""
from __future__ import annotations

import shlex

import pytest

from bot.cli import main
from bot.cli.referee_cmds import EXAMPLES
from bot.service import referee_actions


def test_every_referee_command_has_examples():
    assert set(EXAMPLES) == set(referee_actions())


@pytest.mark.parametrize("line", [line for lines in EXAMPLES.values() for line in lines])
def test_every_example_runs(line, capsys):
    words = shlex.split(line)
    assert words[0] == "admiralty"
    assert main(words[1:]) == 0
    out = capsys.readouterr()
    assert out.err == "" and out.out.strip()


def test_help_ends_with_the_examples(capsys):
    with pytest.raises(SystemExit) as done:
        main(["attack", "--help"])
    assert done.value.code == 0
    help_text = capsys.readouterr().out
    assert help_text.rstrip().endswith(EXAMPLES["attack"][-1])
    assert "examples:" in help_text


@pytest.mark.parametrize(("words", "hint"), [
    (["attack", "--armor", "3"], "--armor (did you mean --armour?)"),
    (["ram", "--hulll", "8"], "--hulll (did you mean --hull?)"),
])
def test_a_misspelt_flag_gets_the_commands_usage_and_the_nearest_flag(words, hint, capsys):
    with pytest.raises(SystemExit) as done:
        main(words)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: admiralty {words[0]}") and hint in err


def test_an_unknown_word_without_a_near_flag_is_named_plainly(capsys):
    with pytest.raises(SystemExit):
        main(["rule", "piercing", "--zzzz"])
    err = capsys.readouterr().err
    assert "unrecognized arguments: --zzzz" in err and "did you mean" not in err


def test_a_unit_card_in_russian_has_russian_headings(capsys):
    """Issue 21: unit cards come out in the player's language (the rules' own texts stay as printed)."""
    assert main(["unit", "Borodino", "--lang", "ru"]) == 0
    card = capsys.readouterr().out
    assert "Боеготов" in card and "Повреждён" in card and "Оружие (ведущее(поддержка)" in card and "источник:" in card
    headings = [line for line in card.splitlines() if not line.startswith(("       ", "   примечание:"))]
    assert not any(word in line for line in headings for word in ("Battle-Ready", "Weapons", "source:"))
    assert main(["unit", "Borodino"]) == 0
    assert "Battle-Ready" in capsys.readouterr().out
