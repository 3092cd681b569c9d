"""Russian stems shared by words of different meaning (issue 16, helper "rustem"; bench/ru_stem_collisions.py,
bench/data/rustem_own.jsonl): a printed word's other derivation is no typo of it, and a question's verbal
noun whose stem the book prints only as a participle of another sense reads as the book's verb."""
from __future__ import annotations

import pytest

from bench.ru_stem_collisions import book_words, near_collisions, participle_only_pairs
from index.ru_derivation import derived_apart, participle_only, verb_of_verbal_noun
from index.text import stem


@pytest.fixture(scope="module")
def printed() -> dict[str, set[str]]:
    return book_words()


def test_the_defender_is_another_word_than_the_protective(printed: dict[str, set[str]]) -> None:
    """ЭТАП АБОРДАЖА: "владелец Штурмующей Модели складывает все свои Попадания, а защитник — Отражения";
    ЭСКОРТ: "защитное сопровождение". Both are printed, two edits apart, one root with -ник and -н."""
    assert stem("защитник") in printed and stem("защитное") in printed
    assert derived_apart(stem("защитник"), stem("защитное"))
    assert (stem("защитник"), stem("защитное")) in near_collisions(printed)
    # "противник" (the opponent) and "в противном случае" (otherwise) likewise
    assert derived_apart(stem("противника"), stem("противном"))


def test_a_participle_and_its_verb_are_not_two_derivations() -> None:
    """"использована" and "использование": "-н" after a vowel is the participle's, not an adjective's;
    and a stem is not derived apart from itself, nor an English stem from anything."""
    assert not derived_apart(stem("использована"), stem("использование"))
    assert not derived_apart(stem("защитник"), stem("защитник"))
    assert not derived_apart("defender", "defend")


def test_raising_disorder_is_the_verb_not_the_heightened_attention(printed: dict[str, set[str]]) -> None:
    """УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ: "Повысить уровень Деорганизации на 1"; ЭСКОРТ: "соответствующую повышенному
    вниманию". The book prints "повышен" only as that participle, so "повышения" reads as "повыс"."""
    assert sorted(printed[stem("повышения")]) == ["повышенному"]
    assert participle_only(stem("повышения"), sorted(printed[stem("повышения")]))
    assert (stem("повышения"), stem("повысить")) in participle_only_pairs(printed)

    def forms_of(word_stem: str) -> list[str]:
        return sorted(printed.get(word_stem, ()))

    assert verb_of_verbal_noun("повышения", stem("повышения"), forms_of) == stem("повысить")
    # the participle itself stays as typed; a verbal noun the book prints stays too ("повреждения")
    assert verb_of_verbal_noun("повышенному", stem("повышенному"), forms_of) is None
    assert verb_of_verbal_noun("повреждения", stem("повреждения"), forms_of) is None


def test_a_question_reads_the_books_words(searcher) -> None:
    """Read by the index's search: "защитник" keeps to its own word, "повышения" to the book's verb."""
    defender = searcher.parse("какие кубы кидает защитник при абордаже?")
    assert stem("защитное") not in defender.variants[stem("защитник")]
    raising = searcher.parse("можно ли вместо повышения дезорганизации взять урон?")
    assert stem("повысить") in raising.stems and stem("повышения") not in raising.stems
