"""A distance named as the unit of a rate ("+1 куб за каждый дюйм", "сколько кубов за пройденные дюймы", "dice per
inch") is not the quantity asked: the answer is the count the rate leads to, not a sentence stating a distance
(issue 16, helper ruquote)."""
from __future__ import annotations

from index.answer import best_quote
from index.answer_shape import asks_a_distance
from index.relevance import topic_stems
from index.text import stems
from tests.test_answer_asked import _block

# The Russian 3.03 rulebook, СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран: "Обычно Движущаяся Модель может Таранить Модель только
# в Носовом Секторе Стрельбы и должна пройти за Активацию хотя бы 3", считая повороты. ..." then "Движущаяся Модель,
# идущая на Таран, получает Набор Боевых Кубов Тарана, равный ее немодифицированному Параметру Корпуса. За каждый
# пройденный перед Тараном дюйм к Набору добавляется +1 куб, но не более +5."
RAM = _block("dw3-rulebook-ru.md", "Обычно Движущаяся Модель может Таранить Модель", 5)


def _line(question: str) -> str:
    weights = {s: 1.0 for s in topic_stems(stems(question))}
    found = best_quote(RAM, weights, numeric=True, distance=True, question=question)
    assert found is not None
    return RAM[found.start:found.end]


def test_a_rate_per_inch_asks_for_no_distance():
    assert not asks_a_distance("сколько кубов максимум за каждый дюйм разгона?")
    assert not asks_a_distance("how many bonus dice per inch moved before a ram?")
    # a distance asked, or the scene's own measure ("если я прошёл всего 2 дюйма?": the threshold answers)
    assert asks_a_distance("сколько дюймов надо пройти перед тараном?")
    assert asks_a_distance("мой таран засчитывается, если я прошёл всего 2 дюйма?")


def test_the_count_per_inch_is_quoted_not_the_distance_threshold():
    for question in ("таран с разгона: сколько всего кубов прибавится за пройденные дюймы",
                     "сколько кубов в таране за дюймы разгона?"):
        line = _line(question)
        assert line.startswith("За каждый пройденный перед Тараном дюйм к Набору добавляется +1 куб"), question


# The Quick Reference, RAMMING: "A moving model may only ram a point of impact in its forward fire arc, and must have
# moved at least 3" in its activation (including turns). ..." then "It receives a further action dice for each inch of
# movement it travelled before reaching the point of impact (max +6)."
QRS_RAM = _block("dw3-quick-reference.txt", "A moving model may only ram a point of impact", 12)


def test_the_distance_covered_as_what_a_bonus_counts_asks_for_no_distance():
    assert not asks_a_distance("Ramming: what's the cap on bonus dice for distance moved, 3e vs 4e?")
    assert not asks_a_distance("how many extra dice for inches travelled before the ram?")
    assert not asks_a_distance("сколько кубов за пройденное расстояние при таране?")
    # a distance still asked of the movement ("how far must it have moved?")
    assert asks_a_distance("how far must a ship have moved before it can ram?")


def test_a_cap_written_max_is_the_limit_quoted():
    question = "Ramming: what's the most extra dice you can get for distance travelled?"
    weights = {s: 1.0 for s in topic_stems(stems(question))}
    found = best_quote(QRS_RAM, weights, numeric=True, distance=True, question=question)
    assert found is not None
    assert "(max +6)" in QRS_RAM[found.start:found.end]
