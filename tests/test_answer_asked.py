"""The answer line holds what the question asks (issue 16, round three): the sentence stating the
asked quantity counts as holding the words that name it ("range" -> a distance), a question told
over several sentences is shaped by the sentences that ask (not by the scene), and "when" is
answered by a condition or a moment — on the corpus's own sentences."""
from __future__ import annotations

from pathlib import Path

import pytest

from index.answer import abbreviations, best_quote
from index.answer_shape import asking_sentences, question_shape
from index.relevance import topic_stems
from index.search import TITLE_DISCOUNT
from index.text import stems

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _block(name: str, first: str, count: int, occurrence: int = 0) -> str:
    """`count` lines of a corpus file from the line holding `first` (its `occurrence`-th), bold
    markup and the glossary's XML tag dropped (as the index reads them)."""
    lines = (CORPUS / name).read_text(encoding="utf-8").replace("**", "").splitlines()
    start = [i for i, line in enumerate(lines) if first in line][occurrence]
    lines = lines[start:start + count]
    lines[0] = lines[0][lines[0].index(first):]
    return "\n".join(lines)


def _quote(text: str, question: str, title: str = "", **shape: bool) -> str:
    """The line for `question`, its words weighing the same except those of the rule's `title`
    (every sentence of a rule is about its title: the Searcher weighs them at TITLE_DISCOUNT)."""
    named = set(stems(title))
    weights = {s: TITLE_DISCOUNT if s in named else 1.0 for s in topic_stems(stems(question))}
    found = best_quote(text, weights, question=question, **shape)  # type: ignore[arg-type]
    assert found is not None
    return text[found.start:found.end]


# DW4 glossary, Resolving a Broadside Action, step 3: "• The Target is within 4” of the model."
BROADSIDE = _block("dw4-rules-glossary.cat", "RESOLVING A BROADSIDE ACTION", 40)


def test_the_sentence_stating_a_distance_answers_at_what_range():
    # "close-range flank batteries" prints the word; "within 4”" states the range asked for.
    question = "at what range does a broadside work?"
    assert question_shape(question).distance
    quote = _quote(BROADSIDE, question, title="Broadside", numeric=True, distance=True)
    assert quote.startswith("The Target is within 4”")


def test_a_word_naming_the_distance_counts_only_where_a_distance_is_stated():
    # A Russian question read in English ("бортовой залп на каком расстоянии работает?": broadside,
    # range, distance): "close-range flank batteries" prints the rule's name and "range"
    # but states no distance, so it is not evidence for "at what range".
    weights = {"broadsid": 3.5, "rang": 2.6, "distanc": 2.6}
    spellings = {"broadsid": frozenset({"broadsid"}), "rang": frozenset({"rang"}),
                 "distanc": frozenset({"distanc", "rang"})}  # "расстояние" read as distance or range
    question = "бортовой залп в 4е на каком расстоянии работает?"
    found = best_quote(BROADSIDE, weights, spellings, question=question, numeric=True, distance=True)
    assert found is not None and BROADSIDE[found.start:found.end].startswith("The Target is within 4”")


# DW4 glossary, Spreading Disorder: "If two models are equally close, Disorder Spreads to the one
# with the lowest Disorder level."
SPREADING = _block("dw4-rules-glossary.cat", "SPREADING DISORDER", 8)
STORY = ("So last night was our first 4e game. My opponent's battleship was sitting on 3 Disorder and took "
         "another level from a collision. We knew it spreads to a nearby friend, but two of his cruisers were "
         "exactly the same distance away and we argued for ages. Which one gets it?")


def test_a_long_question_is_shaped_by_its_asking_sentence_not_its_scene():
    assert asking_sentences(STORY) == "Which one gets it?"
    assert question_shape(STORY).distance  # the scene names a distance ...
    assert not question_shape(asking_sentences(STORY)).distance  # ... the question does not ask for one
    # so the line is not chosen for stating "within 4”" (the story's "distance") but for "which one"
    assert "If two models are equally close, Disorder Spreads to" in _quote(SPREADING, STORY, numeric=True,
                                                                           distance=True)


def test_an_asking_sentence_that_names_nothing_leaves_the_whole_question():
    # every sentence asks, or none states: all of it is the question
    assert asking_sentences("Allowed? What's the cost?") == "Allowed? What's the cost?"
    assert asking_sentences("how many dice does a ram get in dw4") == "how many dice does a ram get in dw4"
    assert asking_sentences("We rammed. He says no dice. Is that right?") == "Is that right?"


