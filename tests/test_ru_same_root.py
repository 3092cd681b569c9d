"""The rendering of a Russian question in English joins a question's stem to a term's only when the two
are one root's words (index.ru_same_root): players' everyday words that begin like a rule's name
("столько" like "стол", "размер" like "размещать") are not that rule (issue 16, helper translate2)."""
from __future__ import annotations

import pytest

from index.manifest import corpus_names
from index.parsing import parse_document
from index.routing import named_editions
from index.ru_same_root import one_root
from index.termmap import build_term_map
from index.text import stems
from index.translate import Translator
from tests.test_translate import RU, SYNONYMS


@pytest.fixture(scope="module")
def translator() -> Translator:
    pairs = build_term_map(RU.read_text(), parse_document(RU), SYNONYMS)
    return Translator([*((p.english, p.russian) for p in pairs), *SYNONYMS.translation_pairs()])


def _english(translator: Translator, question: str) -> list[str]:
    words = stems(question)
    return translator.render(words, {w: frozenset({w}) for w in words}).text.split()


@pytest.mark.parametrize("one, other", [
    ("таран", "тара"), ("уровн", "уровен"),  # the stemmer's two cuts of one word, a fleeting vowel
    ("броса", "бросок"), ("абордаж", "абордажн"), ("карт", "карточк"),  # a verb's noun, an adjective, a diminutive
    ("защища", "защит"), ("сброшен", "сброс"),  # the root's consonant alternated
    ("расстав", "расставля"), ("пройден", "пройт"), ("побежда", "побед"),
])
def test_one_roots_forms_and_words_are_joined(one: str, other: str) -> None:
    assert one_root(one, other) and one_root(other, one)


@pytest.mark.parametrize("one, other", [
    ("стольк", "стол"), ("размер", "размеща"), ("отменя", "отмел"), ("вмест", "вместим"), ("гран", "гранат"),
    ("игров", "игрок"), ("измен", "измерен"), ("применя", "пример"), ("флаг", "флагман"), ("эскадр", "эскадрил"),
])
def test_words_that_only_begin_alike_are_not_joined(one: str, other: str) -> None:
    assert not one_root(one, other) and not one_root(other, one)


@pytest.mark.parametrize("question, wrong", [
    ("при таране кубов столько, сколько броня?", "table"),  # столько is no стол
    ("минное поле какого размера?", "place"),  # размер is no размещение
    ("если я отменяю доблесть противника", "sandbar"),  # отменять is no отмель
    ("можно вместо уровня дезорганизации взять повреждение?", "Capacity"),  # вместо is no вместимость
])
def test_an_everyday_word_is_not_rendered_as_a_rule_it_begins_like(translator: Translator, question: str,
                                                                   wrong: str) -> None:
    assert wrong not in _english(translator, question)


def test_the_stemmers_two_cuts_of_ramming_still_render(translator: Translator) -> None:
    assert "Ramming" in _english(translator, "при таране кубов столько, сколько броня?")


@pytest.mark.parametrize("question, editions", [
    ("в 4й версии сколько кубов на таран?", {"dw4-glossary"}),
    ("в 4-й версии правил таран", {"dw4-glossary"}),
    ("в 3-й версии таран", {"dw3-quick-reference", "dw3-rulebook"}),
])
def test_russian_players_name_an_edition_by_its_version(question: str, editions: set[str]) -> None:
    assert named_editions(question, corpus_names().routes) == editions


def test_the_loanword_reader_does_not_unmake_an_editions_name(searcher) -> None:
    """"референсу" alone reads as the English "referenc"; in "по квик референсу" it names the quick reference."""
    assert searcher.parse("по квик референсу сколько карт добираем?").editions == ("dw3-quick-reference",)
