"""Russian typed in Latin letters, read by the real index (issue 16): the players' own Russian words
and the books' abbreviations count as Russian, and an off-topic label is not misread as Russian."""
from __future__ import annotations

from typing import Any


def test_a_players_word_marks_latin_letters_as_russian(searcher: Any) -> None:
    """"dezorg" is the players' дезорг (Дезорганизация): with "remontom" it makes the question
    Russian, so "Удаление маркеров Деорганизации ... в течение Этапа Ремонта" can be found."""
    stems = set(searcher.parse("dezorg snimaetsya remontom?").variants)
    assert {"дезорг", "ремонт"} <= stems


def test_an_abbreviation_with_a_chat_suffix_in_latin_letters(searcher: Any) -> None:
    """"srsok" is срсок, the chat form of SRS ("Перехват (Interception)" of SRS-токены)."""
    stems = set(searcher.parse("kak rabotaet perekhvat srsok?").variants)
    assert "srs" in stems and "перехват" in stems


def test_a_short_foreign_label_is_not_read_as_russian(searcher: Any) -> None:
    """"uno: ..." names a game no document prints; read as "юно" it looked like a word we know."""
    assert "uno" in set(searcher.parse("uno").variants)


# The two layouts' keys, row by row as printed on a Russian keyboard (test's own copy, not the module's).
_KEYBOARD = dict(zip("йцукенгшщзхъфывапролджэячсмитьбю", "qwertyuiop[]asdfghjkl;'zxcvbnm,.", strict=True))


def _typed_on_english_layout(russian: str) -> str:
    return "".join(_KEYBOARD.get(c, c) for c in russian).replace("?", "&")


def test_russian_typed_on_the_english_layout_is_read_back(searcher: Any) -> None:
    """"crjkmrj re,jd rblfnm yf htvjyn&" is "сколько кубов кидать на ремонт?" typed with the wrong
    layout; read back, it finds the repair rule ("бросьте количество Боевых Кубов, равное ее Массе")."""
    typed = _typed_on_english_layout("сколько кубов кидать на ремонт?")
    assert typed == "crjkmrj re,jd rblfnm yf htvjyn&"
    query = searcher.parse(typed)
    assert query.cyrillic and "ремонт" in query.variants
    result = searcher.ask(typed, k=3).to_json()
    assert result["status"] != "not_found" and "ремонт" in result["results"][0]["section"].casefold()


def test_an_english_question_is_not_read_on_the_russian_layout(searcher: Any) -> None:
    for question in ("how does ramming work?", "Piercing vs Devastating", "ok lol"):
        assert not searcher.parse(question).cyrillic, question
