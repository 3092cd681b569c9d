"""dw3: Dystopian Wars 3rd edition rulebook v3.03 (Russian translation) - the default."""
from __future__ import annotations

from referee.faces import Face
from referee.rulesets.base import AssaultRow, CriticalFace, Ruleset

QUALITY_SECTION = "СВОЙСТВА НАБОРА КУБОВ"
# the bold run-in term of each quality in that section
QUALITY_TERMS = {
    "aerial": "Воздушное (Aerial)", "arc": "Дуговое (Arc)", "blast": "Взрыв (Blast)", "bomb": "Бомба (Bomb)",
    "broadside": "Бортовые батареи (Broadside)", "devastating": "Разрушительное (Devastating)",
    "extreme-range": "Дальнобойное (Extreme Range)", "fusillade": "Скорострельное (Fusillade)",
    "gunnery": "Главный калибр (Gunnery)", "hazardous": "Угрожающее (Hazardous)",
    "high-velocity": "Высокая скорость снаряда (High Velocity)", "homing": "Самонаводящееся (Homing)",
    "indirect": "Неприцельный обстрел (Indirect)", "limited": "Ограниченное количество (Limited)",
    "magnetic": "Магнитное (Magnetic)", "piercing": "Бронепробивное (Piercing)", "ramming": "Таранное (Ramming)",
    "submerged": "Подводное (Submerged)", "sustained": "Непрерывный огонь (Sustained)",
    "torpedo": "Торпеда (Torpedo)", "torrent": "Конус поражения (Torrent)",
}


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
        "dice": "РЕЗУЛЬТАТ СТРЕЛБЫ › Попадания, Тяжелые и Взрывные",
        "reroll": "ИГРОВЫЕ КУБЫ › Переброс кубов (re-roll)",
        "explode": "ИГРОВЫЕ КУБЫ › Взрывное Попадание (Exploding Hit)",
        "critical_dice": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ",
        "generator_shutdown": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Отключение генератора",
        "shredded_defences": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Разрушение Систем Защиты",
        "reactor_leak": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Утечка реактора",
        "shooting": "РЕЗУЛЬТАТ СТРЕЛБЫ › Боевые Кубы и Попадания",
        "range": "ВООРУЖЕНИЕ › Категории дистанции (Measuring Range)",
        "aerial_band": "ОСНОВНЫЕ ТЕРМИНЫ › Воздушное подразделение (Aerial Unit)",
        "obscured": "ВООРУЖЕНИЕ › Скрытый (Obscured)",
        "result": "РЕЗУЛЬТАТ СТРЕЛБЫ › Повреждения",
        "attributes": "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ › Корпус (Hull, H)",
        "critical": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ",
        "catastrophic": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Катастрофический Взрыв",
        "mass1_citadel": "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ › Цитадель (Citadel, C)",
        "mass1_critical": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1",
        "defence": "ЗАЩИТА",
        "defence_pool": "ЗАЩИТА › Набор Боевых Кубов Обороны",
        "counters": "ЗАЩИТА › Мощное отражения и Отражения",
        "assault": "ЭТАП АБОРДАЖА",
        "assault_defence": "ЭТАП АБОРДАЖА › Оборона Цитадели",
        "assault_table": "ТАБЛИЦА РЕЗУЛЬТАТОВ АБОРДАЖА",
        "ram": "СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран (Ramming)",
        "disorder": "УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ",
        "escort": "ЭСКОРТ",
        "attached": "ЭСКОРТ › ОБЕДИНЕННЫЕ ПОДРАЗДЕЛЕНИЯ",
        "srs": "ЭСКАДРИЛЬИ МАЛОЙ ДАЛЬНОСТИ (SRS) › Действия SRS",
    },
    # the rulebook leaves generators to each faction's ORBAT: cite the quick reference's rule
    foreign_sections={"shield": ("dw3-quick-reference", "GENERATORS › Shield")},
    qualities={q: f"{QUALITY_SECTION} › {term}" for q, term in QUALITY_TERMS.items()},
    bands=(("point-blank", 10), ("closing", 20), ("long", 30)),
    extreme_range_long=40,
    assault_rows=(
        AssaultRow("counter_assault", "Counter Assault (Контрудар): the assaulting model suffers 1 damage "
                   "and a Disorder level", assaulter_damage=1, assaulter_disorder=1,
                   label_ru="Контрудар: штурмующая модель получает 1 повреждение и Уровень Дезорганизации"),
        AssaultRow("repelled", "Assault Repelled (Штурм отбит): both models gain a Disorder level",
                   target_disorder=1, assaulter_disorder=1,
                   label_ru="Штурм отбит: обе модели получают Уровень Дезорганизации"),
        AssaultRow("havoc", "Havoc (Опустошение): the target suffers 1 damage and a Disorder level",
                   target_damage=1, target_disorder=1,
                   label_ru="Опустошение: цель получает 1 повреждение и Уровень Дезорганизации"),
        AssaultRow("brutal_strike", "Brutal Strike (Жестокий удар): Critical Damage, 1 damage and a "
                   "Disorder level", target_damage=1, target_disorder=1, critical_rolls=1,
                   label_ru="Жестокий удар: Критическое Повреждение, 1 повреждение и Уровень Дезорганизации"),
        AssaultRow("catastrophic_damage", "Catastrophic Damage (Катастрофические повреждения): Critical "
                   "Damage and a Catastrophic Explosion", critical_rolls=1, catastrophic=1,
                   label_ru="Катастрофические повреждения: Критическое Повреждение и Катастрофический Взрыв"),
        AssaultRow("massacre", "Massacre (Резня): Critical Damage and two Catastrophic Explosions",
                   critical_rolls=1, catastrophic=2,
                   label_ru="Резня: Критическое Повреждение и два Катастрофических Взрыва"),
    ),
    assault_row_for=assault_row,
    critical_faces=(
        CriticalFace("Shredded Defences (Разрушение систем защиты)"),
        CriticalFace("Sturginium Flare (Возгорание Стургениума)", damage=1),
        CriticalFace("Navigation Lock (Заклинило рули)"),
        CriticalFace("Reactor Leak (Утечка в реакторе)", disorder=1),
        CriticalFace("Magazine Explosion (Подрыв боекомплекта)", damage=1),
        CriticalFace("Generator Shutdown (Отключение генератора)", disorder=1, extra_disorder_without_generator=1),
    ),
    fusillade_blocked_traits=frozenset({"aerial", "submerged"}),
    ram_self_damage={Face.EXPLODING: (2, 1), Face.HEAVY: (1, 0), Face.HIT: (1, 0)},
    submerged_blocked_traits=frozenset({"aerial", "ground"}),
    reactor_leak_citadel=2,
    defence_needs_quality=True,
    defence_srs_dice=1,
    defence_srs_reading=(
        "SRS discarded in defence: +1 die each, as ЗАЩИТА says (Действия SRS says +3; the quick reference "
        "agrees with +1)",
        "Сброшенные SRS в защите: +1 куб за каждый, как сказано в ЗАЩИТА (в «Действия SRS» сказано +3; "
        "краткий справочник согласен с +1)"),
    attached_defence_dice=1,
    assault_reading=("dw3 assault row names other than Counter Assault and Havoc are our English renderings",
                     "английские названия строк таблицы абордажа (кроме Контрудара и Опустошения) — наш перевод"),
    mass1_reading=(
        ("Mass 1: destroyed when the net Hits equal or exceed its Citadel (ПАРАМЕТРЫ › Цитадель); КРИТИЧЕСКИЕ "
         "ПОВРЕЖДЕНИЯ › Модели Массой 1 says \"exceeds\": give ⟨mass1_strict⟩ for that reading. A Mass 1 model "
         "takes no Critical Damage.",
         "Масса 1: уничтожена, если Очков Попадания «равной или превышающей» Цитадель (ПАРАМЕТРЫ › Цитадель); "
         "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1 говорит «превышающее» — задайте ⟨mass1_strict⟩ для этого "
         "прочтения. Модель Массы 1 не получает Критических Повреждений."),
        ("Mass 1: destroyed only when the net Hits exceed its Citadel (КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1, "
         "as asked by ⟨mass1_strict⟩; ПАРАМЕТРЫ › Цитадель says \"equal or exceed\"). A Mass 1 model takes no "
         "Critical Damage.",
         "Масса 1: уничтожена, только если Очков Попадания больше Цитадели (КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели "
         "Массой 1, по ⟨mass1_strict⟩; ПАРАМЕТРЫ › Цитадель: «равной или превышающей»). Модель Массы 1 не "
         "получает Критических Повреждений."),
    ),
)
