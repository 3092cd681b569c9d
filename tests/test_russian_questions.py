"""Russian players' questions (issue 16): the chat around a question, their names for the English
documents' rules, their table words for game things, and their names for the other games."""
from __future__ import annotations

import pytest

from index.manifest import corpus_names, load_manifest
from index.parsing import parse_document
from index.routing import named_editions
from index.termmap import load_synonyms
from index.text import _RU_CHAT, question_stems, stem, stems, words

DOCS = load_manifest()
RU = next(d for d in DOCS if d.language == "ru")
SYNONYMS = load_synonyms()


def test_chat_around_a_question_is_dropped_from_its_words() -> None:
    """A paragraph of table story keeps only the words a rule can use."""
    told = "короче, вчера друг говорит, что у меня таран не работает, а я думаю, что работает"
    assert question_stems(told) == stems("таран не работает работает")


def test_function_words_the_stopword_list_lacks_are_chat() -> None:
    """"и тут он", "что тогда?": words no rule turns on are not read as the question's topic."""
    assert question_stems("и тут таран, а кому тогда дезорганизация?") == stems("таран дезорганизация")
    # "написано" frames the question as "says" does in English; the book never prints it
    assert question_stems("на карте написано Таранное") == stems("карте Таранное")


def test_the_documents_keep_their_own_words() -> None:
    """The chat list reads questions only: the book's "друг друга" (each other) is still indexed."""
    assert stems("не должны касаться друг друга") == [stem("должны"), stem("касаться"), "друг", "друг"]


def test_no_chat_word_is_a_word_of_a_rule_name_in_the_russian_book() -> None:
    """Chat is dropped from a question word by word: a word of a rule's name (a heading or a defined
    term of the book: "Линия Видимости", "Что такое ...") must never be on the list, or a question
    naming that rule would lose it."""
    sections = parse_document(RU)
    names = {w for section in sections for h in section.heading_path for w in words(h)}
    names |= {w for section in sections for t in section.terms for w in words(t.name)}
    assert sorted(_RU_CHAT & names) == []


@pytest.mark.parametrize("question, editions", [
    ("в дасте что делает приказ перегруппироваться?", {"dust-warfare"}),
    ("даст варфаре: сколько действий у отряда?", {"dust-warfare"}),
    ("скирмиш: что такое Optics?", {"usr"}),
    ("в скирмише правило Airborne", {"usr"}),
    # "даст" alone is the verb "will give": "что даст таран?" names no game; the name's cases as a
    # noun are not verbs
    ("что даст таран?", set()),
    ("по дасту: сколько действий у отряда?", {"dust-warfare"}),
    ("из даста правило про медика", {"dust-warfare"}),
    # "варфар" read as the English loanword it is (index.translit) is still the game's name
    ("даст warfar: сколько действий у отряда?", {"dust-warfare"}),
    ("универсальные спецправила: что такое Vanguard?", {"usr"}),
    # the documents' own kinds, in Russian: the quick reference is the corpus's one reference
    # booklet ("справочник"), the 4th edition's document a glossary ("глоссарий")
    ("по справочнику таран считается столкновением?", {"dw3-quick-reference"}),
    ("что в глоссарии сказано про таран?", {"dw4-glossary"}),
    # Russian players' names for a quick reference sheet: "памятка", "краткие правила", "шпаргалка"
    ("по памятке: модель вне построения что получает?", {"dw3-quick-reference"}),
    ("в кратких правилах таран как считается?", {"dw3-quick-reference"}),
    ("в шпаргалке резерв со скоростью 0 можно?", {"dw3-quick-reference"}),
    # ... and for a rulebook: "рулбук", "книга правил"
    ("в рулбуке что про таран?", {"dw3-rulebook"}),
    ("по книге правил таран считается столкновением?", {"dw3-rulebook"}),
    # "краткий" alone is no document's name: "краткий вопрос про таран" names none
    ("краткий вопрос про таран", set()),
])
def test_russian_names_of_the_documents_route_to_them(question: str, editions: set[str]) -> None:
    assert named_editions(question, corpus_names().routes) == editions


def test_the_game_named_in_russian_is_searched_after_the_loanword_reading(searcher) -> None:
    """"варфар" reaches routing respelt "warfar": the question is still searched in Dust Warfare."""
    query = searcher.parse("в даст варфар сколько действий у отряда с маркером реакции")
    assert query.editions == ("dust-warfare",)


