"""What Hits do to a model (dw3 family): Armour grouping, Citadel, criticals, Hull state.

Rolled and odds mode both call these functions, one net-hit total at a time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from referee.errors import InputError
from referee.rulesets.base import Ruleset


@dataclass(frozen=True)
class Target:
    armour: int
    citadel: int | None
    mass: int | None
    hull: int | None = None
    damage_taken: int = 0
    crippled: bool = False
    crippled_hull: int | None = None
    markers: frozenset[str] = frozenset()
    has_generator: bool = True  # Generator Shutdown: RB extra Disorder / QR re-roll when False
    disorder: int = 0  # Disorder level before this attack (dw3: at level 3 a further level is 1 damage)


@dataclass(frozen=True)
class CitadelCheck:
    damage: int
    critical_rolls: int
    catastrophic: int
    destroyed: bool  # Mass 1 citadel destruction
    critical: bool  # net >= Citadel
    double: bool  # net >= 2 x Citadel


@dataclass
class CriticalOutcome:
    damage: int = 0
    catastrophic: int = 0
    disorder: int = 0
    effects: list[str] = field(default_factory=list)
    markers: set[str] = field(default_factory=set)
    rerolls_needed: int = 0


MARKER_KEYS = ("shredded-defences", "sturginium-flare", "navigation-lock", "reactor-leak",
               "magazine-explosion", "generator-shutdown")


def citadel_check(net: int, target: Target, rs: Ruleset, piercing: bool, mass1_strict: bool) -> CitadelCheck:
    damage = net // target.armour
    cit = target.citadel
    critical = cit is not None and net >= cit
    double = cit is not None and net >= 2 * cit
    crit_rolls = 0
    catastrophic = 0
    destroyed = False
    mass = target.mass or 2
    if cit is not None:
        if mass >= 2:
            if double and rs.catastrophic_replaces_critical:
                catastrophic = 1
            elif critical:
                crit_rolls = 1
                catastrophic = 1 if double else 0
        else:
            # RB ПАРАМЕТРЫ › Цитадель: "равной или превышающей"; КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1:
            # "превышающее" (the strict reading, on request)
            destroyed = net > cit if mass1_strict else net >= cit
            critical = double = False
    if piercing and damage >= 1:
        crit_rolls += 1
    if mass == 1:
        # RB: critical damage is for Mass 2 or more; QR: "MASS 1 models do not suffer critical damage,
        # and are immediately destroyed if an effect indicates they do."
        if rs.mass1_any_critical_destroys and crit_rolls:
            destroyed = True
        crit_rolls = 0
    return CitadelCheck(damage, crit_rolls, catastrophic, destroyed, critical, double)


def apply_critical_faces(faces: list[int], markers: frozenset[str], rs: Ruleset,
                         has_generator: bool) -> CriticalOutcome:
    """Apply critical damage dice (1-6) in order; a duplicate marker is a Catastrophic Explosion."""
    out = CriticalOutcome(markers=set(markers))
    for face in faces:
        spec = rs.critical_faces[face - 1]
        key = MARKER_KEYS[face - 1]
        if spec.reroll_without_generator and not has_generator:
            out.rerolls_needed += 1
            out.effects.append(f"{spec.name}: the model has no generator, re-roll this die")
            continue
        if key in out.markers:
            out.catastrophic += 1
            out.effects.append(f"{spec.name} again: Catastrophic Explosion instead")
            continue
        out.markers.add(key)
        out.damage += spec.damage
        out.disorder += spec.disorder
        if spec.extra_disorder_without_generator and not has_generator:
            out.disorder += spec.extra_disorder_without_generator
            out.effects.append(f"{spec.name} (no Generators: an additional Disorder level)")
        else:
            out.effects.append(spec.name)
    return out


def resolve_critical_dice(numbers: list[int], rolls: int, markers: frozenset[str], rs: Ruleset,
                          has_generator: bool) -> tuple[CriticalOutcome, int]:
    """Apply rolled critical dice in order, a re-rolled face consuming its die and asking for the next.

    Returns the outcome and how many more dice are still to roll (0 when resolved); extra dice raise."""
    out = CriticalOutcome(markers=set(markers))
    left = rolls
    for i, face in enumerate(numbers):
        if left == 0:
            raise InputError(f"critical_roll: {i} critical damage dice are needed, you gave {len(numbers)}",
                             "critical_roll",
                             ru=f"critical_roll: нужно кубов критических повреждений: {i}, задано {len(numbers)}")
        spec = rs.critical_faces[face - 1]
        if spec.reroll_without_generator and not has_generator:
            out.rerolls_needed += 1
            out.effects.append(f"{spec.name}: the model has no generator, re-rolled")
            continue
        step = apply_critical_faces([face], frozenset(out.markers), rs, has_generator)
        out.markers = step.markers
        out.damage += step.damage
        out.catastrophic += step.catastrophic
        out.disorder += step.disorder
        out.effects.extend(step.effects)
        left -= 1
    return out, left


def critical_branches(rolls: int, markers: frozenset[str], rs: Ruleset,
                      has_generator: bool) -> list[tuple[float, CriticalOutcome]]:
    """Every outcome of `rolls` critical dice with its probability."""
    faces = [i + 1 for i, spec in enumerate(rs.critical_faces)
             if has_generator or not spec.reroll_without_generator]
    if rolls == 0:
        return [(1.0, CriticalOutcome(markers=set(markers)))]
    p = (1 / len(faces)) ** rolls
    return [(p, apply_critical_faces(list(seq), markers, rs, has_generator))
            for seq in product(faces, repeat=rolls)]


def hull_state(target: Target, total_damage: int, destroyed: bool, family: str) -> str | None:
    """battle-ready / crippled / destroyed after this damage; None when Hull is unknown."""
    if destroyed:
        return "destroyed"
    if target.hull is None:
        return None
    taken = target.damage_taken + total_damage
    if family == "dw4":
        return "crippled" if (target.crippled or taken >= target.hull) else "battle-ready"
    if target.crippled or (target.mass or 2) == 1:
        return "destroyed" if taken >= target.hull else ("crippled" if target.crippled else "battle-ready")
    if taken < target.hull:
        return "battle-ready"
    carried = taken - target.hull
    crippled_hull = target.crippled_hull if target.crippled_hull is not None else target.hull
    return "destroyed" if carried >= crippled_hull else "crippled"
