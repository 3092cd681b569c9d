"""A Russian question answered by an English rule: the line reads the question rendered in English, with
the written words a sentence holds by what it states ("до какого момента" by a sentence stating an end,
"несколько" by one saying what several do, "равны" by a tie's), which the rendering drops as words only
the Russian book prints (index.search `_line_query`; issue 16, helper "xline") — on the corpus's own rules."""
from __future__ import annotations

import pytest

from index.answer import STATED_WORDS
from index.answer_duration import asks_a_duration
from index.answer_kinds import stated_kinds
from index.text import stems


def test_a_duration_is_asked_in_russian():
    assert asks_a_duration("подлодка всплыла в 4ке — до какого момента она считается надводной?")
    assert asks_a_duration("Langsam в 4ке — когда заканчивается замедление?")
    assert asks_a_duration("как долго держится туман?")
    assert not asks_a_duration("Great Wall — если линия проходит через несколько энергостен, какая считается?")
    assert not asks_a_duration("если у соперника потопили все корабли раньше пятого раунда, игра сразу заканчивается?")


def test_several_of_a_kind_is_stated_in_the_rules_phrasings():
    # DW4 glossary, Incendiary Broadsides: "If multiple models with this Property are Contributing to the
    # Action, use the highest Broadside rating among them to determine how many dice are rolled."
    assert "several" in stated_kinds("If multiple models with this Property are Contributing to the Action, "
                                     "use the highest Broadside rating among them to determine how many dice "
                                     "are rolled.")
    assert "several" not in stated_kinds("For each Hazard result, the Target suffers one Hazard Critical "
                                         "Damage Effect.")


def test_the_words_naming_what_a_sentence_states_are_declared_in_both_languages():
    for word in ("несколько", "равны", "момента", "several", "tie"):
        assert set(stems(word)) <= STATED_WORDS


# (question, the section answering it, its answering sentence): DW4 glossary, Diving and Surfacing: "A unit that
# rises to the surface gains a Surfacing status token until the start of its next Activation."; Incendiary
# Broadsides (above); Great Wall Generator: "If the line passes through multiple Energy Walls, the Energy Wall
# with the highest Strength is counted."; the 3rd edition quick reference, Determine Initiative: "On a tie, the
# player who did not have initiative last round gets the initiative."
RUSSIAN_ON_ENGLISH = [
    pytest.param("подлодка всплыла в 4ке — до какого момента она считается надводной?", "Surfacing",
                 "gains a Surfacing status token until the start of its next Activation", id="until"),
    pytest.param("Incendiary Broadsides: если в бортовом залпе несколько таких кораблей, сколько кубов крита "
                 "кидать?", "Incendiary Broadsides",
                 "use the highest Broadside rating among them to determine how many dice are rolled", id="several"),
    pytest.param("Great Wall Generator — если линия проходит через несколько энергостен, какая считается?",
                 "Great Wall Generator", "the Energy Wall with the highest Strength is", id="unrouted"),
    pytest.param("в квик рефе у кого инициатива если карты равны?", "DETERMINE INITIATIVE",
                 "On a tie, the player who did not have initiative last round gets the initiative.", id="tie"),
]
