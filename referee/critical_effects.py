"""dw4 Critical Damage qualities (GL Breach, Hazard, Navigation Lock, Shredded Defences,
Structural Failure, System Failure, Precise): the odds of each effect from an attack's damage.

Every one of these qualities reads (GL): "If the Initial Target of this Attack action suffers at
least 1 Damage, the active Admiral rolls X Critical Damage Dice for each Contributing weapon with
this Quality. If one or more dice show a <name> result, the Initial Target suffers one Critical
Damage Effect of that type." and "If multiple different Critical Damage Qualities apply to an
Attack, the Admiral makes a separate roll for each one." Precise: the Admiral declares an Effect,
then rolls X dice per weapon; "If at least one die matches the declared Effect, a single instance
of that Effect is immediately applied".

So, given P(Damage >= 1) from the attack and N dice for a quality, the effect happens with
P(Damage >= 1) * (1 - (5/6)**N), and the qualities are independent given the Damage. The glossary
names the six effects but does not print the die: a six-faced die with one face per effect is a
reconstruction, stated as an assumption in every answer.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.params import Kind, ParamSpec
from referee.citations import Citation
from referee.errors import InputError
from referee.report import Report

EFFECTS: dict[str, str] = {
    "breach": "Breach",
    "hazard": "Hazard",
    "navigation-lock": "Navigation Lock",
    "shredded-defences": "Shredded Defences",
    "structural-failure": "Structural Failure",
    "system-failure": "System Failure",
}
ALIASES = {"hazardous": "hazard", "structural": "structural-failure", "system": "system-failure",
           "shredded": "shredded-defences", "navigation": "navigation-lock", "nav-lock": "navigation-lock",
           "shredded-defenses": "shredded-defences"}
FACES_ON_DIE = len(EFFECTS)
# The attack's extra input (the lead adds `*critical_effects.PARAMS` to referee.params.ATTACK).
PARAMS = [ParamSpec("precise_effect", Kind.CHOICE, "dw4 Precise: the Critical Damage Effect declared",
                    choices=tuple(EFFECTS))]
ASSUMPTION = ("dw4 Critical Damage Die reconstructed as six equally likely faces, one per effect (Breach, "
              "Hazard, Navigation Lock, Shredded Defences, Structural Failure, System Failure): the glossary "
              "names the effects but does not print the die")
ASSUMPTION_RU = ("Куб Критических повреждений dw4 реконструирован как шесть равновероятных граней, по одной на "
                 "эффект (Breach, Hazard, Navigation Lock, Shredded Defences, Structural Failure, System Failure): "
                 "глоссарий называет эффекты, но не описывает куб")
PRECISE_READING = ("Precise is rolled separately from any Critical Damage quality of the same type, so the declared "
                   "Effect can be suffered twice")
PRECISE_READING_RU = ("Precise бросается отдельно от Качества Критических повреждений того же типа, поэтому "
                      "объявленный эффект может случиться дважды")
CITATIONS = {key: Citation("dw4-glossary", name) for key, name in EFFECTS.items()}
PRECISE_CITATION = Citation("dw4-glossary", "Precise")


def effect_key(name: str) -> str:
    """'System Failure', 'system_failure', 'hazardous' -> the effect key, or a clear error."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in EFFECTS:
        raise InputError(f"quality: {name[:30]!r} is not a Critical Damage Effect "
                         f"(choose {', '.join(EFFECTS)})", "quality",
                         ru=f"quality: {name[:30]!r} — не Эффект Критического повреждения (выберите "
                            f"{', '.join(EFFECTS)})")
    return key


def from_qualities(qualities: Mapping[str, int]) -> tuple[dict[str, int], int]:
    """Pick the Critical Damage qualities (summed X over contributing weapons) and Precise's X out
    of an attack's parsed qualities {id: X}."""
    dice: dict[str, int] = {}
    precise = 0
    for name, x in qualities.items():
        if name == "precise":
            precise += x
            continue
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        key = ALIASES.get(key, key)
        if key in EFFECTS:
            dice[key] = dice.get(key, 0) + x
    return dice, precise


def _p_damage_at_least_one(damage: Mapping[Any, float]) -> float:
    total = 0.0
    for k, v in damage.items():
        if int(k) >= 1:
            total += v
    return min(1.0, total)


def p_effect(p_hit: float, dice: int) -> float:
    """P(the effect happens) with `dice` Critical Damage Dice rolled when the target took Damage."""
    return p_hit * (1 - (1 - 1 / FACES_ON_DIE) ** dice) if dice > 0 else 0.0


