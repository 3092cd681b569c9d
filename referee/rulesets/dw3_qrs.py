"""dw3-qrs: the English quick reference for 3rd edition, only where it differs from dw3."""
from __future__ import annotations

from dataclasses import replace

from referee.faces import Face
from referee.rulesets import dw3
from referee.rulesets.base import AssaultRow, CriticalFace


def assault_row(d: int) -> str:
    """QRS table with its lost icons read as Counters (first two lines) and Hits (the rest)."""
    if d <= -4:
        return "assaulter_damaged"
    if d <= 0:
        return "no_effect"
    if d <= 2:
        return "disorder"
    if d <= 4:
        return "critical"
    return "critical_and_damage"


RULESET = replace(
    dw3.RULESET,
    id="dw3-qrs",
    title="Dystopian Wars 3rd edition quick reference (English)",
    edition="dw3-quick-reference",
    sections={
        "dice": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "reroll": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "explode": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "critical_dice": "CRITICAL DAMAGE",
        "shooting": "1. DETERMINE ACTION DICE",
        "range": "3. SHOOTING",
        "obscured": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "result": "7. APPLY TOTAL HITS AGAINST TARGET’S ARMOUR",
        "attributes": "8. CHECK FOR CRITICAL DAMAGE",
        "critical": "8. CHECK FOR CRITICAL DAMAGE",
        "defence": "6. DEFENDER ROLLS DICE AND DEDUCTS COUNTERS",
        "assault": "4. ASSAULT",
        "assault_table": "4. ASSAULT",
        "ram": "RAMMING",
        "disorder": "DISORDER CONDITIONS",
        "escort": "ESCORTS",
        "srs": "SHORT RANGE SQUADRONS",
        "shield": "GENERATORS",
    },
    qualities={q: "WEAPON QUALITIES" for q in dw3.RULESET.qualities},
    ram_cap=6,
    catastrophic_replaces_critical=True,
    mass1_any_critical_destroys=True,
    piercing_mass1_citadel=0,
    sustained="any",
    escort_attack_bonus_point_blank=False,
    assault_defender_srs_dice=1,
    assault_rows=(
        AssaultRow("assaulter_damaged", "4+ Counters: the assaulting model suffers 1 damage",
                   assaulter_damage=1),
        AssaultRow("no_effect", "1-3 Counters (or a tie): no further effects"),
        AssaultRow("disorder", "1-2 Hits: the target receives a disorder condition", target_disorder=1),
        AssaultRow("critical", "3-4 Hits: the target receives a critical damage roll", critical_rolls=1),
        AssaultRow("critical_and_damage", "5+ Hits: a critical damage roll and 1 damage for the fifth "
                   "and each further hit", critical_rolls=1, damage_per_hit_over=4),
    ),
    assault_row_for=assault_row,
    critical_faces=(
        CriticalFace("Shredded Defences"),
        CriticalFace("Sturginium Flare", damage=1),
        CriticalFace("Navigation Lock"),
        CriticalFace("Reactor Leak"),
        CriticalFace("Magazine Explosion", damage=1),
        CriticalFace("Generator Shutdown", reroll_without_generator=True),
    ),
    magnetic_needs_damage=False,
    fusillade_blocked_traits=frozenset({"aerial"}),
    torpedo_blocked_traits=frozenset({"aerial", "ground"}),
    ram_self_damage={Face.EXPLODING: (2, 1), Face.HEAVY: (1, 0), Face.HIT: (1, 0)},
    mass1_rammer_destroyed=False,
    rammed_target_disorder=False,
)
