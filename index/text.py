"""Tokenising and stemming for the lexical side, English and Russian alike."""
from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any

import snowballstemmer

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)

_EN_STOP = frozenset(
    "a an and are as at be but by can do does for from how i if in into is it its me my of on or "
    "so than that the their them then there these they this to u up was what when where which who "
    "will with you your yes no not any get got have has had just".split()
)
_RU_STOP = frozenset(
    "а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для "
    "до его ее ей ему если есть еще же за здесь и из или им их к как ко когда кто ли либо мне может "
    "мы на над надо наш не него нее нет ни них но ну о об однако он она они оно от очень по под при "
    "с со так также такой там те тем то того тоже той только том ты у уже хотя чего чей чем что "
    "чтобы чье чья эта эти это я ли ещё".split()
)
# A snowballstemmer object keeps the word it is stemming in `self.current`, so one shared
# by the search threads corrupts concurrent calls (IndexError under load, bench/load.py):
# each thread gets its own.
_stemmers = threading.local()


def _stemmer(language: str) -> Any:
    found = getattr(_stemmers, language, None)
    if found is None:
        found = snowballstemmer.stemmer(language)
        setattr(_stemmers, language, found)
    return found


_MARKUP = re.compile(r"\*\*|__")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")  # "(*Piercing*)"


def readable(text: str) -> str:
    """Text as a user reads it: Markdown bold and emphasis markers dropped, non-breaking spaces (the glossary
    puts them between words) made plain spaces. Passages and quotes are cut from this text."""
    text = _EMPHASIS.sub(r"\1", _MARKUP.sub("", text))
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("ё", "е").replace("Ё", "Е").casefold()


def is_cyrillic(text: str) -> bool:
    """True when most letters are Cyrillic: the script a question is searched in (its words' stems,
    the book it is routed to). Not the player's language — that is `core.messages.text_lang` (any
    Russian word), which a question naming English rules in a Russian sentence also has."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return False
    return sum(1 for c in letters if _CYRILLIC.match(c)) >= len(letters) / 2


def is_stopword(word: str) -> bool:
    """`word` (already normalised) is an English or Russian stopword."""
    return word in _EN_STOP or word in _RU_STOP


def words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return str(_stemmer("russian" if _CYRILLIC.search(word) else "english").stemWord(word))


def stems(text: str, keep_stopwords: bool = False) -> list[str]:
    """Stemmed content words, in order (stopwords dropped unless asked)."""
    out = []
    for word in words(text):
        if not keep_stopwords and (word in _EN_STOP or word in _RU_STOP):
            continue
        out.append(stem(word))
    return out
