"""The players' vocabulary, one immutable object per build: synonyms.toml's slang and translations,
the cross-game glossary (index/data/glossary.toml) and the build's English<->Russian term map.

`ask` (index.search) and `rule` (index.terms) read the same words the same way. The TOML files are
parsed once, when the index is built (`parse_files`), and stored in the build's SQLite
(`store_vocabulary`) with the stem of every word the build holds (names, headings, passages, players'
words). A start-up reads both back (`load_vocabulary`, once per process and build) instead of parsing
the files and running the stemmer over every name again. The index's freshness check covers both
files and this code, so the stored copy is never older than the files.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from index.glossary import absent_words, glossary_expansions, load_glossary, read_glossary, scoped_words
from index.ru_typos import SpellingEntry, spelling_entries, word_counts
from index.senses import sense_contexts
from index.store import DB_NAME, open_db
from index.termmap import Synonyms, TermPair, load_synonyms, translation_pairs
from index.text import is_cyrillic, remember_stems, stem, words

if TYPE_CHECKING:
    import sqlite_utils

TABLE = "vocabulary"
STEMS_TABLE = "word_stems"  # every word the build holds -> its stem (index.text.remember_stems)
SPELLING_TABLE = "russian_spelling"  # the Russian words a typo is read as (index.ru_typos.spelling_entries)
# the kinds of row the table holds, one a row: (part, key, value as JSON)
_EXPANSION, _TRANSLATION, _SCOPED, _ABSENT, _GLOSSARY = "expansion", "translation", "scoped", "absent", "glossary"
_SENSE = "sense"


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """What players say and what the rules print for it, as one build reads it."""

    # player word (casefolded) -> the rules' words, one way: synonyms.toml [expansions] first (with
    # the Russian fleeting-vowel spellings), then the glossary's words it does not declare itself
    expansions: Mapping[str, tuple[str, ...]]
    # Russian word -> the English rules' words for it (synonyms.toml [translations]): renders a Russian
    # question in English (index.translate) and joins the term map's reading of the other language
    translations: Mapping[str, tuple[str, ...]]
    # one-word player stem -> the games whose thing it names ("" = the home game), for the words the
    # glossary scopes to another game ("tank" -> Dust Warfare's vehicle; index.glossary.scoped_words)
    scoped: Mapping[str, frozenset[str]]
    # the build's term map, (English, Russian), most trusted source first (index.termmap.build_term_map)
    term_pairs: tuple[tuple[str, str], ...]
    # other games' concepts these documents do not have, as runs of typed words (glossary [[absent]])
    absent: frozenset[tuple[str, ...]]
    # the glossary's own expansions (index.glossary.glossary_expansions), before synonyms.toml's words
    # take precedence in `expansions`: what the sentence model reads (index.glossary.RulesWording)
    glossary_expansions: Mapping[str, tuple[str, ...]]
    # player word -> the context its mapping holds in ({"with": [...], "without": [...]}: glossary [[sense]],
    # index.senses); outside it the word reads as nothing
    senses: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=lambda: MappingProxyType({}))

    def translation_pairs(self) -> list[tuple[str, str]]:
        return translation_pairs(self.translations)


def _frozen(words: Mapping[str, Sequence[str]]) -> Mapping[str, tuple[str, ...]]:
    return MappingProxyType({key: tuple(value) for key, value in words.items()})


@dataclass(frozen=True)
class ParsedFiles:
    """synonyms.toml and glossary.toml as a build reads them, before its term map exists."""

    synonyms: Synonyms  # with the glossary's expansions
    scoped: Mapping[str, frozenset[str]]
    absent: frozenset[tuple[str, ...]]
    glossary_expansions: dict[str, list[str]]
    senses: dict[str, dict[str, list[str]]]


def parse_files() -> ParsedFiles:
    """Both files, each parsed once."""
    data = read_glossary()
    glossary = load_glossary(data=data)
    synonyms = load_synonyms(glossary=glossary)
    return ParsedFiles(synonyms, scoped_words(synonyms.slang, entries=glossary), absent_words(data=data),
                       glossary_expansions(entries=glossary), sense_contexts(data))


def vocabulary(files: ParsedFiles, pairs: Sequence[TermPair]) -> Vocabulary:
    """The one object, from the parsed files and the build's term map."""
    return Vocabulary(_frozen(files.synonyms.expansions), _frozen(files.synonyms.translations),
                      MappingProxyType(dict(files.scoped)), tuple((p.english, p.russian) for p in pairs), files.absent,
                      _frozen(files.glossary_expansions), _frozen_senses(files.senses))


