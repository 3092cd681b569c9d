"""Disorder: the one track every action that adds a level uses (`gain`), and GL Disorder on the attacker's
own Action Roll (Panicking, level 2; Mutinous, level 3).

The track has three levels in every ruleset. dw3 (QR "DISORDER CONDITIONS"): "Models already at level 3 do not
get a choice and automatically receive 1 damage" (3.03 УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ: "Получить одно повреждение и
сохранить текущий уровень Деорганизации"); below level 3 the owner may also choose that damage, the referee
takes the level. dw4 (GL Disorder): a model never has more than 3 levels; a further level Spreads to the
closest friendly model within 4".

GL Disorder › Effects of Disorder: "If an Action Roll is made for a model with 2 levels of Disorder,
any Heavy Strikes in the roll are Converted to Standard Strikes after Re-rolls have been resolved."
Level 3: "any Heavy and Exploding Strikes in the roll are Converted to Standard Strikes after
Re-rolls have been resolved." "If an Action Roll is made for more than one model at a time ..., the
highest level of Disorder among the models is used."

A converted face scores as a Standard Strike (1) and an Exploding Strike converted at level 3 adds
no die. The conversion is a change of face values, so it is a `FaceRules` transform that odds mode
(dice.hits_distribution) and rolled mode (dice.score) share. Re-rolls are unaffected: they are
resolved first, on the faces as rolled.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.params import Kind, ParamSpec
from referee.citations import Citation
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import Face
from referee.report import Report

CITATION = Citation("dw4-glossary", "Disorder › Effects of Disorder")
MAX_LEVEL = 3


@dataclass(frozen=True)
class DisorderGain:
    """A model's Disorder after gaining levels: the new level, the damage taken instead (dw3, at level 3)
    and the levels that Spread to another model (dw4, beyond level 3)."""

    level: int
    damage: int
    spread: int


def gain(before: int, levels: int, family: str) -> DisorderGain:
    """`levels` more Disorder on a model at `before`, by the track of `family` ("dw3" or "dw4"): the track
    fills up to level 3, and what is left over Spreads (dw4) or is damage (dw3)."""
    level = min(before, MAX_LEVEL)
    taken = max(0, min(levels, MAX_LEVEL - level))
    beyond = max(0, levels - taken)
    return DisorderGain(level + taken, 0 if family == "dw4" else beyond, beyond if family == "dw4" else 0)
# The attack's and boarding's extra input (the lead adds `*disorder.PARAMS` to ATTACK and ASSAULT).
PARAMS = [ParamSpec("attacker_disorder", Kind.INT, "dw4: highest Disorder level among the models making the "
                    "Action Roll (2: Heavy Strikes count as Standard; 3: Heavy and Exploding too)", 0, 3)]
READING = ("Disorder on the attacker's Action Roll converts the Strikes on every die of the roll, the extra "
           "dice from Exploding Strikes included ('any Heavy Strikes in the roll'); at level 3 an Exploding "
           "Strike becomes a Standard Strike before it can add a die")
READING_RU = ("Дезорганизация атакующего меняет удары на всех кубах Броска действия, включая добавленные "
              "Взрывными ударами («any Heavy Strikes in the roll»); на уровне 3 Взрывной удар становится Обычным "
              "раньше, чем добавит куб")
WHO_RU = {"attacking model": "атакующая модель", "boarding models": "модели абордажа",
          "ramming model": "таранящая модель", "contributing models": "участвующие модели"}


def level_for(levels: Iterable[int]) -> int:
    """The highest Disorder among the participating models (0 when none is given)."""
    values = list(levels)
    for v in values:
        if not 0 <= v <= 3:
            raise InputError(f"attacker_disorder: Disorder levels are 0-3, not {v}", "attacker_disorder",
                             ru=f"attacker_disorder: уровни Дезорганизации 0-3, не {v}")
    return max(values, default=0)


def action_rules(rules: FaceRules, level: int) -> FaceRules:
    """`rules` with the Disorder conversions of `level` applied (0 and 1 change nothing): the one helper
    the Attack, Boarding, Ram and Broadside rolls share, so every die of the roll (the Exploding Strikes'
    extra dice included) is converted the same way in all of them."""
    if not 0 <= level <= 3:
        raise InputError(f"attacker_disorder: Disorder levels are 0-3, not {level}", "attacker_disorder",
                         ru=f"attacker_disorder: уровни Дезорганизации 0-3, не {level}")
    if level < 2:
        return rules
    converted = (Face.HEAVY,) if level == 2 else (Face.HEAVY, Face.EXPLODING)

    def convert(values: dict[Face, int]) -> dict[Face, int]:
        out = dict(values)
        for f in converted:
            out[f] = 1
        return out

    initial = convert(dict(rules.initial))
    chain = convert(dict(rules.chain))
    explodes = rules.initial_explodes and level < 3
    chain_explodes = rules.chain_explodes and level < 3
    return FaceRules(initial, chain, explodes, chain_explodes)


def apply(rules: FaceRules, level: int, report: Report, who: str = "attacking model",
          key: str = "attacker_disorder") -> FaceRules:
    """`action_rules` plus the step and assumption in the answer (dw4 only; call it for dw4 rulesets)."""
    if level:
        report.understood(**{key: level})
    if level < 2:
        return rules
    name = "Panicking" if level == 2 else "Mutinous"
    what = "Heavy Strikes" if level == 2 else "Heavy and Exploding Strikes"
    what_ru = "Тяжёлые удары" if level == 2 else "Тяжёлые и Взрывные удары"
    report.citations.append(CITATION)
    report.step("attacker disorder", f"{who} at Disorder level {level} ({name}): {what} count as Standard "
                "Strikes (1 Hit" + (", no extra die" if level == 3 else "") + ")", CITATION,
                ru=f"{WHO_RU.get(who, who)}: Дезорганизация уровня {level} ({name}): {what_ru} считаются Обычными "
                "(1 Попадание" + (", без добавочного куба" if level == 3 else "") + ")", disorder=level)
    report.assume(READING, READING_RU)
    return action_rules(rules, level)