@pytest.mark.parametrize("question, section", [
    ("самоуничтожение в 4ке что делает?", "Self Destruct"),
    ("как работает девастейтинг в 4ке?", "Devastating"),
    ("пирсинг в 4ке снижает броню?", "Piercing"),
    ("в 4ке экстренный манёвр даёт дезорганизацию?", "Emergency Manoeuvre"),
    ("очень большой корабль в 4ке можно в резерв?", "Very Large"),
    ("4ка: хромой корабль какая скорость?", "Limping"),
    ("в дасте что делает приказ перегруппироваться?", "Regroup"),
    ("скирмиш: полуавтоматическое оружие сколько раз стреляет?", "Semi Automatic"),
])
def test_a_russian_name_of_an_english_rule_finds_that_rule(searcher, question: str, section: str) -> None:
    """The glossary prints "Self Destruct", a Russian player says "самоуничтожение": the rule named
    in Russian is the first answer, from the English document the question names."""
    result = searcher.ask(question, k=5)
    assert result.status == "answered"
    first = result.results[0]
    assert first.language == "en" and first.section.split(" › ")[-1] == section


@pytest.mark.parametrize("word, book_word", [
    ("дайсов", "кубов"), ("тапок", "шаблон"), ("рулеткой", "измерения"), ("пулять", "стрельба"),
    ("авик", "вместимость"), ("пустышки", "пустая"), ("соперник", "противник"),
    # "путем прохождения Проверки на Ремонт (Repair Test)": a "тест" or "чек" on repair
    ("тест", "проверка"), ("чек", "проверка"),
])
def test_table_words_read_as_the_books_words(searcher, word: str, book_word: str) -> None:
    """Players' words for game things count as the word the Russian book prints."""
    query = searcher.parse(f"что делать, если {word}?")
    assert stem(book_word) in query.variants[stem(word)]


@pytest.mark.parametrize("question, section", [
    ("самоуничтожение — что делает?", "Self Destruct"),
    ("как работает стоик?", "Stoic"),
])
def test_a_rule_only_the_english_documents_have_is_found_without_naming_them(searcher, question: str,
                                                                             section: str) -> None:
    """The Russian book has no Self Destruct: a Russian question naming it, and no edition, is
    answered from the English document whose rule it names, not "not in the rules"."""
    result = searcher.ask(question, k=5)
    assert result.status == "answered"
    assert result.results[0].language == "en" and result.results[0].section.split(" › ")[-1] == section


def test_a_rule_the_russian_book_has_is_answered_from_the_book(searcher) -> None:
    """"Бронепробивное (*Piercing*)" is the book's: the player's "пирсинг" finds it there."""
    result = searcher.ask("что даёт свойство пирсинг?", k=5)
    assert result.status == "answered"
    assert result.results[0].language == "ru" and result.results[0].section.endswith("Бронепробивное")


def test_the_english_documents_do_not_answer_what_no_rule_names(searcher) -> None:
    """Asked in the English documents only when the question names a rule only they have: a question
    off the rules stays "not in the rules"."""
    assert searcher.ask("сколько лет живут черепахи?", k=5).status == "not_found"


def test_a_long_question_weighs_what_its_asking_sentence_asks(searcher) -> None:
    """Told over several sentences, a Russian question asks in its last: a rule word only its story
    uses ("отражение" rolled) weighs less than the word asked ("ремонт")."""
    told = searcher.parse("у нас вышел спор. я кинул ремонт, выпало мощное отражение. сколько кубов кидают на ремонт?")
    alone = searcher.parse("выпало мощное отражение, сколько кубов кидают на ремонт?")
    scene, asked = stem("отражение"), stem("ремонт")
    assert told.weights[scene] < alone.weights[scene] and told.weights[asked] == alone.weights[asked]


def test_an_asking_sentence_that_points_back_keeps_the_scene(searcher) -> None:
    """"... можно ли делать их несколько раз?": "их" is the scene's manoeuvre, so the scene keeps its weight."""
    told = searcher.parse("я хочу сделать экстренный манёвр. можно ли делать их несколько раз?")
    alone = searcher.parse("я хочу сделать экстренный манёвр, можно ли делать их несколько раз?")
    assert told.weights == alone.weights
