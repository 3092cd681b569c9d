"""The asked quantity (issue 16, helper quote10): a "how far" question is answered by a distance stated
as a share of a model's movement as much as by a printed one, a "how many levels / extra dice" question
by the sentence counting those things rather than by any number, and a "now what" / "what does X give"
question by a result — on the corpus's own sentences."""
from __future__ import annotations

from index.answer_features import counted_after_numbers, sentence_facts, states_a_distance
from index.answer_shape import counted_words, question_shape
from index.text import stems
from tests.test_answer_asked import _block, _quote


def test_a_distance_stated_as_a_share_of_the_move_is_a_distance():
    # 3rd-edition quick reference, Full reverse: "It may move up to half its SPEED in reverse."; DW4 glossary,
    # Full Reverse: "Its Maximum Speed rating is halved (rounding up to the nearest inch)."; Dust Warfare,
    # Bombs: "... within a range equal to the number of inches the aircraft unit moved during that move action"
    assert states_a_distance("It may move up to half its SPEED in reverse.")
    assert states_a_distance("• Its Maximum Speed rating is halved (rounding up to the nearest inch).")
    assert states_a_distance("After movement, an aircraft can drop a bomb on a target that is within a range "
                             "equal to the number of inches the aircraft unit moved during that move action")
    assert states_a_distance("Модели ... тратят на передвижение по Опасным Водам вдвое больше Скорости")
    # a count of dice equal to a characteristic is no distance
    assert not states_a_distance("Add a number of Action Dice equal to the Ramming Model’s Hull rating.")
    assert not states_a_distance("Roll dice equal to the vehicle type.")


# Dust Warfare rules summary, Bombs (B), steps 1 and 2: "Bombs must be dropped from high altitude during an
# aircraft's move action, after movement, ..." then "After movement, an aircraft can drop a bomb on a target
# that is within a range equal to the number of inches the aircraft unit moved during that move action, and
# within its rear arc."
BOMBS = _block("dust-warfare-rules-summary.md", "Used during a move (or compulsory move) action.", 12)


def test_how_far_a_bomb_reaches_is_the_range_equal_to_the_inches_moved():
    quote = _quote(BOMBS, "after the plane moves, how far away can its bomb land?", title="Bombs",
                   numeric=True, distance=True)
    assert "within a range equal to the number of inches" in quote


def test_a_how_many_question_names_what_it_counts():
    def counted(question: str) -> frozenset[str]:
        return counted_words(question, frozenset(stems(question)))

    assert counted("How many levels of disorder can a ship have?") == frozenset(stems("levels"))
    assert counted("how many extra dice for another ship backing up an assault") == frozenset(stems("extra dice"))
    assert counted("сколько кубов бросает цель?") >= frozenset(stems("кубов"))
    assert counted("how much does a brick wall cover save stop?") == frozenset()


def test_a_number_counts_the_words_after_it_and_a_rate_any_of_its_words():
    # DW4 glossary, Disorder: "In addition to Damage, models can gain up to 3 levels of Disorder."
    assert set(stems(" ".join(counted_after_numbers("In addition to Damage, models can gain up to 3 levels of "
                                                    "Disorder.")))) >= set(stems("levels"))
    # 3rd-edition quick reference: "A model at level 1 that repairs a level ..." counts no levels
    assert not set(stems(" ".join(counted_after_numbers("A model at level 1 that repairs a level removes its "
                                                        "disorder condition completely.")))) & set(stems("levels"))
    # Dust Warfare, Command phase: "For each ☹️ you rolled in the Initiative phase (minimum of 1), you may
    # assign a Take Action, Regroup, or Special order to a unit ...": how many orders, as a rate
    rate = "For each ☹️ you rolled in the Initiative phase (minimum of 1), you may assign a Special order to a unit"
    assert set(stems(" ".join(counted_after_numbers(rate)))) >= set(stems("order"))


# 3rd-edition quick reference, DISORDER CONDITIONS: "There are 3 levels of increasing seriousness. A model at
# level 1 that repairs a level removes its disorder condition completely. Any time a model would receive a
# second condition, its owner must either increase the model’s disorder level by 1 or receive 1 damage, ..."
DISORDER = _block("dw3-quick-reference.txt", "There are 3 levels of increasing seriousness.", 6)


def test_how_many_levels_is_the_sentence_counting_levels():
    quote = _quote(DISORDER, "How many levels of disorder can a ship have?", numeric=True)
    assert quote.startswith("There are 3 levels of increasing seriousness.")


def test_now_what_and_what_does_it_give_ask_for_a_result():
    assert question_shape("volcano ship magma sear - all the dice came up blank, now what?").happens
    assert question_shape("Stealth in fog: what does fog give the target in 4e?").happens
    assert question_shape("a crippled ship goes over its hull again - then what?").happens
    # DW4 glossary, Magma Sear: "If all of the dice result in Blanks, the action ends immediately."; Attack
    # Run: "If this results in the last token in the Stack being discarded, the Attack Run mission ends."
    assert sentence_facts("If all of the dice result in Blanks, the action ends immediately.").consequence
    assert sentence_facts("If this results in the last token in the Stack being discarded, "
                          "the Attack Run mission ends.").consequence
    assert not sentence_facts("This represents a loss of cohesion among a vessel’s crew.").consequence
