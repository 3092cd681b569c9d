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


def test_russian_in_latin_letters_is_answered_from_the_russian_book(searcher) -> None:
    result = searcher.ask("torpedy s kakogo rasstoyaniya mozhno puskat'?", k=5)
    assert result.status == "answered"
    assert result.results[0].language == "ru" and "Торпед" in result.results[0].section


def test_the_rule_a_term_heads_comes_before_rules_that_mention_it(searcher) -> None:
    """Issue 16: "what counts as Obscured in DW4?" gave Hydrophone Relay first (it mentions
    Obscured) and Obscured, the rule that defines it, fourth."""
    result = searcher.ask("what counts as Obscured in DW4?", k=5)
    assert result.results[0].section == "Obscured"
