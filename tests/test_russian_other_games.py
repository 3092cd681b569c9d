"""Russian players who come from other wargames (issue 16): the games they name, the words they bring.

A player says where he comes from ("как в вахе", "пришёл из BFG", "у нас в клубе все из х-винга") and asks
in the words of that game ("бамп", "дип страйк", "ини", "пул"); the Russian book prints other words."""
from __future__ import annotations

import pytest

from index.text import question_stems, stem, stems


@pytest.mark.parametrize("question, without_the_game", [
    ("в вахе я кидаю сейв против любого выстрела", "я кидаю сейв против любого выстрела"),
    ("после х-винга бамп это столкновение?", "после бамп это столкновение?"),
    ("в кингс оф вар чардж во фланг", "чардж во фланг"),
    ("в дропфлите пойнт дефенс против торпед", "пойнт дефенс против торпед"),
    ("пришёл из бфг, щиты тут есть?", "щиты тут есть?"),
    ("как в болт экшене пропустить активацию", "как пропустить активацию"),
])
def test_another_games_nickname_is_not_a_word_of_the_question(searcher, question: str,
                                                               without_the_game: str) -> None:
    """Unknown to the index, "вахе" would weigh most of all the question's words (corpus/manifest.toml
    [other_games] in_passing_ru)."""
    assert searcher.parse(question).stems == searcher.parse(without_the_game).stems


def test_the_names_the_manifest_lists_stay_in_the_question(searcher) -> None:
    """corpus/manifest.toml's [other_games] phrases list "вархаммер": it still routes a question off the rules."""
    assert any(s.startswith("вархаммер") for s in searcher.parse("как в вархаммерский таран?").stems)


def test_where_a_player_comes_from_is_chat(searcher) -> None:
    """"пришёл из BFG", "в клубе", "привыкли", "лет десять" tell the player's past, not the rule asked."""
    assert (searcher.parse("пришёл из бфг, у нас в клубе привыкли, играю лет десять").stems
            == searcher.parse("играю десять").stems)


def test_ini_is_read_as_initiative_but_inoe_is_not() -> None:
    """"ини" shortens the book's Инициатива; "иное" ("если иное не указано") stems as "ини" does."""
    assert stem("инициатива") in question_stems("при ничьей по ини кто ходит первым?")
    assert stem("инициатива") not in question_stems("если иное не указано, то что?")


@pytest.mark.parametrize("question, word, book_word", [
    # "Столкновения (Collisions): случайные происшествия этого типа происходят на Этапе Движения, когда Модель ...
    # сталкивается с другой Моделью или элементом ландшафта"
    ("бамп в скалу что будет?", "бамп", "столкновение"),
    # "Подразделения в Резерве входят в игру Действием Специальных Операций."
    ("дип страйк тут есть?", "дип", "резерв"),
    ("аутфланк с какого края?", "аутфланк", "резерв"),
    # "Набор Кубов (Dice Pool): Это термин, определяет количество кубов, которые игрок бросает"
    ("пул кубов как собирается?", "пул", "набор"),
    # "«Полный назад!»: еще одно Действие Специальных Операций позволяет Единице двигаться назад."
    ("фолбэк тут есть?", "фолбэк", "назад"),
    # "Защита (Defence, D): характеризует способность Модели отражать вражеские Воздушные и Подводные Атаки."
    ("дефенс какой кидать?", "дефенс", "защита"),
    # "Наконец, любые Подразделения со Специальным правилом «Авангард» могут ... выполнить действие движения"
    ("скаут мув перед игрой есть?", "скаут", "авангард"),
    # "Обычно Движущаяся Модель может Таранить Модель только в Носовом Секторе Стрельбы"
    ("таранить можно только передней аркой?", "передней", "носовой"),
    # "Абордажи представляют собой всевозможные Атаки ближнего боя"
    ("ассолт с какой дистанции можно начать?", "ассолт", "абордаж"),
])
def test_other_games_words_read_as_the_books_words(searcher, question: str, word: str, book_word: str) -> None:
    assert stem(book_word) in searcher.parse(question).variants[stems(word)[0]]


def test_a_bump_into_an_iceberg_is_a_collision(searcher) -> None:
    """dw4 glossary, Collision: "If the moving model has Collided with a Terrain Feature, or with a model whose
    Mass is greater than its own, its Admiral rolls a number of Action Dice equal to the moving model’s Mass.\""""
    result = searcher.ask("в 4ке бамп в айсберг — сколько кубов урона кидаю", k=5)
    assert result.results[0].section == "Collision"


def test_a_tie_for_ini_is_the_initiative_rule(searcher) -> None:
    """The book, ФАЗА ИНИЦИАТИВЫ: "В случае ничьей Инициативу получает игрок, не имевший Инициативы в прошлом
    раунде." Read as a stem, "ини" matched "на ходу" and "иной" (Ремонт "на ходу" came first)."""
    result = searcher.ask("при ничьей по ини кто ходит первым?", k=5)
    assert result.results[0].section.endswith("Определите Инициативу")


def test_a_players_own_abbreviation_is_not_read_as_a_latin_one(searcher) -> None:
    """"ВП" is the players' word for the book's Победные очки (synonyms.toml); read as the quick reference's
    Latin "VP" it sent a question about the book to the English document. The book, ФОРМИРОВАНИЕ ВОЕННЫХ
    СОЕДИНЕНИЙ: "Каждый ваш Поврежденный или уничтоженный Флагман в конце партии приносит Победное очко"."""
    query = searcher.parse("сколько ВП получает противник за мой флагман?")
    assert "vp" not in query.stems and stem("победные") in query.variants["вп"]
    # an abbreviation no player's word claims is still read back in Latin ("срс": SRS)
    assert "srs" in searcher.parse("сколько срс запускает авианосец?").stems


