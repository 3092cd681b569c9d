"""A Russian question's verb and numeral read as the forms the real Russian book prints
(index.ru_forms): "штурмовать" counts as the book's Штурм, "четырех" as its 4"."""
from __future__ import annotations

from typing import Any

import pytest

from corpus import CORPUS_DIR
from index.ru_forms import other_forms
from index.text import stem, stems


@pytest.fixture(scope="module")
def printed() -> frozenset[str]:
    return frozenset(stems((CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8"), keep_stopwords=True))


def test_a_verb_the_book_never_prints_counts_as_its_noun(printed: frozenset[str]) -> None:
    """"Парящие Подразделения также могут осуществлять Штурм Надводных и Наземных Подразделений":
    a player asks "сам штурмовать могу?"; the book never prints "штурмовать"."""
    assert stem("штурмовать") not in printed
    assert stem("штурм") in other_forms(stem("штурмовать"), printed)


def test_a_numeral_counts_as_the_digits_the_book_prints(printed: frozenset[str]) -> None:
    """"каждая Модель Подразделения должна находиться не дальше, чем в 4" от любой другой Модели";
    "Для партий с лимитом Очков до 1000 очков подойдет пространство 48"×48"."""
    assert other_forms(stem("четырех"), printed) == {"4"}
    assert other_forms(stem("тыщу"), printed) == {"1000"}


def test_a_noun_counts_as_the_adjective_the_book_prints(printed: frozenset[str]) -> None:
    """"Катастрофический Взрыв: если сумма Очков Попаданий вдвое или больше превышает Параметр
    Цитадели" — a player says "катастрофа"."""
    assert stem("катастрофа") not in printed
    assert stem("катастрофический") in other_forms(stem("катастрофа"), printed)


def test_an_adjective_counts_as_the_noun_the_book_prints(printed: frozenset[str]) -> None:
    """"когда любая часть Модели покидает Игровое поле": a player's "частично" is the book's "часть"."""
    assert stem("частично") not in printed
    assert stem("часть") in other_forms(stem("частично"), printed)


def test_an_agent_noun_counts_as_the_act_the_book_prints(printed: frozenset[str]) -> None:
    """"Если выпало Попадание или Тяжелое Попадание, Движущаяся Модель получает повреждение" (after a
    Таран) — a player calls the ramming ship "таранщик", the boarder "абордажник"."""
    assert stem("таранщик") not in printed
    assert other_forms(stem("таранщик"), printed) == {stem("таран")}
    assert stem("абордаж") in other_forms(stem("абордажник"), printed)
    # an agent noun whose act the book never prints gains nothing ("заказчик": заказ)
    assert other_forms(stem("заказчик"), printed) == frozenset()


def test_printed_and_foreign_words_gain_nothing(printed: frozenset[str]) -> None:
    """A form the book prints matches its own passages; a word whose derived roots the book never
    prints ("фаренгейт") and an English stem gain no form."""
    assert other_forms(stem("таран"), printed) == frozenset()
    assert other_forms(stem("фаренгейта"), printed) == frozenset()
    assert other_forms("ram", printed) == frozenset()


def test_the_index_reads_a_verb_question_as_the_books_noun(searcher: Any) -> None:
    """The real index: "сам штурмовать могу?" counts Штурм among its words."""
    query = searcher.parse("если я поддерживаю абордаж соседа, сам штурмовать потом могу?")
    assert stem("штурм") in query.variants[stem("штурмовать")]


def test_an_irova_verb_counts_as_its_noun(printed: frozenset[str]) -> None:
    """"Игроки могут попытаться починить Критические Повреждения ... путем прохождения Проверки на Ремонт":
    a player asks "как ремонтироваться?"; the book never prints the verb."""
    assert stem("ремонтироваться") not in printed
    assert stem("ремонт") in other_forms(stem("ремонтироваться"), printed)
