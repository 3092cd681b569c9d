"""The game's general Russian words in the English documents' words (index.general_words, issue 16, helper
"xling4"): each pair's English side is printed by an English document and its Russian side by the Russian
book or, where the 3.03 book has no such mechanic (crew checks, card parity, marked models), by a players'
question of our own sets; the rendering reads them, and an English rule's line picks the sentence they point
to — on the corpus's own documents."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from corpus import CORPUS_DIR
from index.general_words import capital_abbreviations, general_word_pairs, general_words, read_capital_abbreviations
from index.text import stems
from index.translate import Translator

ROOT = Path(__file__).resolve().parent.parent
BOOK = "dw3-rulebook-ru.md"
GLOSSARY = "dw4-rules-glossary.cat"
QUICK_REFERENCE = "dw3-quick-reference.txt"

# English word -> (document, a sentence of it printing the word)
ENGLISH = {
    "successfully": (GLOSSARY, "Mark the unit with a Valour Effect token, whether the Effect was successfully "
                               "enacted or not."),
    "trigger": (GLOSSARY, "A Skimmer does not Trigger Minefield markers, and never suffers Critical Damage as a "
                          "result of contacting a Wreck marker."),
    "fails": (GLOSSARY, "If the card’s Value is higher than the model’s Crew rating, the check fails."),
    "failed": (GLOSSARY, "If the check is failed, each model in the unit gains 1 level of Disorder."),
    "unsuccessful": (GLOSSARY, "If the check fails, the Ram is unsuccessful and a normal Collision is resolved."),
    "gains": (GLOSSARY, "If the check is failed, each model in the unit gains 1 level of Disorder."),
    "suffers": (GLOSSARY, "Each model suffers 1 Damage for each Success scored in its Resolve Outcomes step."),
    "cannot": (GLOSSARY, "A model cannot gain more than 1 Disorder due to the Under Fire rule from a single "
                         "Torrent"),
    "passes": (GLOSSARY, "If the Check passes, the Admiral can move each model up to 20” in any direction"),
    "moved": (GLOSSARY, "Add 1 Bonus Die for each full inch the model moved before the Ram."),
    "even": (GLOSSARY, "If it is an even number, the unit is removed from the Play Area and placed into Reserve"),
    "odd": (GLOSSARY, "If it is an odd number, the unit forgoes its Movement Step entirely"),
    "marked": (GLOSSARY, "After resolving an Attack action in which one or more weapons with this Quality is "
                         "Contributing, the Initial Target is Marked."),
    "flagged": (GLOSSARY, "In the Clean Up step of the End Phase, Generator Effect tokens are removed from any "
                          "remaining Flagged models."),
    "group": (GLOSSARY, "A Group Crew Check uses the lowest Crew rating from among the models for which it is "
                        "being made"),
    "automatically": (QUICK_REFERENCE, "Models already at level 3 do not get a choice and automatically receive "
                                       "1 damage."),
    "each": (GLOSSARY, "The Resolve Outcomes step is resolved separately for each target model."),
    "every": (GLOSSARY, "The opposing Admiral does this for every Participating model whose Visibility is "
                        "Obscured."),
    "both": (GLOSSARY, "Both Admirals roll an Action Die for every SRS token they still have in play."),
    "once": (GLOSSARY, "Once per game, this model’s unit can use a Special Action to make a Ground Assault on a "
                       "single target Territory."),
    "more than one": (GLOSSARY, "there is no additional benefit for having more than one model in a single unit"),
    "separately": (GLOSSARY, "The Resolve Outcomes step is resolved separately for each target model."),
    "first": (GLOSSARY, "First, the active Admiral selects one type of squadron from their Stack."),
    "remove": (GLOSSARY, "Remove the Negative Effect token in the Clean Up step of the End Phase."),
    "remain": (QUICK_REFERENCE, "Token stacks remain in base contact with their target, even if it moves."),
    "used": (GLOSSARY, "All Resupply tokens allocated to the unit are then discarded, whether or not they were "
                       "used."),
    "choose": (GLOSSARY, "The opposing Admiral then chooses one die, and resolves the corresponding result on the "
                         "table below."),
    "chosen": (GLOSSARY, "For each Success, one token of the chosen type is discarded."),
    "immediately": (GLOSSARY, "If the Check is failed, the unit immediately Surfaces."),
    "end": (GLOSSARY, "If this model is in the Play Area and Battle-Ready at the end of the game, the controlling "
                      "Admiral scores X Victory Points."),
    "game": (GLOSSARY, "For the rest of the game, they can no longer draw cards from the Deck into their Hand."),
    "property": (GLOSSARY, "This property’s X value is reduced by 1 for each level of Disorder on the model."),
    "quality": (GLOSSARY, "They also increase the X value of the Arc quality by 1."),
}

# Russian word -> (the Russian book, or a question file of ours, and its sentence using the word in this sense)
RUSSIAN = {
    "удался": ("xline_own", "Azhdaya Berserkers — если абордаж удался, что ещё получает цель?"),
    "сработал": ("ru4_own", "минное поле и дирижабль над ним — мина сработает по воздушной модели?"),
    "провалил": ("abstain9_own", "если эскадра провалила тест на бегство, она уходит со стола?"),
    "пройдена": (BOOK, "За каждый пройденный перед Тараном дюйм к Набору добавляется +1 куб, но не более +5."),
    "чётный": ("xline_own", "Turbo Encabulation Drive: провалил групповую проверку экипажа, карта чётная — что "
                            "будет?"),
    # the other parity of the same card; asked so only in this session's questions
    "нечётный": ("xling4_own", "Turbo Encabulation Drive провалил проверку, карта нечётная — что будет?"),
    "помеченный": ("xline_own", "Trident Generator в 4ке — до какого момента цель остаётся помеченной?"),
    "групповой": ("xline_own", "Turbo Encabulation Drive: провалил групповую проверку экипажа, карта чётная — что "
                               "будет?"),
    "автоматически": (BOOK, "Это неожиданное движение может вывести Модели за пределы углов стрельбы заявленных "
                            "орудий и заставить их автоматически промахнуться."),
    "каждый": (BOOK, "Ремонт выполняется в конце Активации каждого Подразделения."),
    "оба": (BOOK, "Обратите внимание, что за уничтожение Подразделения вы можете получить или бонус убийцы эскадр, "
                  "или бонус Флагмана, но не оба сразу."),
    "обоих": (BOOK, "Они могут быть разыграны для получения одного из двух эффектов: условия Победы или эффекта "
                    "Доблести, но не обоих сразу."),
    "один раз": (BOOK, "позволяют Модели выстрелить дважды за Активацию: один раз по Левому борту и один раз по "
                       "Правому."),
    "больше одного": ("xline_own", "в 4ке при разминировании звеном самолётов выпало больше одного взрыва — что "
                                   "дают лишние?"),
    "отдельно": (BOOK, "Активный Игрок может разбить токены на сколько угодно групп и поместить их по отдельности."),
    "первый": (BOOK, "Некоторые Перебросы принудительно применяются к Набору кубов, и они всегда должны быть "
                     "сделаны в первую очередь."),
    "снимать": ("abstain8_own", "умение стальная воля снимает дезорганизацию?"),
    "остаётся": (BOOK, "Выполняется бросок Куба Критических повреждений, и результат остается рядом с моделью в "
                       "качестве маркера Критических повреждений."),
    "использовать": (BOOK, "Если требуется использовать половину значения, всегда округляйте вверх до ближайшего "
                           "целого числа."),
    "выбрать": (BOOK, "Если игроки хотят, вместо случайной генерации они могут сами выбрать Сценарий."),
    "выбирать": (BOOK, "Активный Игрок сначала выбирает Подготовленное Подразделение, которое также называют "
                       "Подразделение в Игре."),
    "сразу": (BOOK, "Они могут быть разыграны для получения одного из двух эффектов: условия Победы или эффекта "
                    "Доблести, но не обоих сразу."),
    "получает": (BOOK, "Модель, в конце Этапа Движения находящаяся вне Согласованного построения, получает "
                       "Уровень Дезорганизации."),
    "нельзя": (BOOK, "Эскорт не блокирует Линию Видимости, с ним нельзя Сталкиваться и их нельзя Таранить."),
    "конец": (BOOK, "Если это не конец пятого раунда и ни один игрок не потерял все свои Модели, начинается Фаза "
                    "Инициативы нового раунда."),
    "конце": (BOOK, "Каждый ваш Поврежденный или уничтоженный Флагман в конце партии приносит Победное очко вашему "
                    "оппоненту."),
    "игра": (BOOK, "Опытные игроки могут экспериментировать с различными размерами Игрового поля независимо от "
                   "Сценария игры."),
    "свойство": (BOOK, "Атаки с этим Свойством обычно не могут быть выполнены по Подводной Начальной Цели, если "
                       "только это орудие вдобавок не имеет Свойство «Подводное»."),
    "качество": (BOOK, "потому что они оба имеют только Качество «Артиллерийское»."),
}


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("*", "")
    return re.sub(r"\s+", " ", text).strip().casefold()


def _contains_run(text: str, words: str) -> bool:
    run, said = stems(words), stems(text)
    return any(said[i:i + len(run)] == run for i in range(len(said) - len(run) + 1))


def _questions(name: str) -> set[str]:
    path = ROOT / "bench" / "data" / f"{name}.jsonl"
    return {json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def test_every_word_has_a_sentence_on_each_side():
    assert set(general_words()) == set(RUSSIAN)
    assert {english for words in general_words().values() for english in words} == set(ENGLISH)


@pytest.mark.parametrize("english", sorted(ENGLISH))
def test_the_english_side_is_printed_by_an_english_document(english: str):
    document, sentence = ENGLISH[english]
    assert _norm(sentence) in _norm((CORPUS_DIR / document).read_text(encoding="utf-8"))
    assert stems(english) and _contains_run(sentence, english)


@pytest.mark.parametrize("russian", sorted(RUSSIAN))
def test_the_russian_side_is_the_books_word_or_a_players(russian: str):
    source, sentence = RUSSIAN[russian]
    if source == BOOK:
        assert _norm(sentence) in _norm((CORPUS_DIR / BOOK).read_text(encoding="utf-8"))
    else:
        assert sentence in _questions(source)
    # read by the rendering: the sentence's own form of the word gives the English
    rendered = Translator([(english, russian) for english in general_words()[russian]]).render(
        stems(sentence), {s: frozenset({s}) for s in stems(sentence)})
    assert {stem for english in general_words()[russian] for stem in stems(english)} <= set(rendered.stems)


def _rendered(question: str) -> list[str]:
    words = stems(question)
    return list(Translator(general_word_pairs()).render(words, {w: frozenset({w}) for w in words}).stems)


def test_the_rendering_reads_outcome_parity_and_quantifiers():
    assert {"fail", "unsuccess", "odd"} <= set(_rendered("Turbo Encabulation Drive провалил проверку, карта нечётная"))
    # "не удалась": the stopword не is no word of the rendering, so either outcome is the sentence's
    assert {"success", "unsuccess"} <= set(_rendered("таран: если проверка экипажа не удалась, что происходит?"))
    assert {"group", "pass", "move", "even"} <= set(_rendered("групповая проверка пройдена, карта чётная"))
    assert {"both"} <= set(_rendered("при таране оба корабля получают дезорг?"))
    # a run of two is one word: "больше одного" is more than one, not больше + один
    assert {"more", "one"} <= set(_rendered("выпало больше одного взрыва"))


def test_capitals_are_read_only_as_typed_in_capitals():
    assert set(capital_abbreviations()) == {"ПО"}
    assert read_capital_abbreviations("сколько ПО дают за территорию?") == "сколько победные очки дают за территорию?"
    assert read_capital_abbreviations("по памятке сколько кубов") is None  # the preposition
    assert read_capital_abbreviations("СКОЛЬКО ПО ДАЮТ") is None  # caps lock: ПО is по
    assert read_capital_abbreviations("ПО-моему это не так") is None


# (question, the rule answering it, its answering sentence): DW4 glossary, Crew Check: "A Group Crew Check uses
# the lowest Crew rating from among the models for which it is being made, taking any Modifiers into account.";
# Ground Assault: "In the Complete Objectives step of the End Phase, each Admiral scores 2 Victory Points for
# every Territory where they have more Landing Party tokens than their opponent."; Ram: "Both the Ramming Model
# and the Target gain 1 level of Disorder."
LINES = [
    pytest.param("групповая проверка экипажа в 4ке — чей экипаж берут?", "Crew Check",
                 "A Group Crew Check uses the lowest Crew rating", id="group"),
    pytest.param("граунд ассолт в 4ке: сколько ПО дают за территорию?", "Ground Assault",
                 "each Admiral scores 2 Victory Points for every Territory", id="capitals"),
    pytest.param("вчера играли 4ку, я таранил его крейсер, и мы поспорили — дезорганизацию получают оба корабля "
                 "или только тот кого таранят?", "Ram", "Both the Ramming Model and the Target gain", id="both"),
]


@pytest.mark.parametrize("question, section, sentence", LINES)
def test_the_line_is_the_sentence_the_general_words_point_to(searcher, question: str, section: str, sentence: str):
    answer = searcher.ask(question, k=3).to_json()["answer"]
    assert answer["section"].endswith(section)
    assert sentence in answer["quote"]
