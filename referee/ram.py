"""RAM: dw3 (Hull + inches + Ramming rolled as an attack, self-damage die) and dw4 (Crew Check,
two Success Thresholds, Heavy Prow)."""
from __future__ import annotations

import re
from typing import Any

from core.params import Kind, ParamSpec
from referee import attack_core, attack_setup, checks, collision, dice, disorder, poly, verdict
from referee.action_common import (
    DW3,
    DW4,
    MAX_DICE,
    MAX_FACES,
    MAX_QUALITIES,
    common,
    only,
    require,
    rolled_inputs,
)
from referee.attack_core import AttackSetup
from referee.damage import Target, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import FACES, Face, parse_faces
from referee.outcomes import aggregate
from referee.qualities import parse_qualities
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset

INT, FLOAT, BOOL, TEXT, CHOICE, TEXTS = Kind.INT, Kind.FLOAT, Kind.BOOL, Kind.TEXT, Kind.CHOICE, Kind.TEXTS

DW3_RAM = "a 3rd-edition ram input; the dw4 Ram uses Mass thresholds, Heavy Prow and a Crew Check"
DW4_RAM = "a dw4 Ram input (Crew Check, Heavy Prow, Disorder on the Action Roll)"

PARAMS: list[ParamSpec] = [
    *common(),
    ParamSpec("hull", INT, "ramming model's unmodified Hull", 0, MAX_DICE),
    ParamSpec("inches", FLOAT, "inches moved before the impact", 0, 100),
    *only(DW3, DW3_RAM, ParamSpec("ramming", INT, "Ramming (X) of the ram weapon (dw3)", 0, 50)),
    ParamSpec("bonus", INT, "extra ram dice from special rules (e.g. Hammer Sweep 2)", 0, 50),
    ParamSpec("rammer_mass", INT, "ramming model's Mass", 1, 10),
    *only(DW3, DW3_RAM,
          ParamSpec("rammer_damage_taken", INT, "damage already on the ramming model", 0, 100),
          ParamSpec("target_armour", INT, "target's Armour (dw3)", 1, 50),
          ParamSpec("target_citadel", INT, "target's Citadel (dw3)", 1, 100),
          ParamSpec("markers", TEXTS, "dw3: critical markers already on the target (Reactor Leak lowers its "
                    "Citadel; a duplicate is a Catastrophic Explosion)", max_items=MAX_QUALITIES)),
    ParamSpec("target_mass", INT, "target's Mass", 1, 10),
    ParamSpec("target_hull", INT, "target's Hull on its current side", 1, 100),
    ParamSpec("target_damage_taken", INT, "damage already on the target", 0, 100),
    *only(DW3, DW3_RAM,
          ParamSpec("quality", TEXTS, "other qualities of the ram weapon (e.g. piercing)", max_items=MAX_QUALITIES)),
    *only(DW4, DW4_RAM,
          ParamSpec("crew", INT, "dw4: ramming model's Crew rating", 0, 20),
          ParamSpec("crew_check", CHOICE, "dw4: crew check result (default: odds from the card values)",
                    choices=("pass", "fail", "draw")),
          ParamSpec("card_values", TEXT, "dw4: Victory & Valour card values as LOW-HIGH (default 1-10, assumed)",
                    max_length=20),
          ParamSpec("heavy_prow", INT, "dw4: ramming model's Heavy Prow (X)", 0, 20),
          ParamSpec("target_heavy_prow", INT, "dw4: target's Heavy Prow (X), contact in its Fore arc", 0, 20),
          ParamSpec("rammer_disorder", INT, "dw4: ramming model's Disorder level before the ram", 0, 3),
          ParamSpec("crew_unmodified", BOOL, "dw4: the rammer's Crew rating cannot be Modified, so its Disorder "
                    "does not lower the Crew Check (a card rule such as Mechanical Soul)"),
          ParamSpec("rammer_no_disorder", BOOL, "dw4: the rammer gains no Disorder from the Ram (a card rule such "
                    "as Daredevil Crew or Very Large)"),
          ParamSpec("target_no_disorder", BOOL, "dw4: the rammed model gains no Disorder from the Ram (a card "
                    "rule such as Very Large)")),
    *only(DW3, DW3_RAM,
          ParamSpec("mass1_strict", BOOL, "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed"),
          ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: "
                    "assumed yes)"),
          ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 "
                    "more Disorder, quick reference re-roll)"),
          ParamSpec("self_damage_roll", Kind.FACES, "the rammer's self-damage die (dw3)", max_items=MAX_FACES)),
    *rolled_inputs(),
]