# 3.03 rulebook, Fog of War: "В начале каждого раунда игрок с инициативой бросает количество Боевых
# Кубов, равное номеру раунда. Если два или более Куба дают одинаковый результат, немедленно туман
# рассеивается и больше не влияет на игру."
FOG_OF_WAR = _block("dw3-rulebook-ru.md", "Флоты сталкиваются в густом тумане", 14)


def test_when_is_answered_by_the_condition():
    # "уходит" is printed nowhere; the scenario's opening and its special rule both name the fog:
    # the condition ("Если два или более Куба ...") answers "когда", not the opening's scene.
    question = "туман войны: когда туман уходит?"
    assert question_shape(question).when
    quote = _quote(FOG_OF_WAR, question, title="Туман войны")
    assert "Если два или более Куба дают одинаковый результат, немедленно туман рассеивается" in quote


def test_when_opening_a_clause_is_not_asked():
    # "When I bomb a ship ..." sets the scene; "what happens when ..." asks for a result
    assert not question_shape("When I bomb a ship in 4e does the defender still get its cover bonus?").when
    assert not question_shape("what happens when my ship rams?").when
    assert question_shape("when does the fog lift in the Fog of War scenario?").when
    assert question_shape("резервы: когда активируются?").when


# 3rd edition quick reference, Shooting: "You must have range and line of sight (LOS) to the
# target. [...] Aerial units never block LOS, and ony have their LOS blocked by aerial terrain."
SHOOTING = _block("dw3-quick-reference.txt", "Declare a model in the targeted unit", 20)


def test_an_abbreviation_the_rule_introduces_stands_for_its_words():
    assert abbreviations(SHOOTING) == {"LOS": "line of sight"}
    assert abbreviations("Линия Видимости (Line of Sight, LOS): Линия Видимости всегда проводится") == {
        "LOS": "Line of Sight"}
    # "line of sight" is printed once, in the sentence requiring it; the answer prints "LOS" (and
    # "flyers" is no word of the rule: without LOS read as its words, the requirement is quoted)
    quote = _quote(SHOOTING, "can flyers block line of sight?", limit=True)
    assert quote.startswith("Aerial units never block LOS")


@pytest.mark.slow
def test_the_sentence_stating_a_limit_answers_is_there_a_cap(searcher):
    # DW4 glossary, Ram, step 3: "Add 1 Bonus Die for each full inch the model moved before the
    # Ram. This cannot add more than 5 Bonus Dice." "cap" is printed nowhere: the limit is its answer.
    answer = searcher.ask("is there a cap on the bonus dice a 4e ram gets for the distance moved?", k=5).to_json()
    assert answer["answer"]["section"] == "Ram"
    assert "This cannot add more than 5 Bonus Dice." in answer["answer"]["quote"]


# 3.03 rulebook, Escort: "Подразделения с одним или более Токенами Эскорта получают следующие
# бонусы: - Один из Наборов Боевых Кубов Атаки [...] увеличивается на +1 куб за каждый Токен Эскорта;"
ESCORT = _block("dw3-rulebook-ru.md", "Военные Соединения часто отправляют", 30)


def test_what_it_gives_is_answered_by_its_effect_not_its_introduction():
    question = "что дает эскорт в 3.03? только защиту или в атаке тоже?"
    assert question_shape(question).happens
    assert question_shape("what does crossing the T let me do?").happens
    quote = _quote(ESCORT, question, title="Эскорт")
    assert quote.startswith("Подразделения с одним или более Токенами Эскорта получают следующие бонусы:")


# DW4 glossary, Mine Layer (the unit card version): "When it does, for each model in the unit with
# this Property, the unit’s Admiral places up to X Minefield markers anywhere in the Play Area. /
# Each one must be placed at least 10” from the enemy Deployment Zone, and cannot be placed within 1”
# of a model, a Terrain Feature, or another Marker."
MINE_LAYER = _block("dw4-rules-glossary.cat", "As a Special Deployment Action, this model", 5, occurrence=1)


def test_where_is_answered_by_a_place():
    question = "where can mine layers put minefields?"
    assert question_shape(question).where and question_shape("минзаг в 4ке — где можно ставить мины?").where
    quote = _quote(MINE_LAYER, question, title="Mine Layer")
    assert "Each one must be placed at least 10” from the enemy Deployment Zone" in " ".join(quote.split())


# DW4 glossary, Launching Short Range Squadrons, step 2: "There is no upper or lower limit to the
# number of tokens in a stack, or to the number of separate Stacks launched from a single Carrier."
SRS_LAUNCH = _block("dw4-rules-glossary.cat", "LAUNCHING SHORT RANGE SQUADRONS", 16)


