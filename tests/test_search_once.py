"""What the search computes once (issue 18) must be what it would compute again: a value remembered
per question belongs to that question only, one remembered per rule holds for every row of the rule,
and a name reading remembered for one question does not answer another."""
from __future__ import annotations

import numpy as np

from index.answer import rule_text
from index.names import NameReader
from index.rules import rule_key
from index.text import is_stopword, stems


def test_every_row_of_a_rule_shares_its_twin_number(searcher) -> None:
    """`_rank_rules` keeps a rule's first row by its twin number alone: the rows of one rule (one
    document, one text) must all carry the same one."""
    twins: dict[str, set[int]] = {}
    for row, twin in enumerate(searcher._twin_of_row):
        twins.setdefault(rule_key(searcher.rows[row]["chunk_id"]), set()).add(twin)
    assert twins and all(len(found) == 1 for found in twins.values())


def test_a_rules_coverage_is_remembered_for_its_own_question_only(searcher) -> None:
    """Coverage is "share of the question's weight (IDF) whose words ... the rule uses": the Ram rule
    covers a ram question more than a question about painting, asked in turns."""
    ram = next(key for key, rule in searcher.rules.items()
               if key.startswith("dw4-glossary") and rule.section.split(" › ")[-1].casefold() == "ram")
    about_ram = searcher.parse("how many dice does a ram roll?")
    about_paint = searcher.parse("which paint for the hulls of my fleet?")
    first = searcher._coverage(ram, about_ram)
    other = searcher._coverage(ram, about_paint)
    again = searcher._coverage(ram, about_ram)
    assert first == again > 0.0
    assert other < first


def test_a_rule_text_read_once_holds_each_sentences_stems() -> None:
    text = "RAM\nA model can only attempt a Ram during its own Movement Step. Roll 3 dice."
    cut = rule_text(text)
    assert [text[s:e] for s, e in cut.spans] == list(cut.sentences)
    assert cut.stem_sets == tuple(frozenset(stems(sentence)) for sentence in cut.sentences)
    assert rule_text(text) is cut  # read once


def test_a_name_reading_belongs_to_its_question() -> None:
    reader = NameReader([("Interphase Generator", "dw4-glossary:0001")], is_stopword)
    assert reader.typed("Interphase Generator", "interphase gen: can they shoot me?") >= 0.9
    assert reader.typed("Interphase Generator", "can they shoot me while im phased?") == 0.0
    assert reader.read("intrephase generater", lambda key: True) is not None
    assert reader.read("can they shoot me while im phased?", lambda key: True) is None


def test_a_comparisons_edition_searched_from_its_parsed_question_is_that_edition_asked_alone(searcher) -> None:
    """A comparison's other editions are searched from the comparison's parsed question (`_search`):
    each must be what asking the question in that edition alone answers."""
    question = "Limited quality: what happens after you fire the weapon, quick reference vs 3.03 book?"
    parsed = searcher.parse(question)
    assert len(parsed.editions) > 1
    for edition in parsed.editions:
        staged = searcher._search(question, parsed, 5, None, edition, None, "hybrid")
        searcher.answers.clear()
        alone = searcher.ask(question, 5, edition=edition)
        assert staged.to_json() == alone.to_json() and alone.results


def test_the_last_ranking_and_scores_kept_belong_to_their_own_text(searcher) -> None:
    """`_lexical` and `_dense_scores` keep the thread's last ones: another text, asked in turns, gets its own."""
    every = np.ones(len(searcher.rows), dtype=bool)
    ram, paint = searcher.parse("how many dice does a ram roll?"), searcher.parse("which paint for my hulls?")
    first = searcher._lexical(ram.lexical_terms(), every)
    other = searcher._lexical(paint.lexical_terms(), every)
    assert first and other and first != other
    assert searcher._lexical(ram.lexical_terms(), every) == first  # read again after the other text
    english = every & searcher._readable
    kept = searcher._lexical(ram.lexical_terms(), english)  # from the ranking just kept
    searcher._asking.__dict__.clear()
    assert kept == searcher._lexical(ram.lexical_terms(), english)  # read afresh
    vector, scores = searcher._dense_scores("how many dice does a ram roll?")
    _, other_scores = searcher._dense_scores("which paint for my hulls?")
    again_vector, again = searcher._dense_scores("how many dice does a ram roll?")
    assert not np.array_equal(scores, other_scores)
    assert np.array_equal(scores, again) and np.array_equal(vector, again_vector)
    assert np.array_equal(scores, searcher._matrix @ vector)


def test_the_rules_a_heading_word_heads_are_those_whose_heading_holds_it(searcher) -> None:
    for key in searcher.rules:
        for stem in searcher._heading_stems(key):
            assert key in searcher._rules_headed_by(stem)
    assert all(stem in searcher._heading_stems(key)
               for stem in ("ram", "torpedo") for key in searcher._rules_headed_by(stem))
    assert searcher._rules_headed_by("ram")
