"""Russian players typing on a phone (issue 16, bench/data/ru8_own.jsonl): a player phrase is read as the
question holding it is read, "крит, который уже есть" is the same crit again, and the forms a player
types (cases, diminutives) reach the book's own stems (bench/ru_forms_sweep.py)."""
from __future__ import annotations

import pytest

from bench.ru_forms_sweep import BOOK, book_words, player_forms, reaches, sweep
from index.glossary import glossary_expansions
from index.ru_forms import other_forms
from index.termmap import load_synonyms
from index.text import phrase_stems, question_stems, stem, stems, words


@pytest.fixture(scope="module")
def printed() -> frozenset[str]:
    return frozenset(stem(w) for w in words(BOOK.read_text(encoding="utf-8")))


def test_a_phrase_key_is_read_as_the_question_holding_it() -> None:
    """Согласованное построение: "должна находиться не дальше, чем в 4" от любой другой Модели этого
    Подразделения". The question reads "друг от друга" as the book's "другой"; a key read otherwise (its
    stopword kept, the reciprocal not read) could never be found in the question's stems."""
    key = phrase_stems("расстоянии друг от друга")
    question = question_stems("на каком расстоянии друг от друга должны держаться корабли одного подразделения?")
    assert key == [stem("расстоянии"), stem("другой")]
    assert any(question[i:i + len(key)] == key for i in range(len(question)))
    assert stems("расстоянии друг от друга", keep_stopwords=True) != key


def test_every_glossary_and_synonym_key_is_a_run_a_question_can_hold() -> None:
    """A player phrase read to no stems ("уже есть": stopwords only) is one no question can match: none of
    the glossary's and synonyms.toml's phrases is."""
    synonyms = load_synonyms()
    phrases = [*glossary_expansions(), *synonyms.expansions, *synonyms.translations]
    assert len(phrases) > 1000
    assert [p for p in phrases if not phrase_stems(p)] == []


def test_a_several_word_phrase_read_as_one_word_keeps_its_own_stems() -> None:
    """"очень большой" (the 4th edition's Very Large) read as "большой" would stand for every "большой"."""
    assert phrase_stems("очень большой") == stems("очень большой", keep_stopwords=True)


def test_a_crit_the_ship_already_has_is_the_same_crit_again() -> None:
    """КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ: "Считайте дублирующиеся Маркеры Критического Повреждения Катастрофическим
    Взрывом." — "уже есть" is all stopwords; after a relative pronoun it says the thing is there already."""
    read = question_stems("выпал крит который у корабля уже есть, что тогда?")
    assert read[read.index(stem("крит")) + 1] == stem("одинаковый")
    assert stem("корабля") in read  # whose it is stays
    # said twice ("тот же крит, который уже лежит"), read once
    assert question_stems("выпал тот же крит, который уже лежит").count(stem("одинаковый")) == 1
    # the book's own "Если в базовом контакте с Моделью уже есть Токены SRS того же типа" is another clause
    assert question_stems("если уже есть токены") == question_stems("если токены")


def test_a_diminutive_reads_as_the_books_noun(printed: frozenset[str]) -> None:
    """"Торпеда (Torpedo): Атаки с этим Свойством можно использовать только против Начальной
    Цели, расположенной не ближе чем в 5""; "Бомба (Bomb)"; "Модель" (a ship): a player's "торпедка", "бомбочка",
    "кораблик"."""
    for small, noun in (("торпедка", "торпеда"), ("бомбочка", "бомба"), ("кораблик", "корабль")):
        assert stem(small) not in printed
        assert stem(noun) in other_forms(stem(small), printed), small


def test_a_case_of_podryv_reaches_its_heading() -> None:
    """"### Подрыв боекомплекта: эта Модель и все остальные в пределах 4" получают 1 повреждение": the
    heading's "Подрыв" and a player's "подрыва", "подрывом" are one stem."""
    assert stem("подрыв") == stem("подрыва") == stem("подрывом")


def test_the_sweep_reads_the_books_own_words() -> None:
    """The sweep declines the book's headings and term pairs, not a list typed here."""
    found = book_words(BOOK.read_text(encoding="utf-8"))
    assert {"генератора", "абордаж", "торпеда"} <= set(found) and len(found) > 200
    assert ("noun case", "абордажем") in player_forms("абордаж")


def test_every_case_form_and_diminutive_the_readings_cover_reaches_the_book() -> None:
    """Every adjective case form of the book's rule words reaches the book's stem, and so does every
    diminutive and case form of a noun whose nominative and oblique cases the stemmer keeps as one stem
    (the nouns it cuts before "-ен"/"-ан", "Замена": "зам" but "замене": "замен", are left: docs/retrieval.md)."""
    misses = sweep()
    misses.pop("_checked")
    assert misses.get("adjective case", []) == [] and misses.get("ё for е", []) == []
    text = BOOK.read_text(encoding="utf-8")
    printed = frozenset(stem(w) for w in words(text))
    split = {word for word, _ in misses.get("noun case", [])}
    assert [m for m in misses.get("diminutive", []) if m[0] not in split] == []
    assert not any(reaches(form, stem(word), printed) for word, form in misses.get("noun case", []))


def test_a_verb_made_of_players_slang_reads_as_the_slang(searcher) -> None:
    """"Проверка на Ремонт (Repair Test)"; synonyms.toml reads the players' "чек" as Проверка and "хил" as
    Ремонт: their verbs "чекнуть", "захилить" are made of those nouns."""
    variants = searcher.parse("чекнуть лос от центра").variants
    assert stem("проверка") in variants[stem("чекнуть")]
    assert stem("ремонт") in searcher.parse("захилить крит").variants[stem("захилить")]
    # a native verb with "при-" is no slang: "прилетает" (the hits that land) is not "летает" (Воздушное)
    assert stem("воздушные") not in searcher.parse("что ещё прилетает кроме крита").variants[stem("прилетает")]


def test_the_distance_ships_keep_from_each_other_is_coherency(searcher) -> None:
    """Согласованное построение: "каждая Модель Подразделения должна находиться не дальше, чем в 4" от любой
    другой Модели этого Подразделения" — asked with the reciprocal "друг от друга"."""
    variants = searcher.parse("на каком расстоянии друг от друга держаться кораблям отряда").variants
    assert stem("согласованное") in variants[stem("расстоянии")]
