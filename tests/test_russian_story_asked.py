"""A Russian table story's asking sentence (issue 16, rurambling): a pronoun in its condition or second
clause points at what the sentence has just named, not at the scene (index.query.points_back), and the
scene's words weigh less in the lexical ranking too, not only in coverage and names
(index.query.Query.lexical_weights, index.bm25)."""
from __future__ import annotations

from index.query import SCENE_WEIGHT, points_back


def test_a_pronoun_before_any_clause_opener_points_back() -> None:
    """"Можно ли ЕЙ начать абордаж" asks about the model of the scene; "... если ОН уже есть" about the
    marker the sentence named."""
    assert points_back("Можно ли ей начать абордаж или штурм в таком состоянии?")
    assert points_back("Могу я перекинуть их на эсминец?")
    assert points_back("Вот и вопрос, может ли он поворачивать с этим маркером, или только прямо.")
    assert not points_back("Кто прав, даёт ли магнитное маркер если он уже есть?")
    assert not points_back("может ли подводная модель таранить надводную или у них должны совпадать особенности?")
    assert not points_back("сколько кубов кидают на ремонт?")


def test_an_asking_sentence_pointing_after_its_opener_is_what_is_asked(searcher) -> None:  # type: ignore[no-untyped-def]
    story = searcher.parse("Мой крейсер стоит у рифа. Работает ли торпедный налет SRS если они в базовом контакте?")
    assert story.asked and any(s.startswith("налет") for s in story.asked), story.asked
    reef = [s for s in story.weights if s.startswith("риф")]
    assert reef and not set(reef) & story.asked
    weights = story.lexical_weights()
    assert weights is not None and all(weights[t] == SCENE_WEIGHT for t in story.variants[reef[0]])
    assert not any(t.startswith("налет") for t in weights)
    assert searcher.parse("Работает ли торпедный налет SRS в базовом контакте?").lexical_weights() is None


def test_the_asked_rule_leads_a_story_whose_scene_names_another(searcher) -> None:  # type: ignore[no-untyped-def]
    """The scene's water ("под водой", "по отмели") is not what is asked: **Таран (Ramming):** "Подразделение
    может таранить или подвергаться Тарану со стороны другого Подразделения, только если у них есть
    совпадающие Особенности Расположения"."""
    answer = searcher.ask("играли вчера, у друга подлодка шла под водой по отмели и говорит что таранит мой "
                          "надводный броненосец. я засомневался. может ли подводная модель таранить надводную "
                          "или у них должны совпадать особенности?")
    assert "только если у них есть совпадающие Особенности Расположения" in answer.results[0].text, \
        answer.results[0].section
