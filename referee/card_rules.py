"""Unit cards' special rules that change an attack, assault, ram or collision: one declared table per ruleset
family, each entry quoting the rule sentence it implements.

A named unit's card lists rules by name ("Ablative Armour", "Heavy Prow (3)"); `rule_base` reduces a printed
name to the table's key. `card_effects` turns the rules on the two cards into referee values (⟨card_dice⟩,
⟨shield⟩, ⟨target_ablative⟩, ⟨heavy_prow⟩, …) plus one line per rule saying what it did, or that it was not
applied and why. The tables are card_rules_dw3.TABLE and card_rules_dw4.TABLE (the types in
card_rule_types). Every rule name found in the shared unit data and the rules glossaries is either applied
(`APPLIED`), named as able to change a result but not modelled (`card_rules_scope.NOT_MODELLED`), or known
not to touch these actions (`card_rules_scope.NO_EFFECT`); a test walks them all.

Pure: no I/O; the unit data is looked up by `units/` and passed in.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee import card_rules_dw3, card_rules_dw4
from referee.card_rule_types import CardRule, Context, Effect, Skip, rule_arg, rule_base, rule_key
from referee.card_rules_scope import NOT_MODELLED

__all__ = ["APPLIED", "Card", "CardRule", "CardRuleLine", "Context", "Effect", "Skip", "applied_names",
           "card_effects", "rule_arg", "rule_base", "rule_key"]

APPLIED: tuple[CardRule, ...] = card_rules_dw3.TABLE + card_rules_dw4.TABLE
_APPLIED_KEYS = {(r.family, r.key) for r in APPLIED}


def applied_names(family: str) -> frozenset[str]:
    """The rule keys of one family the referee applies."""
    return frozenset(key for fam, key in _APPLIED_KEYS if fam == family)


@dataclass(frozen=True)
class CardRuleLine:
    """One rule on a named unit's card, as the answer lists it."""

    unit: str
    rule: str
    side: str
    applied: bool
    effect: str
    source: str
    values: Mapping[str, Any] = field(default_factory=dict)  # what an applied rule set

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "rule": self.rule, "side": self.side, "applied": self.applied,
                "effect": self.effect, "source": self.source, "values": dict(self.values)}


@dataclass
class Card:
    """A named unit's card as the table needs it: its name, its rules (printed name, text), its traits and
    stats ({"battle_ready": {...}, "crippled": {...}}, when known)."""

    unit: str
    side: str
    rules: Sequence[tuple[str, str]]
    airborne: bool = False
    stats: Mapping[str, Any] = field(default_factory=dict)


def card_effects(action: str, family: str, params: Mapping[str, Any], cards: Sequence[Card], models: int,
                 off: Sequence[str] = (), lang: str = "en") -> tuple[dict[str, Any], list[CardRuleLine]]:
    """(referee values to merge, one line per rule that can change this action). `off`: rule names the
    player switched off (⟨card_rules_off⟩); explicit referee values are the caller's to keep."""
    values: dict[str, Any] = {}
    lines: list[CardRuleLine] = []
    off_keys = {rule_base(name)[0] for name in off}
    target = next((c for c in cards if c.side == "target"), None)
    target_rules = frozenset(rule_base(n)[0] for n, _ in target.rules) if target else frozenset()
    for card in cards:
        for printed, text in card.rules:
            key, x = rule_base(printed)
            rule = _find(family, key, card.side, action, text)
            if rule is None:
                reason = _not_modelled(family, key, action, card.side, lang)
                if reason:
                    lines.append(CardRuleLine(card.unit, printed, card.side, False, reason, "unit card"))
                continue
            if key in off_keys:
                lines.append(CardRuleLine(card.unit, printed, card.side, False,
                                          _say(lang, "switched off (⟨card_rules_off⟩)",
                                               "выключено (⟨card_rules_off⟩)"), rule.source))
                continue
            ctx = Context(action, family, {**params, **values}, x, models, target_rules,
                          bool(target and target.airborne), rule_arg(printed), text or "",
                          target.stats if target else {})
            outcome = rule.effect(ctx)
            if isinstance(outcome, Skip):
                lines.append(CardRuleLine(card.unit, printed, card.side, False,
                                          _say(lang, f"no effect here: {outcome.en}", f"не действует: {outcome.ru}"),
                                          rule.source))
                continue
            for name, value in outcome.values.items():
                values[name] = values.get(name, 0) + value if name == "card_dice" else value
            lines.append(CardRuleLine(card.unit, printed, card.side, True, _say(lang, outcome.en, outcome.ru),
                                      rule.source, outcome.values))
    return values, lines


def _say(lang: str, en: str, ru: str) -> str:
    return ru if lang == "ru" else en


def _find(family: str, key: str, side: str, action: str, text: str) -> CardRule | None:
    for rule in APPLIED:
        if rule.family == family and rule.key == key and rule.side == side and action in rule.actions \
                and (not rule.text_has or re.search(rule.text_has, text or "", re.IGNORECASE)):
            return rule
    return None


def _not_modelled(family: str, key: str, action: str, side: str, lang: str = "en") -> str:
    """Why a rule that can change this action's result is not applied ("" when it cannot)."""
    if any(r.family == family and r.key == key and r.side == side and action in r.actions for r in APPLIED):
        return _say(lang, "not applied: this card prints another reading of the rule, which the referee does not "
                          "model", "не применено: на этой карточке другая редакция правила, судья её не моделирует")
    if action in NOT_MODELLED.get(family, {}).get(key, ()):
        return _say(lang, "not applied: it can change this result but the referee does not model it; check its text",
                    "не применено: правило может изменить этот результат, но судья его не моделирует; сверьтесь "
                    "с его текстом")
    return ""
