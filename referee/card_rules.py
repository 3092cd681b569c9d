"""Unit cards' special rules that change an attack, assault, ram or collision: one declared table per ruleset
family, each entry quoting the rule sentence it implements.

A named unit's card lists rules by name ("Ablative Armour", "Heavy Prow (3)"); `rule_base` reduces a printed
name to the table's key. `card_effects` turns the rules on the two cards into referee values (⟨card_dice⟩,
⟨shield⟩, ⟨target_ablative⟩, ⟨heavy_prow⟩, …) plus one line per rule saying what it did, or that it was not
applied and why. Every rule name found in the shared unit data and the rules glossaries is either here
(`APPLIED`), named as able to change a result but not modelled (`card_rules_scope.NOT_MODELLED`), or known not
to touch these actions (`card_rules_scope.NO_EFFECT`); a test walks them all.

Pure: no I/O; the unit data is looked up by `units/` and passed in.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.card_rules_scope import NOT_MODELLED


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
class CardRule:
    """One rule as the referee reads it. `text_has`: the reading applies to cards whose rule text matches
    (the quick reference and the 3.0x rulebook print different Ablative Armour rules under one name)."""

    name: str
    family: str
    side: str  # "attacker" (the acting unit's card) or "target"
    actions: tuple[str, ...]
    quote: str
    source: str
    effect: Callable[[Context], Effect | str]  # an Effect, or why it does not apply this time
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


def _qualities(ctx: Context) -> set[str]:
    return {str(q).split(":")[0].lower() for q in ctx.params.get("quality") or []}


def _ablative_qrs(ctx: Context) -> Effect | str:
    if "aerial" in _qualities(ctx):
        return "the attack has the Aerial quality, which ignores it"
    return Effect({"card_dice": -1}, "-1 die", "-1 куб")


def _shield_two(ctx: Context) -> Effect | str:
    return Effect({"shield": True, "shield_dice": 2}, "Shield Generator, -2 dice", "щитовой генератор, -2 куба")


def _shield_mass(ctx: Context) -> Effect | str:
    mass = ctx.params.get("mass")
    if mass is None:
        return "the target's Mass is not known"
    removed = min(int(mass), 3)
    return Effect({"shield": True, "shield_dice": removed}, f"Shield Generator, -{removed} dice (Mass, max 3)",
                  f"щитовой генератор, -{removed} куба (Масса, не больше 3)")


def _pack_hunter(ctx: Context) -> Effect | str:
    if ctx.models < 3:
        return f"only {ctx.models} model{'s' if ctx.models != 1 else ''} contribute (it needs 3)"
    return Effect({"card_dice": 2}, "+2 dice (3 or more models contribute)", "+2 куба (3 и более моделей)")


def _cloud_hunting(ctx: Context) -> Effect | str:
    if ctx.params.get("target_type") != "aerial":
        return "the target is not Aerial"
    return Effect({"card_dice": 2}, "+2 dice (Aerial target)", "+2 куба (воздушная цель)")


def _focused_fire(ctx: Context) -> Effect | str:
    wanted = {w.strip().casefold() for w in re.split(r",|/|\bor\b", ctx.arg) if w.strip()}
    if not wanted:
        return "its qualities (x) are not printed on this card"
    if not wanted & _qualities(ctx):
        return f"the attack has none of its qualities ({ctx.arg})"
    return Effect({"card_dice": 2, "reroll_blanks": True},
                  "+2 dice and Blank results may be re-rolled (the Activation's one Focused Fire attack: assumed to "
                  "be this one; ⟨card_rules_off⟩ if not)",
                  "+2 куба и переброс Пустых граней (единственная атака Активации с Focused Fire: считается, что "
                  "это она; ⟨card_rules_off⟩, если нет)")


def _hammer_sweep(ctx: Context) -> Effect | str:
    return Effect({"bonus": int(ctx.params.get("bonus") or 0) + 2},
                  "+2 ram dice (assumed: no turns during this movement; ⟨card_rules_off⟩ if it turned)",
                  "+2 куба тарана (считается, что без поворотов в этом движении; ⟨card_rules_off⟩, если поворачивал)")


def _mechanical_soul(ctx: Context) -> Effect | str:
    support = int(ctx.params.get("support") or 0)
    if not support:
        return "no other model supports this assault"
    models = "model adds" if support == 1 else "models add"
    return Effect({"card_dice": -support}, f"-{support}: its {support} supporting {models} +1 die each, not +2",
                  f"-{support}: поддерживающие модели ({support}) добавляют по +1 кубу, а не по +2")


def _sky_commandos_boarder(ctx: Context) -> Effect | str:
    if not ctx.x:
        return "its (X) is not printed"
    if not ctx.target_airborne:
        return "the target is not Airborne (Boarding Parties board Surface models)"
    return Effect({"boarding": [ctx.x] * ctx.models}, f"{ctx.x} dice per model (an Airborne target)",
                  f"{ctx.x} кубов на модель (воздушная цель)")


def _sky_commandos_boarded(ctx: Context) -> Effect | str:
    if not ctx.x:
        return "its (X) is not printed"
    if ctx.params.get("target_boarding"):
        return "its Boarding Parties (X) already add its Resistance dice (the model's crew counted once)"
    return Effect({"target_boarding": ctx.x}, f"+{ctx.x} Resistance dice", f"+{ctx.x} кубов Сопротивления")


def _luminiferous_unusable(ctx: Context) -> str:
    """Why the rulebook's Luminiferous Defences cannot be used ("" when it can): "Submerged Models, Crippled
    Models or Models with Shredded Defences cannot use Luminiferous Defences." """
    markers = {str(m).lower() for m in ctx.params.get("markers") or []}
    if ctx.params.get("target_type") == "submerged":
        return "the target is Submerged"
    if ctx.params.get("crippled"):
        return "the target is Crippled"
    if "shredded-defences" in markers:
        return "the target has Shredded Defences"
    return ""