def _require(p: dict[str, Any], name: str, what: str, what_ru: str) -> Any:
    return require(p, name, what, what_ru)


def _pool(p: dict[str, Any], rs: Ruleset, report: Report, extra: int, extra_name: str) -> int:
    hull = _require(p, "hull", "the ramming model's unmodified Hull", "немодифицированный Корпус таранящей модели")
    inches = _require(p, "inches", "the inches moved before the impact", "дюймы, пройденные до удара")
    bonus_inches = min(int(inches), rs.ram_cap)
    bonus = p.get("bonus") or 0
    pool: int = hull + bonus_inches + extra + bonus
    steps = [report.say(f"Hull {hull}", f"Корпус {hull}"),
             report.say(f"+ {bonus_inches} inches (of {inches:g}, max {rs.ram_cap})",
                        f"+ {bonus_inches} дюйм. (из {inches:g}, не больше {rs.ram_cap})"), f"+ {extra} {extra_name}"]
    bonus_step = [report.say(f"+ {bonus} bonus", f"+ {bonus} бонус")] if bonus else []
    report.understood(dice=pool, pool_steps=steps + bonus_step,
                      target_armour=p.get("target_armour"), target_citadel=p.get("target_citadel"),
                      target_mass=p.get("target_mass"), target_hull=p.get("target_hull"),
                      rammer_mass=p.get("rammer_mass"), qualities=list(p.get("quality") or []))
    extra_ru = {"Ramming": "Таранное", "Heavy Prow": "Heavy Prow"}.get(extra_name, extra_name)
    report.step("ram pool", f"Hull {hull} + min({int(inches)}, {rs.ram_cap}) inches + {extra_name} {extra}"
                + (f" + bonus {bonus}" if bonus else "") + f" = {pool}", report.cite("ram"),
                ru=f"Корпус {hull} + min({int(inches)}, {rs.ram_cap}) дюймов + {extra_ru} {extra}"
                + (f" + бонус {bonus}" if bonus else "") + f" = {pool}", dice=pool)
    return pool


def _under_3(p: dict[str, Any]) -> bool:
    """RB/QR and GL: a ram after less than 3" is treated as a collision."""
    inches = p.get("inches")
    return inches is not None and bool(inches < 3)


def resolve_dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    if _under_3(p):
        return collision.from_ram(p, rs, report, rolled)
    return _dw3(p, rs, report, rolled)


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    # GL Ram: "If the check fails, the Ram is unsuccessful and a normal Collision is resolved"
    if _under_3(p) or p.get("crew_check") == "fail":
        return collision.from_ram(p, rs, report, rolled)
    return _dw4(p, rs, report, rolled)


def _self_damage_dist(rs: Ruleset) -> dict[int, float]:
    out: dict[int, float] = {}
    for f in FACES:
        dmg = rs.ram_self_damage.get(f, (0, 0))[0]
        out[dmg] = out.get(dmg, 0.0) + 1 / 6
    return out


