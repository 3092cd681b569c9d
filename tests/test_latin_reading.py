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
