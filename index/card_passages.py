"""Which unit-card rules a question may be answered by (issue 16: unit cards belong to units/).

The quick reference's cards print special rules of their own (index.unitcards makes each one a
passage, "UNIT CARDS › Prometheus › Generator Ship"). Such a rule is the rule of the units on its
card, so it answers a question that names one of those units ("the Borodino's Hammer Sweep") or
the card rule's whole name ("Generator Ship range: v3 card vs 4e?"). A question naming neither is
not about the card: one word of a card rule's name ("ship" of Generator Ship, "Enlightened" of
Enlightened Science) put the card first for the coherency distance of multi-ship units and for
healing Enlightened ships mid-game.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from index.text import stems
from index.unitcards import CARDS_HEADING


@dataclass(frozen=True)
class CardRule:
    """A card rule's names: the stems of its units' names, and of its own name."""

    units: frozenset[str]
    name: frozenset[str]


def card_rule(section: str) -> CardRule | None:
    """"UNIT CARDS › Prometheus, Lovelace › Generator Ship" -> its names; None for any other section."""
    parts = section.split(" › ")
    if len(parts) != 3 or parts[0] != CARDS_HEADING:
        return None
    return CardRule(frozenset(stems(parts[1])), frozenset(stems(parts[2])))


def card_rules(sections: Mapping[str, str]) -> dict[str, CardRule]:
    """Rule key -> its card names, for the rules (`sections`: key -> section) that are card rules."""
    return {key: card for key, section in sections.items() if (card := card_rule(section)) is not None}


def names_card(words: Collection[str], card: CardRule) -> bool:
    """Whether a question's stems (with their spellings) name the card's unit or its rule's whole name."""
    return not card.units.isdisjoint(words) or (bool(card.name) and card.name <= set(words))
