"""Comparisons ("Piercing in 3rd vs 4th", "в 3 и 4 редакции"): each named edition answers with a
rule its own search finds, the compared rule first.

The mixed ranking of a comparison orders every named edition's passages together, so an edition
whose words the question shares less (the Russian book for an English question, the quick
reference's terse lines) gets whatever of its rules ranks best among the others' — often a
neighbouring rule (measured: the rule holding an edition's answer was outside that edition's
top five in 33 of 157 comparison lines). Asked within one edition, the same question ranks that
edition's rules by their own words. When the editions print the same rule under one name (the
term map links the Russian book's names to the English ones: Searcher._title_stems), that is
the rule to compare.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")


def rule_names(title: frozenset[str], parent: frozenset[str]) -> frozenset[frozenset[str]]:
    """The names a rule goes by (stems of English words): its title, and its title qualified by
    its parent heading ("GENERATORS › Atomic" is the Atomic Generator of the 4th edition)."""
    return frozenset((title, title | parent)) if title else frozenset()


def same_rule(first: frozenset[frozenset[str]], other: frozenset[frozenset[str]]) -> bool:
    """Two rules (their `rule_names`) are one rule printed in two editions: a name in common, word
    for word. Sharing one word is not enough ("Heavy Shield Generator" is not "Shield")."""
    return not first.isdisjoint(other)


def named_apart(first: frozenset[frozenset[str]], other: frozenset[frozenset[str]]) -> bool:
    """Two rules (their `rule_names`) whose names share no word: another rule, not the same one
    printed otherwise ("Jury-rigged repair" and "Repair" share one)."""
    words = frozenset().union(*first) if first else frozenset()
    return not any(words & names for names in other)


def edition_answer(own: Sequence[Item], mixed_first: str | None, anchor: frozenset[frozenset[str]],
                   key_of: Callable[[Item], str],
                   names_of: Callable[[Item], frozenset[frozenset[str]]]) -> Item | None:
    """The rule one edition answers a comparison with, from `own` (the results of the question
    asked in that edition alone), in this order:
    - the edition's first rule in the comparison's mixed ranking (`mixed_first`, a rule key), when
      its own search leads with it too: both readings find it — unless its names share no word
      with the compared rule's while a rule of its own results is named like it (`named_apart`:
      "Can submerged weapons shoot at aircraft?" leads the quick reference with SHOOTING, whose
      results hold its Submerged);
    - the rule named as the compared rule (`anchor`: the first result's `rule_names`);
    - its own search's first rule.
    None when its own search shows nothing."""
    if not own:
        return None
    named = next((item for item in own if same_rule(anchor, names_of(item))), None)
    if key_of(own[0]) == mixed_first:
        return named if named is not None and named_apart(anchor, names_of(own[0])) else own[0]
    if named is not None:
        return named
    return next((item for item in own if key_of(item) == mixed_first), own[0])


def lacks_rule(name: frozenset[str], line_names: frozenset[frozenset[str]], anchor: frozenset[frozenset[str]],
               prints_name: Callable[[], bool]) -> bool:
    """Whether an edition's comparison line is a neighbour quoted for a rule that edition does not
    have ("Cloud Dive: 3rd vs 4th" quoting the 3rd edition's exploding hits): the question names
    the compared rule (`name`, the first result's title stems; empty when it does not), the line's
    rule shares no word with the compared rule's names, and the edition prints the name nowhere
    (`prints_name`, asked last: any spelling of each of its words in one passage, so a renamed rule
    the question's words lead to, 4th-edition Boarding to 3rd-edition Assault, keeps its line)."""
    if not name or not named_apart(anchor, line_names):
        return False
    return not prints_name()
