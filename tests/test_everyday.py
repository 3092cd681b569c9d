"""Everyday English words the documents do not print (index.everyday) and how the relevance model reads them."""
from __future__ import annotations

from index.everyday import everyday_stems, everyday_words
from index.relevance import Evidence, features, outside_everyday


def test_everyday_words_are_the_model_vocabularys_whole_words() -> None:
    vocabulary = everyday_words()
    assert {"harder", "bigger", "huge", "behind", "anchor"} <= vocabulary
    # a piece of a word, a placeholder and the game's coinages are not everyday words
    assert not {"##er", "[unused0]", "bloodlust", "overdrive", "afterburn"} & vocabulary


def test_the_everyday_words_of_a_question_are_read_as_typed() -> None:
    question = "3rd ed: which guns hit even harder, like a Bloodlust overdrive?"
    assert everyday_stems(question, frozenset({"harder", "bloodlust", "overdriv"})) == {"harder"}
    assert everyday_stems(question, frozenset()) == frozenset()


def test_a_question_whose_unprinted_words_are_everyday_ones_says_so(searcher) -> None:
    """"harder" and "huge" are printed in no document: they weigh like an unknown name, and are everyday words."""
    query = searcher.parse("3rd ed: if my ship scrapes a huge chunk of ice, does it hit harder?")
    asked = searcher._question_evidence(query, None)
    assert 0 < asked.everyday <= asked.unknown
    invented = searcher._question_evidence(searcher.parse("does the Bloodlust rule work on a ram?"), None)
    assert invented.everyday == 0 < invented.unknown


def test_the_model_reads_coverage_over_the_weight_outside_everyday_words() -> None:
    plain = Evidence(coverage=0.3, matched=2, cosine=0.4, name_share=0.0, words=5, unknown=0.4, title_coverage=0.1)
    everyday = Evidence(**{**plain.__dict__, "everyday": 0.4})
    assert outside_everyday(0.3, everyday) == 0.3 / 0.6
    assert features([plain])[0] == 0.3 and abs(features([everyday])[0] - 0.5) < 1e-9
    assert features([everyday])[5] == 0.4  # the unknown share still counts the everyday word
