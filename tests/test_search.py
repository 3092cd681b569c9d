"""Search over the real index: filters, routing, cross-lingual lookups, validation."""
from __future__ import annotations

import pytest

from core.errors import UserInputError


def sources(result):
    return [(h.edition, h.section) for h in result.results]


def test_result_carries_full_citation(searcher):
    result = searcher.ask("how many dice does a ram get in dw4?", k=5)
    assert result.routed_editions == ["dw4-glossary"]
    top = result.results[0]
    assert top.document == "dw4-rules-glossary.cat" and top.edition == "dw4-glossary"
    assert top.section and top.text and top.language == "en"
    assert any("Ramming Model’s Hull rating" in h.text for h in result.results)


def test_russian_question_finds_russian_rule(searcher):
    result = searcher.ask("сколько кубов кидать на таран?", k=5)
    assert all(h.language == "ru" for h in result.results)
    assert any("Набор Боевых Кубов Тарана" in h.text for h in result.results)


def test_english_question_finds_rule_only_in_russian_book(searcher):
    result = searcher.ask("what are the special rules of the Storm scenario?", k=5)
    assert any(h.edition == "dw3-rulebook" and "Буря" in h.section for h in result.results)


def test_a_heading_holding_the_named_term_is_named_too(searcher):
    # Quick reference: "1. LAUNCH SRS TOKENS" says where launched tokens go ("Place the tokens
    # ... in base contact with a friendly or enemy model within 20" of the unit"); the term
    # "SRS Tokens" is defined under WEAPON QUALITIES, which only lists ship-specific capacities.
    # A question about launching names both; the launch step has the question's other words too.
    result = searcher.ask("where do SRS tokens go when a carrier launches them?", k=3, edition="qrs")
    assert result.results[0].section == "ACTIVATION PHASE › 1. OPERATIONS › 1. LAUNCH SRS TOKENS"


def test_a_players_word_for_a_term_names_its_rule(searcher):
    # synonyms.toml: "crash" = ["collision", "collide"]; dw4 glossary, Collision: "When a moving
    # model Collides with an enemy model ...". "crashed" names Collision as "collided" would.
    result = searcher.ask("my ship crashed into an enemy, what now?", k=3, edition="dw4")
    assert result.results[0].section == "Collision"


def test_an_edition_name_does_not_blur_the_question(searcher):
    # Dust Warfare has a section "SUPPRESSION & RETREAT"; "in dust" routes the question to that
    # game, and the model must read "how does suppression work", not the word "dust".
    result = searcher.ask("how does suppression work in dust?", k=3)
    assert result.status == "answered" and result.routed_editions == ["dust-warfare"]
    assert result.results[0].section.startswith("SUPPRESSION")


def test_edition_filter_and_aliases(searcher):
    for edition in ("dw3-quick-reference", "qrs", "dw3-qrs"):
        result = searcher.ask("what does piercing do", k=5, edition=edition)
        assert {h.edition for h in result.results} == {"dw3-quick-reference"}


def test_game_and_language_filters(searcher):
    dust = searcher.ask("how do reactions work", k=5, game="dust-warfare")
    assert {h.game for h in dust.results} == {"dust-warfare"}
    russian = searcher.ask("ramming", k=5, lang="ru")
    assert {h.language for h in russian.results} == {"ru"}


def test_editions_disagreeing_are_flagged(searcher):
    # Quick reference, 1. Launch SRS Tokens: "Place the tokens ... in base contact with a friendly
    # or enemy model within 20" of the unit" (the general launch step; "up to 15"" is one ship's
    # special rule); dw4 glossary, Launch Range: "... within X” of the Carrier model ..., instead
    # of the normal 30”". 20 against 30: the note names both.
    result = searcher.ask("how far can SRS tokens be placed when launched?", k=5, game="dystopian-wars")
    assert len({a.edition for a in result.answers}) > 1
    note = result.editions_disagree
    assert note and '20"' in note and '30"' in note


def test_editions_disagree_only_between_lines_of_the_same_rule(searcher):
    # Issue 16: the note came from unrelated lines. dw4 Iceberg ("An Iceberg can be chosen as the
    # target of an Attack action") against a 3rd-edition unit card's Internal Cryo Generator is
    # not a disagreement; dw4 Full Reverse ("Its Turn Limit is increased by 2 (to a maximum of
    # 4).") against the 3.03 book's «Полный назад!» (Full Reverse) is.
    icebergs = searcher.ask("icebergs - can I shoot them and what armour", k=5)
    assert icebergs.answers[0].section == "Iceberg" and icebergs.editions_disagree is None
    assert not any("AUTOMATA" in a.section for a in icebergs.answers), "a unit card is not the 3rd-edition answer"
    reverse = searcher.ask("Turn limit while going full reverse: how did it change from 3e to 4e?", k=5)
    assert reverse.editions_disagree and "4th edition" in reverse.editions_disagree


