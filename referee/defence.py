"""The defender's pool from its parts, as players know them from their cards.

dw3 (RB ЗАЩИТА, ЭСКОРТ, ОБЕДИНЕННЫЕ ПОДРАЗДЕЛЕНИЯ; QR 3. DECLARE DEFENCES, ESCORTS): the ADV or
SDV matching the attack's quality, +1 per other model of the unit within 4" with that Defence,
+1 per Escort token, +1 per SRS token discarded, +1 for an attached unit; a Shredded Defences
marker makes the rating part 0. Defences are used only against Aerial or Submerged attacks.
dw4 (glossary): the Defences rating, Escorts, Obscured, Hampered, Indirect when Blocked, Torrent.
"""
from __future__ import annotations

from typing import Any

from referee.errors import InputError
from referee.report import Report
from referee.rulesets.base import Ruleset

PARTS = ("target_adv", "target_sdv", "defence_models", "target_escorts", "srs_discard", "attached")


def _given_parts(p: dict[str, Any]) -> list[str]:
    return [name for name in PARTS if p.get(name) not in (None, False)]


def dw3_pool(p: dict[str, Any], rs: Ruleset, q: dict[str, int], markers: frozenset[str],
             report: Report) -> tuple[int, bool]:
    """Dice the dw3 target rolls in defence (0 when it cannot or does not defend), and whether defence
    dice were given for an attack the rules do not let them defend against."""
    total = p.get("defence")
    parts = _given_parts(p)
    if total is not None and parts:
        raise InputError("defence: give either ⟨defence⟩ (the summed pool) or its parts ("
                         + ", ".join(f"⟨{n}⟩" for n in parts) + "), not both", "defence",
                         ru="Задайте либо ⟨defence⟩ (весь набор), либо его части ("
                            + ", ".join(f"⟨{n}⟩" for n in parts) + "), но не то и другое")
    kinds = [k for k in ("aerial", "submerged") if k in q]
    if rs.defence_needs_quality and not kinds and p.get("defence_any") and total is not None:
        # a card rule lets this target defend against any attack (Luminiferous Defences): its summed pool
        report.step("defence pool", f"the target rolls {total} defence dice (a card rule lets it defend against "
                    "this attack)", report.cite("defence_pool"),
                    ru=f"цель бросает {total} кубов защиты (правило карточки позволяет защищаться от этой атаки)",
                    dice=total)
        report.understood(defence=total)
        return total, False
    if rs.defence_needs_quality and not kinds:
        if total or parts:
            report.warn("Defence dice not rolled: the attack has neither Aerial nor Submerged, and a target "
                        "may use its Defences only against those (ЗАЩИТА).",
                        "Кубы Защиты не бросаются: у Атаки нет ни Воздушного, ни Подводного Качества, а "
                        "«Если Атака не имеет ни одного из этих Качеств, использовать системы обороны нельзя» "
                        "(ЗАЩИТА).")
            report.cite("defence")
        report.understood(defence=0)
        return 0, bool(total or parts)
    shredded = "shredded-defences" in markers
    if total is not None:
        if shredded:
            raise InputError("defence: with a Shredded Defences marker the target's own Defence counts 0, so the "
                             "summed ⟨defence⟩ cannot be used: give its parts (⟨target_adv⟩ or ⟨target_sdv⟩, "
                             "⟨defence_models⟩, ⟨target_escorts⟩, ⟨srs_discard⟩)", "defence",
                             ru="С маркером Защита разбита собственная Защита цели равна 0, поэтому суммарную "
                                "⟨defence⟩ использовать нельзя: задайте её части (⟨target_adv⟩ или ⟨target_sdv⟩, "
                                "⟨defence_models⟩, ⟨target_escorts⟩, ⟨srs_discard⟩)")
        if total:
            report.step("defence pool", f"the target rolls {total} defence dice (summed pool given)",
                        report.cite("defence_pool"), ru=f"цель бросает {total} кубов защиты (дан общий набор)",
                        dice=total)
        report.understood(defence=total, defence_steps=[report.say("total given", "задано целиком")] if total else [])
        return total, False
    if not parts:
        report.understood(defence=0)
        return 0, False
    steps: list[str] = []
    values = {"aerial": ("target_adv", "ADV"), "submerged": ("target_sdv", "SDV")}
    rated = [(p.get(values[k][0]), values[k]) for k in kinds]
    known = [(v, names) for v, names in rated if v is not None]
    if not known:
        name = values[kinds[0]][0]
        kind_ru = {"aerial": "Воздушная", "submerged": "Подводная"}[kinds[0]]
        raise InputError(f"{name}: the attack is {kinds[0].capitalize()}, so the target rolls its "
                         f"{values[kinds[0]][1]}: give ⟨{name}⟩ (0 if it has none)", name,
                         ru=f"Атака {kind_ru}, поэтому цель бросает свою {values[kinds[0]][1]}: задайте ⟨{name}⟩ "
                            "(0, если её нет)")
    rating, (rating_name, label) = max(known, key=lambda item: item[0])
    if len(kinds) == 2:
        report.assume("the attack is both Aerial and Submerged: the target uses its higher Defence",
                      "Атака и Воздушная, и Подводная: цель использует большую Защиту")
    for name in ("target_adv", "target_sdv"):
        if p.get(name) is not None and name != rating_name:
            report.note(f"⟨{name}⟩ not used: the attack's quality selects {label}",
                        f"⟨{name}⟩ не используется: Качество Атаки выбирает {label}")
    if shredded:
        steps.append(report.say(f"{label} {rating} -> 0 (Shredded Defences)",
                                f"{label} {rating} -> 0 (Защита разбита)"))
        report.cite("shredded_defences")
        rating = 0
    else:
        steps.append(f"{label} {rating}")
    pool = rating
    models = p.get("defence_models") or 0
    if models:
        pool += models
        steps.append(report.say(f"+{models} models within 4\"", f"+{models} моделей в пределах 4\""))
    escorts = p.get("target_escorts") or 0
    if escorts:
        pool += escorts
        steps.append(report.say(f"+{escorts} Escort", f"+{escorts} эскорт"))
        report.cite("escort")
    srs = p.get("srs_discard") or 0
    if srs:
        pool += rs.defence_srs_dice * srs
        steps.append(report.say(f"+{rs.defence_srs_dice * srs} SRS ({srs} discarded)",
                                f"+{rs.defence_srs_dice * srs} SRS (сброшено {srs})"))
        report.cite("srs")
        if rs.defence_srs_reading:
            report.assume(*rs.defence_srs_reading)
    if p.get("attached") and rs.attached_defence_dice:
        pool += rs.attached_defence_dice
        steps.append(report.say(f"+{rs.attached_defence_dice} attached unit",
                                f"+{rs.attached_defence_dice} присоединённое подразделение"))
        report.cite("attached")
    report.step("defence pool", "defence pool: " + " ".join(steps) + f" = {pool}", report.cite("defence_pool"),
                ru="набор защиты: " + " ".join(steps) + f" = {pool}", dice=pool)
    report.understood(defence=pool, defence_steps=steps)
    return pool, False


