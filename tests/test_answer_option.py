"""An option that sets a rule aside at a cost (issue 16, helper ruquote2): "what happens if I ram anyway?" is
answered by the sentence offering the way round the limit and its price, not by the limit before it, which
holds the same words ("не может пойти на Таран"); "can it ram?" alone is still answered by the limit."""
from __future__ import annotations

from index.answer_features import sentence_facts
from index.answer_shape import question_shape
from tests.test_answer_asked import _block, _quote

# The Russian 3.03 rulebook, Статусы Деорганизации: "2) Авария: пока на Модель действует этот Статус, она не
# может пойти на Таран, ... Модель может временно игнорировать эффект Статуса «Авария», чтобы пойти на Таран, но
# в этом случае она автоматически повысит свой уровень Деорганизации до Хаоса и Смятения сразу по завершении
# Тарана. 3) Хаос и Смятение: ... не может идти на Таран, ... Модель может временно игнорировать эффект Хаоса и
# Смятения, чтобы пойти на Таран. В этом случае она немедленно получает повреждение по завершении Тарана."
EMERGENCY = _block("dw3-rulebook-ru.md", "2) Авария:", 3)
CHAOS = _block("dw3-rulebook-ru.md", "3) Хаос и Смятение:", 3)


def test_an_option_with_its_cost_is_one_in_either_language_and_either_sentence():
    assert sentence_facts("Модель может временно игнорировать эффект Статуса «Авария», чтобы пойти на Таран, но в "
                          "этом случае она автоматически повысит свой уровень Деорганизации").option
    # the quick reference, Chaos & Disarray: "The model may temporarily ignore this condition’s effects to attempt
    # a ram, but if so it automatically suffers 1 damage once the ram has been resolved."
    assert sentence_facts("The model may temporarily ignore this condition’s effects to attempt a ram, but if so it "
                          "automatically suffers 1 damage once the ram has been resolved.").option
    # an option without a cost is none: "игрок может решить придержать до половины всех своих Подразделений"
    assert not sentence_facts("При расстановке Военного Соединения игрок может решить придержать до половины всех "
                              "своих Подразделений в качестве Резервов.").option


def test_ramming_anyway_is_answered_by_the_option_and_its_cost():
    for question in ("если я в аварии хочу всё равно таранить", "я в аварии пошёл на таран, что мне за это будет"):
        assert _quote(EMERGENCY, question, title="Авария").startswith(
            "Модель может временно игнорировать эффект Статуса «Авария», чтобы пойти на Таран"), question
    # the cost is in the next sentence: "... чтобы пойти на Таран. В этом случае она немедленно получает повреждение"
    question = "хаос и смятение, но я всё равно иду на таран — что мне за это будет?"
    quote = _quote(CHAOS, question, title="Хаос и Смятение")
    assert quote.startswith("Модель может временно игнорировать эффект Хаоса и Смятения")
    assert "получает повреждение по завершении Тарана" in quote


def test_what_is_forbidden_is_still_answered_by_the_limit():
    question = "что даёт статус авария, чего нельзя делать?"
    assert question_shape(question).happens and question_shape(question).limit
    assert _quote(EMERGENCY, question, title="Авария", limit=True).startswith("2) Авария: пока на Модель действует")
    assert question_shape("A ship in Chaos & Disarray wants to ram anyway. Allowed? What's the cost?").anyway
    assert not question_shape("can a ship in chaos and disarray ram?").anyway


# The Russian book, Резервы: "При расстановке Военного Соединения игрок может решить придержать до половины всех
# своих Подразделений в качестве Резервов. ... Если не указано иного, в резерв не может быть помещена
# Подразделение, содержащее Модели со Скоростью 0."
RESERVES = _block("dw3-rulebook-ru.md", "Резервы (Reserves):", 1)


def test_russian_up_to_states_the_maximum_asked_for():
    assert sentence_facts("оно может двигаться на дистанцию до половины скорости").up_to
    assert not sentence_facts("От 750 до 1499\t5").up_to  # the end of a range
    # a value lowered to nothing (УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ): "Модель, понижающая уровень Деорганизации до 0, ..."
    assert not sentence_facts("Модель, понижающая уровень Деорганизации до 0, считается не имеющей уровня").up_to
    assert not sentence_facts("Дальняя дистанция считается от 20\" до 40\".").up_to
    question = "сколько подразделений максимум можно оставить в резерве?"
    assert question_shape(question).numeric and question_shape(question).limit
    quote = _quote(RESERVES, question, title="Резервы", numeric=True, limit=True)
    assert "придержать до половины всех своих Подразделений" in quote
    # a yes-or-no question about which units may wait is still answered by the prohibition
    quote = _quote(RESERVES, "какие подразделения можно держать в резерве а какие нет", title="Резервы", limit=True)
    assert quote.startswith("Если не указано иного, в резерв не может быть помещена")


def test_what_happens_is_asked_as_players_type_it():
    for question in ("столкнулся с скалой, чё будет?", "чо будет если на крит кубе выпало заклинило рули",
                     "сагласованае пастраение нарушил што будит"):
        assert question_shape(question).happens, question
    assert not question_shape("чем будет стрелять крейсер?").happens