def test_no_limit_is_the_limit_a_cap_question_asks_about():
    # "no upper or lower limit" (and "maximum", "максимум") states a limit: it holds "cap"
    quote = _quote(SRS_LAUNCH, "is there a cap on how many SRS tokens can go in one stack?", numeric=True,
                   limit=True)
    assert quote.startswith("There is no upper or lower limit to the number of tokens")


@pytest.mark.slow
def test_the_sentence_stating_a_frequency_answers_how_many_times(searcher):
    # DW4 glossary, Broadside: "A unit can only make one Broadside action per Activation." — not step
    # 5's "The Admiral repeats stages 2 to 4 as many times as they wish", which prints "times".
    answer = searcher.ask("4th edition broadsides: how many times per activation?", k=5).to_json()["answer"]
    assert answer["section"] == "Broadside"
    assert answer["quote"].startswith("A unit can only make one Broadside action per Activation.")
    assert question_shape("сколько раз за активацию можно идти на таран?").frequency


# 3rd edition quick reference, Shooting step 7: "Models already crippled (or battle ready MASS 1
# models) are destroyed and removed from play."
APPLY_HITS = _block("dw3-quick-reference.txt", "7. APPLY TOTAL HITS", 18)


def test_a_state_already_reached_is_the_condition_when_asks_for():
    quote = _quote(APPLY_HITS, "when does a crippled ship sink in 3rd edition?")
    assert quote.startswith("Models already crippled (or battle ready MASS 1 models) are")


def test_where_relating_a_clause_is_not_asked():
    assert not question_shape("Can I redeploy a squadron after seeing where my opponent set up in v4?").where
    assert question_shape("Where do escort tokens go when the unit moves?").where
    assert question_shape("у корабля уже 3 дезорга и он получает ещё один. куда девается четвёртый?").where


# The Russian book, Таран: "Если у Модели Массой 1, таранящий Модель Массой 2 и больше, нет Орудий с
# Особенностью «Таранящее», такая модель считается уничтоженной при любом результате броска, кроме
# пустой грани." The question states what is missing ("а таранного оружия нет"); the other sentences
# holding "таран" speak of a model that has the weapon, or of no weapon at all.
RAM_RU = _block("dw3-rulebook-ru.md", "Таран (Ramming):", 17)


def test_a_question_stating_an_absence_is_answered_by_the_sentence_stating_it():
    question = "если я тараню фрегатом линкор, а таранного оружия нет?"
    assert question_shape(question).absence
    quote = _quote(RAM_RU, question, title="Таран")
    assert quote.startswith("Если у Модели Массой 1, таранящий Модель Массой 2 и больше, нет Орудий")


def test_the_yes_or_no_particle_states_no_absence():
    # "или нет" / "а какие нет" end a yes-or-no question (a limit), "Нет, ..." answers one
    assert not question_shape("взрывные кубы докидывают или нет?").absence
    assert not question_shape("какие модели блокируют видимость, а какие нет?").absence
    assert question_shape("What happens if a Mass 1 frigate without a ramming weapon rams a bigger ship?").absence
    assert question_shape("gen shutdown crit but my boat has no generator lol. 3e").absence
    assert question_shape("у меня нет карт на руке, как определять инициативу?").absence


def test_an_exception_is_a_limit_in_every_form_of_the_russian_verb():
    # The Russian book, Авария: "Модель может временно игнорировать эффект Статуса «Авария», чтобы
    # пойти на Таран, ..." — the infinitive states the exception as the finite "игнорируют" does.
    from index.answer_features import sentence_facts
    assert sentence_facts("Модель может временно игнорировать эффект Статуса «Авария», чтобы пойти на Таран.").limit
    assert sentence_facts("Атаки воздушных Подразделений игнорируют это правило.").limit


# The Russian book, Ремонт "на ходу": "При выпадении пустой грани Модель получает 1 повреждение и
# сохраняет маркер или уровень."
JURY_RIGGED_RU = _block("dw3-rulebook-ru.md", 'Ремонт "на ходу" (', 1)


def test_a_russian_stem_the_books_word_begins_with_is_that_word():
    # "выпала" is cut to "выпа", the book's "выпадении" to "выпаден": three letters over, but the
    # player's whole stem begins the book's word, so the sentence holds it.
    weights = dict.fromkeys(stems("выпала"), 1.0)
    found = best_quote(JURY_RIGGED_RU, weights, question="а если выпала?")
    assert found is not None
    assert JURY_RIGGED_RU[found.start:].startswith("При выпадении пустой грани Модель получает 1 повреждение")
