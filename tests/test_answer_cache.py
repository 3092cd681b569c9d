"""The answer cache (index.answer_cache): a question asked again is answered from it, and only by the
answer a search gives for the same text and the same options."""
from __future__ import annotations

import inspect

from index.search import Searcher

QUESTION = "How far can a ship move when it uses full reverse?"


def test_the_cache_key_holds_every_option_ask_takes():
    """A new option of `ask` that the key left out would let two askings that differ in it share an answer."""
    options = [name for name in inspect.signature(Searcher.ask).parameters if name != "self"]
    assert options == ["question", "k", "game", "edition", "lang", "mode"]


def test_two_different_options_never_share_an_entry(searcher):
    """Each option changed alone gets the answer its own search gives, not the one cached before it."""
    editions = sorted({d.edition for d in searcher.docs.values() if d.game == "dystopian-wars"})
    variations = [
        {"k": 3}, {"k": 4},
        {"edition": editions[0]}, {"edition": editions[1]},
        {"lang": "en"}, {"lang": "ru"},
        {"game": "dystopian-wars"}, {"game": "dust-warfare"},
        {"mode": "lexical"}, {"mode": "dense"}, {"mode": "hybrid"},  # hybrid, k=5: the defaults
    ]
    searcher.answers.clear()
    for options in variations:
        searcher.ask(QUESTION, **options)
    assert len(searcher.answers) == len(variations)
    for options in variations:  # now each from the cache
        full = {"k": 5, "game": None, "edition": None, "lang": None, "mode": "hybrid", **options}
        searched = searcher._answer(QUESTION, full["k"], full["game"], full["edition"], full["lang"], full["mode"])
        assert searcher.ask(QUESTION, **options).to_json() == searched.to_json(), options
    assert searcher.answers.hits >= len(variations)
    # the options do change the answer, so sharing an entry would have shown
    assert len(searcher.ask(QUESTION, k=3).results) == 3 and len(searcher.ask(QUESTION, k=5).results) == 5
    assert {h.edition for h in searcher.ask(QUESTION, edition=editions[0]).results} == {editions[0]}
    assert {h.language for h in searcher.ask(QUESTION, lang="ru").results} == {"ru"}


def test_the_same_question_asked_again_is_the_searched_answer(searcher):
    searcher.answers.clear()
    first = searcher.ask(QUESTION)
    hits = searcher.answers.hits
    again = searcher.ask("  " + QUESTION.replace(" ", "   ") + " ")  # spaces fold to the same question
    assert searcher.answers.hits == hits + 1
    assert again.to_json() == first.to_json() == searcher._answer(QUESTION, 5, None, None, None, "hybrid").to_json()


def test_changing_an_answer_changes_neither_the_cache_nor_the_next_caller(searcher):
    searcher.answers.clear()
    expected = searcher.ask(QUESTION).to_json()
    mine = searcher.ask(QUESTION)
    assert mine.results and mine.answers and mine.results[0].highlight is not None
    mine.results[0].rank = 99
    mine.results[0].highlight["start"] = -1
    mine.results.pop()
    mine.answers[0].quote = "changed"
    mine.suggestions.append("changed")
    assert searcher.ask(QUESTION).to_json() == expected
