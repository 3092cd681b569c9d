"""The game's general Russian words (outcome, parity, state, quantifiers) in the English documents' words,
and the players' capital abbreviations (index/data/general_words.toml).

A Russian question answered by an English document is rendered in English (index.translate) through the
term map and the players' names for rules; the words that say which sentence of a rule answers
("провалил", "чётная", "помеченной", "каждый", "оба") are no rule's name, so the rendering dropped them and
the line fell back on the rule’s opening. These pairs are read by the rendering an English rule’s answer line
reads (index.search `_line_query`), not by the ranking."""
from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path

GENERAL_WORDS_FILE = Path(__file__).resolve().parent / "data" / "general_words.toml"


@functools.lru_cache(maxsize=1)
def _data() -> dict[str, dict[str, str | list[str]]]:
    return tomllib.loads(GENERAL_WORDS_FILE.read_text(encoding="utf-8"))


def general_words() -> dict[str, list[str]]:
    """Each Russian word -> the English words it is rendered as."""
    return {russian: [value] if isinstance(value, str) else list(value)
            for russian, value in _data().get("words", {}).items()}


def general_word_pairs() -> list[tuple[str, str]]:
    """(English, Russian) for each general word, the shape of the term map's pairs."""
    return [(english, russian) for russian, english_words in general_words().items() for english in english_words]


def capital_abbreviations() -> dict[str, str]:
    """Each abbreviation typed in capitals -> the words it stands for."""
    return {abbreviation: str(meant) for abbreviation, meant in _data().get("capitals", {}).items()}


@functools.lru_cache(maxsize=1)
def _capitals() -> tuple[re.Pattern[str], dict[str, str]]:
    meant = capital_abbreviations()
    alternatives = "|".join(sorted(map(re.escape, meant), key=len, reverse=True)) or r"(?!)"
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])"), meant


_LOWER_CYRILLIC = re.compile(r"[а-яё]")


def read_capital_abbreviations(question: str) -> str | None:
    """The question with a capitals abbreviation ("сколько ПО за территорию") spelt out ("победные очки");
    None when it has none, or when the question is typed in capitals throughout (then "ПО" is "по")."""
    pattern, meant = _capitals()
    if not _LOWER_CYRILLIC.search(question) or not pattern.search(question):
        return None
    return pattern.sub(lambda m: meant[m.group(1)], question)
