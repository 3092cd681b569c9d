"""COLLISION: an unintended contact in the Movement step (RB Столкновения, QR COLLISIONS, GL Collision).

A Ram that moved under 3" (RB, QR: "the ram is treated as a collision") or whose dw4 Crew Check
failed (GL Ram: "If the check fails, the Ram is unsuccessful and a normal Collision is resolved")
is a Collision too: `from_ram` maps the ram's inputs onto this action.

RB: "В Столкновении Движущаяся Модель получает Уровень Дезорганизации. Если Точка Удара — элемент
ландшафта, она также получает повреждение. Если Точка Удара — Модель, имеющая равную или меньшую
Массу, чем у Движущейся Модели, эта тоже Модель получает Уровень Дезорганизации."
GL: "the moving model immediately gains 1 level of Disorder. If it has Collided with another model,
that model also gains 1 level of Disorder unless its Mass rating is higher than the moving model's
Mass. If the moving model has Collided with a Terrain Feature, or with a model whose Mass is greater
than its own, its Admiral rolls a number of Action Dice equal to the moving model's Mass. The moving
model suffers 1 Damage for each Strike (of any kind) that they roll."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.params import Kind, ParamSpec
from referee import dice, disorder, verdict
from referee.action_common import (
    DW4,
    at_least,
    binomial,
    cite,
    common,
    dist_json,
    faces,
    mean,
    note_unused,
    only,
    require,
)
from referee.damage import Target, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import Face, parse_faces
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, Ruleset

TRAITS = ("surface", "aerial", "submerged", "ground", "skimming")
IMPACTS = ("model", "terrain", "obstacle", "escort")
CAUSES = ("move", "ram-under-3", "crew-check-failed", "ram-outside-fore-arc")

SECTIONS = {
    "dw3-rulebook": "СТОЛКНАВЕНИЯ И ТАРАНЫ › Столкновения (Collisions)",
    "dw3-quick-reference": "COLLISIONS AND RAMS › COLLISIONS",
    "dw4-glossary": "Collision › Resolving a Collision",
}
OBSTACLE_SECTIONS = {
    "dw3-rulebook": "ИГРОВОЕ ПОЛЕ › Препятствия (Obstacles)",
    "dw3-quick-reference": "OBSTACLES",
}
RAM_SECTIONS = {
    "dw3-rulebook": "СТОЛКНАВЕНИЯ И ТАРАНЫ › Таран (Ramming)",
    "dw3-quick-reference": "COLLISIONS AND RAMS › RAMMING",
    "dw4-glossary": "Ram › Resolving a Ram",
}
ESCORT_SECTIONS = {"dw3-quick-reference": "ESCORTS"}


@dataclass(frozen=True)
class CollisionRules:
    """What differs between the texts, as data."""

    terrain_damage: int  # fixed damage to the mover from a terrain impact (RB, QR: 1)
    mass_dice: bool  # GL: terrain or heavier model -> roll Mass dice, 1 Damage per Strike
    other_disorder_if_mass_at_most_mover: bool  # RB/QR: Mass <= mover; GL: unless Mass > mover (same test)
    obstacles: bool  # RB/QR obstacles: Hull dice, then removed or a collision
    escorts_are_models: bool  # QR: colliding with an escort destroys it; RB/GL escorts are tokens


RULES = {
    "dw3-rulebook": CollisionRules(1, False, True, True, False),
    "dw3-quick-reference": CollisionRules(1, False, True, True, True),
    "dw4-glossary": CollisionRules(0, True, True, False, False),
}

PARAMS: list[ParamSpec] = [
    *common(),
    ParamSpec("mover_mass", Kind.INT, "the moving model's Mass", 1, 10),
    ParamSpec("impact", Kind.CHOICE, "what the moving model hit: model (default), terrain, obstacle (dw3), "
              "escort (dw3-qrs)", choices=IMPACTS),
    ParamSpec("impact_mass", Kind.INT, "Mass of the model (or obstacle) hit", 0, 20),
    ParamSpec("mover_trait", Kind.CHOICE, "the moving model's position trait", choices=TRAITS),
    ParamSpec("impact_trait", Kind.CHOICE, "the position trait of the model hit", choices=TRAITS),
    ParamSpec("mover_hull", Kind.INT, "the moving model's Hull (dw3 obstacles roll this many dice; Crippled check)",
              1, 100),
    ParamSpec("mover_damage_taken", Kind.INT, "damage already on the moving model", 0, 100),
    ParamSpec("mover_disorder", Kind.INT, "the moving model's Disorder level before the collision", 0, 3),
    ParamSpec("impact_disorder", Kind.INT, "the Disorder level of the model hit, before the collision", 0, 3),
    *only(DW4, "Heavy Prow (X) is a dw4 Property",
          ParamSpec("mover_heavy_prow", Kind.INT, "dw4: the moving model's Heavy Prow (X): the Damage it suffers is "
                    "reduced by X, to a minimum of 0 (contact in its Fore arc)", 0, 20)),
    ParamSpec("cause", Kind.CHOICE, "why this is a collision: move (default), ram-under-3, crew-check-failed, "
              "ram-outside-fore-arc", choices=CAUSES),
    ParamSpec("inches", Kind.FLOAT, "inches moved before the contact (a Ram needs 3\" or more)", 0, 100),
    faces("roll", "dice the moving model rolls (dw4: its Mass against terrain or a heavier model; dw3: its Hull "
          "against an obstacle); gives rolled mode"),
]

STRIKE_DAMAGE = {Face.EXPLODING: 1, Face.HEAVY: 1, Face.HIT: 1, Face.HEAVY_COUNTER: 0, Face.COUNTER: 0,
                 Face.BLANK: 0}
OBSTACLE_RULES = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), False, False)
GL_RULES = FaceRules(STRIKE_DAMAGE, STRIKE_DAMAGE, False, False)


def _passes_through(rs: Ruleset, impact: str, mover: str | None, other: str | None,
                    report: Report) -> str | None:
    """Why no collision happens, or None."""
    say = report.say
    if mover == "skimming" and rs.family != "dw4":
        return say("a Skimming model moves over terrain and models without colliding",
                   "Парящая модель проходит над террейном и моделями без Столкновения")
    if impact in ("terrain", "obstacle") and mover == "aerial":
        return (say("an Airborne model treats every Terrain Feature as Open Water",
                    "Воздушная модель считает любой элемент ландшафта открытой водой") if rs.family == "dw4"
                else say("Aerial models pass over terrain and obstacles",
                         "Воздушные модели проходят над террейном и Препятствиями"))
    if impact == "model" and mover is not None and other is not None:
        if rs.family == "dw4":
            if (mover == "aerial") != (other == "aerial"):
                return say("non-Airborne and Airborne models Pass Through each other",
                           "Воздушные и не Воздушные модели проходят друг сквозь друга")
            # GL Stygian Depths: "When a Surface model moves, it Passes Through Underwater models"; "When an
            # Underwater model moves, it can Pass Through non-Underwater models"
            if mover == "surface" and other == "submerged":
                return say("a moving Surface model Passes Through Underwater models (Stygian Depths)",
                           "движущаяся Надводная модель проходит сквозь Подводные (Stygian Depths)")
            if mover == "submerged" and other != "submerged":
                return say("a moving Underwater model can Pass Through non-Underwater models (Stygian Depths)",
                           "движущаяся Подводная модель может пройти сквозь не Подводные (Stygian Depths)")
        elif mover != other:
            return say("models without a matching position trait pass through each other",
                       "модели без совпадающих Особенностей Расположения проходят друг через друга")
    return None


def resolve_dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _resolve(p, rs, report, rolled)


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _resolve(p, rs, report, rolled)


def _resolve(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    """One procedure for both editions: the edition's CollisionRules and its few rules differ inline."""
    rules = RULES[rs.edition]
    impact = p.get("impact") or "model"
    cause = p.get("cause") or "move"
    inches = p.get("inches")
    if cause == "ram-under-3" and inches is not None and inches >= 3:
        raise InputError(f"inches: {inches:g}\" is enough for a Ram (3\" or more); a Ram under 3\" is the "
                         "Collision", "inches",
                         ru=f"inches: {inches:g}\" хватает для Тарана (3\" и больше); Таран меньше 3\" — это "
                            f"Столкновение")
    if inches is not None and inches < 3 and cause == "move":
        cause = "ram-under-3"
    if cause == "crew-check-failed" and rs.family != "dw4":
        raise InputError(f"cause: {rs.id} has no Crew Check for a Ram; a dw3 Ram becomes a Collision only "
                         "under 3\" of movement or outside the Fore arc", "cause",
                         ru=f"cause: в {rs.id} нет Проверки Экипажа для Тарана; Таран dw3 становится Столкновением "
                            f"только при движении меньше 3\" или вне носового сектора")
    if cause != "move":
        c = cite(report, RAM_SECTIONS)
        moved = "under 3\"" if inches is None else f"{inches:g}\""
        why = {"ram-under-3": f"the model moved {moved}, less than the 3\" a Ram needs",
               "crew-check-failed": "the Crew Check failed: the Ram is unsuccessful and a normal Collision is resolved",
               "ram-outside-fore-arc": "the contact is outside the moving model's Fore arc"}[cause]
        moved_ru = "меньше 3\"" if inches is None else f"{inches:g}\""
        why_ru = {"ram-under-3": f"модель прошла {moved_ru}, меньше 3\", нужных для Тарана",
                  "crew-check-failed": "проверка экипажа провалена: Таран не удался, разрешается обычное Столкновение",
                  "ram-outside-fore-arc": "контакт вне Носового сектора движущейся модели"}[cause]
        report.step("ram becomes a collision", why, c, ru=why_ru)
    if impact == "escort" and not rules.escorts_are_models:
        raise InputError(f"impact: in {rs.id} Escorts are tokens — they cannot be collided with", "impact",
                         ru=f"impact: в {rs.id} Эскорты — жетоны, с ними нельзя столкнуться")
    if impact == "obstacle" and not rules.obstacles:
        raise InputError("impact: dw4 has no obstacle rule of its own; use terrain (a Grounding Hazard is "
                         "Collided with as normal)", "impact",
                         ru="impact: в dw4 нет своего правила препятствий; используйте местность (с Опасностью мели "
                            "Сталкиваются как обычно)")
    mass = require(p, "mover_mass", "the moving model's Mass", "Масса движущейся модели")
    other_mass = p.get("impact_mass")
    if impact == "model" and other_mass is None:
        raise InputError("impact_mass: the Mass of the model hit decides whether it gains Disorder "
                         "(and, in dw4, whether the mover rolls damage dice) (⟨impact_mass⟩)", "impact_mass",
                         ru="Масса задетой модели решает, получит ли она Дезорганизацию (а в dw4 — бросает ли "
                            "движущаяся модель кубы урона) (⟨impact_mass⟩)")
    if impact == "obstacle" and other_mass is None:
        raise InputError("impact_mass: the obstacle's Mass decides whether it is removed or causes a collision "
                         "(⟨impact_mass⟩)", "impact_mass",
                         ru="Масса препятствия решает, убирается ли оно или вызывает столкновение (⟨impact_mass⟩)")
    hull, taken = p.get("mover_hull"), p.get("mover_damage_taken") or 0
    if hull is not None and taken >= hull:
        report.note(f"the moving model already has {taken} damage on Hull {hull}",
                    f"у Движущейся Модели уже {taken} повреждений при Корпусе {hull}")
    mdis, odis = p.get("mover_disorder") or 0, p.get("impact_disorder") or 0
    c = cite(report, SECTIONS)
    inputs: dict[str, Any] = {"ruleset": rs.id, "cause": cause, "impact": impact, "mover_mass": mass,
                              "impact_mass": other_mass, "mover_trait": p.get("mover_trait"),
                              "impact_trait": p.get("impact_trait"), "mover_hull": hull, "mover_damage_taken": taken,
                              "mover_disorder": mdis, "impact_disorder": odis, "inches": inches}
    report.understood(**inputs)
    if p.get("mover_trait") is None and p.get("impact_trait") is None and impact == "model":
        report.assume("position traits not given: both models assumed to share one (so they collide)",
                      "Особенности Расположения не заданы: считается, что они совпадают (модели сталкиваются)")
    why_not = _passes_through(rs, impact, p.get("mover_trait"), p.get("impact_trait"), report)
    if why_not:
        report.step("no collision", why_not, c)
        passed = {"collision": False, "mover_disorder_gained": 0, "impact_disorder_gained": 0,
                  "mover_damage": 0, "expected_mover_damage": 0.0}
        return passed, report.say("no collision: ", "столкновения нет: ") + why_not
    mover = Target(1, None, mass, hull, taken)
    body: dict[str, Any] = {"collision": True}
    lines: list[str] = []
    # Disorder
    body["mover_disorder_gained"] = 1
    mover_gain = disorder.gain(mdis, 1, rs.family)
    body["mover_disorder"] = mover_gain.level
    text = f"the moving model gains 1 Disorder level (now {body['mover_disorder']})"
    text_ru = f"Движущаяся Модель получает 1 Уровень Дезорганизации (теперь {body['mover_disorder']})"
    if mover_gain.spread:
        text += "; it already has 3, so it Spreads to the closest friendly model within 4\""
        text_ru += "; у неё уже 3, поэтому он переходит на ближайшую дружественную модель в 4\""
    if mover_gain.damage:
        text = "the moving model is already at Disorder level 3: it receives 1 damage instead"
        text_ru = "Движущаяся Модель уже на 3-м Уровне Дезорганизации: вместо него она получает 1 повреждение"
    report.step("mover disorder", text, c, ru=text_ru, disorder=1, damage=mover_gain.damage)
    lines.append(report.say("mover +1 Disorder", "Движущаяся Модель +1 Уровень Дезорганизации"))
    other_gains = 0
    if impact == "model":
        other_gains = 1 if other_mass <= mass else 0
        if other_gains and rs.family != "dw4" and odis >= disorder.MAX_LEVEL:
            body["impact_damage"] = disorder.gain(odis, other_gains, rs.family).damage
            report.note("the model hit is already at Disorder level 3: it receives 1 damage instead",
                        "Точка Удара уже на 3-м Уровне Дезорганизации: вместо него она получает 1 повреждение")
        if other_gains and rs.family == "dw4" and odis >= disorder.MAX_LEVEL:
            report.note("the model hit already has 3 Disorder levels: the new level Spreads to the closest "
                        "friendly model within 4\"",
                        "у Точки Удара уже 3 Уровня Дезорганизации: новый переходит на ближайшую дружественную "
                        "модель в 4\"")
        sign = "<=" if other_gains else ">"
        report.step("impact disorder", f"the model hit has Mass {other_mass} {sign} the mover's {mass}: "
                    + ("it gains 1 Disorder level" if other_gains else "no Disorder"), c,
                    ru=f"у Точки Удара Масса {other_mass} {sign} {mass} Движущейся Модели: "
                    + ("она получает 1 Уровень Дезорганизации" if other_gains else "без Дезорганизации"),
                    disorder=other_gains)
        if other_gains:
            lines.append(report.say("model hit +1 Disorder", "Точка Удара +1 Уровень Дезорганизации"))
    body["impact_disorder_gained"] = other_gains
    if impact == "model":
        body["impact_disorder"] = disorder.gain(odis, other_gains, rs.family).level
    if impact == "escort":
        cite(report, ESCORT_SECTIONS)
        report.step("escort", "the escort model hit is destroyed (the mover gains Disorder as normal)", c,
                    ru="задетая модель эскорта уничтожена (Движущаяся Модель получает Дезорганизацию как обычно)")
        body["escort_destroyed"] = True
        lines.append(report.say("escort destroyed", "эскорт уничтожен"))
    # Damage
    fixed = 0
    dice_count = 0
    face_rules = GL_RULES
    if rs.family == "dw4":
        if impact == "terrain" or (impact == "model" and other_mass > mass):
            dice_count = mass
            what = "terrain" if impact == "terrain" else f"heavier model (Mass {other_mass})"
            what_ru = "ландшафт" if impact == "terrain" else f"более тяжёлая модель (Масса {other_mass})"
            report.step("damage dice", f"{what}: roll {mass} Action Dice (the mover's Mass), 1 Damage per Strike of "
                        "any kind", c, ru=f"{what_ru}: бросьте {mass} кубов действия (Масса Движущейся Модели), "
                        "1 Повреждение за любой удар", dice=mass)
            report.assume("Collision damage dice are not an Action Roll: Exploding Strikes add no dice "
                          "(as the glossary says of the Broadside Roll)",
                          "кубы урона при Столкновении — не Бросок Действия: Взрывные удары не добавляют кубов "
                          "(как глоссарий говорит о броске Бортового залпа)")
    else:
        if impact == "terrain":
            fixed = rules.terrain_damage
            report.step("terrain", f"the point of impact is terrain: the moving model suffers {fixed} damage", c,
                        ru=f"Точка Удара — ландшафт: Движущаяся Модель получает {fixed} повреждение", damage=fixed)
            if rs.edition == "dw3-rulebook":
                report.assume("RB 'она также получает повреждение' read as the moving model suffering 1 damage "
                              "(as the quick reference says)",
                              "«она также получает повреждение» прочитано как 1 повреждение Движущейся Модели "
                              "(так сказано в кратком справочнике)")
        if impact == "obstacle":
            oc = cite(report, OBSTACLE_SECTIONS)
            dice_count = require(p, "mover_hull", "the moving model's Hull (it rolls that many dice against an "
                                 "obstacle)", "Корпус движущейся модели (столько кубов она бросает против препятствия)")
            face_rules = OBSTACLE_RULES
            removed = other_mass <= mass
            report.step("obstacle", f"roll {dice_count} dice (Hull): 1 damage per Hit, Heavy and Exploding Hits 2; "
                        + (f"obstacle Mass {other_mass} <= {mass}: it is removed"
                           if removed else f"obstacle Mass {other_mass} > {mass}: it stays and a collision follows "
                           "(+1 damage as terrain)"), oc,
                        ru=f"бросьте {dice_count} кубов (Корпус): 1 повреждение за Попадание, Тяжёлое и Взрывное — 2; "
                        + (f"Масса Препятствия {other_mass} <= {mass}: оно убрано" if removed else
                           f"Масса Препятствия {other_mass} > {mass}: оно остаётся, следует Столкновение "
                           "(+1 повреждение, как от ландшафта)"), dice=dice_count)
            report.assume("obstacle dice: Exploding Hits count 2 and add no dice (the text gives no explosion)",
                          "кубы Препятствия: Взрывное попадание считается за 2 и не добавляет кубов (о взрыве в "
                          "тексте не сказано)")
            body["obstacle_removed"] = removed
            if not removed:
                fixed = rules.terrain_damage
            else:
                body["collision"] = False
                body["mover_disorder_gained"] = 0
                body["mover_disorder"] = mdis
                report.step("mover disorder", "the obstacle was removed: no collision, no Disorder", oc,
                            ru="Препятствие убрано: ни Столкновения, ни Дезорганизации", disorder=0)
                lines[0:1] = []
    if body["collision"] and mover_gain.damage:
        fixed += mover_gain.damage  # dw3: Disorder at level 3 becomes damage
    body["dice"] = dice_count
    if not rolled:
        if dice_count:
            per = binomial(dice_count, 0.5) if face_rules is GL_RULES else None
            dist = per if per is not None else {k: v for k, v in
                                                enumerate(dice.hits_distribution(dice_count, face_rules).p) if v > 0}
            dmg = {k + fixed: v for k, v in dist.items()}
        else:
            dmg = {fixed: 1.0}
        dmg = _heavy_prow(dmg, p, rs, report)
        body.update({"p_mover_damage": dist_json(dmg), "p_mover_damage_at_least": at_least(dmg),
                     "expected_mover_damage": mean(dmg)})
        if hull is not None:
            family = "dw4" if rs.family == "dw4" else "dw3"
            body["p_mover_crippled"] = sum((v for k, v in dmg.items()
                                            if hull_state(mover, k, False, family) in ("crippled", "destroyed")),
                                           0.0)
            body["p_mover_destroyed"] = (None if family == "dw4" else
                                         sum((v for k, v in dmg.items()
                                              if hull_state(mover, k, False, family) == "destroyed"), 0.0))
        if dice_count or fixed:
            lines.append(report.say("mover expected damage", "ожидаемый урон Движущейся Модели")
                         + f" {body['expected_mover_damage']:.2f}"
                         + (f" (P ≥ 1: {verdict.pct(1 - dmg.get(0, 0.0))})" if dice_count else ""))
        return body, _line(body, lines, report)
    faces_rolled = parse_faces(p.get("roll"), "roll")
    if not dice_count:
        raise InputError("roll: no dice are rolled in this collision (dice are rolled only against terrain or a "
                         "heavier model in dw4, or an obstacle in dw3); leave ⟨roll⟩ out", "roll",
                         ru="roll: в этом столкновении кубы не бросаются (только против местности или более тяжёлой "
                            "модели в dw4 или препятствия в dw3); уберите ⟨roll⟩")
    RollCheck(report).count("roll", len(faces_rolled), dice_count, "the moving model rolls {need} dice, you gave {got}")
    damage = fixed + dice.score(faces_rolled, [], face_rules)
    damage = min(_heavy_prow({damage: 1.0}, p, rs, report))
    if dice_count:
        report.step("damage", f"{damage - fixed} from the dice" + (f" + {fixed}" if fixed else "") + f" = {damage}",
                    c, ru=f"{damage - fixed} с кубов" + (f" + {fixed}" if fixed else "") + f" = {damage}",
                    damage=damage)
    body["mover_damage"] = damage
    body["mover_state"] = hull_state(mover, damage, False, "dw4" if rs.family == "dw4" else "dw3")
    if damage:
        lines.append(report.say(f"mover takes {damage} damage", f"Движущаяся Модель получает {damage} повр."))
    return body, _line(body, lines, report)


