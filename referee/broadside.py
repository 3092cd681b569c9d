"""BROADSIDE (dw4, GL "Broadside"): close-range flank batteries against one Target.

GL Broadside › 4. MAKE THE BROADSIDE ROLL: "The Admiral rolls a number of Action Dice equal to the
total Broadside ratings of all models whose flank batteries are Contributing to the Action. The Target
suffers 1 Damage for each Standard Strike that is rolled, and 2 Damage for each Heavy Strike and
Exploding Strike. (Note that this is not an Action Roll, so Exploding Strikes do not allow additional
dice to be rolled.) In addition, if the Target suffers at least 1 Damage, it also gains 1 level of
Disorder." There is no Resistance Roll and no Success Threshold.

In dw3 (RB, QR) "Broadside" is only a weapon quality (the weapon may fire once per arc): an attack;
the registry entry (referee.actions) declares the action dw4-only and says so.
"""
from __future__ import annotations

from typing import Any

from core.params import Kind, ParamSpec
from referee import dice, disorder, verdict
from referee.action_common import at_least, binomial, cite, common, dist_json, faces, mean, note_unused, require
from referee.citations import Citation
from referee.critical_effects import effect_key
from referee.damage import Target, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import Face, parse_faces
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, Ruleset

SECTION = {"dw4-glossary": "Broadside › Make the Broadside Roll"}
DISORDER = Citation("dw4-glossary", "Disorder › Other Disorder Effects")
INCENDIARY = Citation("dw4-glossary", "Incendiary Broadsides")
MAX_DICE = 200

PARAMS: list[ParamSpec] = [
    *common(),
    ParamSpec("broadside", Kind.INTS, "Broadside rating of each model whose flank batteries contribute "
              "(repeatable)", 0, MAX_DICE),
    ParamSpec("attacker_disorder", Kind.INT, "highest Disorder level among the contributing models", 0, 3),
    ParamSpec("incendiary", Kind.INT, "highest Broadside rating among contributing models with Incendiary "
              "Broadsides (Critical Damage Dice rolled for Hazard)", 0, MAX_DICE),
    ParamSpec("target_hull", Kind.INT, "the Target's Hull rating", 1, 100),
    ParamSpec("target_damage_taken", Kind.INT, "Damage already on the Target", 0, 100),
    ParamSpec("target_disorder", Kind.INT, "the Target's Disorder level before the Broadside", 0, 3),
    faces("roll", "faces rolled for the Broadside dice (1 exploding, 2 heavy, 3 standard, 4 heavy counter, "
          "5 counter, 6 blank; names accepted); gives rolled mode"),
    ParamSpec("incendiary_roll", Kind.TEXTS, "Incendiary Broadsides: the Critical Damage Dice as effect names "
              "(e.g. hazard, breach)", max_items=MAX_DICE),
]


