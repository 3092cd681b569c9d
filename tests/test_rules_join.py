"""A section printed twice in one document is one rule (index/rules.py): the quick reference prints
each turn step on its sequence page and again on its detailed page; a question about the step gets
both printings, so the one that holds the answer is in what is shown."""
from __future__ import annotations

from index.rules import join_rules, rule_of_chunk


def _rows() -> list[dict[str, str]]:
    return [
        {"chunk_id": "doc:0008.1", "section": "ACTIVATION PHASE › 3. SHOOTING (part 2/2)", "text": "B"},
        {"chunk_id": "doc:0051.0", "section": "ACTIVATION PHASE › 3. SHOOTING", "text": "C"},
        {"chunk_id": "doc:0008.0", "section": "ACTIVATION PHASE › 3. SHOOTING (part 1/2)", "text": "A"},
        {"chunk_id": "doc:0009.0", "section": "ACTIVATION PHASE › 4. ASSAULT", "text": "D"},
        {"chunk_id": "other:0051.0", "section": "ACTIVATION PHASE › 3. SHOOTING", "text": "E"},
    ]


def test_two_printings_of_one_heading_path_join_in_document_order() -> None:
    rules = join_rules(_rows())
    shooting = rules["doc:0008"]
    assert shooting.text == "A\n\nB\n\nC" and shooting.chunk_ids == ("doc:0008.0", "doc:0008.1", "doc:0051.0")
    assert shooting.part_of("doc:0051.0") == 3 and shooting.part_at(shooting.text.index("C")) == 3
    assert "doc:0051" not in rules  # the second printing is no rule of its own
    # another heading, and the same heading in another document, stay rules of their own
    assert rules["doc:0009"].text == "D" and rules["other:0051"].text == "E"
    assert rule_of_chunk(rules)["doc:0051.0"] == "doc:0008"


def test_a_printing_that_repeats_another_word_for_word_is_not_repeated() -> None:
    rows = [{"chunk_id": "g:0183.0", "section": "Landing Party Support", "text": "If this model is within 4”"},
            {"chunk_id": "g:0213.0", "section": "Landing Party Support", "text": "If this model is within 4”"}]
    rule = join_rules(rows)["g:0183"]
    assert rule.text == "If this model is within 4”" and rule.repeats == ("g:0213.0",)
    assert rule_of_chunk({"g:0183": rule})["g:0213.0"] == "g:0183"


def test_the_quick_references_shooting_step_is_one_rule_holding_both_printings(searcher) -> None:
    # Detailed page: "Declare a model in the targeted unit as the initial target of every weapon …";
    # sequence page: "Declare the initial target of every weapon, within range and line of sight (LOS)."
    shooting = [rule for rule in searcher.rules.values() if rule.key.startswith("dw3-quick-reference:")
                and rule.section == "ACTIVATION PHASE › 3. SHOOTING"]
    assert len(shooting) == 1
    assert "Declare a model in the targeted unit as the initial target of every weapon" in shooting[0].text
    assert "Declare the initial target of every weapon, within range and line of sight (LOS)." in shooting[0].text


def test_every_chunk_belongs_to_exactly_one_rule_and_no_heading_path_repeats(searcher) -> None:
    assert set(searcher.rule_of_chunk) == {row["chunk_id"] for row in searcher.rows}
    paths = [(key.rsplit(":", 1)[0], rule.section) for key, rule in searcher.rules.items()]
    assert len(paths) == len(set(paths))


def test_an_answer_from_the_second_printing_cites_the_joined_rule(searcher) -> None:
    # Sequence page only: "After 5 rounds, the player with the most VPs wins." (END PHASE › 3. CHECK FOR VICTORY)
    result = searcher.ask("check for victory after how many rounds, quick reference", k=5).to_json()
    victory = [h for h in result["results"] if h["section"] == "END PHASE › 3. CHECK FOR VICTORY"]
    assert victory and "After 5 rounds, the player with the most VPs wins." in victory[0]["text"]
    assert "The encounter specifies the ways to earn VPs." in victory[0]["text"]
    assert 1 <= victory[0]["matched_part"] <= victory[0]["parts"]
