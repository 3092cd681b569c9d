"""Is a rule *about* the asked term, or does it only mention it?

"What counts as Obscured?": the Obscured rule opens with the term and uses it throughout; the
Hydrophone Relay rule mentions it once, near its end ("... never count as Obscured"), and so
does every other rule that points to the definition. The evidence read here, per candidate
rule, feeds the learned re-ranking (index.rerank), which weighs it; nothing here decides:
- `opening`: the share of the question's weight the rule's heading and first sentence use
  (a definition says what the term is first: "Obscured: ...", "A model is Crippled when ...");
- `repeated`: the share of the question's weight in words the rule uses more than once;
- `early`: how near the start of the rule the question's words first appear, weighted;
- `joins`: a rule about one of two rules the question names whose text names the other ("can a
  ship in Emergency still ram?": the Emergency status's "cannot Ram") — search puts it first
  among the leading passages, a rule of language and of the documents, not a fitted weight.
(How many other rules mention the words of a rule's heading — the mentions pointing to the
definition — was measured too: weight 0 in the fitted model, cross-validated R@1 unchanged.)
A rule's words are read once (`read_rule`); the question's weights and spellings come from
index.query.Query.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from index.text import stems

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
OPENING_WORDS = 40  # a first "sentence" longer than this (a table, a list) is cut here


@dataclass(frozen=True)
class RuleWords:
    """A rule's words as the aboutness evidence reads them (once per rule)."""

    opening: frozenset[str]  # stems of the rule's own heading and its first sentence
    counts: Mapping[str, int]  # stem -> how often the rule's text uses it
    first: Mapping[str, int]  # stem -> index of its first use among the text's stems
    size: int  # stems in the text
    heading: tuple[str, ...]  # stems of the rule's own heading, in order
    body: tuple[str, ...]  # stems of the text, in order (a name of several words is a run of them)


def read_rule(heading: str, text: str) -> RuleWords:
    """`heading`: the rule's own heading (the last part of its section path)."""
    body = stems(text)
    first_sentence = next((s for s in _SENTENCE_END.split(text.strip()) if s.strip()), "")
    opening = frozenset(stems(heading)) | frozenset(stems(first_sentence)[:OPENING_WORDS])
    first: dict[str, int] = {}
    for i, s in enumerate(body):
        first.setdefault(s, i)
    return RuleWords(opening, Counter(body), first, len(body), tuple(stems(heading)), tuple(body))


def _matched(spellings: frozenset[str], present: Mapping[str, int] | frozenset[str]) -> list[str]:
    return [s for s in spellings if s in present]


def opening_share(rule: RuleWords, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]]) -> float:
    total = sum(weights.values())
    held = sum(w for s, w in weights.items() if not variants[s].isdisjoint(rule.opening))
    return held / total if total else 0.0


def repeated_share(rule: RuleWords, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]]) -> float:
    total = sum(weights.values())
    held = sum(w for s, w in weights.items() if sum(rule.counts.get(v, 0) for v in variants[s]) >= 2)
    return held / total if total else 0.0


def earliness(rule: RuleWords, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]]) -> float:
    """Weighted mean over the question's words the text uses of 1 - (first use / text length)."""
    total = held = 0.0
    for s, w in weights.items():
        places = [rule.first[v] for v in _matched(variants[s], rule.first)]
        if places:
            total += w
            held += w * (1.0 - min(places) / max(rule.size, 1))
    return held / total if total else 0.0


def _holds_run(words: tuple[str, ...], name: tuple[str, ...]) -> bool:
    n = len(name)
    return n > 0 and any(words[i:i + n] == name for i in range(len(words) - n + 1))


def joins(rule: RuleWords, own: Sequence[tuple[str, ...]], names: Sequence[tuple[str, ...]]) -> bool:
    """Is this the rule of one name the question names and does its text name another? `own`: the names
    whose rule this is by the term table's definition (a heading that is the name counts too; one that
    only holds it, "Legionnaire Assault Pods" for "assault", does not); `names`: the other names it may
    join, as stems."""
    mine = {n for n in (*own, *names) if n in own or rule.heading == n}
    return bool(mine) and any(n not in mine and _holds_run(rule.body, n) for n in names)
