"""A question asking whether a rule reaches something as well ("does the ship I hit get disordered too?") is
answered by the sentence saying it also does (index.answer_also) — on the corpus's own rules (issue 16)."""
from __future__ import annotations

import pytest

from index.answer_also import asks_also, states_an_inclusion


def test_too_asks_it_only_at_the_end_of_what_it_adds():
    assert asks_also("3rd ed qrs: magazine explosion crit - does it hurt my escorts too?")
    assert asks_also("Does a broadside also battleshock the target in 4th edition?")
    assert asks_also("если я врезаюсь в корабль поменьше он тоже получает дезорг?")
    assert not asks_also("Torpedoes: how close is too close to fire them, 3rd ed vs 4th ed?")
    assert not asks_also("unit cohesion in 3rd ed - what if one ship ends up too far from the rest?")


def test_an_inclusion_is_stated_in_the_rules_phrasings():
    # DW4 glossary, Collision: "If it has Collided with another model, that model also gains 1 level of Disorder
    # unless its Mass rating is higher than the moving model’s Mass."
    assert states_an_inclusion("If it has Collided with another model, that model also gains 1 level of Disorder")
    # 3rd edition quick reference, Critical Damage: "Magazine explosion: This model and all others within 3",
    # including escorts and corvettes, suffer 1 damage."
    assert states_an_inclusion("Magazine explosion: This model and all others within 3\", including escorts and "
                               "corvettes, suffer 1 damage.")
    assert not states_an_inclusion("In a Collision, the moving model immediately gains 1 level of Disorder.")


@pytest.mark.slow
def test_the_ship_hit_too_is_answered_by_the_sentence_saying_it_also_gains_disorder(searcher):
    # without the inclusion read, the Ram's opening ("When a moving model Collides with an enemy model ...") won
    answer = searcher.ask("dw4: I crash into an enemy cruiser with my frigate - does the cruiser get disorder too?",
                          k=5).to_json()["answer"]
    assert answer["section"].endswith("Collision")
    assert "that model also gains 1 level of Disorder" in answer["quote"]
