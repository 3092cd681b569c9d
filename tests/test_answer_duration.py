"""A question asking how long something lasts ("how long does the slow last?", "does it carry over?") is
answered by the sentence stating when it ends, which rarely prints the question's words for the duration
(index.answer_duration) — on the corpus's own rules (issue 16, the answer line in other words)."""
from __future__ import annotations

import pytest

from index.answer_duration import asks_a_duration, states_an_end


def test_a_duration_is_asked_in_the_ways_players_ask_it():
    assert asks_a_duration("how long does a langsam slow last?")
    assert asks_a_duration("Do unused Guardian Pool dice carry over to the next round?")
    assert asks_a_duration("does the armour penalty last for the whole attack?")
    assert asks_a_duration("is the damage from a reactor leak permanent?")


def test_a_scene_or_a_distance_asks_no_duration():
    assert not asks_a_duration("Last game (4e) I rammed a destroyer with my battleship. Can it shoot?")
    assert not asks_a_duration("how close do my squadron's ships need to stay?")
    assert not asks_a_duration("Vanguard move in 4e: can my ships stay put during it?")
    assert not asks_a_duration("When can I use the last ditch evasion ability?")
    assert not asks_a_duration("how long range is a torpedo?")


def test_the_end_of_a_state_is_stated_in_the_rules_phrasings():
    # DW4 glossary, Langsam Generator: "At the end of the unit’s next Activation, it stops being Slowed ..."
    assert states_an_end("At the end of the unit’s next Activation, it stops being Slowed")
    # DW4 glossary, Underwater: "A unit that rises to the surface gains a Surfacing status token until the
    # start of its next Activation."
    assert states_an_end("A unit that rises to the surface gains a Surfacing status token until the start of its "
                         "next Activation.")
    # DW4 glossary, Piercing: "Once X Successes have been resolved, this Quality ceases to apply, ..."
    assert states_an_end("Once X Successes have been resolved, this Quality ceases to apply")
    # 3rd edition quick reference, Check for Victory: "After 5 rounds, the encounter ends and the player with
    # the most VPs wins."
    assert states_an_end("After 5 rounds, the encounter ends and the player with the most VPs wins.")
    # DW4 glossary, Repulsion Generator: "If it ends its move in contact with a Terrain Feature, it is
    # immediately Destroyed." (a model's move, not a state, ends)
    assert not states_an_end("If it ends its move in contact with a Terrain Feature, it is immediately Destroyed.")
    assert not states_an_end("At the start of each Round, the player with initiative rolls.")


# (question, the section answering it, the answering sentence): DW4 glossary, Diving And Surfacing: "A unit that rises
# to the surface gains a Surfacing status token until the start of its next Activation."; Guardian Generator:
# "In the Clean Up step of the End Phase, any remaining dice in the Guardian Pool are discarded."
ASKED_HOW_LONG = [
    pytest.param("dw4 underwater units: once surfaced, how long do they stay on the surface?", "Surfacing",
                 "gains a Surfacing status token until the start of its next Activation", id="until"),
    pytest.param("4th edition Guardian Pool: do leftover dice carry over into the next round?", "Guardian Pool",
                 "any remaining dice in the Guardian Pool are discarded", id="discarded"),
]
