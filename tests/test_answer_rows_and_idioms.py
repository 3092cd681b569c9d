"""Two readings of the answer line (issue 16, helper devmiss2), on the corpus's own sentences: a result
table's row finishes the sentence introducing the table, and the book's "который у нее уже есть" is
read as a question's "тот же" / "уже лежит" is."""
from __future__ import annotations

from index.answer import best_quote
from index.relevance import topic_stems
from index.text import idiom_readings, question_stems, stems
from tests.test_answer_asked import _block, _quote

# The 3rd edition quick reference, 4. Assault: "Both players total hits and counters rolled, deduct the
# lowest value from the highest, and check ASSAULT RESULTS:" then its rows, "1-3   No further effects.",
# "4+  Assaulting model suffers 1 damage.", "1-2   Target receives a disorder condition.", "3-4   Target
# receives a critical damage roll."
ASSAULT_RESULTS = _block("dw3-quick-reference.txt", "Both players total hits and counters rolled", 12)

# The Russian 3.03 rulebook, КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ: "Независимо от источника, если Модель должна получить
# Маркер Критического Повреждения, который у нее уже есть, вместо этого происходит Катастрофический Взрыв."
CRITICAL = _block("dw3-rulebook-ru.md", "В дополнение к уже описанным повреждениям", 6)


def test_a_result_row_holds_the_words_of_the_sentence_introducing_its_table():
    # "assault results" and "counters" are printed only in the table's caption; the row states the result
    assert _quote(ASSAULT_RESULTS, "check assault results: counters ahead by 4, what happens?") \
        .startswith("4+  Assaulting model suffers 1 damage.")
    assert _quote(ASSAULT_RESULTS, "what do assault results give the target for 3 or 4 hits?") \
        .startswith("3-4   Target receives a critical damage roll.")


def test_the_books_already_has_is_read_as_the_same_thing_again():
    assert idiom_readings("если Модель должна получить Маркер Критического Повреждения, который у нее уже есть, "
                          "вместо этого") == frozenset(stems("одинаковый"))
    # "уже есть" in another clause is no relative "который ... уже есть" (the SRS rule: "Если в базовом
    # контакте с Моделью уже есть Токены SRS того же типа"), nor is "тот же" read on the rules' side
    assert idiom_readings("Если в базовом контакте с Моделью уже есть Токены SRS того же типа") == frozenset()


def test_a_crit_the_model_already_has_is_answered_by_the_sentence_saying_so():
    question = "крит такой же, как уже лежит на модели - что будет?"
    weights = {s: 1.0 for s in topic_stems(question_stems(question))}
    found = best_quote(CRITICAL, weights, question=question)
    assert found is not None
    assert CRITICAL[found.start:found.end].startswith(
        "Независимо от источника, если Модель должна получить Маркер Критического Повреждения, который у нее уже есть")