def _dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    ramming = p.get("ramming") or 0
    pool = _pool(p, rs, report, ramming, "Ramming")
    armour = _require(p, "target_armour", "the target's Armour", "Броня цели")
    q = parse_qualities(p.get("quality") or [], rs)
    if q:
        report.assume("other qualities of the ram weapon (e.g. Piercing) are applied to the ram pool",
                      "другие Качества таранного орудия (например, Бронепробивное) применяются к набору тарана")
    report.assume("the ram is rolled as an attack: explosions chain, Hits vs the target's Armour and Citadel, "
                  "no Defence roll, never Obscured",
                  "таран бросается как Атака: взрывы идут цепочкой, Попадания против Брони и Цитадели цели, "
                  "без броска Защиты, цель никогда не Скрыта")
    tmass = p.get("target_mass")
    # RB КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Отключение генератора: a model without Generators gains one more Disorder level
    generator = checks.has_generators(p, report, p.get("target_citadel") is not None and (tmass or 2) >= 2)
    markers = attack_setup.markers(p)
    citadel = p.get("target_citadel")
    if citadel is not None:
        citadel = attack_setup.marked_citadel(citadel, markers, rs, report)
    target = Target(armour, citadel, tmass, p.get("target_hull"), p.get("target_damage_taken") or 0,
                    markers=markers, has_generator=generator)
    report.understood(target_generator=generator)
    if tmass is None:
        report.assume("target Mass not given: assumed Mass 2 or more (give ⟨target_mass⟩)",
                      "Масса цели не задана: принята 2 или больше (задайте ⟨target_mass⟩)")
    rules = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
    setup = AttackSetup(rs, pool, 0, rules, dict(COUNTER_VALUES), target, q, False, None,
                        piercing=1 if "piercing" in q else 0, mass1_strict=bool(p.get("mass1_strict")))
    checks.target_state(p.get("target_hull"), p.get("target_damage_taken") or 0, False, tmass, "target_")
    if p.get("rammer_damage_taken") and p["rammer_damage_taken"] >= p["hull"]:
        raise InputError(f"rammer_damage_taken: {p['rammer_damage_taken']} damage on a model with Hull {p['hull']} "
                         "would already have Crippled or destroyed it", "rammer_damage_taken",
                         ru=f"rammer_damage_taken: {p['rammer_damage_taken']} урона на модели с Корпусом {p['hull']} "
                            f"уже сделали бы её Повреждённой или уничтожили")
    target_disorder = 1 if rs.rammed_target_disorder else 0
    if target_disorder:
        report.step("rammed model", "the rammed model gains a Disorder level", report.cite("ram"),
                    ru="протараненная модель получает Уровень Дезорганизации", target_disorder=1)
    rmass = p.get("rammer_mass")
    mass1_rule = rs.mass1_rammer_destroyed and rmass == 1 and (tmass or 2) >= 2 and ramming == 0
    if rmass is None:
        report.assume("rammer Mass not given: the Mass 1 rammer rule was not applied (give ⟨rammer_mass⟩)",
                      "Масса таранящего не задана: правило таранящей Массы 1 не применялось (задайте ⟨rammer_mass⟩)")
    report.cite("critical")
    report.cite("result")
    rammer = Target(1, None, rmass, p.get("hull"), p.get("rammer_damage_taken") or 0)
    if not rolled:
        out = attack_core.odds(setup, report)
        sd = _self_damage_dist(rs)
        p_dead = 0.0
        if mass1_rule:
            p_dead = 5 / 6
            report.step("mass 1 rammer", "Mass 1 ramming Mass 2+ without a Ramming weapon: destroyed on any "
                        "self-damage result except a Blank", report.cite("ram"),
                        ru="Масса 1 таранит Массу 2+ без Таранного орудия: уничтожена при любом результате "
                        "самоповреждения, кроме пустой грани")
        elif rmass is not None:
            for dmg, pr in sd.items():
                if hull_state(rammer, dmg, False, "dw3") == "destroyed":
                    p_dead += pr
        out["self_damage"] = {str(k): v for k, v in sorted(sd.items())}
        out["p_rammer_destroyed"] = p_dead if (rmass is not None or mass1_rule) else None
        out["target_disorder"] = target_disorder  # the Ram's own level; critical effects come on top
        if rs.ram_self_damage_reading:
            report.assume(*rs.ram_self_damage_reading)
        line = verdict.attack_odds(out, report.lang) + verdict.ram_extra(out, report.lang)
        return out, line
    out = attack_core.rolled(setup, p, report)
    out["target_disorder"] = out.get("disorder", 0) + target_disorder
    sfaces = parse_faces(p.get("self_damage_roll"), "self_damage_roll")
    if len(sfaces) > 1:
        raise InputError("self_damage_roll: the rammer rolls exactly one die", "self_damage_roll",
                         ru="self_damage_roll: таранящий бросает ровно один куб")
    if sfaces:
        face = sfaces[0]
        dmg, dis = rs.ram_self_damage.get(face, (0, 0))
        dead = (mass1_rule and face is not Face.BLANK) or (
            rmass is not None and hull_state(rammer, dmg, False, "dw3") == "destroyed")
        report.step("self-damage", f"{face.name.lower()}: the rammer suffers {dmg} damage"
                    + (" and a Disorder level" if dis else "") + ("; destroyed" if dead else ""),
                    report.cite("ram"), ru=f"{face.name.lower()}: таранящий получает {dmg} повреждений"
                    + (" и Уровень Дезорганизации" if dis else "") + ("; уничтожен" if dead else ""),
                    self_damage=dmg)
        out.update({"self_damage": dmg, "rammer_disorder": dis, "rammer_destroyed": dead})
        extra = report.say(f"; rammer takes {dmg} damage" + (" and is destroyed" if dead else ""),
                           f"; таранящий получает {dmg} повреждений" + (" и уничтожен" if dead else ""))
    else:
        extra = report.say("; roll the rammer's self-damage die", "; бросьте куб самоповреждения таранящего")
    return out, verdict.attack_rolled(out, report.lang) + extra


