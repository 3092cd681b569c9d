"""The Russian book set some run-in labels as headings ("### Подрыв боекомплекта:" and then "эта Модель и
все остальные в пределах 4" получают 1 повреждение."): the rule's text opens in lower case, the label's words
belong to its opening sentence, and a later sentence repeating the name does not win the answer line on the
name alone (issue 16, helper ruquote)."""
from __future__ import annotations

from index.answer import best_quote
from index.relevance import topic_stems
from index.search import TITLE_DISCOUNT
from index.text import stems
from tests.test_answer_asked import _block

# The Russian 3.03 rulebook, КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Подрыв боекомплекта: "эта Модель и все остальные в
# пределах 4" получают 1 повреждение. Эта Модель получает Маркер Подрыв боекомплекта."
MAGAZINE = _block("dw3-rulebook-ru.md", 'эта Модель и все остальные в пределах 4"', 1)
TITLE = "Подрыв боекомплекта"


def _line(text: str, question: str, title: str) -> str:
    named = frozenset(stems(title))
    weights = {s: TITLE_DISCOUNT if s in named else 1.0 for s in topic_stems(stems(question))}
    found = best_quote(text, weights, question=question, title=named)
    assert found is not None
    return text[found.start:found.end]


def test_a_label_set_as_a_heading_names_the_opening_sentence():
    assert MAGAZINE.startswith("эта Модель")  # the label is not in the rule's text
    for question in ("подрыв боекомплекта задевает соседние корабли?", "подрыв боекомплекта, кого ещё бьёт рядом"):
        assert _line(MAGAZINE, question, TITLE).startswith('эта Модель и все остальные в пределах 4" получают 1')


def test_without_the_title_the_sentence_repeating_the_name_wins_as_before():
    # the rule's heading unknown: only the later sentence prints "Подрыв боекомплекта"
    assert _line(MAGAZINE, "подрыв боекомплекта задевает соседние корабли?", "").startswith(
        "Эта Модель получает Маркер Подрыв боекомплекта")


def test_a_rule_opening_with_a_capital_keeps_its_own_words():
    # Catastrophic explosion in the same book opens with its own label: its later sentence naming the
    # explosion again is still chosen by its own words ("получает два дополнительных повреждения")
    text = _block("dw3-rulebook-ru.md", "Катастрофический Взрыв: если сумма", 1)
    question = "что получает корабль при катастрофическом взрыве, сколько повреждений?"
    line = _line(text, question, "Катастрофический Взрыв")
    assert "получает два дополнительных повреждения" in line
