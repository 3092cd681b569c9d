"""Russian players (issue 16): their names for the editions, their chat words, and a Russian
question searched in the English documents through the book's own term pairs."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from index import translate
from index.manifest import corpus_names, load_manifest
from index.parsing import parse_document
from index.routing import named_editions
from index.termmap import build_term_map, load_synonyms
from index.text import is_cyrillic, stems
from index.translate import Rendering, Translator

DOCS = load_manifest()
RU = next(d for d in DOCS if d.language == "ru")
SYNONYMS = load_synonyms()


def _stems_of(docs: list) -> set[str]:
    return {s for d in docs for s in stems(d.read_text())}


@pytest.fixture(scope="module")
def translator() -> Translator:
    pairs = build_term_map(RU.read_text(), parse_document(RU), SYNONYMS)
    return Translator([*((p.english, p.russian) for p in pairs), *SYNONYMS.translation_pairs()])


def _render(translator: Translator, question: str) -> Rendering:
    words = stems(question)
    return translator.render(words, {w: frozenset({w}) for w in words})


@pytest.mark.parametrize("question, editions", [
    ("в 4ке при таране кто получает дезорг?", {"dw4-glossary"}),
    ("бортовой залп в 4е на каком расстоянии работает?", {"dw4-glossary"}),
    ("4ка: после тарана можно стрелять?", {"dw4-glossary"}),
    ("в четвёрке сколько уровней дезорга?", {"dw4-glossary"}),
    ("long range sortie в квикрефе — это что?", {"dw3-quick-reference"}),
    ("в быстром справочнике корветы что дают?", {"dw3-quick-reference"}),
    ("в тройке можно положить две стопки SRS?", {"dw3-quick-reference", "dw3-rulebook"}),
    ("генератор щита в 3е сколько кубов снимает?", {"dw3-quick-reference", "dw3-rulebook"}),
    ("очки за покалеченный корабль: 3.03 vs 4е?", {"dw3-rulebook", "dw4-glossary"}),
    # ... typed in Latin letters
    ("skolko kubov na taran v 4ke?", {"dw4-glossary"}),
    ("chto dayut eskorty v kvikrefe?", {"dw3-quick-reference"}),
    ("v troyke mozhno taranit'?", {"dw3-quick-reference", "dw3-rulebook"}),
    # a number of things is not an edition, nor is a table quarter ("четверть", not "четвёртая")
    ("сколько очков за четверть стола?", set()),
    ("в четвёртой редакции таран", {"dw4-glossary"}),
    ("сколько кубов за 4 попадания?", set()),
    ("тройка кубов на таран", set()),
    # "DW4" typed in Cyrillic letters or with a space; not a count of two ("два 4")
    ("дв4: торпеды вблизи можно?", {"dw4-glossary"}),
    ("ДВ 4 таран сколько кубов", {"dw4-glossary"}),
    ("dw 4 ram dice", {"dw4-glossary"}),
    ("дв3 эскорты что дают", {"dw3-quick-reference", "dw3-rulebook"}),
    ("два 4 попадания это сколько", set()),
])
def test_russian_players_name_editions_by_their_nicknames(question: str, editions: set[str]) -> None:
    assert named_editions(question, corpus_names().routes) == editions


def test_the_stemmer_splitting_a_word_two_ways_still_translates_it(translator: Translator) -> None:
    """"Таран" stems to "тара", "таране" to "таран"; "уровень" to "уровен", "уровней" to "уровн":
    the book's pairs "Таран (Ramming)" and "Уровень Дезорганизации (Levels of Disorder)" must still
    be read in "при таране" and "уровней дезорганизации"."""
    rendering = _render(translator, "при таране кто получает")
    assert "ram" in rendering.stems and "Ramming" in rendering.text.split()
    rendering = _render(translator, "сколько уровней дезорганизации")
    assert {"level", "disord"} <= set(rendering.stems)


def test_a_translated_term_stands_in_for_its_russian_words(translator: Translator) -> None:
    """The book's index: "Critical Damage (Критические повреждения)" is one term (longest first),
    its English stems replace the Russian ones in the question, and both spellings still count."""
    rendering = _render(translator, "критические повреждения кидают или выбирают")
    assert rendering.text.startswith("Critical Damage")
    assert rendering.stems[:2] == ("critic", "damag")
    assert rendering.runs[0] == (tuple(stems("критические повреждения")), ("critic", "damag"))
    assert set(stems("критические повреждения")) <= rendering.variants["damag"]


def test_a_word_spelt_as_the_map_spells_it_wins_over_a_near_one(translator: Translator) -> None:
    """"взрывные" is the map's "взрывной" (exploding) exactly and "Взрыв" (Blast) only by its ending."""
    rendering = _render(translator, "взрывные докидывают кубы")
    assert "exploding" in rendering.text.split() and "Blast" not in rendering.text


