"""Russian players' slang, typos and other wargames' words (issue 16, bench/data/ruslang_own.jsonl), read
by the real index as the rules' words: a slip of the fingers as the book's word (index.ru_typos), an English
rule name typed in Cyrillic as the documents print it (index.translit), other games' tools and mishaps as
the book's own terms (index/data/glossary.toml)."""
from __future__ import annotations

from typing import Any

from index.text import stem, stems


def _read(searcher: Any, question: str) -> set[str]:
    query = searcher.parse(question)
    return {spelling for spellings in query.variants.values() for spelling in spellings}


def test_a_ship_typed_without_its_b_is_a_ship_not_coral(searcher: Any) -> None:
    """"кораль": "корабль" less one letter, so no English "coral"; the book: "Модель считается вытесненной"."""
    read = _read(searcher, "кораль уехал за край стола кому засчитывают что его убили")
    assert stem("корабль") in read
    assert "coral" not in read


def test_full_reverse_typed_in_cyrillic_is_the_books_full_reverse(searcher: Any) -> None:
    """"фул реверс" is "Full Reverse", which the book pairs with «Полный назад!» ("у Модели Массой 3 и более
    Лимит Поворотов равен 1")."""
    read = _read(searcher, "фул реверс какой лимит поворотов у линкора массы 3")
    assert set(stems("full reverse")) <= read


def test_armadas_maneuver_tool_is_the_turning_template(searcher: Any) -> None:
    """"Большинство подвижных Подразделений используют для поворотов Шаблон Поворотов.\""""
    read = _read(searcher, "маневровым инструментом как поворачивать")
    assert set(stems("шаблон поворотов")) <= read
