"""Russian players who describe a rule instead of naming it (issue 16, bench/data/ru7_own.jsonl).

A player who does not know the name says what happens on the table ("корабли разъехались", "крит
повторился", "корабль переставили картой"). The glossary's Russian block maps such phrases to the book's
term only where a sentence of that rule says the same thing; each case quotes that sentence."""
from __future__ import annotations

import pytest

from index.text import question_stems, stem, stems


@pytest.mark.parametrize("question, word, book_word", [
    # Согласованное построение: "каждая Модель Подразделения должна находиться не дальше, чем в 4" от любой
    # другой Модели этого Подразделения"
    ("корабли отряда разъехались, что будет?", "разъехались", "согласованное"),
    ("отряд должен держаться рядом?", "держаться", "построение"),
    # КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ: "Считайте дублирующиеся Маркеры Критического Повреждения Катастрофическим Взрывом."
    ("повторный крит что даёт?", "повторный", "дублирующиеся"),
    # Возгорание Стургениума: "Модель получает Маркер Возгорание Стургениума."
    ("корабль загорелся после попадания", "загорелся", "возгорание"),
    # «Полный назад!»: "еще одно Действие Специальных Операций позволяет Единице двигаться назад."
    ("можно плыть задом?", "задом", "назад"),
    # РАЗМЕЩЕНИЕ И ЗАМЕНА: "Размещение или Замена модели не считается движением"
    ("корабль переставили картой", "переставили", "размещение"),
    # Объявление Начальной Цели: "все орудия, добавляющие свою огневую мощь к этой Атаке, являются
    # Поддерживающими Орудиями"
    ("пушки могут присоединиться к выстрелу?", "присоединиться", "поддерживающие"),
    # Отключение генератора: "Модель получает Маркер Отключение генератора и Уровень Дезорганизации." and
    # "Если у Модели нет Генераторов, она получает дополнительный уровень Беспорядка."
    ("ещё уровень беспорядка что даёт?", "беспорядка", "дезорганизации"),
    # ЭСКОРТ: "вместе с большими кораблями защитное сопровождение, обычно называемое Эскортом"
    ("кораблики охраны дают кубы?", "охраны", "эскорт"),
    # Линия Видимости: "Если Линия Видимости до Центра Начальной Цели заблокирована другой Моделью или
    # элементом ландшафта"
    ("остров загораживает цель, стрелять можно?", "загораживает", "заблокирована"),
])
def test_a_plain_description_reads_as_the_books_term(searcher, question: str, word: str, book_word: str) -> None:
    assert stem(book_word) in searcher.parse(question).variants[stems(word)[0]]


def test_a_phrase_is_kept_to_its_situation(searcher) -> None:
    """"стоит рядом" is anywhere on the table ("второй стоит рядом в паре дюймов" is an assault's support),
    so only "держаться рядом" names the coherency rule."""
    variants = searcher.parse("второй крейсер стоит рядом, может поддержать абордаж?").variants
    assert all(stem("согласованное") not in v for v in variants.values())


def test_the_same_thing_again_is_read_as_the_same() -> None:
    """"тот же крит", "такой же маркер": the book says "дублирующиеся", "одинаковых"; "тот"/"такой" alone
    are pronouns the question drops, and "то же самое, что ..." likens a whole clause."""
    assert stem("одинаковый") in question_stems("выпал тот же крит")
    assert stem("одинаковый") in question_stems("такой же самый маркер уже есть")
    assert stem("одинаковый") not in question_stems("это то же самое, что таран?")
    assert question_stems("есть такого рода правило про таран?") == question_stems("есть рода правило про таран?")


def test_ships_guarding_a_big_one_are_its_escort(searcher) -> None:
    """ЭСКОРТ: "Набор Кубов Обороны Сопровождаемого Подразделения увеличивается на +1 куб за каждый Токен
    Эскорта"; before, the Оборона Цитадели passage came first."""
    result = searcher.ask("есть правило, что маленькие кораблики охраны рядом с большим дают ему лишние кубы "
                          "на защиту?", k=5)
    assert result.results[0].section == "ЭСКОРТ"


def test_going_backwards_is_full_reverse(searcher) -> None:
    """«Полный назад!»: "еще одно Действие Специальных Операций позволяет Единице двигаться назад." Before,
    the SRS resolution came first and the action was seventh."""
    result = searcher.ask("можно ли кораблю поехать задом, кормой вперёд? есть такое действие?", k=5)
    assert result.results[0].section.endswith("«Полный назад!»")


def test_fighting_off_is_the_defence_but_not_the_books_own_otbit(searcher) -> None:
    """ЗАЩИТА: "Владелец Начальной Цели объявляет, что будет использовать свою Противовоздушную Обороны, чтобы
    попытаться отбить Атаку". "отбить"/"отбиться" stem as the book's "Штурм отбит" and the Interception's
    "сколько надо отбить" do, so only the imperfective "отбиваться" is read as Оборона."""
    assert stem("оборона") in searcher.parse("чем отбивается цель при абордаже?").variants[stem("отбивается")]
    assert stem("оборона") not in searcher.parse("перехват: сколько надо отбить?").variants[stem("отбить")]