def test_words_the_map_does_not_know_stay_russian(translator: Translator) -> None:
    question = "можно завтра поговорить"
    rendering = _render(translator, question)
    assert rendering.text == "" and rendering.runs == ()
    assert rendering.stems == tuple(stems(question))


def test_every_translation_is_printed_in_the_english_documents() -> None:
    """A translation into a word the English documents never use can match nothing."""
    english = _stems_of([d for d in DOCS if d.language == "en"])
    missing = [(ru, en) for ru, words in SYNONYMS.translations.items() for en in words
               if not set(stems(en)) <= english]
    assert missing == []
    assert all(is_cyrillic(ru) for ru in SYNONYMS.translations)


def test_every_russian_chat_word_expands_to_words_the_book_prints() -> None:
    """Russian players' words (наземка, апгрейд, дезорг, хилка, ...) are one-way expansions into
    the Russian book's own words: each right-hand side occurs in the book (or is an English
    abbreviation it prints, "SRS")."""
    book = _stems_of([RU])
    unprinted = [(word, rule) for word, rules in SYNONYMS.expansions.items() if is_cyrillic(word)
                 for rule in rules if not set(stems(rule)) <= book]
    assert unprinted == []
    for word, rule in [("наземка", "наземная"), ("апгрейд", "улучшение"), ("дезорг", "дезорганизации")]:
        assert rule in SYNONYMS.expansions[word]


