"""Equal answer lines (issue 16, helper "ties"): the earlier line wins a tie, except that a question asking what a
case leads to takes a later line over the rule's opening holding the same words — the opening sets the case up,
the result follows it. An opening in lower case is the rule's own sentence after its run-in label, not a set-up."""
from __future__ import annotations

from index.answer import best_quote
from index.relevance import topic_stems
from index.text import stems
from tests.test_answer_asked import _block, _quote

# The Russian 3.03 rulebook, КАРТЫ ПОБЕДЫ И ДОБЛЕСТИ › Отмена Эффектов Доблести: "Отмена Эффектов Доблести (Cancel
# Valour Effects): некоторые специальные правила позволяют игроку Отменить Эффект Доблести. ... Отменная карта
# сбрасывается, а ее эффект игнорируется."
CANCEL_VALOUR = _block("dw3-rulebook-ru.md", "Отмена Эффектов Доблести (*Cancel Valour Effects*)", 1).replace("*", "")
# УНИВЕРСАЛЬНЫЕ ПРАВИЛА ПОДРАЗДЕЛЕНИЙ › Согласованное построение: "Согласованное построение (Coherency): каждая
# Модель Подразделения должна находиться не дальше, чем в 4" от любой другой Модели этого Подразделения. ...
# Модель, в конце Этапа Движения находящаяся вне Согласованного построения, получает Уровень Дезорганизации."
COHERENCY = _block("dw3-rulebook-ru.md", "Согласованное построение (Coherency)", 1)
# КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Подрыв боекомплекта (the heading is its run-in label): "эта Модель и все остальные в
# пределах 4" получают 1 повреждение. Эта Модель получает Маркер Подрыв боекомплекта."
MAGAZINE = _block("dw3-rulebook-ru.md", "### Подрыв боекомплекта:", 5).split("\n", 1)[1].strip()


def test_what_happens_takes_the_result_over_the_opening_setting_it_up():
    assert _quote(CANCEL_VALOUR, "что происходит с картой доблести, которую соперник отменил?").startswith(
        "Отменная карта сбрасывается, а ее эффект игнорируется.")
    assert _quote(COHERENCY, "что будет, если модель вышла из согласованного построения?").startswith(
        "Модель, в конце Этапа Движения находящаяся вне Согласованного построения, получает Уровень Дезорганизации.")


def test_an_opening_in_lower_case_is_no_set_up():
    question = "что будет при подрыве боекомплекта?"
    weights = {s: 1.0 for s in topic_stems(stems(question))}
    found = best_quote(MAGAZINE, weights, question=question, title=frozenset(stems("Подрыв боекомплекта")))
    assert found is not None
    assert MAGAZINE[found.start:found.end].startswith("эта Модель и все остальные в пределах 4\"")


def test_a_tie_goes_to_the_earlier_line_when_no_result_is_asked():
    assert _quote(CANCEL_VALOUR, "отмена эффекта доблести картой").startswith("Отмена Эффектов Доблести")