def critical_effects(damage: Mapping[Any, float], dice: Mapping[str, int], precise_dice: int = 0,
                     precise_effect: str | None = None) -> dict[str, Any]:
    """The odds of each Critical Damage quality's effect.

    `damage`: the attack's distribution of Damage to the Initial Target ({damage: probability}, keys
    int or str, e.g. the attack's `p_damage`). `dice`: {effect key: total X over the contributing
    weapons}. `precise_dice`: total X of Precise; `precise_effect`: the Effect declared for it
    (default: reported per declared effect, which has the same odds).
    Returns {"p_target_damaged", "effects": {key: {"name", "dice", "p"}}, "precise": {...} | None,
    "p_any_effect", "expected_effects", "assumptions", "citations"}.
    """
    for key, n in dice.items():
        if key not in EFFECTS:
            raise InputError(f"quality: {key!r} is not a Critical Damage quality", "quality",
                             ru=f"quality: {key!r} — не свойство Критического повреждения")
        if n < 0:
            raise InputError(f"quality: {EFFECTS[key]} has a negative number of dice", "quality",
                             ru=f"quality: у {EFFECTS[key]} отрицательное число кубов")
    p_hit = _p_damage_at_least_one(damage)
    effects = {key: {"name": EFFECTS[key], "dice": n, "p": p_effect(p_hit, n)} for key, n in dice.items()}
    citations = [CITATIONS[key].to_json() for key in dice]
    precise: dict[str, Any] | None = None
    p_none_given_hit = 1.0
    for n in dice.values():
        p_none_given_hit *= (1 - 1 / FACES_ON_DIE) ** n
    if precise_dice:
        declared = effect_key(precise_effect) if precise_effect else None
        precise = {"declared": EFFECTS[declared] if declared else None, "dice": precise_dice,
                   "p": p_effect(p_hit, precise_dice)}
        p_none_given_hit *= (1 - 1 / FACES_ON_DIE) ** precise_dice
        citations.append(PRECISE_CITATION.to_json())
    expected = sum(p_effect(p_hit, n) for n in dice.values()) + (p_effect(p_hit, precise_dice) if precise else 0.0)
    assumptions = [ASSUMPTION] if dice or precise_dice else []
    if precise_dice:
        assumptions.append(PRECISE_READING)
    return {
        "p_target_damaged": p_hit,
        "effects": effects,
        "precise": precise,
        "p_any_effect": p_hit * (1 - p_none_given_hit) if (dice or precise_dice) else 0.0,
        "expected_effects": expected,
        "assumptions": assumptions,
        "citations": citations,
    }


def rolled_effects(damage: int, rolled: Mapping[str, Sequence[str]], precise_effect: str | None = None,
                   precise_rolled: Sequence[str] = ()) -> list[str]:
    """Rolled mode: the effects suffered, given each quality's dice (as effect names) and the Damage.

    No dice are rolled when the target took no Damage, so any given then are refused."""
    if damage < 1:
        if any(rolled.values()) or precise_rolled:
            raise InputError("critical_roll: the target suffered no Damage, so no Critical Damage Dice are rolled "
                             "for its Critical Damage qualities", "critical_roll",
                             ru="critical_roll: цель не получила Урона, поэтому кубы Критических повреждений для её "
                                "свойств не бросаются")
        return []
    out: list[str] = []
    for key, faces in rolled.items():
        quality = effect_key(key)
        if any(effect_key(f) == quality for f in faces):
            out.append(EFFECTS[quality])
    if precise_rolled:
        if precise_effect is None:
            raise InputError("precise_effect: declare the Effect before rolling the Precise dice", "precise_effect",
                             ru="precise_effect: объявите Эффект до броска кубов Precise")
        declared = effect_key(precise_effect)
        if any(effect_key(f) == declared for f in precise_rolled):
            out.append(f"{EFFECTS[declared]} (Precise)")
    return out


def attach(body: dict[str, Any], qualities: Mapping[str, int], report: Report,
           precise_effect: str | None = None) -> None:
    """Wire-in for a dw4 attack: add `critical_effects` to its result (odds from `p_damage`, or in rolled
    mode the dice to roll per quality when `damage` >= 1), with the assumptions and citations."""
    dice, precise = from_qualities(qualities)
    if precise_effect and not precise:
        report.note("⟨precise_effect⟩ not used: no weapon of the attack has the Precise quality",
                    "⟨precise_effect⟩ не используется: ни у одного орудия Атаки нет Качества Precise")
    if not dice and not precise:
        return
    for key in dice:
        report.citations.append(CITATIONS[key])
    if precise:
        report.citations.append(PRECISE_CITATION)
    report.assume(ASSUMPTION, ASSUMPTION_RU)
    if precise:
        report.assume(PRECISE_READING, PRECISE_READING_RU)
    if "p_damage" in body and isinstance(body["p_damage"], Mapping):
        out = critical_effects(body["p_damage"], dice, precise, precise_effect)
        body["critical_effects"] = {k: v for k, v in out.items() if k not in ("assumptions", "citations")}
        return
    damaged = int(body.get("damage") or 0) >= 1
    to_roll = {EFFECTS[k]: n for k, n in dice.items()} if damaged else {}
    if precise and damaged:
        to_roll["Precise" + (f" ({EFFECTS[effect_key(precise_effect)]})" if precise_effect else "")] = precise
    body["critical_effects"] = {"dice_to_roll": to_roll,
                                "rule": "each quality's dice are rolled only if the Initial Target suffered at "
                                        "least 1 Damage; one matching face gives one Effect of that type"}