def broadside_rules(level: int) -> FaceRules:
    """S 1, H 2, X 2 and no extra dice; Disorder 2: Heavy 1; Disorder 3: Heavy and Exploding 1."""
    base = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), False, False)
    return disorder.action_rules(base, level)


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    ratings = require(p, "broadside", "the Broadside rating of each contributing model",
                      "рейтинг Бортового залпа каждой участвующей модели")
    pool = sum(ratings)
    if pool > MAX_DICE:
        raise InputError(f"broadside: {' + '.join(map(str, ratings))} = {pool} dice; the limit is {MAX_DICE}",
                         "broadside",
                         ru=f"broadside: {' + '.join(map(str, ratings))} = {pool} кубов; предел {MAX_DICE}")
    level = p.get("attacker_disorder") or 0
    inc = p.get("incendiary") or 0
    if inc and inc > max(ratings):
        raise InputError(f"incendiary: {inc} is above every contributing Broadside rating ({max(ratings)}); give "
                         "the highest Broadside rating among the models with Incendiary Broadsides", "incendiary",
                         ru=f"incendiary: {inc} больше любого участвующего рейтинга Бортового залпа ({max(ratings)}); "
                            f"задайте наибольший рейтинг среди моделей с Зажигательными бортовыми залпами")
    hull, taken = p.get("target_hull"), p.get("target_damage_taken") or 0
    if hull is not None and taken >= hull:
        report.note(f"the Target already has {taken} Damage on Hull {hull}: it is Crippled before the Broadside",
                    f"у Цели уже {taken} Повреждений при Корпусе {hull}: она Повреждена до Бортового залпа")
    tdis = p.get("target_disorder") or 0
    target = Target(1, None, None, hull, taken)
    c = cite(report, SECTION)
    report.step("broadside pool", " + ".join(str(r) for r in ratings) + f" = {pool} dice (Broadside ratings)",
                c, ru=" + ".join(str(r) for r in ratings) + f" = {pool} кубов (значения Broadside)", dice=pool)
    rules = broadside_rules(level)
    if level >= 2:
        report.citations.append(DISORDER)
        report.step("attacker disorder", f"a contributing model at Disorder {level}: "
                    + ("Heavy Strikes" if level == 2 else "Heavy and Exploding Strikes") + " inflict only 1 Damage",
                    DISORDER, ru=f"участвующая модель с Дезорганизацией {level}: "
                    + ("Тяжёлые удары" if level == 2 else "Тяжёлые и Взрывные удары") + " наносят только 1 Повреждение",
                    disorder=level)
    report.assume("Broadside Roll faces read as in the reconstructed Action Roll: Standard, Heavy and Exploding "
                  "Strikes on faces 3, 2 and 1; Counters and Blanks do nothing",
                  "грани броска Бортового залпа читаются как в реконструированном Броске действия: Обычный, Тяжёлый "
                  "и Взрывной удары на гранях 3, 2 и 1; Отражения и пустые грани ничего не дают")
    if inc:
        report.citations.append(INCENDIARY)
        report.assume("Incendiary Broadsides: each Critical Damage Die shows Hazard with probability 1/6 (die "
                      "reconstructed: six faces, one per Critical Damage Effect)",
                      "Incendiary Broadsides: каждый куб Критических повреждений показывает Hazard с вероятностью "
                      "1/6 (куб реконструирован: шесть граней, по одной на Критический эффект)")
    new_level = disorder.gain(tdis, 1, "dw4").level
    inputs = {"broadside": ratings, "dice": pool, "attacker_disorder": level, "incendiary": inc,
              "target_hull": hull, "target_damage_taken": taken, "target_disorder": tdis,
              "face_damage": {f.name.lower(): rules.initial[f] for f in (Face.HIT, Face.HEAVY, Face.EXPLODING)}}
    report.understood(**inputs)
    spread = report.say("; it is at Disorder 3 already, so the level Spreads to the closest friendly model within 4\"",
                        "; у неё уже Дезорганизация 3, поэтому уровень переходит на ближайшую дружественную модель "
                        "в 4\"") if tdis == 3 else ""
    if not rolled:
        note_unused(p, report, ["incendiary_roll"], "it is a rolled-mode input (give ⟨roll⟩ too)",
                    "это параметр режима броска (задайте и ⟨roll⟩)")
        dist = dice.hits_distribution(pool, rules)
        dmg = {k: v for k, v in enumerate(dist.p) if v > 0}
        p_hit = 1 - dmg.get(0, 0.0)
        p_crip = sum(v for k, v in dmg.items() if hull_state(target, k, False, "dw4") == "crippled") \
            if hull is not None else None
        body: dict[str, Any] = {
            "pool": pool, "expected_damage": mean(dmg), "p_damage": dist_json(dmg),
            "p_damage_at_least": at_least(dmg), "p_disorder": p_hit,
            "p_crippled": p_crip, "p_destroyed": None, "p_critical": None, "p_catastrophic": None,
        }
        if inc:
            # one Hazard effect per Hazard result on `inc` dice, rolled only when the Target took Damage
            hz = {k: p_hit * v for k, v in binomial(inc, 1 / 6).items()}
            hz[0] = hz.get(0, 0.0) + (1 - p_hit)
            body["p_hazard_effects"] = dist_json(hz)
            body["expected_hazard_effects"] = mean(hz)
        report.step("damage", f"1 Damage per Standard Strike, {rules.initial[Face.HEAVY]} per Heavy, "
                    f"{rules.initial[Face.EXPLODING]} per Exploding; no extra dice; at least 1 Damage gives the "
                    f"Target 1 Disorder (level {new_level}){spread}", c,
                    ru=f"1 Повреждение за Обычный удар, {rules.initial[Face.HEAVY]} за Тяжёлый, "
                    f"{rules.initial[Face.EXPLODING]} за Взрывной; без добавочных кубов; хотя бы 1 Повреждение даёт "
                    f"Цели 1 Уровень Дезорганизации (уровень {new_level}){spread}")
        report.note("Broadside: no Resistance Roll; repeat for each further Target (each enemy model once per "
                    "Broadside action)",
                    "Бортовой залп: без броска Сопротивления; повторите для каждой следующей Цели (каждая вражеская "
                    "модель — один раз за Действие)")
        line = report.say(f"{pool} broadside dice: expected {body['expected_damage']:.2f} damage; P(at least 1 "
                          f"damage, Target gains Disorder) {verdict.pct(p_hit)}",
                          f"{pool} кубов бортового залпа: ожидается {body['expected_damage']:.2f} урона; P(хотя бы "
                          f"1 урон, Цель получает Дезорганизацию) {verdict.pct(p_hit)}")
        if p_crip is not None:
            line += report.say(", P(crippled) ", ", P(повреждена) ") + verdict.pct(p_crip)
        if inc:
            line += report.say("; expected Hazard effects ", "; ожидается эффектов Hazard ") + \
                f"{body['expected_hazard_effects']:.2f}"
        return body, line
    rolled_faces = parse_faces(p.get("roll"), "roll")
    RollCheck(report).count("roll", len(rolled_faces), pool, "the Broadside Roll is {need} dice, you gave {got}")
    damage = dice.score(rolled_faces, [], rules)
    report.step("damage", f"{damage} Damage from the Broadside Roll (no extra dice for Exploding Strikes)", c,
                ru=f"{damage} Повреждений от броска Бортового залпа (Взрывные удары не добавляют кубов)",
                damage=damage)
    gained = 1 if damage else 0
    out: dict[str, Any] = {"pool": pool, "damage": damage, "disorder": gained,
                           "target_disorder": disorder.gain(tdis, gained, "dw4").level,
                           "state": hull_state(target, damage, False, "dw4")}
    line = report.say(f"{damage} damage" + (f", Target gains 1 Disorder (level {new_level}){spread}" if gained else ""),
                      f"{damage} урона" + (f", Цель получает 1 Уровень Дезорганизации (уровень {new_level}){spread}"
                                           if gained else ""))
    if inc and damage:
        names = p.get("incendiary_roll") or []
        if not names:
            out["critical_dice_needed"] = inc
            line += report.say(f" — roll {inc} Critical Damage Dice (Incendiary Broadsides)",
                               f" — бросьте {inc} кубов Критических повреждений (Incendiary Broadsides)")
        else:
            if len(names) != inc:
                raise InputError(f"incendiary_roll: {inc} Critical Damage Dice are rolled, you gave {len(names)}",
                                 "incendiary_roll",
                                 ru=f"incendiary_roll: бросается кубов Критических повреждений: {inc}, задано "
                                    f"{len(names)}")
            hazards = sum(1 for n in names if effect_key(n) == "hazard")
            out["hazard_effects"] = hazards
            report.step("incendiary broadsides", f"{hazards} Hazard result(s): {hazards} Hazard Critical Damage "
                        "Effect(s)", INCENDIARY, ru=f"результатов Hazard: {hazards}; Критических эффектов Hazard: "
                        f"{hazards}", hazard_effects=hazards)
            line += report.say(f"; {hazards} Hazard effect{'s' if hazards != 1 else ''}",
                               f"; эффектов Hazard: {hazards}")
    elif p.get("incendiary_roll") and not damage:
        raise InputError("incendiary_roll: the Target suffered no Damage, so Incendiary Broadsides rolls no dice",
                         "incendiary_roll",
                         ru="incendiary_roll: Цель не получила Урона, поэтому Зажигательные бортовые залпы не бросают "
                            "кубов")
    if out["state"] == "crippled" and hull is not None and taken < hull:
        line += report.say("; Target Crippled", "; Цель Повреждена")
    return out, line