def _luminiferous(ctx: Context) -> Effect | str:
    why = _luminiferous_unusable(ctx)
    if why:
        return why
    values: dict[str, Any] = {"heavy_as_hit": True}
    en, ru = "Heavy Hits count as 1 Hit (if not Obscured)", "Тяжёлые попадания — 1 Попадание (если не Скрыта)"
    adv = (ctx.target_stats.get("crippled") or {}).get("adv")
    if {"gunnery", "broadside"} & _qualities(ctx) and "defence" not in ctx.params and adv is not None:
        dice = min(int(adv), 6)
        values.update({"defence": dice, "defence_any": True})
        en += f"; defends with its Crippled ADV: {dice} dice (6 at most)"
        ru += f"; защищается Защитой ADV поврежденной стороны: {dice} куб. (не больше 6)"
    return Effect(values, en, ru)


def _luminiferous_qrs(ctx: Context) -> Effect | str:
    printed = re.search(r"ADV\s*\((\d+)\)", ctx.text)
    if not printed:
        return "its ADV is not printed"
    if "gunnery" not in _qualities(ctx):
        return "the attack has no Gunnery quality"
    if "defence" in ctx.params:
        return "the target already rolls its defence against this attack"
    dice = int(printed.group(1))
    return Effect({"defence": dice, "defence_any": True}, f"defends with its Crippled ADV: {dice} dice",
                  f"защищается Защитой ADV поврежденной стороны: {dice} куб.")


def _give_em_hell(ctx: Context) -> Effect | str:
    return Effect({"draw_is_havoc": True}, "a Draw is a Havoc result", "Ничья считается Опустошением")


def _give_em_hell_attack(ctx: Context) -> Effect | str:
    return ("only when the Unit declared 'Give Em Hell' this Activation: its Broadside, Gunnery and Fusillade "
            "weapons then gain Devastating (add the devastating quality)")


def _air_razor(ctx: Context) -> Effect | str:
    q = [str(x) for x in ctx.params.get("quality") or []]
    if "broadside" not in _qualities(ctx):
        return "the attack has no Broadside quality"
    if ctx.params.get("target_type") != "aerial":
        return "the target is not Aerial"
    if "sustained" in _qualities(ctx):
        return "the attack is Sustained already"
    return Effect({"quality": [*q, "sustained"]}, "gains Sustained (an Aerial target)",
                  "получает Непрерывный огонь (воздушная цель)")


def _crew_unmodified(ctx: Context) -> Effect | str:
    return Effect({"crew_unmodified": True}, "its Disorder does not lower its Crew for the Crew Check",
                  "Дезорганизация не снижает его Экипаж для Проверки экипажа")


def _daredevil(ctx: Context) -> Effect | str:
    return Effect({"crew_check": "pass", "rammer_no_disorder": True},
                  "passes its Crew Check and gains no Disorder from the Ram",
                  "проходит Проверку экипажа и не получает Дезорганизации от Тарана")


def _very_large_rammer(ctx: Context) -> Effect | str:
    return Effect({"rammer_no_disorder": True}, "gains no Disorder from the Ram",
                  "не получает Дезорганизации от Тарана")


def _very_large_target(ctx: Context) -> Effect | str:
    return Effect({"target_no_disorder": True}, "gains no Disorder from the Ram",
                  "не получает Дезорганизации от Тарана")


def _ablative_x(ctx: Context) -> Effect | str:
    if not ctx.x:
        return "its (X) is not printed"
    return Effect({"target_ablative": ctx.x}, f"Ablative Armour ({ctx.x})", f"Абляционная броня ({ctx.x})")


