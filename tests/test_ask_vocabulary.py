"""One vocabulary for `ask` and `rule` (issue 16): a misspelt rule name, a player's word for a
rule and Russian typed in Latin letters find the rule in `ask` as they do in `rule`, and the
question is answered instead of "not in the rules"."""
from __future__ import annotations

import pytest

from index.relevance import FEATURES, load_model


def test_the_shipped_relevance_model_fits_the_features() -> None:
    """bench/fit_relevance.py --write must be rerun when the features change."""
    model = load_model()
    assert model is not None and len(model.coefficients) == len(FEATURES)


@pytest.mark.parametrize("question, name, section", [
    ("how does devistating work", "devistating", "Devastating"),
    ("emergancy manuver in dw4?", "emergancy manuver", "Emergency Manoeuvre"),
    ("full rev", "full rev", "Full Reverse"),
    ("torps min range dw4?", None, "Torpedo"),  # synonyms.toml: torps -> torpedo
])
def test_ask_reads_names_as_rule_does(searcher, term_book, question: str, name: str | None, section: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "answered"
    assert result.results[0].section.split(" › ")[-1].startswith(section)
    if name is not None:  # the misspelt name alone: `admiralty rule` lists the same rule
        lookup = term_book.lookup(name)
        assert section in [e.term for e in lookup.entries] + lookup.candidates


def test_the_name_reading_more_of_the_question_wins(searcher) -> None:
    """Both words typed, one misspelt, are Emergency Manoeuvre (4th-edition glossary: "The Admiral can
    declare that a model will make an Emergency Manoeuvre"), not the quick reference's one-word
    Disorder condition Emergency that matched the first word exactly (it was read so before)."""
    result = searcher.ask("How does Emergency Manuver work?", k=5)
    assert result.read_as == "Emergency Manoeuvre"
    assert result.results[0].section == "Emergency Manoeuvre"


def test_russian_in_latin_letters_is_answered_from_the_russian_book(searcher) -> None:
    result = searcher.ask("torpedy s kakogo rasstoyaniya mozhno puskat'?", k=5)
    assert result.status == "answered"
    assert result.results[0].language == "ru" and "Торпед" in result.results[0].section


def test_the_rule_a_term_heads_comes_before_rules_that_mention_it(searcher) -> None:
    """Issue 16: "what counts as Obscured in DW4?" gave Hydrophone Relay first (it mentions
    Obscured) and Obscured, the rule that defines it, fourth."""
    result = searcher.ask("what counts as Obscured in DW4?", k=5)
    assert result.results[0].section == "Obscured"


@pytest.mark.parametrize("question, section, rule_says", [
    # synonyms.toml "infiltrate" -> forward deployment; dw4 Forward Deployment: "this unit can be
    # deployed anywhere in the Play Area that is at least 10” from the enemy Deployment Zone"
    ("any units that infiltrate, deploying outside the deployment zone in 4e?", "Forward Deployment",
     "deployed anywhere in the Play Area"),
    # "difficult terrain" -> treacherous water; quick reference: "Double movement costs for all models
    # (except aerial models) when moving through treacherous water"
    ("is there difficult terrain for ships in 3e?", "TREACHEROUS WATER", "Double movement costs"),
])
def test_other_wargames_words_find_this_games_rule(searcher, question: str, section: str, rule_says: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.results[0].section == section and rule_says in result.results[0].text


def test_another_games_own_words_stay_with_that_game(searcher) -> None:
    # The expansion is one way and adds words: Dust Warfare's own "Difficult terrain for soldiers"
    # still answers a question in its words ("soldiers": only Dust Warfare's rules say it).
    result = searcher.ask("how does difficult terrain slow my soldiers?", k=5)
    top = result.results[0]
    assert top.game == "dust-warfare" and top.section.endswith("Difficult terrain for soldiers")

