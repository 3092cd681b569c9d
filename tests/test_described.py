"""index.described: the players'-words lines read as evidence for one rule only when the word is theirs alone."""
from __future__ import annotations

from functools import cache

from index.described import DescribedRules
from index.descriptions import load_descriptions
from index.rules import Rule
from index.text import stems


@cache
def _described() -> tuple[DescribedRules, dict[str, Rule]]:
    """Every described rule of the real file, keyed as the index keys rules (document:number)."""
    rules = {f"{document}:{i:04d}": Rule(f"{document}:{i:04d}", section, "", (f"{document}:{i:04d}.0",), (0,))
             for i, (document, section) in enumerate(load_descriptions())}
    return DescribedRules(rules), rules


def _key(section: str) -> str:
    return next(key for key, rule in _described()[1].items() if rule.section == section
                and key.startswith("dw4-glossary"))


def test_a_word_many_rules_lines_use_is_no_rules_own() -> None:
    """"ship" is in most lines: it says nothing about which rule is meant."""
    described, rules = _described()
    ship = frozenset(stems("ship"))
    assert not any(ship & described.specific(key) for key in rules)
    assert 0 < described.share(_key("Hydrophone Relay"), ship) < 0.05


def test_a_word_only_one_rules_lines_use_is_that_rules_evidence() -> None:
    """Hydrophone Relay's lines alone say "listening gear" (its rule: "never count their Visibility as
    Hampered or Obscured")."""
    described, rules = _described()
    gear = frozenset(stems("gear"))
    owner = _key("Hydrophone Relay")
    assert gear <= described.specific(owner)
    assert described.share(owner, gear) == 1.0
    assert [key for key in rules if gear & described.specific(key)] == [owner]


def test_a_question_word_counts_once_per_rule() -> None:
    """Two spellings of one question word are one word; two words specific to one rule are two."""
    described, _ = _described()
    owner = _key("Hydrophone Relay")
    gear = frozenset(stems("gear"))
    assert described.holding([gear | frozenset({"gears"})])[owner] == 1
    assert described.holding([gear, frozenset(stems("poor"))])[owner] == 2