def _heavy_prow(dmg: dict[int, float], p: dict[str, Any], rs: Ruleset, report: Report) -> dict[int, float]:
    """GL Heavy Prow: "when this model Collides with or Rams another model … the amount of Damage it suffers
    is reduced by X, to a minimum of 0" (also the Collision a failed ram Crew Check becomes)."""
    prow = p.get("mover_heavy_prow") or 0
    if not prow or rs.family != "dw4":
        return dmg
    report.step("heavy prow", f"Heavy Prow ({prow}): the moving model's Damage is reduced by {prow}, to a minimum "
                "of 0", report.cite("heavy_prow"),
                ru=f"Heavy Prow ({prow}): урон Движущейся Модели меньше на {prow}, но не меньше 0")
    out: dict[int, float] = {}
    for k, v in dmg.items():
        out[max(0, k - prow)] = out.get(max(0, k - prow), 0.0) + v
    return out


def _line(body: dict[str, Any], lines: list[str], report: Report) -> str:
    head = (report.say("collision", "столкновение") if body["collision"]
            else report.say("obstacle removed, no collision", "Препятствие убрано, столкновения нет"))
    return head + (": " + ", ".join(lines) if lines else "")


RAM_TO_COLLISION = {"rammer_mass": "mover_mass", "target_mass": "impact_mass", "hull": "mover_hull",
                    "rammer_damage_taken": "mover_damage_taken", "rammer_disorder": "mover_disorder",
                    "heavy_prow": "mover_heavy_prow",
                    "inches": "inches", "ruleset": "ruleset", "roll": "roll"}