def _card_values(p: dict[str, Any], report: Report) -> tuple[int, int]:
    text = p.get("card_values")
    if text is None:
        report.assume("Victory & Valour card values assumed uniform 1-10 for the Crew Check (⟨card_values⟩ LOW-HIGH)",
                      "значения карт Victory & Valour для проверки экипажа приняты равномерными 1-10 "
                      "(⟨card_values⟩ LOW-HIGH)")
        return 1, 10
    m = re.fullmatch(r"\s*(\d+)\s*[-–]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) > int(m.group(2)) or int(m.group(2)) > 100:
        raise InputError("card_values: give the card values as LOW-HIGH, e.g. 1-10", "card_values",
                         ru="card_values: задайте значения карт как МИН-МАКС, например 1-10")
    return int(m.group(1)), int(m.group(2))


def _failed_crew_check(p: dict[str, Any], rs: Ruleset, report: Report, p_fail: float) -> dict[str, Any] | None:
    """The Collision a failed Crew Check becomes (GL Ram, step 1), in odds mode, weighted by `p_fail`.

    Resolved on its own report; its steps, assumptions, notes and citations join this answer."""
    if p_fail <= 0:
        return None
    sub = Report(rs, report.lang)
    keys = [k for k in collision.RAM_TO_COLLISION if k != "roll"]
    body, line = collision.from_ram({k: p[k] for k in keys if p.get(k) is not None} | {"crew_check": "fail"},
                                    rs, sub, False)
    report.trace.extend(dict(entry, step=f"if the Crew Check fails: {entry['step']}") for entry in sub.trace)
    for text in sub.assumptions:
        report.assume(text)
    for text in sub.notes:
        report.note(text)
    report.citations.extend(sub.citations)
    return {"p": p_fail, "verdict": line, **body}


def _dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    prow = p.get("heavy_prow") or 0
    pool = _pool(p, rs, report, prow, "Heavy Prow")
    if prow:
        report.cite("heavy_prow")
    tmass: int = _require(p, "target_mass", "the target's Mass (its Success Threshold)", "Масса цели (её Порог Успеха)")
    rmass: int = _require(p, "rammer_mass", "the ramming model's Mass (its own Success Threshold)",
                                "Масса таранящей модели (её собственный Порог Успеха)")
    tprow = p.get("target_heavy_prow") or 0
    before = p.get("rammer_disorder") or 0
    level = before if p.get("rammer_no_disorder") else disorder.gain(before, 1, "dw4").level
    target_gains = 0 if p.get("target_no_disorder") else 1
    who = {(True, True): ("both models gain 1 Disorder", "обе модели получают 1 Уровень Дезорганизации"),
           (True, False): ("the rammer gains 1 Disorder, the target none (a card rule)",
                           "таранящий получает 1 Уровень Дезорганизации, цель — нет (правило карточки)"),
           (False, True): ("the target gains 1 Disorder, the rammer none (a card rule)",
                           "цель получает 1 Уровень Дезорганизации, таранящий — нет (правило карточки)"),
           (False, False): ("neither model gains Disorder (card rules)",
                            "ни одна модель не получает Дезорганизации (правила карточек)")}[
        (not p.get("rammer_no_disorder"), bool(target_gains))]
    report.step("inflict disorder", f"{who[0]}: rammer now at level {level}", report.cite("disorder"),
                ru=f"{who[1]}: у таранящего теперь {level}")
    # the Disorder the Ram itself inflicts is counted: it is gained before the ram's Action Roll is made
    rules = disorder.apply(FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True), level, report,
                           "ramming model", "rammer_disorder_on_roll")
    report.assume("dw4 Action Roll reconstructed: S 1, H 2, X 2 (+1 chaining die); no Resistance Roll in a Ram",
                  "Бросок действия dw4 реконструирован: S 1, H 2, X 2 (+1 куб цепочкой); в Таране нет броска "
                  "Сопротивления")
    crew_mode = p.get("crew_check") or ("draw" if p.get("crew") is not None else None)
    if crew_mode is None:
        raise InputError("crew: the ramming model's Crew rating is needed for the Crew Check "
                         "(⟨crew⟩, or ⟨crew_check⟩ pass or fail)", "crew",
                         ru="Для Проверки Экипажа нужен рейтинг Экипажа таранящей модели "
                            "(⟨crew⟩ или ⟨crew_check⟩ pass или fail)")
    if crew_mode == "draw":
        crew = _require(p, "crew", "the ramming model's Crew rating", "рейтинг Экипажа таранящей модели")
        lo, hi = _card_values(p, report)
        eff = crew if p.get("crew_unmodified") else crew - (p.get("rammer_disorder") or 0)
        p_pass = max(0, min(hi, eff) - lo + 1) / (hi - lo + 1)
    else:
        p_pass = 1.0 if crew_mode == "pass" else 0.0
    report.step("crew check", f"P(pass) = {p_pass:.3f}" if crew_mode == "draw" else f"Crew Check {crew_mode}",
                report.cite("crew_check"), ru=f"P(успех) = {p_pass:.3f}" if crew_mode == "draw" else
                "проверка экипажа: " + {"pass": "пройдена", "fail": "провалена"}.get(crew_mode, crew_mode),
                p_pass=p_pass)
    report.cite("ram")

    def target_damage(h: int) -> int:
        return max(0, h // tmass - tprow)

    def rammer_damage(h: int) -> int:
        return max(0, h // rmass - prow)

    thull = p.get("target_hull")
    target = Target(tmass, None, tmass, thull, p.get("target_damage_taken") or 0)
    if not rolled:
        hits = dice.hits_distribution(pool, rules)
        failed = _failed_crew_check(p, rs, report, 1 - p_pass)
        tdist: dict[int, float] = {0: 1 - p_pass}
        sdist: dict[int, float] = {}
        for k, v in (failed["p_mover_damage"] if failed else {"0": 1.0}).items():
            sdist[int(k)] = sdist.get(int(k), 0.0) + v * (1 - p_pass)
        p_crip = 0.0
        for h, ph in enumerate(hits.p):
            w = ph * p_pass
            td, sd_ = target_damage(h), rammer_damage(h)
            tdist[td] = tdist.get(td, 0.0) + w
            sdist[sd_] = sdist.get(sd_, 0.0) + w
            if thull is not None and hull_state(target, td, False, "dw4") == "crippled":
                p_crip += w
        net_like = [0.0] * (max(tdist) + 1)
        for k, v in tdist.items():
            net_like[k] += v
        summary = aggregate(hits.p, net_like,
                            lambda d: attack_core.NetOutcome(d, None, None,
                                                        ((1.0, d, hull_state(target, d, False, "dw4")),)),
                            thull is not None)
        summary.update({"pool": pool, "expected_hits": poly.mean(hits.p) * 1.0, "p_crew_pass": p_pass,
                        "self_damage": {str(k): v for k, v in sorted(sdist.items()) if v > 0},
                        "expected_self_damage": sum(k * v for k, v in sdist.items()),
                        "p_rammer_destroyed": None, "p_destroyed": None, "p_critical": None,
                        "p_catastrophic": None, "truncation_error_bound": hits.truncation,
                        "p_crippled": p_crip if thull is not None else None})
        summary.pop("p_net_hits", None)
        # GL Ram "2. Inflict Disorder" on a pass; on a failure the Collision's own Disorder
        summary["p_target_disorder"] = p_pass * target_gains + (1 - p_pass) * (
            failed["impact_disorder_gained"] if failed else 0)
        summary["rammer_disorder"] = level  # after a pass (a failed check's Collision also adds exactly 1)
        if failed:
            summary["if_crew_check_fails"] = failed
        report.assume("dw4: the odds weigh both Crew Check results: a pass is the Ram's Action Roll, a failure the "
                      "Collision (no damage to the target; the rammer rolls its Mass in dice only against a heavier "
                      "target); destruction rules are not in the glossary, so no chance of destruction is given; "
                      "the expected Hits are for a passed Crew Check",
                      "dw4: шансы учитывают оба исхода проверки экипажа: успех — Бросок действия Тарана, провал — "
                      "Столкновение (цель не получает урона; таранящий бросает кубы по своей Массе только против "
                      "более тяжёлой цели); правил уничтожения в глоссарии нет, шанс уничтожения не дан; ожидаемые "
                      "попадания — при пройденной проверке")
        line = report.say(f"{pool} ram dice, P(crew check) {verdict.pct(p_pass)}: expected target damage "
                          f"{summary['expected_damage']:.2f}, rammer {summary['expected_self_damage']:.2f}",
                          f"{pool} кубов тарана, P(проверка экипажа) {verdict.pct(p_pass)}: ожидаемый урон цели "
                          f"{summary['expected_damage']:.2f}, таранящему {summary['expected_self_damage']:.2f}")
        return summary, line
    if crew_mode == "draw":
        raise InputError("crew_check: in rolled mode say whether the Crew Check passed (⟨crew_check⟩ pass or fail)",
                         "crew_check", ru="С выпавшими кубами скажите, пройдена ли Проверка Экипажа "
                                          "(⟨crew_check⟩ pass или fail)")
    check = RollCheck(report)
    faces = parse_faces(p.get("roll"), "roll")
    check.count("roll", len(faces), pool, "the ram pool is {need} dice, you gave {got}")
    explosions = parse_faces(p.get("explosions"), "explosions")
    check.explosions(len(explosions), dice.explosion_dice_needed(faces, explosions, rules), False)
    h = dice.score(faces, explosions, rules)
    td, sd_ = target_damage(h), rammer_damage(h)
    report.step("resolve outcomes (target)", f"{h} // Mass {tmass}" + (f" - Heavy Prow {tprow}" if tprow else "")
                + f" = {td} Damage", report.cite("ram"), ru=f"{h} // Масса {tmass}"
                + (f" - Heavy Prow {tprow}" if tprow else "") + f" = {td} Повреждений", damage=td)
    report.step("resolve outcomes (rammer)", f"{h} // Mass {rmass}" + (f" - Heavy Prow {prow}" if prow else "")
                + f" = {sd_} Damage", report.cite("ram"), ru=f"{h} // Масса {rmass}"
                + (f" - Heavy Prow {prow}" if prow else "") + f" = {sd_} Повреждений", self_damage=sd_)
    out = {"pool": pool, "hits": h, "counters": 0, "net_hits": h, "damage": td, "self_damage": sd_,
           "critical": 0, "catastrophic": 0, "state": hull_state(target, td, False, "dw4"),
           "target_disorder_gained": target_gains, "rammer_disorder": level}
    return out, report.say(f"{h} hits: target takes {td} damage, rammer takes {sd_}",
                           f"{h} попаданий: цель получает {td} повреждений, таранящий {sd_}")
