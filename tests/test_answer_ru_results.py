"""Russian consequences in the book's own verb forms (issue 16, helper ruquote): a result is stated in either
aspect ("получает" / "получит", "теряет" / "потеряет") or as a value raised or lowered ("уменьшается на -3",
"повысит свой уровень Деорганизации"), and "what happens" is asked with words between ("что мне за это
будет", "что с ним будет") or as "что бывает, если ..."."""
from __future__ import annotations

from index.answer import best_quote
from index.answer_features import sentence_facts
from index.answer_shape import question_shape
from index.relevance import topic_stems
from index.text import stems
from tests.test_answer_asked import _block

# The Russian 3.03 rulebook, СВОЙСТВА НАБОРА КУБОВ › Бронепробивное: "Бронепробивное (Piercing): при нанесении
# Модели хотя бы одного повреждения выполняется бросок на Критическое Повреждение. Он не отменяет другие Броски
# на Критическое Повреждение для этой Модели от того же Действия. Если Начальная Цель имеет Массу 1, ее Цитадель
# уменьшается на -3 на время этого Действия."
PIERCING = _block("dw3-rulebook-ru.md", "Бронепробивное (*Piercing*)", 1).replace("*", "")


def test_a_value_lowered_and_a_perfective_verb_state_a_result():
    assert sentence_facts("Если Начальная Цель имеет Массу 1, ее Цитадель уменьшается на -3 на время этого "
                          "Действия.").consequence
    # УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ › Авария: "... но в этом случае она автоматически повысит свой уровень Деорганизации
    # до Хаоса и Смятения сразу по завершении Тарана."
    assert sentence_facts("но в этом случае она автоматически повысит свой уровень Деорганизации до Хаоса").consequence
    assert sentence_facts("Игрок в любое время может сбросить один из этих Токенов, чтобы получить один из "
                          "следующих бонусов:").consequence
    # a sentence stating no result stays one
    assert not sentence_facts("Минное поле обозначается круглым Маркером Минного поля диаметром 2\".").consequence


def test_what_happens_is_asked_with_words_between_or_as_byvaet():
    for question in ("я в аварии пошёл на таран, что мне за это будет", "корабль вышел за край стола, что с ним будет?",
                     "что бывает, если защитник выкинул больше отражений", "что станет с моим кораблём после тарана"):
        assert question_shape(question).happens, question
    assert not question_shape("что мне выбрать, таран или стрельбу?").happens


def test_the_result_for_a_mass_1_target_is_quoted_for_what_happens_to_it():
    question = "бронепробивное по цели массы 1: что будет с её цитаделью?"
    weights = {s: 1.0 for s in topic_stems(stems(question))}
    found = best_quote(PIERCING, weights, question=question)
    assert found is not None
    assert PIERCING[found.start:found.end].startswith("Если Начальная Цель имеет Массу 1, ее Цитадель уменьшается")


def test_a_card_discarded_is_a_result_and_which_edge_is_a_place_asked():
    # КАРТЫ ПОБЕДЫ И ДОБЛЕСТИ › Отмена Эффектов Доблести: "Отменная карта сбрасывается, а ее эффект игнорируется."
    assert sentence_facts("Отменная карта сбрасывается, а ее эффект игнорируется.").consequence
    # a player discarding to pay for something states no result of its own
    assert not sentence_facts("Каждый игрок может сбросить сколько угодно карт").consequence
    for question in ("резерв вышел в первом раунде, к какому краю стола его ставить?", "с какого края выходит резерв",
                     "какой край стола мой?"):
        assert question_shape(question).where, question
    assert not question_shape("какие кубы кидать за таран?").where
