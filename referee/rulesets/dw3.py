"""dw3: Dystopian Wars 3rd edition rulebook v3.03 (Russian translation) - the default."""
from __future__ import annotations

from referee.faces import Face
from referee.rulesets.base import AssaultRow, CriticalFace, Ruleset

QUALITY_SECTION = "СВОЙСТВА НАБОРА КУБОВ"


def assault_row(d: int) -> str:
    """Row of the assault results table for d = hits - counters (S1 table)."""
    if d <= -3:
        return "counter_assault"
    if d <= 0:
        return "repelled"
    if d <= 3:
        return "havoc"
    if d <= 5:
        return "brutal_strike"
    if d <= 7:
        return "catastrophic_damage"
    return "massacre"


RULESET = Ruleset(
    id="dw3",
    title="Dystopian Wars 3rd edition rulebook v3.03 (Russian)",
    edition="dw3-rulebook",
    family="dw3",
    sections={
        "dice": "БОЕВЫЕ КУБЫ",
        "reroll": "БОЕВЫЕ КУБЫ",
        "explode": "БОЕВЫЕ КУБЫ",
        "critical_dice": "КУБЫ КРИТИЧЕСКИХ ПОВРЕЖДЕНИЙ",
        "shooting": "ЭТАП СРЕЛЬБЫ",
        "range": "ВИДЫ СЕКТОРОВ СТРЕЛЬБЫ",
        "obscured": "ВИДЫ СЕКТОРОВ СТРЕЛЬБЫ",
        "result": "РЕЗУЛЬТАТ СТРЕЛБЫ",
        "attributes": "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ",
        "critical": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ",
        "defence": "ЗАЩИТА",
        "assault": "ЭТАП АБОРДАЖА",
        "assault_table": "ТАБЛИЦА РЕЗУЛЬТАТОВ АБОРДАЖА",
        "ram": "СТОЛКНАВЕНИЯ И ТАРАНЫ",
        "disorder": "УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ",
        "escort": "ЭСКОРТ",
        "srs": "ЭСКАДРИЛЬИ МАЛОЙ ДАЛЬНОСТИ (SRS)",
        "shield": "Отключение генератора:",
    },
    qualities={q: QUALITY_SECTION for q in (
        "aerial", "submerged", "arc", "bomb", "blast", "torrent", "broadside", "devastating",
        "extreme-range", "fusillade", "gunnery", "hazardous", "high-velocity", "homing",
        "indirect", "limited", "magnetic", "piercing", "ramming", "sustained", "torpedo",
    )},
    bands=(("point-blank", 10), ("closing", 20), ("long", 30)),
    extreme_range_long=40,
    assault_rows=(
        AssaultRow("counter_assault", "Counter Assault (Контрудар): the assaulting model suffers 1 damage "
                   "and a Disorder level", assaulter_damage=1, assaulter_disorder=1),
        AssaultRow("repelled", "Assault Repelled (Штурм отбит): both models gain a Disorder level",
                   target_disorder=1, assaulter_disorder=1),
        AssaultRow("havoc", "Havoc (Опустошение): the target suffers 1 damage and a Disorder level",
                   target_damage=1, target_disorder=1),
        AssaultRow("brutal_strike", "Brutal Strike (Жестокий удар): Critical Damage, 1 damage and a "
                   "Disorder level", target_damage=1, target_disorder=1, critical_rolls=1),
        AssaultRow("catastrophic_damage", "Catastrophic Damage (Катастрофические повреждения): Critical "
                   "Damage and a Catastrophic Explosion", critical_rolls=1, catastrophic=1),
        AssaultRow("massacre", "Massacre (Резня): Critical Damage and two Catastrophic Explosions",
                   critical_rolls=1, catastrophic=2),
    ),
    assault_row_for=assault_row,
    critical_faces=(
        CriticalFace("Shredded Defences (Разрушение систем защиты)"),
        CriticalFace("Sturginium Flare (Возгорание Стургениума)", damage=1),
        CriticalFace("Navigation Lock (Заклинило рули)"),
        CriticalFace("Reactor Leak (Утечка в реакторе)", disorder=1),
        CriticalFace("Magazine Explosion (Подрыв боекомплекта)", damage=1),
        CriticalFace("Generator Shutdown (Отключение генератора)", disorder=1),
    ),
    fusillade_blocked_traits=frozenset({"aerial", "submerged"}),
    ram_self_damage={Face.EXPLODING: (2, 1), Face.HEAVY: (1, 0), Face.HIT: (1, 0)},
)