def from_ram(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    """A Ram that is a Collision (under 3", or a failed dw4 Crew Check): resolve the Collision instead.

    The ram's inputs are mapped onto the collision's; the rest are named as unused."""
    failed = p.get("crew_check") == "fail"
    why = ("the Crew Check failed, so the Ram is resolved as a Collision" if failed else
           f"a Ram after {p.get('inches', 0):g} inches (under 3) is resolved as a Collision")
    why_ru = ("Проверка Экипажа провалена, и Таран разрешается как Столкновение" if failed else
              f"Таран после {p.get('inches', 0):g} дюймов (меньше 3) разрешается как Столкновение")
    require(p, "rammer_mass", f"the ramming model's Mass ({why}, which compares the two Masses)",
            f"Масса таранящей модели ({why_ru}, где сравниваются две Массы)")
    require(p, "target_mass", f"the target's Mass ({why}, which compares the two Masses)",
            f"Масса цели ({why_ru}, где сравниваются две Массы)")
    q: dict[str, Any] = {new: p[old] for old, new in RAM_TO_COLLISION.items() if p.get(old) is not None}
    q["impact"] = "model"
    q["cause"] = "crew-check-failed" if failed else "ram-under-3"
    if failed:
        q.pop("inches", None)
    note_unused(p, report, [k for k in ("ramming", "bonus", "target_heavy_prow", "target_armour",
                                        "target_citadel", "target_hull", "target_damage_taken", "quality",
                                        "self_damage_roll", "crew", "card_values", "explosions",
                                        "critical_roll", "rerolls", "defence_roll", "target_generator",
                                        "no_generators", "mass1_strict")],
                "a Collision uses only the Masses, the mover's Hull and damage, and Disorder",
                "Столкновение учитывает только Массы, Корпус и повреждения Движущейся Модели и Дезорганизацию")
    if rs.family == "dw4":
        report.note("a Ram attempt, even one resolved as a Collision, stops the model from Participating in "
                    "Actions in the following Action Step",
                    "попытка Тарана, даже разрешённая как Столкновение, не даёт модели участвовать в Действиях "
                    "в следующем Шаге действий")
    body, line = _resolve(q, rs, report, rolled and p.get("roll") is not None)
    return {"resolved_as": "collision", **body}, line