@pytest.mark.parametrize("question, section", [
    ("бортовой залп в 4е на каком расстоянии работает?", "Broadside"),
    ("в 4ке при таране кто получает дезорг — только цель?", "Ram"),
    ("айсберг в 4ке можно расстрелять?", "Iceberg"),
    ("в быстром справочнике 3е эскорт что даёт?", "ESCORTS"),
])
def test_a_russian_question_is_answered_from_the_english_document_it_names(searcher, question: str,
                                                                           section: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "answered"
    first = result.results[0]
    assert first.language == "en" and first.section.split(" › ")[-1] == section
    assert result.answers and result.answers[0].edition == first.edition


def test_an_unrouted_russian_question_stays_in_the_russian_book(searcher) -> None:
    """Without an edition named, the player's own book answers: translating it there pulled English
    passages first (measured on the dev sets' Russian questions)."""
    result = searcher.ask("сколько кубов кидать на таран?", k=5)
    assert result.results[0].language == "ru"


def test_an_english_question_gets_the_russian_books_words() -> None:
    """The same pairs read the other way: "Weight of Fire (Подавляющий огонь)" in the book's index,
    "**Поддавливающий огонь (*Weight Of Fire*):**" in its text; both spellings are the book's."""
    pairs = build_term_map(RU.read_text(), parse_document(RU), SYNONYMS)
    to_russian = Translator([(p.english, p.russian) for p in pairs], source="en")
    words = stems("what does weight of fire do in 3.03")
    rendering = to_russian.render(words, {w: frozenset({w}) for w in words})
    assert set(stems("Поддавливающий огонь")) <= set(rendering.stems)
    assert {"weight", "fire"} <= rendering.variants["огон"]


def test_a_term_is_named_as_the_searched_documents_print_it(translator: Translator) -> None:
    """The book's index pairs "Уровень Дезорганизация" with "Disorder Conditions" (the quick
    reference's heading) and "Levels of Disorder"; searching the 4th-edition glossary, only the
    names it prints are used ("Disorder Conditions" there would name the quick reference's rule)."""
    glossary = next(d for d in DOCS if d.edition == "dw4-glossary").read_text().casefold()
    printed = lambda name: name.casefold() in glossary  # noqa: E731
    words = stems("сколько уровней дезорганизации")
    rendering = translator.render(words, {w: frozenset({w}) for w in words}, printed=printed)
    assert "Levels of Disorder" in rendering.text and "Disorder Conditions" not in rendering.text
    everything = translator.render(words, {w: frozenset({w}) for w in words})
    assert "Disorder Conditions" in everything.text


@pytest.mark.slow
def test_translated_answers_do_not_depend_on_the_hash_seed(built_settings) -> None:
    """Translation sums weights and picks names: none of it may follow set order."""
    from tests.test_search_determinism import _answers

    questions = ["в 4ке при таране кто получает дезорг — только цель?", "3.03: what does weight of fire do?",
                 "таран: 3.03 vs 4е, сколько кубов?", "в квикрефе что дают эскорты?"]
    assert _answers(built_settings, "0", questions) == _answers(built_settings, "3", questions)


def test_untranslated_words_only_the_russian_book_prints_weigh_nothing_in_the_glossary(searcher) -> None:
    """"после", "этот" cannot match a 4th-edition passage; a word no document prints ("вархаммерский")
    still counts, as evidence of a topic the rules do not have."""
    import numpy as np

    query = searcher.parse("4ка: после тарана можно стрелять этим кораблём в этот же ход, как в вархаммерский?")
    allowed = np.isin(searcher._edition, ["dw4-glossary"])
    english = searcher._translated(query, searcher._to_english, allowed)
    assert "ram" in english.weights and english.weights["ram"] > 0
    assert not {"посл", "этот"} & set(english.weights)
    assert any(s.startswith("вархаммер") for s in english.weights)


def test_an_english_question_searched_only_in_the_russian_book_reads_its_words(searcher) -> None:
    """`--lang ru` names no edition, yet only the book is searched: the question is rendered in its
    words. The book, СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран: "Движущаяся Модель, идущая на Таран, получает Набор Боевых
    Кубов Тарана, равный ее немодифицированному Параметру Корпуса." (the weapon property Таранное
    only adds dice to it)."""
    result = searcher.ask("how many dice does a ram roll?", k=3, lang="ru")
    assert result.status == "answered"
    assert result.results[0].section == "СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран"
    rendered = searcher._translated(searcher.parse("how many dice does a ram roll?"), searcher._to_russian,
                                    searcher._language == "ru")
    # A rendered question reads passages with its rendered spellings, one per weighed stem.
    assert set(rendered.translated) == set(rendered.weights)


def test_a_name_whose_second_word_is_a_stopword_is_not_read_from_its_first() -> None:
    """The book's index: "Rounding Up (Округлять в большую сторону)". "up" is a stopword, so the name
    would read as "round" alone and give every game round of an English question the book's rounding
    words; read as a question holding it is read (index.text.phrase_stems), it needs both words."""
    pairs = build_term_map(RU.read_text(), parse_document(RU), SYNONYMS)
    to_russian = Translator([(p.english, p.russian) for p in pairs], source="en")
    words = stems("how is initiative decided from round 2 onwards in the 3.03 book?")
    rendering = to_russian.render(words, {w: frozenset({w}) for w in words})
    assert "Округл" not in rendering.text
    assert "Инициатив" in rendering.text
    # The Russian side keeps its one-stem reading: "очень большой" is still how players say Very Large.
    assert "Very Large" in _render(Translator([("Very Large", "очень большой")]), "очень большой корабль в 4ке").text



@pytest.mark.parametrize("edition", [None, "dw4-glossary"])
def test_a_russian_label_naming_a_glossary_rule_is_not_an_unknown_name(searcher, edition: str | None) -> None:
    """"синергия — ...": a label no document prints in Russian, but the term map renders it as the
    glossary's Synergy ("For each additional weapon with this Quality (above one) that Contributes to this
    Attack action, increase each of those weapons' Firepower ratings by 1"). Searched in the glossary (a
    server set to the 4th edition, or the English fallback of an unrouted question) it is answered there."""
    result = searcher.ask("синергия — на сколько растёт огневая мощь за каждое лишнее орудие?", k=5,
                          edition=edition)
    assert result.status == "answered"
    assert result.results[0].edition == "dw4-glossary" and result.results[0].section == "Synergy"


def test_dust_warfares_words_are_read_from_a_russian_question(translator: Translator) -> None:
    """Dust Warfare prints "Cover cannot negate damage caused by an attack that includes grenade weapons.";
    the Russian book prints neither word, so "гранаты ... в укрытии" had no English and the Dust rule no match.
    Of a word's English names only those the searched document prints are read: "укрытие" is the
    4th edition's obscured and Dust Warfare's cover."""
    def printer(edition: str) -> Callable[[str], bool]:
        text = f" {' '.join(stems(next(d for d in DOCS if d.edition == edition).read_text()))} "
        return lambda name: f" {' '.join(stems(name))} " in text

    words = stems("гранаты против отряда в укрытии")
    in_dust = translator.render(words, {w: frozenset({w}) for w in words}, printed=printer("dust-warfare"))
    assert {"grenad", "cover"} <= set(in_dust.stems)
    in_glossary = translator.render(words, {w: frozenset({w}) for w in words}, printed=printer("dw4-glossary"))
    assert "cover" not in in_glossary.stems and "obscur" in in_glossary.stems


def test_same_word_is_remembered_per_one_root_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    # index.translate._same_word: "of Russian stems, only when what each adds is a suffix of their root
    # (index.ru_same_root: "стольк" is no "стол")". Its remembered answers must follow the switch
    # (bench/rendering_joins.py turns it off to list what the root test refuses).
    assert not translate._same_word("стольк", "стол")
    monkeypatch.setattr(translate, "ONE_ROOT_ONLY", False)
    assert translate._same_word("стольк", "стол")
