"""The rules described in players' words (index.descriptions), read as evidence about a candidate rule.

Session 11 ranked the lines as a field of the row (BM25F) and as a vote of their own: a player's goal
shares everyday words ("ship", "hit", "enemy") with many rules' lines, so the lines moved every rule a
little and cost the dev folds. Here only a word SPECIFIC to one rule's lines counts: the lines' own
document frequency over the described rules is 1 (no threshold fitted: a word no other rule's lines
use). Such a word is evidence for that rule alone. The lines are never shown, quoted, or read by the
relevance test or the vocabulary.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping

from index.descriptions import Descriptions, load_descriptions
from index.rules import Rule, base_section, document_of
from index.text import stems


class DescribedRules:
    """Each rule's specific description words (in no other rule's lines), and the reverse map."""

    def __init__(self, rules: Mapping[str, Rule], descriptions: Descriptions | None = None,
                 log_idf: bool = False) -> None:
        lines = load_descriptions() if descriptions is None else descriptions
        # document frequency over the described rules (one entry per (document, section)), not over rows:
        # the quick reference printing a rule twice still describes it once
        words_of: dict[tuple[str, str], frozenset[str]] = {
            entry: frozenset(stems(" ".join(text))) for entry, text in lines.items()}
        frequency: dict[str, int] = defaultdict(int)
        for words in words_of.values():
            for word in words:
                frequency[word] += 1
        specific: dict[str, frozenset[str]] = {}
        owners: dict[str, list[str]] = defaultdict(list)
        shares: dict[str, dict[str, float]] = {}
        for key, rule in rules.items():
            own = words_of.get((document_of(key), base_section(rule.section)), frozenset())
            if own:
                shares[key] = {w: (math.log(len(words_of) / frequency[w]) / math.log(len(words_of)) if log_idf
                                   else 1.0 / frequency[w]) for w in own}
            found = frozenset(w for w in own if frequency[w] == 1)
            if found:
                specific[key] = found
                for word in found:
                    owners[word].append(key)
        self._specific = specific
        self._shares = shares
        self._owners = {word: tuple(keys) for word, keys in owners.items()}
        every: dict[str, list[str]] = defaultdict(list)
        for key, own_shares in shares.items():
            for word in own_shares:
                every[word].append(key)
        self._every = {word: tuple(keys) for word, keys in every.items()}

    def specific(self, key: str) -> frozenset[str]:
        """The words of this rule's lines that no other rule's lines use (empty: none, or not described)."""
        return self._specific.get(key, frozenset())

    def share(self, key: str, spelt: frozenset[str]) -> float:
        """How much of a question word (its spellings) is evidence for this rule: 1 / the number of described
        rules whose lines use it (a word only this rule's lines use: 1; not in its lines: 0)."""
        own = self._shares.get(key)
        if not own:
            return 0.0
        return max((own[w] for w in spelt if w in own), default=0.0)

    def holding(self, spellings: Iterable[frozenset[str]], specific: bool = True) -> dict[str, int]:
        """Rule key -> how many of the question's words (each given as its set of spellings) are specific
        words of that rule's lines; a word counts once per rule however many of its spellings match."""
        count: dict[str, int] = defaultdict(int)
        for spelt in spellings:
            index = self._owners if specific else self._every
            keys = {key for word in spelt for key in index.get(word, ())}
            for key in keys:
                count[key] += 1
        return dict(count)