def test_a_nickname_the_loanword_reader_half_read_is_still_the_other_game(searcher) -> None:
    """The loanword reader turns "х-винге" into "х-wing" before the question's words are taken; it is still
    X-Wing named in passing, and the question (the book's Тактическое выжидание: "он может решить Сохранить
    Самообладание, взять Карту Победы и Доблести и позволить оппоненту первым активировать Единицу") is
    answered, not refused as naming another game."""
    question = "можно спасовать первую активацию как в х-винге, чтобы противник походил первым?"
    assert "wing" not in searcher.parse(question).stems
    result = searcher.ask(question, k=5)
    assert result.status == "answered" and result.results[0].section.endswith("Тактическое выжидание")


@pytest.mark.parametrize("question, in_passing", [
    ("можно спасовать первую активацию как в X-Wing?", True),  # likening: "как в"
    ("в 40k сейв против любого выстрела, а тут когда можно кидать защиту?", True),  # contrast: "а тут"
    ("перешёл с 40k: резервы тут есть?", True),  # where the player comes from
    ("как работает овервотч в вархаммере 40к?", False),  # asked about for itself
    ("в 40k как работает глубокий удар?", False),
    ("как в 40k работает овервотч?", False),  # "как в X работает Y": how Y works in X
    ("Как в 40k, можно ли перебросить куб дважды?", True),  # the name closes the likening phrase
])
def test_another_game_named_in_passing_does_not_take_the_question_off_the_rules(searcher, question: str,
                                                                                 in_passing: bool) -> None:
    """corpus/manifest.toml's [other_games] make a question "not in the rules"; a Russian player who only
    likens this game to his old one, or contrasts the two, still asks about this one."""
    query = searcher.parse(question)
    assert query.other_game is not in_passing
    if in_passing:
        assert not {"40k", "x", "wing"} & set(query.stems)


def test_a_pass_like_in_x_wing_is_holding_your_nerve(searcher) -> None:
    """The book, Тактическое выжидание: "вместо этого он может решить Сохранить Самообладание, взять Карту
    Победы и Доблести и позволить оппоненту первым активировать Единицу"."""
    result = searcher.ask("можно спасовать первую активацию как в X-Wing?", k=5)
    assert result.status == "answered" and result.results[0].section.endswith("Тактическое выжидание")


def test_the_frame_of_a_confirmation_is_not_its_topic() -> None:
    """"верно ли я понимаю, что ...", "поправьте, если ошибаюсь": the reading the player states is asked."""
    claim = question_stems("таран даёт дезорг")
    assert question_stems("верно ли я понимаю, что таран даёт дезорг?") == claim
    assert question_stems("поправьте, если ошибаюсь, но таран даёт дезорг?") == claim
    assert question_stems("получается, таран даёт дезорг? подтвердите") == claim


def test_a_game_named_in_passing_leaves_no_case_ending_behind(searcher) -> None:
    """The manifest's phrase "вархаммер" matches "вархаммере" up to its ending: the whole word is the name."""
    assert searcher.parse("как в вархаммере, можно ли перебросить куб дважды?").topic == tuple(
        searcher.parse("можно ли перебросить куб дважды?").topic)


def test_the_games_own_name_in_cyrillic_is_taken_out_whole(searcher) -> None:
    """corpus/manifest.toml routes "дистопиан варс" to Dystopian Wars; read by sound first, "дистопиан" became
    "dystopian" and left "варс" behind as the question's rarest word."""
    query = searcher.parse("мораль в дистопиан варс есть?")
    assert query.games == ("dystopian-wars",) and not any(s.startswith("вар") for s in query.topic)


def test_a_russian_question_about_the_quick_reference_reads_centre_and_base(searcher) -> None:
    """Quick reference, SHOOTING: "Draw LOS from the centre of the attacking model to any part of the initial
    target". Rendered as "sight" alone (centre and base untranslated) the question was refused."""
    result = searcher.ask("по памятке лос от центра или от подставки?", k=5)
    assert result.status == "answered" and result.results[0].edition == "dw3-quick-reference"


def test_a_hand_limit_is_the_hand_size(searcher) -> None:
    """Quick reference, DRAW VICTORY & VALOUR CARDS: "Both players draw V&V cards from their decks up to the
    maximum hand size"; the book's table: "ЛИМИТ ОЧКОВ РАЗМЕР РУКИ"."""
    result = searcher.ask("квикреф: хендлимит на 1500 очков?", k=5)
    assert result.status == "answered" and "DRAW" in result.results[0].section
    assert stem("размер") in searcher.parse("хендлимит на 1000 очков какой?").variants[stem("хендлимит")]


def test_the_books_hits_are_the_fourth_editions_strikes(searcher) -> None:
    """dw4 glossary, Disorder: "If an Action Roll is made for a model with 2 levels of Disorder, any Heavy Strikes
    in the roll are Converted to Standard Strikes". Rendered "Heavy Hit" (the book's pair), the question found
    Resilient first."""
    result = searcher.ask("4ка: тяжёлые попадания при панике превращаются?", k=5)
    assert result.results[0].section == "Disorder"
