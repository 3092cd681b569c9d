"""What the search computes once (issue 18) must be what it would compute again: a value remembered
per question belongs to that question only, one remembered per rule holds for every row of the rule,
and a name reading remembered for one question does not answer another."""
from __future__ import annotations

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