def _frozen_senses(senses: Mapping[str, Mapping[str, Sequence[str]]]) -> Mapping[str, Mapping[str, tuple[str, ...]]]:
    return MappingProxyType({word: _frozen(context) for word, context in senses.items()})


def store_vocabulary(db: sqlite_utils.Database, vocabulary: Vocabulary, texts: Iterable[str]) -> None:
    """Write the players' words into a build (the term map is the build's own `term_pairs` table),
    and the stem of every word of `texts` (the build's passages and names) and of the vocabulary."""
    rows = [(_EXPANSION, key, list(value)) for key, value in vocabulary.expansions.items()]
    rows += [(_TRANSLATION, key, list(value)) for key, value in vocabulary.translations.items()]
    rows += [(_SCOPED, key, sorted(games)) for key, games in vocabulary.scoped.items()]
    rows += [(_ABSENT, " ".join(run), list(run)) for run in sorted(vocabulary.absent)]
    rows += [(_GLOSSARY, key, list(value)) for key, value in vocabulary.glossary_expansions.items()]
    senses = [(_SENSE, key, {part: list(words) for part, words in context.items()})
              for key, context in vocabulary.senses.items()]
    db.execute(f"create table {TABLE} (part text not null, key text not null, value text not null)")
    db.conn.executemany(f"insert into {TABLE} (part, key, value) values (?, ?, ?)",
                        [(part, key, json.dumps(value, ensure_ascii=False)) for part, key, value in [*rows, *senses]])
    held = [*texts, *(" ".join([key, *value]) for _, key, value in rows),
            *(f"{en} {ru}" for en, ru in vocabulary.term_pairs)]
    every_word = dict.fromkeys(word for text in held for word in words(text))
    db.execute(f"create table {STEMS_TABLE} (word text primary key, stem text not null) without rowid")
    db.conn.executemany(f"insert into {STEMS_TABLE} (word, stem) values (?, ?)",
                        [(word, stem(word)) for word in every_word])


def russian_player_words(vocabulary: Vocabulary) -> list[str]:
    """The players' one-word Russian terms, which a misspelt word may also be (index.ru_typos)."""
    return sorted(k for k in (*vocabulary.expansions, *vocabulary.translations) if " " not in k and is_cyrillic(k))


def store_russian_spelling(db: sqlite_utils.Database, vocabulary: Vocabulary, russian_texts: Iterable[str]) -> None:
    """Write what the Russian typo reader looks words up by: the words of the Russian passages
    (`russian_texts`) and the players' Russian terms, each with its count and sound keys. Keyed at
    start-up instead, it cost every process ~70 ms."""
    book = [word for text in russian_texts for word in words(text)]
    entries = spelling_entries(word_counts([*book, *russian_player_words(vocabulary)]), stem)
    db.execute(f"create table {SPELLING_TABLE} (word text primary key, count integer not null, "
               "sound_key text, stem_key text) without rowid")
    db.conn.executemany(f"insert into {SPELLING_TABLE} (word, count, sound_key, stem_key) values (?, ?, ?, ?)",
                        entries)


def load_russian_spelling(build: Path) -> list[SpellingEntry]:
    """The entries `store_russian_spelling` wrote, in word order."""
    db = open_db(build / DB_NAME, readonly=True)
    try:
        return [(str(word), int(count), key, stem_key) for word, count, key, stem_key in db.execute(
            f"select word, count, sound_key, stem_key from {SPELLING_TABLE} order by word")]
    finally:
        db.close()


@functools.lru_cache(maxsize=4)
def load_vocabulary(build: Path) -> Vocabulary:
    """The vocabulary a build stored, read once per process (a published build never changes)."""
    db = open_db(build / DB_NAME, readonly=True)
    try:
        parts: dict[str, dict[str, list[str]]] = {part: {} for part in (_EXPANSION, _TRANSLATION, _SCOPED, _ABSENT,
                                                                        _GLOSSARY)}
        senses: dict[str, dict[str, list[str]]] = {}
        for part, key, value in db.execute(f"select part, key, value from {TABLE} order by rowid"):
            (senses if part == _SENSE else parts[part])[key] = json.loads(value)
        pairs = tuple((str(en), str(ru)) for en, ru in db.execute(
            "select english, russian from term_pairs order by rowid"))
        remember_stems(db.execute(f"select word, stem from {STEMS_TABLE}"))
    finally:
        db.close()
    scoped = MappingProxyType({key: frozenset(games) for key, games in parts[_SCOPED].items()})
    absent = frozenset(tuple(run) for run in parts[_ABSENT].values())
    return Vocabulary(_frozen(parts[_EXPANSION]), _frozen(parts[_TRANSLATION]), scoped, pairs, absent,
                      _frozen(parts[_GLOSSARY]), _frozen_senses(senses))
