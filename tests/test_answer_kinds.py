"""A question's word naming a kind of answer the rules state in their own phrasing (a choice, a
repetition, a later moment, a tie, a modifier, whom it reaches: index.answer_kinds) is held by the
sentence stating it — on the corpus's own rules (issue 16, the answer line in other words)."""
from __future__ import annotations

import pytest

from index.answer_kinds import KINDS, stated_kinds
from index.text import stems
from tests.test_answer_asked import _block, _quote
from tests.test_answer_duration import ASKED_HOW_LONG
from tests.test_answer_line_russian_on_english import RUSSIAN_ON_ENGLISH

# DW4 glossary, Crew Check: "Instead of making a Crew Check, an Admiral can choose to fail it."
CREW_CHECK = _block("dw4-rules-glossary.cat", "MAKING CREW CHECKS", 12)


def test_on_purpose_is_answered_by_the_choice_the_rule_gives():
    # "the check fails" prints "fail"; only "can choose to fail it" says it may be done on purpose.
    quote = _quote(CREW_CHECK, "can I fail a crew check on purpose?", title="Crew Check", limit=True)
    assert quote.startswith("Instead of making a Crew Check, an Admiral can choose to fail it.")


# (question, the section answering it, the start of its answering sentence): DW4 glossary, Emergency
# Manoeuvre: "A model can make Emergency Manoeuvres multiple times during the same move."; Ram: "If a
# model attempts a Ram during its Movement Step, it cannot Participate in any Actions in the subsequent
# Action Step"; the 3rd edition quick reference, Determine Initiative: "On a tie, the player who did not
# have initiative last round gets the initiative."; DW4 glossary, Indirect: "However, for each Indirect
# weapon that Contributes to an Attack where Visibility to the Initial Target is Blocked, add 3 Bonus
# Dice to the Resistance Roll."
ASKED_IN_OTHER_WORDS = [
    pytest.param("Can I swerve with an emergency manoeuvre more than once while moving in 4e?",
                 "Emergency Manoeuvre", "A model can make Emergency Manoeuvres multiple times during the same move.",
                 id="repetition"),
    pytest.param("dw4: if my cruiser rams something can it still shoot later that activation?",
                 "Ram", "cannot Participate in any Actions in the subsequent Action Step", id="later"),
    pytest.param("3e quick ref: what if both of us put down the same card for initiative?", "DETERMINE INITIATIVE",
                 "On a tie, the player who did not have initiative last round gets the initiative.", id="tie"),
    pytest.param("Firing indirect at a ship I can't see in 4e, what is the penalty?", "Indirect",
                 "add 3 Bonus Dice to the Resistance Roll", id="modifier"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("question", "section", "sentence"),
                         ASKED_IN_OTHER_WORDS + ASKED_HOW_LONG + RUSSIAN_ON_ENGLISH)
def test_a_kind_asked_in_other_words_is_answered_by_the_sentence_stating_it(searcher, question, section, sentence):
    """One test for every asked kind of sentence: the kinds here, a state's end (test_answer_duration) and a
    Russian question's English line (test_answer_line_russian_on_english)."""
    answer = searcher.ask(question, k=5).to_json()["answer"]
    assert answer["section"].casefold().endswith(section.casefold())
    assert sentence in answer["quote"]


def test_a_sentence_states_a_kind_only_in_the_rules_phrasings():
    assert stated_kinds("If the Initial Target of this Attack action suffers at least 1 Damage, "
                        "the active Admiral chooses a Critical Damage Effect.") == {"choice"}
    assert stated_kinds("A unit can only make one Follow-Up Attack per Activation.") == {"repetition"}
    assert stated_kinds("В случае ничьей Инициативу получает игрок, не имевший Инициативы в прошлом раунде.") \
        == {"tie"}
    assert stated_kinds("Aerial models are always considered 1 band further away (unless attacked by "
                        "aerial models).") == {"modifier"}
    # DW4 glossary, Magma Cast Generator: "Each model (friend or foe) that is within Proximity of the Magma
    # Formation that was Created or Expanded is targeted by a Magma Eruption."
    assert stated_kinds("Each model (friend or foe) that is within Proximity of the Magma Formation that was "
                        "Created or Expanded is targeted by a Magma Eruption.") == {"friend"}
    assert stated_kinds("The Admiral makes a Crew Check for the Ramming Model.") == frozenset()


def test_each_kind_is_named_by_words_a_player_types():
    named = {kind.name: kind.words for kind in KINDS}
    assert set(stems("on purpose")) & named["choice"]
    assert set(stems("more than once")) & named["repetition"]
    assert set(stems("потом")) & named["later"]
    assert set(stems("при равенстве")) & named["tie"]
    assert set(stems("is there a penalty")) & named["modifier"]
    assert set(stems("does it hurt my own ships")) & named["friend"]


# The 3.03 rulebook, ИГРОВОЕ ПОЛЕ › Минные поля: "Минные поля (Minefields): это взрывные устройства, ... Первая Модель,
# движущаяся в пределах 2" от Минного поля, получает Атаку ... После проведения этой Атаки Маркер убирается. ..."
MINEFIELDS = _block("dw3-rulebook-ru.md", "Минные поля (Minefields)", 1)


def test_whether_a_thing_stays_is_answered_by_the_sentence_removing_it():
    # "остаётся" is printed nowhere in the rule; the opening holds the scene's "взрыв" ("взрывные устройства")
    question = "мина после взрыва остаётся на столе или нет?"
    quote = _quote(MINEFIELDS, question, title="Минные поля")
    assert "После проведения этой Атаки Маркер убирается." in quote and not quote.startswith("Минные поля")
    assert stated_kinds("После проведения этой Атаки Маркер убирается.") == {"removal"}
    # the Fog of War scenario: "... немедленно туман рассеивается и больше не влияет на игру."
    assert "removal" in stated_kinds("Если два или более Куба дают одинаковый результат, немедленно туман "
                                     "рассеивается и больше не влияет на игру.")
    assert set(stems("самолёты пропадают?")) & {s for k in KINDS if k.name == "removal" for s in k.words}
    # "stay" asks a distance or a duration in English ("how close do they need to stay"): no removal
    assert not set(stems("how close do my ships need to stay")) & next(k.words for k in KINDS if k.name == "removal")
