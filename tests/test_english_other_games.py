"""English players who come from other wargames (issue 16): the game they name while they ask about an edition
of these rules ("BFG player here: ... in 4e?", "Like hitting planes in Blood Red Skies: ... in 4e?") is where their
words come from, not what they ask about."""
from __future__ import annotations

import pytest

from index.text import stems


@pytest.mark.parametrize("question, without_the_game", [
    ("Halo Fleet Battles shields: in the 3rd ed quick ref, which attacks get past a shield generator?",
     "shields: in the 3rd ed quick ref, which attacks get past a shield generator?"),
    ("BFG player here: can my escorts protect the battleship in 4e?",
     "player here: can my escorts protect the battleship in 4e?"),
    ("Like hitting planes in Blood Red Skies: what happens to heavy strikes against Airborne models in 4e?",
     "Like hitting planes in: what happens to heavy strikes against Airborne models in 4e?"),
    ("Dreadnought Commander carriers: how far can bombers go in v4?", "carriers: how far can bombers go in v4?"),
    # a name of the manifest's [other_games] phrases is a game named in passing too, where an edition is named
    ("Malifaux player here: does Piercing get through a shield in 4e?",
     "player here: does Piercing get through a shield in 4e?"),
])
def test_a_game_named_beside_an_edition_is_not_a_word_of_the_topic(searcher, question: str,
                                                                    without_the_game: str) -> None:
    assert searcher.parse(question).topic == searcher.parse(without_the_game).topic


def test_without_an_edition_the_game_stays_the_topic(searcher) -> None:
    # "in Armada by Warlord, how does a ship flank speed?" asks about that game, not about these rules
    topic = searcher.parse("in Armada by Warlord, how does a ship flank speed?").topic
    assert set(stems("armada warlord")) <= set(topic)


def test_a_shield_question_from_a_halo_player_is_answered(searcher) -> None:
    # quick reference, GENERATORS: "Shield: The model removes 2 action dice from the dice pool of each attack
    # against it. This shield generator cannot be used against attacks with the submerged, arc or bomb qualities."
    result = searcher.ask("Halo Fleet Battles shields: in the 3rd ed quick ref, which attacks get past a shield "
                          "generator?", k=5)
    assert result.status == "answered" and result.results[0].section.endswith("Shield")


def test_another_games_concept_is_still_refused_with_an_edition_named(searcher) -> None:
    # No document has a reactor to push: glossary [[absent]] (Adeptus Titanicus).
    result = searcher.ask("Titanicus: how many void shields does a battleship have, and how do I push the reactor "
                          "in 4e?", k=5)
    assert result.status == "not_found"
