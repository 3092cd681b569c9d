"""ATTACK, 4th edition (reconstructed from the Rules Glossary): build the setup, score a rolled attack."""
from __future__ import annotations

from typing import Any

from referee import attack_setup, checks, defence, dice, disorder
from referee.attack_setup import AttackSetup
from referee.damage import Target, hull_state
from referee.dice import FaceRules
from referee.faces import Face
from referee.report import Report
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset

NOT_MODELLED = ("limited", "arc", "fusillade")  # Blast: referee.secondary; Torrent: the repeats note


def successes(net: int, threshold: int, piercing: int) -> int:
    """Group Hits by the threshold; Piercing (X) lowers it by 1 (min 1) for the first X Successes."""
    s = 0
    reduced = max(1, threshold - 1)
    while piercing > 0 and net >= reduced:
        net -= reduced
        s += 1
        piercing -= 1
    return s + net // threshold


def _counter_values(p: dict[str, Any], q: dict[str, int], report: Report) -> dict[Face, int]:
    values = dict(COUNTER_VALUES)
    if attack_setup.target_type(p) == "aerial" and "aerial" in q:
        # GL Aerial: "If the Initial Target is an Airborne model, it does not benefit from the Unconventional
        # Target rule"
        report.step("unconventional target", "Aerial Weapons against an Airborne target: no Unconventional Target",
                    report.cite_quality("aerial"),
                    ru="Воздушное оружие против воздушной цели: правило Unconventional Target не действует")
    elif attack_setup.target_type(p) == "aerial":
        # GL Unconventional Target: "any Standard Strikes and Heavy Strikes in the Resistance Roll are
        # converted to Standard Counters"
        values[Face.HIT] = values[Face.HEAVY] = values[Face.COUNTER]
        report.step("unconventional target", "Airborne target: Standard and Heavy Strikes in the Resistance "
                    "Roll count as Standard Counters", report.cite("unconventional"),
                    ru="воздушная цель: Обычные и Тяжёлые удары в броске Сопротивления считаются Обычными "
                    "Отражениями")
        report.cite("airborne")
    if p.get("resistance_heavy_counters"):
        # GL Magnetic Generator: "convert any Heavy Strikes in the Resistance Roll to Heavy Counters at the start
        # of the Count Hits step" (after the Unconventional Target conversion, which happens as the roll is made)
        values[Face.HEAVY] = values[Face.HEAVY_COUNTER]
        report.step("resistance heavy strikes", "Heavy Strikes in the Resistance Roll count as Heavy Counters "
                    "(a card rule)", report.cite("result"),
                    ru="Тяжёлые удары в броске Сопротивления считаются Тяжёлыми отражениями (правило карточки)")
    return values


