"""Russian players' long questions (issue 16, rulong): the frame of a Discord message (greetings, the
turn-by-turn account, the edition the player comes from) says nothing about what is asked."""
from __future__ import annotations

import re

from corpus import CORPUS_DIR
from index.manifest import Route, corpus_names
from index.query import SHIP_CLASSES, counting_words, editions_in_passing, without_turn_numbers
from index.routing import named_editions, without_edition_names
from index.text import is_stopword, normalise, stem

BOOK = CORPUS_DIR / "dw3-rulebook-ru.md"
FRAME = ("здарова салют хелло хай утро утра вечера суток господа чат чате отчет коротко кратко нормально "
         "решили решил играли играем играл сыграли поиграли английском английски").split()


def _routes() -> tuple[Route, ...]:
    return corpus_names().routes


def test_a_messages_frame_is_chat_and_never_printed_by_the_book() -> None:
    """A word of the frame is dropped only because the Russian book never prints it."""
    printed = set(re.findall(r"[а-яё]+", normalise(BOOK.read_text(encoding="utf-8"))))
    assert all(is_stopword(word) for word in FRAME)
    assert not set(FRAME) & printed, sorted(set(FRAME) & printed)


def test_a_turns_ordinal_is_no_edition() -> None:
    """"на втором ходу ..., на третьем в меня стреляют" counts turns; "в третьей редакции", "в третьем
    издании" name the 3rd edition, "в четвёртой" the 4th."""
    routes = _routes()
    story = "на втором ходу у меня утечка реактора, на третьем в меня стреляют. На четвёртом у соперника пусто"
    assert named_editions(story, routes)  # what routing alone reads ("трет…", "четвёрт…")
    assert named_editions(without_turn_numbers(story), routes) == set()
    assert named_editions(without_turn_numbers("в третьем раунде"), routes) == set()
    for edition in ("как это в третьей редакции?", "а в третьем издании?", "а в четвёртой?",
                    "таран в третьем и четвёртом издании"):
        assert named_editions(without_turn_numbers(edition), routes) == named_editions(edition, routes) != set()


def test_an_edition_name_is_cut_to_its_words_end() -> None:
    """"по русской книге" routes to the Russian book; the name leaves no ending ("ой") behind."""
    routes = _routes()
    assert without_edition_names("решили по русской книге", routes).split() == ["решили", "по", "книге"]


def test_the_edition_a_player_comes_from_is_named_in_passing() -> None:
    routes = _routes()
    told = "Я из 4ки, там Jury Rigged Repairs. В русской книге ремонт на ходу работает так же?"
    assert named_editions(told, routes) > editions_in_passing(told, routes) != frozenset()
    assert editions_in_passing("Мы обычно играем в 4th edition, но тут решили по русской книге", routes)
    # asking what changed names both editions for themselves
    for compared in ("перешли с 3ки на 4ку, что поменялось в таране?", "раньше в 3ке таран был другой, а в 4ке?",
                     "таран в 4ке как работает?"):
        assert editions_in_passing(compared, routes) == frozenset()


def test_a_long_message_is_searched_in_the_book_it_names(searcher) -> None:  # type: ignore[no-untyped-def]
    """The 4th edition the player comes from does not send the question to the English glossary: the
    Russian book's "Пока у Модели есть этот Маркер, она получает -2 к Показателям Цитадели и Скорости"."""
    query = searcher.parse("Мы обычно играем в 4th edition, но тут решили по русской книге. Мой ship получил "
                           "Critical Damage Reactor Leak — что он теряет по Citadel и Speed?")
    assert "dw4-glossary" not in query.editions
    assert not any(len(s) == 1 for s in query.topic)
    answer = searcher.ask(query.text, k=3).to_json()
    assert answer["results"][0]["section"].endswith("Утечка реактора")


def test_a_turn_counted_alone_is_no_topic() -> None:
    """"На четвёртом у соперника ..." counts a turn; read as a topic, "четвёрт" is the stem of the Fog of
    War scenario's "четверть" (a quarter of the table). A round beside its noun is kept: the book
    counts rounds ("В первом раунде любые результаты, кроме Взрывного попадания, ...")."""
    story = "Играли до пятого раунда. На четвёртом у соперника не осталось моделей. Ход первый: резервы. По 3й"
    counted = counting_words(story)
    assert stem("четвёртом") in counted and "3й" in counted
    assert stem("первый") not in counted and stem("пятого") not in counted
    assert stem("четвёртом") == stem("четверть")  # why it matters


def test_a_ship_class_weighs_as_the_scene(searcher) -> None:  # type: ignore[no-untyped-def]
    """"у моего крейсера статус авария, ... — таранить ему можно?": the cruiser is who does it; the
    status and the act are what is asked ("она не может пойти на Таран, а также Поддерживать Атаки
    других Моделей")."""
    query = searcher.parse("у моего крейсера статус авария, а он стоит носом к врагу в 5 дюймах — таранить ему можно?")
    assert "крейсер" in SHIP_CLASSES and "крейсер" in query.weights
    assert query.weights["крейсер"] < min(query.weights[s] for s in ("авар", "таран"))
    answer = searcher.ask(query.text, k=3).to_json()
    assert answer["results"][0]["section"].endswith("Авария")


def test_a_counted_turn_is_no_topic_but_repair_on_the_move_is() -> None:
    """"Ход 2:", "на втором ходу" count the player's turn; the book's "ход" is Ремонт "на ходу"
    ("Ремонт "на ходу" (Jury-Rigged Repair): в порядке Инициативы Игроки могут предпринять ...")."""
    assert stem("ходу") in counting_words("Ход 2: мой авианосец выпустил токены, на втором ходу враг перехватил")
    assert stem("ходу") not in counting_words("на втором ходу кинул ремонт на ходу, что будет?")
    assert stem("ходу") not in counting_words("ремонт на ходу сколько раз за раунд?")
