"""Russian typed with typos (issue 16), read against the words the real Russian book prints
(index.ru_typos): unstressed vowels, signs, "ца" for "тся" and run-together words, while a word the
book prints, or a real word it never prints, is left as typed."""
from __future__ import annotations

from typing import Any

import pytest

from corpus import CORPUS_DIR
from index.ru_typos import KEY_NEIGHBOURS, RussianSpelling, sound_key, typing_slips
from index.text import stem, words


@pytest.fixture(scope="module")
def spelling() -> RussianSpelling:
    book = words((CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8"))
    return RussianSpelling(book, {stem(w) for w in book}, stem)


def test_unstressed_vowels_and_signs_sound_alike() -> None:
    assert sound_key("овария") == sound_key("авария")
    assert sound_key("праити") == sound_key("пройти")
    assert sound_key("сколко") == sound_key("сколько")
    assert sound_key("согласованое") == sound_key("согласованное")
    assert sound_key("длица") == sound_key("длится")
    assert sound_key("таран") != sound_key("туман")


def test_a_misspelt_status_is_read_as_the_books_word(spelling: RussianSpelling) -> None:
    """"2) Авария: пока на Модель действует этот Статус, она не может пойти на Таран"."""
    assert spelling.read("статус овария можно ли таранить") == "статус авария можно ли таранить"


def test_a_vowel_swapped_verb_is_read_as_the_books_word(spelling: RussianSpelling) -> None:
    """"должна пройти за Активацию хотя бы 3", считая повороты"; "игра длится пять раундов"."""
    assert spelling.read("чтоб таранить надо праити 3 дюйма") == "чтоб таранить надо пройти 3 дюйма"
    assert spelling.read("игра скока раундов длица") == "игра скока раундов длится"


def test_two_words_run_together_are_read_apart(spelling: RussianSpelling) -> None:
    """«Полный назад!»: "еще одно Действие Специальных Операций позволяет Единице двигаться назад"."""
    assert spelling.read("полныйназад как работает") == "полный назад как работает"


def test_a_prefix_is_not_split_off(spelling: RussianSpelling) -> None:
    """"отдать" is not "от дать": a part shorter than MIN_PART letters is a prefix or a particle."""
    assert "от дать" not in (spelling.read("можно отдать первую активацию") or "")


def test_printed_words_and_real_unprinted_words_stay(spelling: RussianSpelling) -> None:
    """A printed word is never read again; a real word the book does not print ("перевести",
    "градусы") is not a sound-alike of one it does, so an off-topic question stays off-topic."""
    assert spelling.read("авария можно ли таранить") is None
    assert spelling.read("как перевести градусы фаренгейта") is None


def test_the_index_reads_a_misspelt_word_as_the_book_spells_it(searcher: Any) -> None:
    """The real index: "овария" counts as the status Авария ("Авария (Emergency)")."""
    assert stem("авария") in searcher.parse("статус овария можно ли таранить").variants


def test_a_players_word_from_other_wargames_reaches_the_books_rule(searcher: Any) -> None:
    """"рукопашка" (melee, in other wargames) is the book's Абордаж: "В Dystopian Wars Абордажи
    представляют собой всевозможные Атаки ближнего боя"."""
    result = searcher.ask("сколько дайсов кидать в рукопашке", k=3).to_json()
    assert result["status"] != "not_found"
    assert "абордаж" in result["results"][0]["section"].casefold()


def test_any_form_of_a_misspelt_word_is_read(spelling: RussianSpelling) -> None:
    """"торпидами" is a form of the book's Торпеда ("Торпеда (Torpedo): Атаки с этим Свойством ..."):
    compared by its stem's sound key."""
    read = spelling.read("торпидами по скрытой цели") or ""
    assert stem(read.split()[0]) == stem("торпеды")


def test_a_misspelt_players_word_is_read_as_that_word(searcher: Any) -> None:
    """"самалетов" is the players' самолеты (synonyms.toml: "самолеты" = SRS, эскадрилья), a word
    the book does not print: read as it, it reaches the book's words for it."""
    variants = searcher.parse("скорострельное против самалетов работает?").variants
    assert any("эскадрил" in spellings for spellings in variants.values())


def test_players_words_the_book_never_prints_reach_its_rules(searcher: Any) -> None:
    """Words of other wargames and of the table (synonyms.toml) read as the book's: "мины" are its
    "Минные поля (Minefields)", "армор" its "Броня (Armour, A)", "овервотч" its "Перехват (Interception)"."""
    for question, heading in (("как работают мины", "минные поля"), ("что значит армор на карте корабля", "броня"),
                              ("овервотч против самолетов как работает", "перехват")):
        result = searcher.ask(question, k=3).to_json()
        assert result["status"] != "not_found", question
        assert heading in result["results"][0]["section"].casefold(), (question, result["results"][0]["section"])


def test_sch_sounds_as_shch(spelling: RussianSpelling) -> None:
    """"сч" is said as щ: "щитается" is the book's "считается" ("Погружные подразделения считаются
    Скрытыми"); the printed "щита" (Генератор Щита) is never read again."""
    assert sound_key("щитаеться") == sound_key("считается")
    assert spelling.read("генератор щита") is None
    assert spelling.read("цель скрытая щитаеться?") == "цель скрытая считается?"


def test_a_slip_of_the_fingers_is_read_as_the_books_word(spelling: RussianSpelling) -> None:
    """A key beside the right one, two letters swapped, a letter left out, each in one word the book prints:
    "Ремонт выполняется в конце Активации", "Защита (Defence, D)", "Некоторые правила дают вам возможность"."""
    assert spelling.read("скока кубов на ремнот") == "скока кубов на ремонт"
    assert spelling.read("параметр зашиты от авиации") == "параметр защиты от авиации"
    assert spelling.read("два разных првила дают перекидку") == "два разных правила дают перекидку"


def test_a_left_out_letter_is_no_english_word(spelling: RussianSpelling) -> None:
    """"кораль" is "корабль" typed without its б (the book: "корабль"), so it is Russian, and the loanword
    reader (index.translit.read_english_loanwords) does not take it for "coral"."""
    assert spelling.knows("кораль")
    assert spelling.read("кораль уехал за край стола") == "корабль уехал за край стола"


@pytest.mark.parametrize("real", ["убрать", "вылетел", "оказаться", "покрыто", "кладут"])
def test_a_word_one_letter_from_another_at_either_end_is_no_slip(real: str) -> None:
    """At a word's start Russian adds a prefix, at its end one letter is another form: "брать" is no slip
    of "убрать", "влетел" of "вылетел", "отказаться" of "оказаться", "покрыть" of "покрыто", "кладу" of
    "кладут" (each a real word an off-topic question may hold)."""
    typed = {"убрать": "брать", "вылетел": "влетел", "оказаться": "отказаться", "покрыто": "покрыть",
             "кладут": "кладу"}[real]
    assert real not in typing_slips(typed)


def test_the_keys_beside_a_letter_are_the_keyboards() -> None:
    """ЙЦУКЕН: а sits between в and п, under к and е, over с and м."""
    assert KEY_NEIGHBOURS["а"] == frozenset("впкесм")
