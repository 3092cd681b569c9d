"""Russian players' words: what a question is about, as the search reads it."""
from __future__ import annotations

from index.relevance import topic_stems
from index.text import stems


def test_russian_chat_around_a_question_is_not_its_topic():
    """"скрытая цель — что это даёт по факту?" asks about an obscured target; "даёт" and "по факту"
    only frame it (as "what does it do, actually"). Weighed as topic words they made a rule that
    "даёт" something (Магнитное: "дает Модели Маркер") outrank the rule named Скрытый."""
    assert topic_stems(stems("скрытая цель — что это даёт по факту?")) == ["скрыт", "цел"]
    assert topic_stems(stems("чё будет, короче, если кораблик вылезет за край стола?"))[:2] == ["кораблик", "вылезет"]
    # a rule's own verb stays a topic word: "получает" (gains) is not framing
    assert "получа" in topic_stems(stems("а что получает корабль который таранят?"))


def test_an_imperative_stems_as_its_verb() -> None:
    """"бросьте количество Боевых Кубов, равное ее Массе" (ЭТАП РЕМОНТА) is the player's "бросить"
    ("сколько кубов кидать": кидать reads as бросать, бросить): the stemmer kept "бросьт"."""
    from index.text import stem

    assert stem("бросьте") == stem("бросить")
    assert stem("сбросьте") == stem("сбросить")
    assert stem("добавьте") == stem("добавить")


def test_a_noun_in_an_stems_as_its_other_cases() -> None:
    """"Таран (Ramming): любая Модель может Протаранить другую Модель" and "Обычно Движущаяся Модель может
    Таранить Модель": the heading's "Таран" stems as "таранить" and "Тараном" do; a short participle stems
    as its feminine ("Модель не обязана двигаться после Дрейфа": a player asks "я обязан?")."""
    from index.text import stem

    assert stem("таран") == stem("таранить") == stem("тараном")
    assert stem("флагман") == stem("флагманом")
    assert stem("обязан") == stem("обязана")


def test_reciprocal_and_run_on_units() -> None:
    """"каждая Модель Подразделения должна находиться не дальше, чем в 4" от любой другой Модели": a
    player's "друг от друга" is the book's "другой" (not the story's friend, which is dropped), and
    "4дюйма" typed without a space is the number and the unit."""
    from index.text import question_stems, stem

    assert stem("другой") in question_stems("на скольки дюймах друг от друга")
    assert stem("другой") not in question_stems("друг говорит что можно")
    assert question_stems("в 4дюймах") == question_stems("в 4 дюймах")
