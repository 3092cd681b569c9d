"""Every referee command on a Russian server, with numbers in its options (no Russian description
to guess from), answers without an English sentence (issue 21). Citations name their document
and section as printed (labelled, so a player can find them) and rule names of the assault table
are the book's; everything else is Russian."""
from __future__ import annotations

import re

import pytest

from bot.service import referee_actions
from tests.discord_fakes import interaction_for, invoke, make_bot, run
from tests.test_referee_contract import CASES

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
CITATION = re.compile(r"^• .+ — [a-z0-9-]+ — § ")  # "• <document> — <edition id> — § <section>"


def _english_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if LATIN_WORD.search(line) and not CYRILLIC.search(line)
            and not CITATION.match(line)]


# one case per action, numbers only (the first CASES entry of each action that resolves)
FIELDS_ONLY = {}
for _action, _params in CASES:
    FIELDS_ONLY.setdefault(_action, {k: v for k, v in _params.items() if k != "description"})


def test_every_action_has_a_case():
    assert set(FIELDS_ONLY) == set(referee_actions())


@pytest.mark.parametrize("action", sorted(FIELDS_ONLY))
def test_a_russian_server_gets_no_english_sentence(tmp_path, action):
    bot = make_bot(tmp_path)
    inter = interaction_for(bot, guild_locale="ru")
    run(invoke(bot, action, inter, **FIELDS_ONLY[action]))
    text = inter.all_text()
    assert CYRILLIC.search(text), text[:300]
    assert _english_lines(text) == []


def test_an_error_on_a_russian_server_is_russian(tmp_path):
    bot = make_bot(tmp_path)
    inter = interaction_for(bot, guild_locale="ru")
    run(invoke(bot, "attack", inter, dice=12))  # no armour
    text = inter.all_text()
    assert "Не задана Броня цели" in text and _english_lines(text) == []
