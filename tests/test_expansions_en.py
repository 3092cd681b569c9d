"""Players' words for what the rules call otherwise (index/data/synonyms.toml [expansions])."""
from __future__ import annotations

from index.termmap import load_synonyms
from index.text import stems


def test_every_players_phrase_can_match_a_question() -> None:
    # A question's stems drop stopwords, and a phrase is matched as a run of them: a key holding a
    # stopword ("to hit") could never match and silently did nothing.
    dead = [key for key in load_synonyms().expansions if stems(key, keep_stopwords=True) != stems(key)]
    assert dead == []


def test_a_table_size_is_the_play_area(searcher) -> None:
    # 3e quick reference, SETUP: "Encounters of up to 750 points are designed for a 36"x36" play area,
    # 751-1000 points a 48"x48" area, and 1501-2000 points a 48"x72" area."
    top = searcher.ask("3e quick reference: what table size do we need for a 1000 point battle?", k=5).results[0]
    assert top.section == "SETUP" and "48\"x48\"" in top.text


def test_unit_cohesion_is_coherency(searcher) -> None:
    # 3e quick reference, ACTIVATION PHASE › 2. MOVEMENT: "A model outside of coherency at the end of the
    # movement ... must attempt to get back into coherency."
    query = searcher.parse("unit cohesion rules in the 3e quick reference")
    assert "coher" in query.variants["cohes"]
