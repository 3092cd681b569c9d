"""A Russian question's word read as the real Russian book's heading word of its root
(index.ru_heading_forms): "перебрасывать" asks about "Переброс кубов", "запускать" about "Запуск Токенов
SRS"; the defender ("защитник") is not Защита."""
from __future__ import annotations

import re
from typing import Any

import pytest

from corpus import CORPUS_DIR
from index.ru_heading_forms import heading_forms, heading_index, roots
from index.text import stem, stems

# A heading of the book: a Markdown heading or a bold run-in name ("**Переброс кубов (re-roll):**").
_HEADING = re.compile(r"^#+\s*(.+)$|^\*\*([^*]+?)\*\*", re.MULTILINE)


@pytest.fixture(scope="module")
def headings() -> dict[str, frozenset[str]]:
    text = (CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    return heading_index(s for match in _HEADING.finditer(text) for s in stems(match[1] or match[2]))


def test_a_verb_reads_as_the_heading_noun_the_book_names_the_rule_with(headings: dict[str, frozenset[str]]) -> None:
    """"**Переброс кубов (re-roll):** Некоторые правила дают вам возможность Перебросить один или несколько
    кубов" — a player asks "можно ли перебрасывать один куб два раза"; the book prints that verb too
    ("перебрасывать пустые грани"), so only the heading evidence reads it as the heading's noun."""
    assert stem("переброс") in heading_forms(stem("перебрасывать"), headings)
    assert stem("запуск") in heading_forms(stem("запускать"), headings)


def test_a_verb_reads_as_the_heading_participle_of_its_root(headings: dict[str, frozenset[str]]) -> None:
    """"**Поддерживающие Орудия:** чтобы участвовать в Атаке в качестве Поддерживающего Орудия" — "может
    оно поддержать?"; "**Взрывное Попадание (Exploding Hit):**" — "шестёрки взрываются?"."""
    assert stem("поддерживающие") in heading_forms(stem("поддержать"), headings)
    assert stem("взрывное") in heading_forms(stem("взрываются"), headings)


def test_a_players_short_word_reads_as_the_headings_adjective(headings: dict[str, frozenset[str]]) -> None:
    """"# КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ" — "выпал крит, который у корабля уже есть"."""
    assert stem("критические") in heading_forms(stem("крит"), headings)


@pytest.mark.parametrize("word", ["защитник", "противник"])
def test_an_agent_noun_is_not_the_heading_of_its_root(word: str, headings: dict[str, frozenset[str]]) -> None:
    """"## ЗАЩИТА": the defender is not the defence (index.ru_derivation: another word of the root)."""
    assert not {stem("защита"), stem("защитное")} & heading_forms(stem(word), headings)


def test_roots_read_russian_stems_only() -> None:
    assert roots("counter") == frozenset()
    assert all(len(root) >= 4 for root in roots(stem("таранить")))


@pytest.mark.parametrize(("question", "heading"), [
    ("можно ли перебрасыват один куб два раза подряд", "ИГРОВЫЕ КУБЫ › Переброс кубов"),
])
def test_the_rule_headed_by_the_asked_word_comes_first(question: str, heading: str, searcher: Any) -> None:
    """"Однако, ни один куб не может быть Переброшен более одного раза, независимо от причины." The rule
    the question's verb names leads, not ЭСКОРТ, which shares the question's other words."""
    result = searcher.ask(question, k=5).to_json()
    assert result["results"][0]["section"] == heading
