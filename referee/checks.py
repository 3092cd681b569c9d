"""Inputs the chosen ruleset does not use (one note each), and inputs that contradict each other.

Nothing given is ever dropped without a word: an input the ruleset has no rule for gets a note
naming it and why; a contradiction is refused with the field at fault.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.params import ParamSpec
from referee.errors import InputError
from referee.report import Report
from referee.rulesets.base import Ruleset

# the Russian of each reason a ParamSpec's `unused_why` gives (a reason without one is shown in English)
WHY_RU = {
    "a 3rd-edition Magnetic generator's rule; the 4th edition's has another": "правило Magnetic generator 3-й "
                                                                                "редакции; в 4-й оно другое",
    "a dw4 Magnetic Generator's rule; the 3rd edition's has another": "правило Magnetic Generator из dw4; в 3-й "
                                                                       "редакции оно другое",
    "Luminiferous Defences is a 3rd-edition card rule": "Luminiferous Defences — правило карточки 3-й редакции",
    "only the 3.03 rulebook's assault table has Draw and Havoc results": "Ничья и Опустошение есть только в таблице "
                                                                         "абордажа книги правил 3.03",
    "dw4 has no card rule re-rolling Blank results here": "в dw4 здесь нет правила карточки с перебросом Пустых "
                                                          "граней",
    "a dw4 attack adds no Disorder to its target here": "атака dw4 здесь не добавляет цели Дезорганизацию",
    "Ablative Armour is a dw4 rule": "Ablative Armour — правило dw4",
    "Blocked Visibility adding Resistance dice is a dw4 Indirect rule":
        "кубы Сопротивления за Заблокированную видимость — правило Indirect из dw4",
    "Disorder converting the attacker's Strikes is a dw4 rule": "замена ударов атакующего из-за Дезорганизации — "
                                                                 "правило dw4",
    "Generator Shutdown re-rolls and extra Disorder are 3rd-edition rules":
        "переброс и лишняя Дезорганизация от Отключения генератора — правила 3-й редакции",
    "Hampered Visibility is a dw4 rule": "Затруднённая видимость — правило dw4",
    "Heavy Prow (X) is a dw4 Property": "Тяжёлый нос (X) — свойство dw4",
    "Precise is a dw4 Critical Damage quality": "Precise — Качество Критических повреждений dw4",
    "a 3rd-edition assault input; dw4 Boarding uses Boarding Parties, Defences and Crew":
        "параметр абордажа 3-й редакции; Абордаж dw4 использует Абордажные команды, Оборону и Экипаж",
    "a 3rd-edition input; dw4 has no such rule": "параметр 3-й редакции; в dw4 такого правила нет",
    "a 3rd-edition ram input; the dw4 Ram uses Mass thresholds, Heavy Prow and a Crew Check":
        "параметр тарана 3-й редакции; Таран dw4 использует пороги по Массе, Heavy Prow и проверку экипажа",
    "a dw4 Boarding input; 3rd-edition assaults use Fray, Citadel and Defence":
        "параметр Абордажа dw4; абордаж 3-й редакции использует Абордаж, Цитадель и Защиту",
    "a dw4 Heavy Shield Generator adds +1 to the Success Threshold, it removes no dice":
        "Heavy Shield Generator в dw4 добавляет +1 к порогу успеха и не убирает кубов",
    "a dw4 Ram input (Crew Check, Heavy Prow, Disorder on the Action Roll)":
        "параметр Тарана dw4 (проверка экипажа, Heavy Prow, Дезорганизация в Броске действия)",
    "dw3 Obscured stops explosions; it adds no dice": "в dw3 Скрытая цель останавливает взрывы, кубов не добавляет",
    "dw4 Critical Damage Effects are chosen, not rolled markers that change this attack":
        "Критические эффекты dw4 выбираются; это не маркеры, меняющие эту Атаку",
    "dw4 Escort tokens add Resistance dice to the target, not attack dice (use ⟨target_escorts⟩)":
        "жетоны Эскорта в dw4 добавляют кубы Сопротивления цели, а не кубы атаки (задайте ⟨target_escorts⟩)",
    "dw4 Resistance gets no dice from other models of the unit":
        "Сопротивление dw4 не получает кубов от других моделей подразделения",
    "dw4 has no Citadel": "в dw4 нет Цитадели",
    "dw4 has no Citadel destruction of Mass 1 models": "в dw4 нет уничтожения моделей Массы 1 через Цитадель",
    "dw4 has no Sustained quality": "в dw4 нет Качества Непрерывный огонь",
    "dw4 has no combined-unit defence bonus in the glossary": "в глоссарии dw4 нет бонуса защиты объединённых "
                                                              "подразделений",
    "dw4 models have one Hull value": "у моделей dw4 одно значение Корпуса",
    "dw4 targets have one Defences rating (give ⟨defence⟩)": "у целей dw4 одно значение Обороны (задайте ⟨defence⟩)",
    "the dw4 SRS Air Support bonus is not modelled (its size is not in the glossary)":
        "бонус SRS Air Support в dw4 не моделируется (его размера нет в глоссарии)",
    "the dw4 range bands are not shifted for Airborne targets": "дистанции dw4 не сдвигаются для Воздушных целей",
    "the quick reference gives escorts no attack dice (only defence and assault dice)":
        "в кратком справочнике эскорт не даёт кубов атаки (только кубы защиты и абордажа)",
    "the quick reference has no combined-unit defence bonus": "в кратком справочнике нет бонуса защиты "
                                                               "объединённых подразделений",
    "they are dw4 Attack Run inputs": "это параметры Налёта dw4",
    "dw4 Boarding: a discarded token of a Supporting SRS Stack adds the Stack's Support rating in dice; not "
    "modelled yet": "Абордаж dw4: сброшенный жетон поддерживающего стека SRS добавляет кубы по его рейтингу "
                    "Поддержки; пока не моделируется",
    "the quick reference has no attached-unit Defence bonus":
        "в кратком справочнике нет бонуса Защиты присоединённого подразделения",
    "the dw4 Attack Run mission inflicts Critical Damage Effects from Attack, Defences, Escorts and the highest "
    "Armour only": "миссия Налёта dw4 наносит Критические эффекты, учитывая только Атаку, Оборону, Эскорт и "
                   "наибольшую Броню",
}


def unused_inputs(specs: Sequence[ParamSpec], p: dict[str, Any], rs: Ruleset, report: Report) -> None:
    """One note per given input this ruleset does not use (`ParamSpec.rulesets` declares which do)."""
    for spec in specs:
        value = p.get(spec.name)
        if spec.used_in(rs.id) or value in (None, False, 0, [], ""):
            continue
        why = spec.why_unused(rs.id)
        report.note(f"⟨{spec.name}⟩ not used: {why}", f"⟨{spec.name}⟩ не используется: {WHY_RU.get(why, why)}")


def target_state(hull: int | None, damage_taken: int, crippled: bool, mass: int | None,
                 prefix: str = "") -> None:
    """A target whose stated condition is impossible: refuse it rather than guess which part is wrong."""
    if crippled and mass == 1:
        raise InputError(f"{prefix}crippled: a Mass 1 model is never Crippled (it is destroyed when its Hull "
                         "is reached)", f"{prefix}crippled",
                         ru=f"{prefix}crippled: Модель Массы 1 не бывает Повреждённой (она уничтожается, когда урон "
                            "достигает Корпуса)")
    if hull is not None and damage_taken >= hull:
        state = "Crippled" if crippled else "Battle-Ready"
        state_ru = "Повреждённой" if crippled else "Боеготовой"
        raise InputError(f"{prefix}damage_taken: {damage_taken} damage on a {state} side with Hull {hull} would "
                         "already have " + ("destroyed the model" if crippled or mass == 1 else
                                            "Crippled it (give ⟨crippled⟩ and the damage on the Crippled side)"),
                         f"{prefix}damage_taken",
                         ru=f"{prefix}damage_taken: {damage_taken} урона на {state_ru} стороне с Корпусом {hull} уже "
                            + ("уничтожили бы модель" if crippled or mass == 1 else
                               "сделали бы её Повреждённой (задайте ⟨crippled⟩ и урон на Повреждённой стороне)"))


def needs(p: dict[str, Any], name: str, what: str, because: str, what_ru: str, because_ru: str) -> None:
    """`name` only means something together with `what`: refuse it alone."""
    if p.get(name) not in (None, False, [], ""):
        raise InputError(f"{name}: ⟨{name}⟩ was given {because}; {what}", name,
                         ru=f"⟨{name}⟩ задано {because_ru}; {what_ru}")


def has_generators(p: dict[str, Any], report: Report, criticals_possible: bool) -> bool:
    """Whether the target has Generators (Generator Shutdown); unknown means yes, said as an assumption."""
    given, none, shield = p.get("target_generator"), p.get("no_generators"), p.get("shield")
    if none and given:
        raise InputError("no_generators: ⟨no_generators⟩ contradicts ⟨target_generator⟩", "no_generators",
                         ru="⟨no_generators⟩ противоречит ⟨target_generator⟩")
    if (none or given is False) and shield:
        field = "no_generators" if none else "target_generator"
        raise InputError(f"{field}: a target using a Shield Generator has Generators", field,
                         ru=f"{field}: у цели со Щитовым генератором есть Генераторы")
    if none or given is False:
        return False
    if given is None and not shield and criticals_possible:
        report.assume("the target is assumed to have Generators (Generator Shutdown); give ⟨no_generators⟩ if it "
                      "has none", "считается, что у цели есть Генераторы (Отключение генератора); задайте "
                      "⟨no_generators⟩, если их нет")
    return True
