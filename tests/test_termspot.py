"""Which rule names a question mentions, on the real index."""
from __future__ import annotations

from index.rules import rule_key
from index.text import stems


def _named(searcher, question: str, edition: str | None = None) -> dict[str, float]:
    import numpy as np

    query = searcher.parse(question)
    allowed = np.ones(len(searcher.rows), dtype=bool) if edition is None else searcher._edition == edition
    return searcher._named_rules(list(query.topic), query.weights, allowed)


def _section(searcher, key: str) -> str:
    return searcher.rules[key].section


def test_a_name_defined_only_outside_the_searched_documents_hides_nothing(searcher):
    """"Levels of Disorder" is a name of the Russian book only ("Уровень дезорганизации"); searched in
    the 4th edition, "levels of disorder" must still name the 4th edition's own rule "Disorder"
    (the longer name hid it: the rule-name step then named nothing there)."""
    spotted = searcher._spotter.spot(stems("max levels of disorder"))
    assert [t.name.casefold() for t in spotted][:1] == ["уровень дезорганизации"]
    glossary = searcher._edition == "dw4-glossary"
    within = searcher._spotter.spot(stems("max levels of disorder"),
                                    lambda chunk: bool(glossary[searcher._row_of_chunk[chunk]]))
    assert "disorder" in [t.name.casefold() for t in within]
    named = _named(searcher, "max levels of disorder", "dw4-glossary")
    assert "Disorder" in {_section(searcher, key) for key in named}


def test_a_chapter_title_names_its_own_rule(searcher):
    """"## ЭСКОРТ" is the Escort rule itself (its text: "Набор Кубов Обороны Сопровождаемого
    Подразделения увеличивается на +1 куб за каждый Токен Эскорта"): an ALL-CAPS chapter title
    names its chapter's own passage, as the quick reference's "ESCORTS" does."""
    named = _named(searcher, "эскорт как дает бонус к обороне")
    assert "ЭСКОРТ" in {_section(searcher, key) for key in named}
    result = searcher.ask("эскорт как дает бонус к обороне").to_json()
    assert rule_key(result["results"][0]["chunk_id"]) in named
    assert result["results"][0]["section"] == "ЭСКОРТ"


def test_a_player_word_for_several_terms_names_each_for_ranking_only(searcher):
    """The glossary reads "half speed" as the rules' Limping and Full Reverse (Limping: "A Crippled model
    halves its Maximum Speed rating"; Full Reverse: "Its Maximum Speed rating is halved"). For ranking
    the word names both rules, as a word standing for one term names that one; the "is it in the rules
    at all" test does not read it so (it then answered more off-topic questions, measured)."""
    question = "my ship can only go half speed now in 4e"
    query = searcher.parse(question)
    allowed = searcher._edition == "dw4-glossary"
    ranking = searcher._named_rules(list(query.stems), query.weights, allowed, loose=True, several=True)
    assert {"Limping", "Full Reverse"} <= {_section(searcher, key) for key in ranking}
    relevance = searcher._named_rules(list(query.topic), query.weights, allowed, loose=True)
    assert not {"Limping", "Full Reverse"} & {_section(searcher, key) for key in relevance}


def test_a_long_message_states_two_rules_the_lookup_reads_only_under_the_share_floor(searcher):
    """bench/data/names2_own.jsonl, names2-001: a chatty message states Ram ("rammed", "a ram") and
    Disorder ("disordered"). The term lookup reads both (floor 0), but in a message of this length each
    carries less than MIN_NAME_SHARE of its weight, so the ranking names neither (bench/names_read.py:
    lowering the floor for such messages was measured to lose more first answers than it turns)."""
    from index.search import MIN_NAME_SHARE

    question = ("hey all, quick one from last night's game. my battleship rammed a frigate and I was sure nothing "
                "else happened, but my mate says both ships end up disordered after a ram?? who's right here")
    query = searcher.parse(question)
    allowed = searcher._edition == "dw4-glossary"
    every = searcher._named_rules(list(query.stems), query.weights, allowed, loose=True, floor=0.0)
    assert {"Ram", "Disorder"} <= {_section(searcher, key) for key in every}
    stated = [share for key, share in every.items() if _section(searcher, key) in ("Ram", "Disorder")]
    assert max(stated) < MIN_NAME_SHARE
    at_floor = searcher._named_rules(list(query.stems), query.weights, allowed, loose=True)
    assert not {"Ram", "Disorder"} & {_section(searcher, key) for key in at_floor}
