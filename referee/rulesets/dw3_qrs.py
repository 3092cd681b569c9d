"""dw3-qrs: the English quick reference for 3rd edition, only where it differs from dw3."""
from __future__ import annotations

from dataclasses import replace

from referee.faces import Face
from referee.rulesets import dw3
from referee.rulesets.base import AssaultRow, CriticalFace

# the run-in term of each quality under WEAPON QUALITIES (as printed)
QUALITY_TERMS = {q: q.replace("-", " ").capitalize() for q in dw3.QUALITY_TERMS if q != "broadside"}


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
        "reroll": "WEAPON QUALITIES",
        "explode": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "critical_dice": "CRITICAL DAMAGE",
        "generator_shutdown": "CRITICAL DAMAGE › Generator shutdown",
        "shredded_defences": "CRITICAL DAMAGE › Shredded defences",
        "reactor_leak": "CRITICAL DAMAGE › Reactor leak",
        "shooting": "1. DETERMINE ACTION DICE",
        "range": "3. SHOOTING",
        "aerial_band": "1. DETERMINE ACTION DICE",
        "obscured": "4. ATTACKER ROLLS DICE AND TOTALS HITS",
        "result": "7. APPLY TOTAL HITS AGAINST TARGET’S ARMOUR",
        "attributes": "7. APPLY TOTAL HITS AGAINST TARGET’S ARMOUR",
        "critical": "8. CHECK FOR CRITICAL DAMAGE",
        "catastrophic": "8. CHECK FOR CRITICAL DAMAGE › Catastrophic explosion",
        "mass1_citadel": "8. CHECK FOR CRITICAL DAMAGE",
        "mass1_critical": "8. CHECK FOR CRITICAL DAMAGE",
        "defence": "3. DECLARE DEFENCES",
        "defence_pool": "3. DECLARE DEFENCES",
        "counters": "6. DEFENDER ROLLS DICE AND DEDUCTS COUNTERS",
        "assault": "4. ASSAULT",
        "assault_defence": "4. ASSAULT",
        "assault_table": "4. ASSAULT",
        "ram": "COLLISIONS AND RAMS › RAMMING",
        "disorder": "DISORDER CONDITIONS",
        "escort": "ESCORTS",
        "attached": "ESCORTS",
        "srs": "SHORT RANGE SQUADRONS",
        "shield": "GENERATORS › Shield",
    },
    foreign_sections={},
    qualities={q: f"WEAPON QUALITIES › {QUALITY_TERMS[q]}" if q in QUALITY_TERMS else "WEAPON QUALITIES"
               for q in dw3.RULESET.qualities},
    ram_cap=6,
    catastrophic_replaces_critical=True,
    mass1_any_critical_destroys=True,
    piercing_mass1_citadel=0,
    sustained="any",
    escort_attack_bonus_point_blank=False,
    assault_defender_srs_dice=1,
    assault_rows=(
        AssaultRow("assaulter_damaged", "4+ Counters: the assaulting model suffers 1 damage",
                   assaulter_damage=1, label_ru="4+ Отражения: штурмующая модель получает 1 повреждение"),
        AssaultRow("no_effect", "1-3 Counters (or a tie): no further effects",
                   label_ru="1-3 Отражения (или ничья): без последствий"),
        AssaultRow("disorder", "1-2 Hits: the target receives a disorder condition", target_disorder=1,
                   label_ru="1-2 Попадания: цель получает Дезорганизацию"),
        AssaultRow("critical", "3-4 Hits: the target receives a critical damage roll", critical_rolls=1,
                   label_ru="3-4 Попадания: цель получает бросок критического повреждения"),
        AssaultRow("critical_and_damage", "5+ Hits: a critical damage roll and 1 damage for the fifth "
                   "and each further hit", critical_rolls=1, damage_per_hit_over=4,
                   label_ru="5+ Попаданий: бросок критического повреждения и 1 повреждение за пятое и каждое "
                   "следующее попадание"),
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
    submerged_blocked_traits=frozenset({"aerial"}),
    reactor_leak_citadel=1,
    torrent_supports=False,
    defence_srs_dice=1,
    defence_srs_reading=None,
    mass1_reading=(
        ("Mass 1: hits equal to or greater than its CITADEL indicate critical damage, and a Mass 1 model is "
         "\"immediately destroyed if an effect indicates\" it (8. CHECK FOR CRITICAL DAMAGE); so are any "
         "other critical rolls (Piercing)",
         "Масса 1: попадания не меньше CITADEL означают критическое повреждение, а модель Массы 1 от него "
         "уничтожается (8. CHECK FOR CRITICAL DAMAGE); как и от любого другого броска критических (Piercing)"),
        ("Mass 1: destroyed only when hits exceed its CITADEL (⟨mass1_strict⟩; the quick reference says "
         "\"equal to or greater than\")",
         "Масса 1: уничтожена, только если попаданий больше CITADEL (⟨mass1_strict⟩; в кратком справочнике "
         "«equal to or greater than»)"),
    ),
    attached_defence_dice=0,
    assault_escorts_are_corvettes=True,
    assault_reading=("quick reference assault table: its lost die icons are read as Counters for the first two "
                     "lines and Hits for the rest; a tie has no effect",
                     "таблица абордажа краткого справочника: потерянные значки кубов прочитаны как Отражения в "
                     "первых двух строках и Попадания в остальных; ничья ничего не даёт"),
    ram_self_damage_reading=("quick reference self-damage: its lost icons read as in the rulebook (Hit or Heavy Hit "
                             "1 damage, Exploding Hit 2 damage and a disorder condition)",
                             "самоповреждение в кратком справочнике: потерянные значки прочитаны как в книге "
                             "правил (Попадание или Тяжёлое 1 урон, Взрывное 2 урона и дезорганизация)"),
)
