"""The answer line for a question asking what a case leads to (issue 16, helper "enline"): "what if ...?" and
"what does X get?" ask for a result; a token "coming off" asks when a state ends; and a sentence that only
concedes the asked case ("... even if the Crew Check fails") is not about it — on the corpus's own sentences."""
from __future__ import annotations

import pytest

from index.answer_concession import without_concession
from index.answer_duration import asks_a_duration, states_an_end
from index.answer_shape import question_shape


def test_what_if_and_what_does_it_get_ask_for_a_result():
    assert question_shape("Magma Sear: what if every die I roll comes up blank?").happens
    assert question_shape("My target is behind another ship in 4e - what does the defender get?").happens
    assert not question_shape("what is a magma formation?").happens


def test_a_token_coming_off_asks_when_a_state_ends():
    assert asks_a_duration("When does the Full Thrust token come off?")
    assert asks_a_duration("do suppression markers go away at the end of the turn")
    assert asks_a_duration("when is the valour effect token removed?")
    assert not asks_a_duration("how do I take a token off a unit?")
    # DW4 glossary, Overthrusters: "Otherwise, the Token is removed in the Clean Up step of the End Phase."
    assert states_an_end("Otherwise, the Token is removed in the Clean Up step of the End Phase.")
    # DW4 glossary, Structures: "If a Structure accumulates Damage equal to its Mass, it is removed from play and
    # replaced with a Wreck Marker." (a thing taken away, no state's end)
    assert not states_an_end("If a Structure accumulates Damage equal to its Mass, it is removed from play and "
                             "replaced with a Wreck Marker.")


def test_a_concession_is_left_out_of_what_a_sentence_is_about():
    # DW4 glossary, Ram: "If a model attempts a Ram during its Movement Step, it cannot Participate in any Actions
    # in the subsequent Action Step - even if the Crew Check fails and the Ram is resolved as a Collision."
    kept = without_concession("If a model attempts a Ram during its Movement Step, it cannot Participate in any "
                              "Actions in the subsequent Action Step - even if the Crew Check fails and the Ram is "
                              "resolved as a Collision.")
    assert kept is not None and "attempts a Ram" in kept and "Crew Check" not in kept
    # Dust Warfare summary, Attack Actions: "Any soldier unit hit by an attack (even if the damage was negated) then
    # receives a suppression marker." (an aside in brackets)
    kept = without_concession("Any soldier unit hit by an attack (even if the damage was negated) then receives a "
                              "suppression marker.")
    assert kept is not None and "negated" not in kept and "suppression marker" in kept
    assert without_concession("If the check fails, the Ram is unsuccessful and a normal Collision is resolved.") \
        is None


# (question, the section answering it, its answering sentence): DW4 glossary, Ram: "If the check fails, the Ram is
# unsuccessful and a normal Collision is resolved."; Magma Cast Generator: "If all of the dice result in Blanks,
# the action ends immediately."; Overthrusters: "Otherwise, the Token is removed in the Clean Up step of the End
# Phase."
ASKED_FOR_A_RESULT = [
    pytest.param("4th edition: I try to ram but fail the crew check. What happens then?", "Ram",
                 "If the check fails, the Ram is unsuccessful and a normal Collision is resolved.", id="concession"),
    pytest.param("dw4 magma sear - what if all of my dice are blanks?", "Magma Cast Generator",
                 "If all of the dice result in Blanks, the action ends immediately.", id="what-if"),
    pytest.param("Overthrusters in 4e: when does the full thrust marker go away?", "Overthrusters",
                 "the Token is removed in the Clean Up step of the End Phase", id="go-away"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("question", "section", "sentence"), ASKED_FOR_A_RESULT)
def test_the_line_states_what_the_asked_case_leads_to(searcher, question, section, sentence):
    answer = searcher.ask(question, k=5).to_json()["answer"]
    assert answer["section"].casefold().startswith(section.casefold())
    assert sentence in answer["quote"]