def test_an_edition_without_the_rule_gets_no_answer_line(searcher):
    # Issue 16: "a 4th-edition property quoted as the 4th-edition answer about jury-rigged
    # repairs". The quick reference's End Phase "2. REPAIR" holds "Jury-rigged repair: ...";
    # dw4's Temperamental only forbids it ("may not attempt Jury-rigged Repairs").
    result = searcher.ask("jury-rigged repair", k=5)
    assert result.answers and "Temperamental" not in [a.section for a in result.answers]
    # a rule the question names keeps its line in each edition: the 3.03 book's
    # «Бонус убийцы эскадр» (Squadron Killer Bonus)
    bonus = searcher.ask("squadron killer bonus", k=5)
    assert any(a.edition == "dw3-rulebook" and a.section.endswith("Бонус убийцы эскадр") for a in bonus.answers)


def test_editions_stating_the_same_number_are_not_flagged(searcher):
    # Devastating: the quick reference counts the exploding face "as 3 hits instead of the usual 2";
    # the 3.03 book "за 3, а не за 2 Попадания" - the same numbers, so no note.
    result = searcher.ask("how many hits does a devastating weapon count as?", k=5, game="dystopian-wars")
    assert len(result.answers) > 1
    assert result.editions_disagree is None


def test_single_edition_has_no_disagreement_note(searcher):
    result = searcher.ask("what does piercing do", k=3, edition="dw4")
    assert result.editions_disagree is None


@pytest.mark.parametrize("question, field", [("", "question"), ("   ", "question"), ("x" * 501, "question")])
def test_bad_questions_are_rejected(searcher, question, field):
    with pytest.raises(UserInputError) as err:
        searcher.ask(question)
    assert err.value.field == field


@pytest.mark.parametrize("kwargs, field", [
    ({"edition": "dw9"}, "edition"), ({"game": "warhammer"}, "game"), ({"lang": "de"}, "lang"),
    ({"k": 0}, "k"), ({"k": 51}, "k"), ({"mode": "magic"}, "mode"),
])
def test_bad_filters_name_the_field(searcher, kwargs, field):
    with pytest.raises(UserInputError) as err:
        searcher.ask("ram", **kwargs)
    assert err.value.field == field


def test_hostile_text_is_just_text(searcher):
    result = searcher.ask('"ram" OR NEAR(x) * ) ; drop table chunks; -- @everyone', k=3)
    # FTS5 syntax is never interpreted; the one rules word ("ram") still leads somewhere.
    names = [h.section for h in result.results] + result.suggestions
    assert any("Ram" in name for name in names)


def test_questions_asked_at_once_get_the_vectors_they_get_alone(searcher):
    """An answer must not depend on who else asked at the same moment: the server's search threads
    encode concurrently, and each question's vector is the one it gets alone, to the last bit.
    (Batching them padded each to the longest and gave the int8 graph one activation scale per batch:
    every vector moved, by up to 0.03.)"""
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    embedder = searcher._embedder
    prefix = embedder.settings.query_prefix
    questions = ["ram", "how far can a model with speed 7 move when it is crippled?",
                 "сколько кубов кидать на таран?", "what does piercing do",
                 "ok so my frigates were behind an island and he says they are not obscured, who is right?",
                 *[f"how many dice does a ram get against a model with {n} hull points in dw4?" for n in range(11)]]
    alone = {q: embedder._encode_queries([prefix + q])[0] for q in questions}
    embedder.query_cache.clear()
    with ThreadPoolExecutor(16) as pool:
        together = dict(zip(questions, pool.map(embedder.query, questions), strict=True))
    assert [q for q in questions if not np.array_equal(together[q], alone[q])] == []


def test_a_question_mostly_in_the_home_games_words_stays_in_that_game(searcher):
    # "drop" is printed only in Dust Warfare's rules ("Air Drop"), "ship" and "smaller" only in Dystopian
    # Wars'; the question weighs more in Dystopian Wars' words, names no game, and is answered there
    # (dw4 glossary, Heavy Transport / Platform Transport carry other models), not by Dust's Air Drop.
    question = "can a large ship transport smaller ships and drop them off mid-game?"
    assert {"dystopian-wars", "dust-warfare"} <= set(searcher._games_by_vocabulary(searcher.parse(question)))
    assert all(h.game == "dystopian-wars" for h in searcher.ask(question, k=5).results)


def test_a_question_mostly_in_another_games_words_is_not_kept_home(searcher):
    # "phaser" is Dust Warfare's word (SPECIAL WEAPON ABILITIES › Phaser), "armour" Dystopian Wars':
    # the other game weighs more, so both games are searched and Dust's Phaser rule answers.
    result = searcher.ask("do phaser weapons ignore armour?", k=5)
    assert result.results[0].game == "dust-warfare"
    assert {h.game for h in result.results} >= {"dust-warfare", "dystopian-wars"}


def test_the_rule_defining_the_term_comes_before_one_that_mentions_it(searcher):
    # dw4 glossary, Crippled: "If the amount of Damage a model has accumulated equals or exceeds its Hull
    # rating, the model is immediately Crippled." Light Vessel only mentions it: "If this model becomes
    # Crippled, it is immediately Destroyed ..." — "become" frames the question, it is not its topic.
    sections = [h.section for h in searcher.ask("when does a ship become crippled in 4e?", k=5).results]
    assert sections.index("Crippled") < sections.index("Light Vessel")
    # dw4 glossary, Obscured: "Visibility is Obscured if it is not possible to trace a straight line ...";
    # Hydrophone Relay: "... never count their Visibility as Hampered or Obscured."
    assert searcher.ask("what counts as Obscured in DW4?", k=5).results[0].section == "Obscured"