def _heavy_shield(ctx: Context) -> Effect | str:
    return Effect({"shield": True}, "+1 Armour", "+1 к Броне")


def _aerial_shield_enhancer(ctx: Context) -> Effect | str:
    if "heavy shield generator" not in ctx.target_rules:
        return "the target has no Heavy Shield Generator"
    if not ctx.target_airborne:
        return "the target is not Airborne"
    if "submerged" in _qualities(ctx):
        return "a Heavy Shield Generator has no effect against Submerged Weapons"
    armour = ctx.params.get("armour")
    if armour is None:
        return "the target's Armour is not known"
    return Effect({"armour": int(armour) + 1}, "+2 Armour from the Heavy Shield Generator instead of +1",
                  "+2 к Броне от тяжелого щитового генератора вместо +1")


def _heavy_prow_rammer(ctx: Context) -> Effect | str:
    if not ctx.x:
        return "its (X) is not printed"
    return Effect({"heavy_prow": ctx.x}, f"+{ctx.x} Bonus Dice", f"+{ctx.x} бонусных куба")


def _heavy_prow_target(ctx: Context) -> Effect | str:
    if not ctx.x:
        return "its (X) is not printed"
    return Effect({"target_heavy_prow": ctx.x}, f"its damage reduced by {ctx.x} (contact in its Fore arc assumed)",
                  f"его урон меньше на {ctx.x} (касание в носовой сектор предполагается)")


QRS = "dw3 quick reference unit card"
BSDATA = "BattleScribe dw3 data (BSData dystopianwars), rule text"
GLOSSARY = "Dystopian Wars 4th edition Rules Glossary"

