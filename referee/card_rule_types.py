"""What a unit card's special rule is to the referee: the context its effect reads, the effect it has and the
declared rule itself, plus the keys printed rule names reduce to. Shared by the per-family tables
(card_rules_dw3, card_rules_dw4) and their reader (card_rules)."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Context:
    """What a card rule's effect may depend on: the action, the values so far and the two cards."""

    action: str
    family: str
    params: Mapping[str, Any]
    x: int | None  # the rule's "(X)"
    models: int  # attacking models (the unit's contributing models)
    target_rules: frozenset[str]  # rule keys on the target's card
    target_airborne: bool
    arg: str = ""  # the rule's bracketed words: "Aerial, Gunnery" of "Focused Fire (Aerial, Gunnery)"
    text: str = ""  # the rule's text as printed on this card
    target_stats: Mapping[str, Any] = field(default_factory=dict)  # the target card's stats by state


@dataclass(frozen=True)
class Effect:
    """Referee values a rule sets (⟨card_dice⟩ adds) and how the answer states it."""

    values: dict[str, Any]
    en: str
    ru: str


@dataclass(frozen=True)
class Skip:
    """Why a rule has no effect this time, in both languages."""

    en: str
    ru: str


@dataclass(frozen=True)
class CardRule:
    """One rule as the referee reads it. `text_has`: the reading applies to cards whose rule text matches
    (the quick reference and the 3.0x rulebook print different Ablative Armour rules under one name)."""

    name: str
    family: str
    side: str  # "attacker" (the acting unit's card) or "target"
    actions: tuple[str, ...]
    quote: str
    source: str
    effect: Callable[[Context], Effect | Skip]  # an Effect, or why it does not apply this time
    text_has: str = ""

    @property
    def key(self) -> str:
        return rule_key(self.name)


def rule_key(name: str) -> str:
    """Case- and punctuation-blind key of a rule name."""
    return " ".join(re.sub(r"[^\w]+", " ", name.replace("’", "'").casefold()).split())


_VALUE = re.compile(r"\(\s*(\d+)\s*[\"”″]?\s*\)\s*$")
_BRACKET = re.compile(r"\s*\([^)]*\)\s*$")


def rule_base(name: str) -> tuple[str, int | None]:
    """'Heavy Prow (3)' -> ('heavy prow', 3); 'Focused Fire (Aerial)' -> ('focused fire', None)."""
    value = _VALUE.search(name)
    base = _BRACKET.sub("", name.replace("[", "(").replace("]", ")")).strip()
    base = _BRACKET.sub("", base).strip()  # 'Focused Fire (Gunnery) [3.07a]'
    base = re.sub(r"\s+\d+$", "", base)  # 'Special SRS Capacity 3'
    return rule_key(base), int(value.group(1)) if value else None


def rule_arg(name: str) -> str:
    """'Focused Fire (Aerial, Gunnery) [3.08]' -> 'Aerial, Gunnery'; '' when the bracket holds a number or the
    placeholder '(x)'."""
    found = re.search(r"\(([^)]*)\)", name)
    words = found.group(1).strip() if found else ""
    return "" if not words or words.isdigit() or words.casefold() == "x" else words


def qualities(ctx: Context) -> set[str]:
    """The attack's quality names so far (values dropped: 'piercing:2' -> 'piercing')."""
    return {str(q).split(":")[0].lower() for q in ctx.params.get("quality") or []}