def dw4_pool(p: dict[str, Any], q: dict[str, int], report: Report) -> int:
    """The dw4 Resistance Pool: Defences + Escorts + Obscured + Hampered + Indirect when Blocked."""
    defences = p.get("defence")
    if defences is None:
        raise InputError("defence: the target's Defences rating is needed for the Resistance Pool (⟨defence⟩)",
                         "defence", ru="Для Набора Сопротивления нужен рейтинг Защиты цели (⟨defence⟩)")
    torrent = "torrent" in q
    steps = [report.say(f"Defences {defences}", f"Защита {defences}")
             + (" -> 0 (Torrent)" if torrent and defences else "")]
    resistance = 0 if torrent else defences
    if torrent:
        report.cite_quality("torrent")
    escorts = p.get("target_escorts") or 0
    if escorts:
        if torrent:
            report.note("⟨target_escorts⟩ not used: a Torrent's Resistance Roll gains no Escort dice",
                        "⟨target_escorts⟩ не используется: бросок Сопротивления против Torrent не получает "
                        "кубов Эскорта")
        elif "bomb" in q:
            report.note("⟨target_escorts⟩ not used against a Bomb attack",
                        "⟨target_escorts⟩ не используется против Бомбовой атаки")
        else:
            resistance += escorts
            steps.append(report.say(f"+{escorts} Escort", f"+{escorts} эскорт"))
            report.cite("escort")
    ignore_visibility = "homing" in q
    if p.get("obscured") or p.get("obscuring_mass"):
        om = p.get("obscuring_mass")
        if om is None:
            if p.get("mass") is None:
                raise InputError("obscuring_mass: dw4 Obscured adds Resistance dice equal to the Mass of the "
                                 "largest obscuring model: give ⟨obscuring_mass⟩", "obscuring_mass",
                                 ru="В dw4 Укрытие добавляет кубы Сопротивления по Массе самой крупной укрывающей "
                                    "модели: задайте ⟨obscuring_mass⟩")
            om = p["mass"]
            report.assume("Obscured: the obscuring model's Mass was taken as the target's Mass "
                          "(give ⟨obscuring_mass⟩ to change it)",
                          "Скрыта: Масса закрывающей модели принята равной Массе цели (задайте ⟨obscuring_mass⟩)")
        if ignore_visibility or "bomb" in q:
            report.note("Obscured: no bonus dice (Homing or Bomb)",
                        "Скрыта: бонусных кубов нет (Самонаводящееся или Бомба)")
        else:
            resistance += om
            steps.append(report.say(f"+{om} Obscured", f"+{om} укрытие"))
            report.cite("obscured")
    hampered = p.get("hampered") or 0
    if hampered and not ignore_visibility:
        resistance += 2 * hampered
        steps.append(report.say(f"+{2 * hampered} Hampered", f"+{2 * hampered} помехи"))
        report.cite("hampered")
    if p.get("blocked"):
        if "indirect" in q:
            weapons = q["indirect"]
            resistance += 3 * weapons
            plural = "s" if weapons > 1 else ""
            steps.append(report.say(f"+{3 * weapons} Indirect, Visibility Blocked ({weapons} weapon{plural})",
                                    f"+{3 * weapons} Навесное, обзор закрыт (оружий: {weapons})"))
            report.cite_quality("indirect")
            report.assume("Indirect: the number of Indirect weapons is the quality's count (write indirect:2 "
                          "for two weapons)",
                          "Неприцельный обстрел: число орудий с этим Качеством — его значение (indirect:2 для двух)")
        else:
            raise InputError("blocked: Visibility to the target is Blocked, so only Indirect weapons can "
                             "Contribute: add the indirect quality or leave ⟨blocked⟩ out", "blocked",
                             ru="Обзор цели закрыт, поэтому участвовать может только Навесное оружие: добавьте "
                                "свойство indirect или уберите ⟨blocked⟩")
    report.step("resistance pool", "Resistance Pool: " + " ".join(steps) + f" = {resistance}",
                report.cite("defence"), ru="Набор Сопротивления: " + " ".join(steps) + f" = {resistance}",
                dice=resistance)
    report.understood(defence=resistance, defence_steps=steps)
    return resistance
