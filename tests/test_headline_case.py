"""A question typed with every word capitalised (issue 16): some players and phones write "Can A Crippled Ship
Still Fire Torpedoes?". The rules mark their names by capitals ("Full Reverse"), so a capitalised run is read
as a name and refused when no document prints it; in a question capitalised throughout, capitals mark nothing.
bench/case_robustness.py measures it on every answerable dev question."""
from __future__ import annotations

import pytest

from index.relevance import headline_case


@pytest.mark.parametrize("text, expected", [
    ("Can A Crippled Ship Still Fire Torpedoes?", True),
    ("Does Fog of War Stop Torpedoes?", True),  # the small joining words stay lower case
    ("WHAT HAPPENS WHEN A SHIP WITH DISORDER RAMS?", True),
    ("Чё Будет Если Кораблик Вылезет За Край Стола?", True),
    ("How Many Hits Does a Battleship Take (v4)?", True),  # an edition's token is no word
    ("Does the Mirage Generator stop torpedoes?", False),  # a name in a sentence
    ("Can I use Full Reverse?", False),
    ("Full Reverse Rules?", False),  # three capitalised words: a name and what is asked of it
])
def test_headline_case(text: str, expected: bool) -> None:
    assert headline_case(text) is expected


@pytest.mark.parametrize("typed", [
    "can a crippled ship still fire torpedoes?",
    "does fog of war stop torpedoes?",
    "чё будет если кораблик вылезет за край стола? его типа уничтожили?",
    "на каком растоянии можно выставлять токены SRS при запуске?",
])
def test_a_question_capitalised_throughout_gets_the_answer_it_gets_as_typed(searcher, typed: str) -> None:
    capitalised = " ".join(w if w in {"of", "a"} else w[:1].upper() + w[1:] for w in typed.split())
    as_typed, recased = searcher.ask(typed, k=3), searcher.ask(capitalised, k=3)
    assert as_typed.status == "answered"
    assert recased.status == "answered"
    assert recased.results[0].chunk_id == as_typed.results[0].chunk_id


def test_a_made_up_name_in_a_sentence_is_still_refused(searcher) -> None:
    # no document prints a "Kraken Grapple Protocol"; the question capitalises it alone, as the rules do names
    assert searcher.ask("how does the Kraken Grapple Protocol work in 4e?", k=3).status == "not_found"