def build(p: dict[str, Any], rs: Ruleset, q: dict[str, int], pool: int, steps: list[str], band: str | None,
          report: Report) -> AttackSetup:
    checks.target_state(p.get("hull"), p.get("damage_taken") or 0, bool(p.get("crippled")), None)
    report.assume("dw4 core Action Roll is reconstructed (not in the glossary): Strike values S 1, H 2, X 2 "
                  "(+1 die), Counters C 1, K 2; Exploding chains continue; dice are re-rolled at most once",
                  "Бросок действия dw4 реконструирован (его нет в глоссарии): S 1, H 2, X 2 (+1 куб), "
                  "Отражения C 1, K 2; цепочки взрывов продолжаются; куб перебрасывается не больше раза")
    report.step("action pool", "Action Pool: " + " ".join(steps) + f" = {pool}", report.cite("shooting"),
                ru="Набор действия: " + " ".join(steps) + f" = {pool}", dice=pool)
    resistance = defence.dw4_pool(p, q, report)
    armour = p["armour"]
    if p.get("shield") and "submerged" not in q:
        armour += 1
        report.step("heavy shield generator", f"+1 Armour -> threshold {armour}", report.cite("shield"),
                    ru=f"+1 к Броне -> порог {armour}")
    convert = q.get("devastating", 0) - (p.get("target_ablative") or 0)
    if "devastating" in q:
        report.cite_quality("devastating")
    if p.get("target_ablative"):
        report.cite("ablative")
    reroll: set[Face] = set()
    names: dict[Face, str] = {}
    if "hunter" in q:
        reroll.add(Face.BLANK)
        names[Face.BLANK] = "Hunter"
        report.cite_quality("hunter")
    for quality in ("piercing", "high-velocity"):
        if quality in q:
            report.cite_quality(quality)
    rail = q.get("rail", 0)
    if rail:
        report.cite_quality("rail")
        report.assume(f"Rail ({rail}): the first {rail} Exploding Strikes of the initial roll each add two dice; "
                      "Exploding Strikes on the added dice add one (reading of \"the first X Exploding Strikes\")",
                      f"Rail ({rail}): первые {rail} Взрывных удара начального броска добавляют по два куба; "
                      "Взрывные удары на добавленных кубах — по одному")
    repeats = q.get("torrent", 1)
    if "torrent" in q:
        report.note(f"Torrent ({repeats}): these are the odds of one resolution; the whole Attack action may be "
                    f"resolved up to {repeats} times (the same target, or another with its Positional Trait "
                    "within 4\")",
                    f"Torrent ({repeats}): это шансы одного разрешения; Действие можно повторить до {repeats} раз")
    target = Target(armour, None, p.get("mass"), p.get("hull"), p.get("damage_taken") or 0, bool(p.get("crippled")))
    rules = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
    level = p.get("attacker_disorder") or 0
    rules = disorder.apply(rules, level, report)
    if level >= 2 and convert > 0:
        # Disorder turns the roll's Heavy Strikes into Standard Strikes, so Devastating has none left to convert
        convert = 0
        report.assume("Disorder (level 2 or 3) and Devastating: the attacker's Heavy Strikes count as Standard "
                      "Strikes, so Devastating converts none of them to Exploding Strikes",
                      "Дезорганизация (уровень 2 или 3) и Разрушительное: Тяжёлые удары атакующего считаются "
                      "Обычными, поэтому Разрушительное ничего не превращает во Взрывные удары")
    for quality in q:
        if quality in NOT_MODELLED:
            report.note(f"{quality}: not modelled in this calculation", f"{quality}: не учитывается в этом расчёте")
    report.cite("dice")
    report.cite("result")
    report.understood(dice=pool, pool_steps=steps, armour=p["armour"], threshold=armour, mass=target.mass,
                      hull=target.hull, damage_taken=target.damage_taken, crippled=target.crippled)
    return AttackSetup(rs, pool, resistance, rules, _counter_values(p, q, report), target, q, False, band,
                       frozenset(reroll), names, None, None, q.get("piercing", 0), q.get("high-velocity", 0),
                       convert, rail=rail, repeats=repeats)


def rolled(setup: AttackSetup, net: int, out: dict[str, Any], report: Report) -> dict[str, Any]:
    t = setup.target
    s = successes(net, t.armour, setup.piercing)
    detail = f"{net} grouped by threshold {t.armour}"
    if setup.piercing:
        detail += f" (Piercing {setup.piercing}: first Successes at {max(1, t.armour - 1)})"
    ru = f"{net} по порогу {t.armour}" + (f" (Piercing {setup.piercing}: первые Успехи по {max(1, t.armour - 1)})"
                                          if setup.piercing else "")
    report.step("resolve outcome", f"{detail} = {s} Successes = {s} Damage", report.cite("result"),
                ru=f"{ru} = {s} Успехов = {s} Повреждений", successes=s)
    state = hull_state(t, s, False, "dw4")
    out.update({"damage": s, "successes": s, "critical": 0, "catastrophic": 0, "total_damage": s,
                "state": state, "disorder": 0})
    return out


def explosions_needed(setup: AttackSetup, final: list[Face], explosions: list[Face]) -> int:
    return dice.explosion_dice_needed(final, explosions, setup.rules, setup.rail)
