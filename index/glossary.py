"""The cross-game glossary: other wargames' and everyday words for what Dystopian Wars calls otherwise.

Players bring their vocabulary with them ("saving throw", "morale test", "deep strike", "go first").
Each entry of index/data/glossary.toml maps such words ONE WAY to the rules' own terms and names the
rules sentence that shows the two mean the same thing (tests/test_glossary.py checks every quote is
printed and names every target). A word no rule matches is left out on purpose, so the question is
still answered "not in the rules". Read as query-side expansions (index.termmap.load_synonyms).
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from index.text import phrase_stems, stems, words

GLOSSARY_FILE = Path(__file__).resolve().parent / "data" / "glossary.toml"


@dataclass(frozen=True)
class Evidence:
    """A rules sentence that shows a player's word and a rule term mean the same thing."""

    document: str  # a corpus/manifest.toml document id
    rule: str  # the rule's name or heading, as the document prints it
    quote: str  # printed in that document (whitespace and '*' aside)


@dataclass(frozen=True)
class GlossaryEntry:
    words: tuple[str, ...]  # what players type, casefolded
    means: tuple[str, ...]  # the rules' words for it
    evidence: tuple[Evidence, ...]
    games: str  # where players learnt the words (documentation only)
    scope: str = ""  # the one corpus game whose printed term `means` names; "" = the home game


def read_glossary(path: Path = GLOSSARY_FILE) -> dict[str, Any]:
    """The file, parsed (once per build: index.vocabulary hands it to each reader below)."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def load_glossary(path: Path = GLOSSARY_FILE, data: dict[str, Any] | None = None) -> list[GlossaryEntry]:
    data = read_glossary(path) if data is None else data
    return [GlossaryEntry(tuple(w.casefold() for w in term["words"]), tuple(term["means"]),
                          tuple(Evidence(e["document"], e["rule"], e["quote"]) for e in term["evidence"]),
                          str(term.get("games", "")), str(term.get("scope", "")))
            for term in data.get("term", [])]


def absent_words(path: Path = GLOSSARY_FILE, data: dict[str, Any] | None = None) -> frozenset[tuple[str, ...]]:
    """Each [[absent]] entry's words (another game's concept these documents do not have: psychic
    powers, stratagems, ...), as runs of typed words (casefolded, not stemmed): index.relevance."""
    data = read_glossary(path) if data is None else data
    return frozenset(tuple(words(word)) for entry in data.get("absent", []) for word in entry["words"])


def matchable(word: str) -> str:
    """The word as a question's stems can hold it: without stopwords, which questions drop
    ("line of sight" -> "line sight", "hand-to-hand" -> "hand hand")."""
    return " ".join(w for w in re.findall(r"[\w’']+", word) if stems(w))


def glossary_expansions(path: Path = GLOSSARY_FILE,
                        entries: Iterable[GlossaryEntry] | None = None) -> dict[str, list[str]]:
    """Player word -> the rules' words, in the shape of synonyms.toml's [expansions] (a word scoped
    to several games expands to each game's term). `entries`: the glossary already loaded."""
    found: dict[str, list[str]] = {}
    for entry in load_glossary(path) if entries is None else entries:
        for word in entry.words:
            means = found.setdefault(matchable(word), [])
            means.extend(m for m in entry.means if m not in means)
    return found


def scoped_words(home_words: Iterable[str] = (), path: Path = GLOSSARY_FILE,
                 entries: Iterable[GlossaryEntry] | None = None) -> dict[str, frozenset[str]]:
    """One-word player stem -> the games whose thing it names ("" = the home game: the unscoped
    entries and `home_words`, synonyms.toml's slang), for the words some entry scopes to another
    game: "flyer" -> {dust-warfare}, "plane" -> {"", dust-warfare} (both games fly things)."""
    found: dict[str, set[str]] = {}
    for entry in load_glossary(path) if entries is None else entries:
        for word in entry.words:
            if len(word_stems := stems(word)) == 1:
                found.setdefault(word_stems[0], set()).add(entry.scope)
    for word in home_words:
        if len(word_stems := stems(word)) == 1 and word_stems[0] in found:
            found[word_stems[0]].add("")
    return {stem: frozenset(games) for stem, games in found.items() if games - {""}}


class RulesWording:
    """The rules' words for the player words a question uses, for the sentence model: "tractor beam"
    is read by the model as "tractor beam (traction)". The lexical search already counts a player
    word's rule words as the word itself (index.search._expand); the model only reads text, so
    without them it matches the player's image, not the rule."""

    def __init__(self, expansions: dict[str, list[str]] | None = None) -> None:
        self._by_first: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
        for word, means in (glossary_expansions() if expansions is None else expansions).items():
            key = tuple(phrase_stems(word))
            if key:
                self._by_first.setdefault(key[0], []).append((key, tuple(means)))

    def words_for(self, question_stems: Sequence[str], printed: Container[str] = (),
                  unmapped: Container[tuple[str, ...]] = ()) -> list[str]:
        """The rule words of every glossary word in `question_stems`, in question order, once each;
        not for a word of which some stem is `printed` in the documents (the model has read it), nor
        for one `unmapped` here (its stems: a word outside the context its mapping holds in, index.senses)."""
        found: dict[str, None] = {}
        for i, stem in enumerate(question_stems):
            for key, means in self._by_first.get(stem, ()):
                if tuple(question_stems[i:i + len(key)]) == key and not any(k in printed for k in key) \
                        and key not in unmapped:
                    found.update(dict.fromkeys(means))
        return list(found)
