"""What users read is rule text (issue 16): no unit-card stat rows in rule search, no Markdown
bold markers or non-breaking spaces in passages and quotes."""
from __future__ import annotations

from corpus import CORPUS_DIR
from index.statrows import is_stat_block, is_stat_row

QUICK_REFERENCE = (CORPUS_DIR / "dw3-quick-reference.txt").read_text(encoding="utf-8")


def _line(start: str) -> str:
    """The quick reference's own line that begins with `start` (leading spaces ignored)."""
    return next(line for line in QUICK_REFERENCE.splitlines() if line.strip().startswith(start))


def test_the_quick_references_stat_rows_are_recognised() -> None:
    for start in ("MASS SPD TURN", "WEAPON FIRE ARC PT BLANK", "CRIPPLED  4 (3)", "Particle beamer F / P / S"):
        assert is_stat_row(_line(start)), start


def test_rule_sentences_are_not_stat_rows() -> None:
    for start in ("If the attack has enough hits to equal or exceed", "Once the initial target has received damage"):
        assert not is_stat_row(_line(start)) and not is_stat_block(_line(start)), start


def test_no_stat_rows_markup_or_nbsp_in_rule_search(searcher) -> None:
    for row in searcher.rows:
        for text in (row["text"], row["section"]):
            assert "**" not in text and "\u00a0" not in text, row["chunk_id"]
        assert not any(is_stat_block(p) for p in row["text"].split("\n\n")), row["chunk_id"]


def test_a_crippled_question_is_not_answered_with_a_stat_row(searcher) -> None:
    """Issue 16: "CRIPPLED 4 (3) 3 (2) …" was quoted for "what happens when a ship is crippled"."""
    result = searcher.ask("what happens when a ship is crippled in 3rd ed qrs", k=5)
    assert result.answers and not is_stat_row(result.answers[0].quote)