APPLIED: tuple[CardRule, ...] = (
    CardRule("Ablative Armour", "dw3", "target", ("attack",),
             "Remove 1 action die from the attack dice pool each time an attack is made against this unit. "
             "Attacks with the aerial quality ignore this rule.", f"{QRS} › Ablative Armour", _ablative_qrs,
             text_has=r"remove 1 action die"),
    CardRule("Internal Shield Generator", "dw3", "target", ("attack",),
             "Remove 2 action dice from the dice pool of each attack against this model. This generator cannot be "
             "used against attacks with the submerged, arc or bomb qualities.",
             f"{QRS} › Internal Shield Generator", _shield_two),
    CardRule("Shield generator", "dw3", "target", ("attack",),
             "A Model with this Generator may use it to remove Action Dice equal to the Mass Attribute of this Unit "
             "from any Attack against it (to a Maximum of 3 dice).", f"{BSDATA} › Shield generator", _shield_mass,
             text_has=r"equal to the mass"),
    CardRule("Point Defence Shield generator", "dw3", "target", ("attack",),
             "The Point Defence Shield Generator appears and operates exactly like a Shield Generator except that "
             "it can be used when this Model is Obscured.", f"{BSDATA} › Point Defence Shield generator",
             _shield_mass),
    CardRule("Pack Hunter", "dw3", "attacker", ("attack", "assault"),
             "Gain an additional +2 to attack and assault action dice pools if at least 3 models in the unit "
             "contribute to the dice pool.", f"{QRS} › Pack Hunter", _pack_hunter),
    CardRule("Cloud Hunting", "dw3", "attacker", ("attack",),
             "+2 to attack dice pools when shooting at aerial units.", f"{QRS} › Cloud Hunting", _cloud_hunting),
    CardRule("Focused Fire", "dw3", "attacker", ("attack",),
             "A single Attack each Activation with at least one of the indicated Qualities, led by a Model with this "
             "rule, receives +2 Action Dice and may re-roll Blank results", f"{BSDATA} › Focused Fire (x) [3.08]",
             _focused_fire),
    CardRule("Hammer Sweep", "dw3", "attacker", ("ram",),
             "During its Activation, Models in this Unit with this rule may increase their Speed by 1\" and gain +2 "
             "to their Ramming Dice Pool if they make no turns during this Movement.",
             f"{BSDATA} › Hammer Sweep [3.08]", _hammer_sweep),
    CardRule("Mechanical Soul", "dw3", "attacker", ("assault",),
             "This Unit ignores the effects of the Emergency Condition, but counts has having the Disorder Level. "
             "Models in the Unit can only support Assaults with +1 AD to Fray.",
             f"{BSDATA} › Mechanical Soul [3.07a]", _mechanical_soul),
    CardRule("Luminiferous Defences", "dw3", "target", ("attack",),
             "Any Attack against a non-Obscured Model with this rule counts Heavy Hit results as Hit Results instead "
             "in the Attack Action Dice Pool. Furthermore, any Unit with rule may use Defences against Attacks with "
             "the Gunnery or Broadside Qualities using their Crippled ADV as the Defence Attribute. No Unit may have "
             "a Defence Dice Pool greater than 6 against Gunnery or Broadside Attacks. Submerged Models, Crippled "
             "Models or Models with Shredded Defences cannot use Luminiferous Defences.",
             f"{BSDATA} › Luminiferous Defences", _luminiferous, text_has=r"heavy hit results as hit"),
    CardRule("Luminiferous Defences", "dw3", "target", ("attack",),
             "May use crippled ADV (5) against any weapon with the Gunnery quality.",
             f"{QRS} › Luminiferous Defences", _luminiferous_qrs, text_has=r"crippled ADV"),
    CardRule("Give Em Hell", "dw3", "attacker", ("assault",),
             "When this Unit makes an Assault, if the result is a Draw, it is instead considered a Havoc result.",
             f"{BSDATA} › Give Em Hell", _give_em_hell),
    CardRule("Give Em Hell", "dw3", "attacker", ("attack",),
             "Furthermore, this Unit may make a Special Operations Action that it will ‘Give Em Hell’. All weapons "
             "with the Broadside, Gunnery or Fusillade special rule in the Unit gain the Devastating Quality for the "
             "duration of its Activation", f"{BSDATA} › Give Em Hell", _give_em_hell_attack),
    CardRule("Air-Razor Munitions", "dw3", "attacker", ("attack",),
             "When making Attacks with the Broadside Quality against Aerial Units, this Unit gains the Sustained "
             "(Aerial Units) Quality.", f"{BSDATA} › Air-Razor Munitions", _air_razor),
    CardRule("Sky Commandos", "dw4", "attacker", ("assault",),
             "This model’s unit can make Boarding actions that target Airborne models. When this model Participates "
             "in a Boarding action, it contributes X dice to the Action Roll.", f"{GLOSSARY} › Sky Commandos",
             _sky_commandos_boarder),
    CardRule("Sky Commandos", "dw4", "target", ("assault",),
             "If this model is targeted by a Boarding action, it adds X dice to its Resistance Roll.",
             f"{GLOSSARY} › Sky Commandos", _sky_commandos_boarded),
    CardRule("Mechanical Soul", "dw4", "attacker", ("ram",),
             "This model’s Crew rating cannot be Modified", f"{GLOSSARY} › Mechanical Soul", _crew_unmodified),
    CardRule("Daredevil Crew", "dw4", "attacker", ("ram",),
             "This model automatically passes its Crew Check when Resolving a Ram and does not gain Disorder in the "
             "Inflict Disorder step.", f"{GLOSSARY} › Daredevil Crew", _daredevil),
    CardRule("Very Large", "dw4", "attacker", ("ram",),
             "A model with this Property suffers no Disorder from Collisions or Ramming actions",
             f"{GLOSSARY} › Very Large", _very_large_rammer),
    CardRule("Very Large", "dw4", "target", ("ram",),
             "A model with this Property suffers no Disorder from Collisions or Ramming actions",
             f"{GLOSSARY} › Very Large", _very_large_target),
    CardRule("Ablative Armour", "dw4", "target", ("attack",),
             "When this model the Initial Target of an Attack action, Convert X Exploding Strikes in the Action "
             "Roll to Heavy Strikes at the start of the Resolve Exploding Strikes step.",
             f"{GLOSSARY} › Ablative Armour", _ablative_x),
    CardRule("Heavy Shield Generator", "dw4", "target", ("attack",),
             "Each model in this unit gains a +1 Modifier to its Armour rating when it is the Initial Target of an "
             "Attack action.", f"{GLOSSARY} › Heavy Shield Generator", _heavy_shield),
    CardRule("Aerial Shield Enhancer", "dw4", "target", ("attack",),
             "If an Airborne model within X” of at least one friendly model with this System benefits from a Heavy "
             "Shield Generator, its Armour rating receives a +2 Modifier instead of +1.",
             f"{GLOSSARY} › Aerial Shield Enhancer", _aerial_shield_enhancer),
    CardRule("Heavy Prow", "dw4", "attacker", ("ram",),
             "When building the Action Pool for a Ram performed by this model, add X Bonus Dice.",
             f"{GLOSSARY} › Heavy Prow", _heavy_prow_rammer),
    CardRule("Heavy Prow", "dw4", "target", ("ram",),
             "… or is itself the Target of a Ram and the point of contact is in this model’s Fore Arc, the amount "
             "of Damage it suffers is reduced by X", f"{GLOSSARY} › Heavy Prow", _heavy_prow_target),
)

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
            if isinstance(outcome, str):
                lines.append(CardRuleLine(card.unit, printed, card.side, False,
                                          _say(lang, f"no effect here: {outcome}", f"не действует: {outcome}"),
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
