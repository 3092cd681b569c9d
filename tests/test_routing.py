"""Editions a question names, in English or Russian."""
from __future__ import annotations

import pytest

from index.manifest import corpus_names
from index.routing import named_editions, named_games, without_edition_names

ROUTES = corpus_names().routes


@pytest.mark.parametrize("question, editions", [
    ("how do rams work in dw4", {"dw4-glossary"}),
    ("ram dice in 4th edition?", {"dw4-glossary"}),
    ("v4 boarding: who rolls?", {"dw4-glossary"}),
    ("3e qrs: what does piercing do", {"dw3-quick-reference"}),
    ("quick ref ramming dice", {"dw3-quick-reference"}),
    ("3.03 minefields", {"dw3-rulebook"}),
    ("is this in the russian book?", {"dw3-rulebook"}),
    ("3rd ed crossing the T", {"dw3-quick-reference", "dw3-rulebook"}),
    ("таран в 4-й редакции", {"dw4-glossary"}),
    ("таран в третьей редакции", {"dw3-quick-reference", "dw3-rulebook"}),
    ("dust: soft cover", {"dust-warfare"}),
    ("what does the Airborne USR do", {"usr"}),
    ("how does a rammer work", set()),
    ("сколько кубов на таран", set()),
    # Comparisons keep every edition they name (issue 16: "between 3rd and 4th" kept the 4th only).
    ("Piercing between 3rd and 4th edition", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("ramming 3.03 vs dw4", {"dw3-rulebook", "dw4-glossary"}),
    ("launch range: quick reference vs the 3.03 book", {"dw3-quick-reference", "dw3-rulebook"}),
    ("таран в 3 и 4 редакции", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    # "4е" typed on a Russian keyboard: the е is Cyrillic
    ("таран в 4е", {"dw4-glossary"}),
    ("абордаж в 3е", {"dw3-quick-reference", "dw3-rulebook"}),
])
def test_named_editions(question, editions):
    assert named_editions(question, ROUTES) == editions


def test_edition_names_are_cut_from_the_topic():
    assert without_edition_names("ram dice in dw4 vs 3rd ed?", ROUTES).split() == ["ram", "dice", "in", "vs", "?"]


@pytest.mark.parametrize("question, games", [
    ("night fighting rules in Dystopian Wars?", {"dystopian-wars"}),
    ("dystopian: can I tow a crippled ship", {"dystopian-wars"}),
    ("DW reserves, when do they arrive", {"dystopian-wars"}),
    ("как работает таран в Дистопиан Варс", {"dystopian-wars"}),
    ("how does a ram work in dw4", set()),  # an edition's name, routed as an edition
    ("what does hit the dirt do", set()),
])
def test_named_games(question, games):
    assert named_games(question, corpus_names().game_phrases) == games


def test_a_question_naming_dystopian_wars_is_searched_in_it_only(searcher):
    """Issue 16: "a Dystopian Wars question stays in Dystopian Wars unless the question or the
    server setting names another game"; the other games are still found by their own words."""
    named = searcher.ask("what does hit the dirt do in Dystopian Wars?", k=5)
    assert named.results and {h.game for h in named.results} == {"dystopian-wars"}
    unnamed = searcher.ask("what does hit the dirt do?", k=5)
    assert unnamed.results[0].game == "dust-warfare"


@pytest.mark.parametrize("question", ["Battlefleet Gothic", "Battlefleet Gothic ramming", "firestorm armada boarding",
                                      "Uncharted Seas", "Sails of Glory broadsides", "Man O' War rams"])
def test_other_naval_games_are_named_as_other_games(question):
    """manifest [other_games]: "A question that names one and no edition of this corpus is about that
    game" — the other naval games first of all ("Battlefleet Gothic" was answered with BUILDING A FORCE,
    as the rulebook's "Battlefleets" share a word with it)."""
    names = corpus_names()
    assert names.other_games is not None and names.other_games.search(question)


@pytest.mark.parametrize("question", ["battlefleet composition", "Флоты (Battlefleets)", "how do war rams work"])
def test_this_games_own_words_are_not_another_game(question):
    names = corpus_names()
    assert names.other_games is not None and not names.other_games.search(question)
