"""Long English table stories: the talk around the question is not what is asked
(index.query.TABLE_TALK), and a Russian story's scene is weighed below its asking sentence."""
from __future__ import annotations

import html
from pathlib import Path

from index.query import POINTS_BACK, SCENE_WEIGHT, TABLE_TALK
from index.text import stems

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
ENGLISH_DOCUMENTS = ("dw4-rules-glossary.cat", "dw3-quick-reference.txt", "dust-warfare-rules-summary.md",
                     "skirmish-universal-special-rules.md")
STORY = ("So last night we were playing and my mate reckoned his Stoic marines shrug off the first "
         "level of Disorder. I think he's wrong, we argued for ages. How does Stoic work?")


def test_table_talk_is_never_printed_by_the_rules() -> None:
    """A word of table talk is dropped only because no rules text uses it: one the rules print
    ("friendly", "opponent", "last") could name what is asked."""
    printed: set[str] = set()
    for name in ENGLISH_DOCUMENTS:
        printed.update(stems(html.unescape((CORPUS / name).read_text(encoding="utf-8")), keep_stopwords=True))
    assert TABLE_TALK, "the table talk list is empty"
    assert not TABLE_TALK & printed, sorted(TABLE_TALK & printed)


def test_english_story_keeps_the_rule_words_and_drops_the_talk(searcher) -> None:
    query = searcher.parse(STORY)
    assert {"stoic", "disord", "marin"} <= set(query.topic)
    assert not {"mate", "night", "reckon", "think", "argu"} & set(query.topic)
    assert set(query.weights) == set(query.topic)
    # The talk still counts for rule names read from the whole text ("stems"): only its weight goes.
    assert "mate" in query.stems


def test_english_story_is_not_scene_weighted(searcher) -> None:
    """Measured: weighing an English story's scene down gained nothing on any fold (index.query)."""
    story = searcher.parse(STORY)
    assert story.asked == frozenset()
    marine = searcher.parse("Stoic marines: how does Stoic work?")
    assert story.weights["marin"] == marine.weights["marin"]


def test_russian_scene_words_weigh_less_unless_the_question_points_back(searcher) -> None:
    told = searcher.parse("у нас вышел спор. я кинул ремонт, выпало мощное отражение. сколько кубов кидают на ремонт?")
    assert told.asked and "ремонт" in " ".join(told.asked)
    scene_only = [s for s in told.weights if s not in told.asked]
    alone = searcher.parse("выпало мощное отражение, сколько кубов кидают на ремонт?")
    for stem in scene_only:
        if stem in alone.weights:
            assert told.weights[stem] == alone.weights[stem] * SCENE_WEIGHT
    pointing = searcher.parse("я хочу сделать экстренный манёвр. можно ли делать их несколько раз?")
    assert "их" in POINTS_BACK and pointing.asked == frozenset()


def test_a_fragment_narrowing_the_question_is_not_what_is_asked(searcher) -> None:
    """"какая дистанция у абордажа? в 4 дюйма?": the last sentence only narrows the first, so the
    whole question is asked ("любое Подразделение ... имея хотя бы одну из своих Моделей в 4" от
    вражеской Модели, может начать Абордаж"), while a last sentence that asks on its own still does."""
    assert searcher.parse("какая дистанция у абордажа? в 4 дюйма?").asked == frozenset()
    story = searcher.parse("мой крейсер стоит рядом с врагом. с какой дистанции можно начать абордаж?")
    assert {"дистанц", "абордаж"} <= story.asked


def test_a_russian_story_may_ask_in_its_middle_without_a_question_mark(searcher) -> None:
    """"короче, можно ли ..." asks though a full stop closes it, and the chat after it asks nothing:
    the scene's words (the island) weigh less than the asked ones (index.query.asking_parts)."""
    story = searcher.parse("мой линкор стоит у острова. короче, можно ли торпедировать цель ближе 5 дюймов. "
                           "блин, спорили весь вечер.")
    assert story.asked, story.weights
    assert any(s.startswith("торпед") for s in story.asked)
    island = [s for s in story.weights if s.startswith("остров")]
    assert island and not set(island) & story.asked
    alone = searcher.parse("мой линкор стоит у острова")
    assert story.weights[island[0]] == alone.weights[island[0]] * SCENE_WEIGHT


def test_an_open_last_sentence_asks_too(searcher) -> None:
    """A player leaves the question he types last unclosed ("... что вместо морали"): with the
    sentence before it ending in "?", every sentence asks, so all of the question is asked."""
    assert searcher.parse("тест на мораль тут есть? что вместо морали").asked == frozenset()
    assert searcher.parse("тест на мораль тут есть? что вместо морали.").asked != frozenset()


def test_names_of_the_story_are_not_topic_words(searcher) -> None:
    """A capitalised word inside a sentence that no document or player word knows is a person
    ("с Васей"); a capitalised rule word ("Торпедами") and a quoted name («Резня») stay topics."""
    story = searcher.parse("вчера играли с Васей, он стрелял Торпедами по моему крейсеру")
    assert not any(s.startswith("вас") for s in story.topic), story.topic
    assert any(s.startswith("торпед") for s in story.topic) and any(s.startswith("крейсер") for s in story.topic)
    quoted = searcher.parse("что даёт результат «Резня» в таблице абордажа?")
    assert any(s.startswith("резн") for s in quoted.topic), quoted.topic


def test_a_quality_quoted_from_a_card_is_no_person(searcher) -> None:
    """A rule name the corpus prints in a single passage weighs as much as an unknown word; quoted
    from a card with its capital ("на карте написано Самонаводящееся") it is still what is asked:
    **Самонаводящееся (Homing):** "Модели не считаются Скрытыми при Атаках с этим Свойством"."""
    card = searcher.parse("у ракет на карточке написано Самонаводящееся, как работает?")
    assert "самонаводя" in card.weights, card.weights
    answer = searcher.ask("на карте у батареи качество Угрожающее, что оно делает")
    assert answer.results[0].section.endswith("Угрожающее"), answer.results[0].section
    assert "пет" not in searcher.parse("играли с Петей, он таранил мой крейсер").weights
