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


def test_a_ship_out_of_ammo_is_depleted(searcher) -> None:
    # dw4 glossary, Limited: "If any die scores a Blank, the model gains the Depleted status"; Resupply and
    # Stockpile remove it. None of them says "ammo".
    sections = [h.section for h in searcher.ask("my cruiser ran out of ammo in 4e, what now?", k=5).results]
    assert "Limited" in sections[:3] and "Resupply" in sections[:3]


def test_an_extra_turn_is_an_additional_manoeuvre(searcher) -> None:
    # dw4 glossary, Emergency Manoeuvre: "The model can make an Additional Manoeuvre, but gains a level of
    # Disorder."
    result = searcher.ask("4th edition: can a ship take an extra turn while moving?", k=5)
    assert result.results[0].section == "Emergency Manoeuvre"


def test_overwatch_is_the_interception_of_attack_runs(searcher) -> None:
    # 3e quick reference, END PHASE › 1. SRS RESOLUTION › Interception: "Roll 1 action die for each friendly
    # SRS token in base contact ..." (without the expansion SHORT RANGE SQUADRONS came first).
    result = searcher.ask("3e quick reference: is there overwatch when enemy bombers attack my ships?", k=5)
    assert result.results[0].section == "END PHASE › 1. SRS RESOLUTION › Interception"


def test_round_one_is_the_first_round(searcher) -> None:
    # 3e quick reference, SETUP: "Unless otherwise indicated, player A has initiative for the first round.
    # However, if player B was the first to finish deploying their units, they may draw a V&V card ..."
    for question in ("can player B take the initiative in round 1?", "who has the initiative in round one?"):
        query = searcher.parse(question)
        assert "first" in query.variants["round"], question
    # ... and not a turn: Dust Warfare's game turn is a turn ("double movement on turn 1")
    assert "first" not in searcher.parse("double movement on turn 1").variants["turn"]


def test_how_long_a_game_lasts_is_when_the_encounter_ends(searcher) -> None:
    # 3e quick reference, END PHASE › 3. CHECK FOR VICTORY: "After 5 rounds, the encounter ends and the player
    # with the most VPs wins."
    top = searcher.ask("how many rounds does a 3e quick reference game last?", k=5).results[0]
    assert top.section == "END PHASE › 3. CHECK FOR VICTORY"


def test_a_phrase_is_read_whole_not_also_as_its_words(searcher) -> None:
    # "board size" is the glossary's play area (3e quick reference, SETUP: "Encounters of up to 750 points are
    # designed for a 36"x36" play area"); its "board" is not also a boarding ("board" = assault, fray)
    variants = searcher.parse("what board size do we need for a 750 point game in 3rd ed?").variants
    assert "play" in variants["board"] and "fray" not in variants["board"]
    assert "fray" in searcher.parse("can I board a ship that is crippled?").variants["board"]


def test_a_phrase_keeps_its_words_spellings(searcher) -> None:
    # "armour save" is a defence; its "armour" is still spelt "armor" (Dust Warfare: "Vehicle cannot make
    # armor rolls")
    variants = searcher.parse("shooting a walker in the back, does it get an armour save").variants
    assert "armor" in variants["armour"] and "defenc" in variants["armour"]
