"""ATTACK, 3rd edition (rulebook 3.03 and quick reference): build the setup, score a rolled attack."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import attack_setup, checks, defence, dice
from referee.attack_setup import AttackSetup
from referee.damage import CitadelCheck, CriticalOutcome, Target, citadel_check, hull_state, resolve_critical_dice
from referee.dice import FaceRules
from referee.disorder import gain
from referee.errors import InputError
from referee.faces import FACES, Face, parse_faces
from referee.qualities import NO_MATHS
from referee.report import Report
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset
from referee.sustained import SustainedPolicy


def _contradictions(p: dict[str, Any], q: dict[str, int]) -> None:
    checks.target_state(p.get("hull"), p.get("damage_taken") or 0, bool(p.get("crippled")), p.get("mass"))
    if "sustained" not in q:
        checks.needs(p, "sustained_policy", "add the sustained quality or leave it out", "without Sustained",
                     "добавьте свойство sustained или уберите его", "без Sustained")
    if "devastating" not in q:
        checks.needs(p, "devastating_explosions_off", "add the devastating quality or leave it out",
                     "without Devastating", "добавьте свойство devastating или уберите его", "без Devastating")
    if not p.get("shield"):
        checks.needs(p, "shield_dice", "give ⟨shield⟩ too, or leave it out", "without a Shield Generator",
                     "задайте и ⟨shield⟩ или уберите его", "без Щитового генератора")
    if p.get("crippled_hull") is not None and (p.get("crippled") or p.get("mass") == 1):
        raise InputError("crippled_hull: the target is already Crippled (or Mass 1): give its current Hull as "
                         "⟨hull⟩ only", "crippled_hull",
                         ru="crippled_hull: цель уже Повреждена (или Массы 1): задайте только её текущий Корпус как "
                            "⟨hull⟩")


def _escorts(p: dict[str, Any], rs: Ruleset, band: str | None, pool: int, steps: list[str],
             report: Report) -> int:
    escorts = p.get("escorts") or 0
    if not escorts or not rs.escort_attack_bonus_point_blank:
        return pool
    if band == "point-blank":
        pool += escorts
        steps.append(report.say(f"+ {escorts} Escort (Point Blank)", f"+ {escorts} эскорт (Ближняя дистанция)"))
        report.step("escorts", f"+{escorts} die per Escort token at Point Blank -> {pool}", report.cite("escort"),
                    ru=f"+{escorts} куб за Токен Эскорта на Ближней дистанции -> {pool}", dice=pool)
    elif band is None:
        report.note(f"escorts: no range given, so the +{escorts} Point Blank Escort dice were not added "
                    "(give ⟨range⟩ point-blank or ⟨distance⟩ to add them)",
                    f"эскорт: дистанция не задана, +{escorts} куба Эскорта на Ближней дистанции не добавлены "
                    "(задайте ⟨range⟩ point-blank или ⟨distance⟩)")
    else:
        report.note(f"⟨escorts⟩ not used: the Escort attack bonus is for Point Blank only (this is {band})",
                    f"⟨escorts⟩ не используется: бонус Эскорта только на Ближней дистанции (здесь {band})")
    return pool


def _shield(p: dict[str, Any], rs: Ruleset, q: dict[str, int], pool: int, steps: list[str],
            report: Report) -> int:
    if not p.get("shield"):
        return pool
    if "generator-shutdown" in attack_setup.markers(p):
        report.note("Shield Generator: not used, the target has a Generator Shutdown marker (its generators' "
                    "effects are ignored)", "Щитовой генератор не действует: у цели маркер Отключение генератора")
        report.cite("generator_shutdown")
        return pool
    if {"submerged", "arc", "bomb"} & set(q):
        report.note("Shield Generator: cannot be used against Submerged, Arc or Bomb attacks",
                    "Щитовой генератор не действует против Подводных, Дуговых и Бомбовых атак")
        return pool
    removed = p.get("shield_dice", rs.shield_dice_default)
    if "shield_dice" not in p:
        report.assume(f"Shield Generator removes {removed} dice (the quick reference's value; ORBAT 3.08 says "
                      "Mass, max 3: give ⟨shield_dice⟩)",
                      f"Щитовой генератор убирает {removed} куба (значение краткого справочника; ORBAT 3.08: "
                      "по Массе, не больше 3 — задайте ⟨shield_dice⟩)")
    pool = max(0, pool - removed)
    steps.append(report.say(f"- {removed} Shield Generator", f"- {removed} Щитовой генератор"))
    report.step("shield generator", f"-{removed} dice -> {pool}", report.cite("shield"),
                ru=f"-{removed} кубов -> {pool}", dice=pool)
    return pool


def _obscured(p: dict[str, Any], q: dict[str, int], report: Report) -> bool:
    trait = attack_setup.target_type(p)
    reasons: list[tuple[str, str]] = []
    if p.get("obscured"):
        reasons.append(("declared Obscured", "заявлена Скрытой"))
    if trait == "submerged":
        reasons.append(("Submerged models are always Obscured", "Подводные Модели всегда Скрыты"))
    if "gunnery" in q and p.get("mass") == 1:
        reasons.append(("Gunnery against a Mass 1 target", "Главный калибр против цели Массы 1"))
        report.cite_quality("gunnery")
    if "indirect" in q:
        reasons.append(("Indirect attack", "Неприцельный обстрел"))
    negators = [n for n in ("homing", "magnetic", "torpedo") if n in q]
    obscured = bool(reasons) and not negators
    if reasons:
        detail = "; ".join(en for en, _ in reasons) + (f", but {', '.join(negators)} ignores it" if negators else
                                                        ": Exploding Hits count 2 but add no dice")
        ru = "; ".join(r for _, r in reasons) + (f", но {', '.join(negators)} это игнорирует" if negators else
                                                  ": Взрывное попадание считается за 2, но не добавляет кубов")
        report.step("obscured", detail, report.cite("obscured"), ru=ru, obscured=obscured)
    return obscured


def _rerolls(p: dict[str, Any], rs: Ruleset, q: dict[str, int], band: str | None, rules: FaceRules,
             report: Report) -> tuple[set[Face], dict[Face, str], str | None, SustainedPolicy | None]:
    trait = attack_setup.target_type(p)
    reroll: set[Face] = set()
    names: dict[Face, str] = {}
    if "homing" in q:
        reroll.add(Face.BLANK)
        names[Face.BLANK] = "Homing"
        report.cite_quality("homing")
    if p.get("reroll_blanks") and Face.BLANK not in reroll:  # a card rule (Focused Fire): the same re-roll
        reroll.add(Face.BLANK)
        names[Face.BLANK] = "card rule"
    if p.get("reroll_heavy"):  # the target's card (Magnetic generator): every Heavy Hit is re-rolled once
        reroll.add(Face.HEAVY)
        names[Face.HEAVY] = "card rule"
        report.assume("Heavy Hits must be re-rolled: the odds re-roll every one once (in rolled mode give each "
                      "in ⟨rerolls⟩)", "Тяжёлые попадания обязательно перебрасываются: шансы перебрасывают каждое "
                      "один раз (с выпавшими кубами укажите каждое в ⟨rerolls⟩)")
    if "fusillade" in q:
        report.cite_quality("fusillade")
        blocked = trait in rs.fusillade_blocked_traits and trait not in q
        if blocked:
            report.note("Fusillade: no effect against this target's position trait",
                        "Скорострельное: не действует против Особенности Расположения этой цели")
        elif band is None:
            report.note("Fusillade: no range given, so its Point Blank re-roll of Counters was not applied "
                        "(give ⟨range⟩ point-blank or ⟨distance⟩ to apply it)",
                        "Скорострельное: дистанция не задана, переброс Отражений на Ближней дистанции не "
                        "применён (задайте ⟨range⟩ point-blank или ⟨distance⟩)")
        elif band != "point-blank":
            report.note(f"Fusillade: no effect at {band} range (Point Blank only)",
                        f"Скорострельное: не действует на дистанции {band} (только Ближняя)")
        else:
            reroll |= {Face.COUNTER, Face.HEAVY_COUNTER}
            names[Face.COUNTER] = names[Face.HEAVY_COUNTER] = "Fusillade"
    sustained = None
    policy = None
    if "sustained" in q:
        report.cite_quality("sustained")
        sustained = rs.sustained
        policy = SustainedPolicy.make(p.get("sustained_policy") or "max-hits", rules)
        if sustained == "any":
            extra = policy.any_faces()
            listed = [f for f in FACES if f in extra]  # in face order: a set's order follows the hash seed
            report.assume("Sustained (quick reference: re-roll any dice): odds assume every die whose face is "
                          "worth less than a fresh die is re-rolled: " + ", ".join(f.name.lower() for f in listed),
                          "Непрерывный огонь (краткий справочник: переброс любых кубов): считается, что "
                          "перебрасывается каждый куб, чья грань хуже нового куба: "
                          + ", ".join(f.name.lower() for f in listed))
            for f in extra:
                if f not in reroll:
                    names[f] = "Sustained"
            reroll |= extra
        else:
            report.assume(f"Sustained: odds assume the re-rolled face type is chosen by policy "
                          f"'{policy.name}' after the roll (⟨sustained_policy⟩)",
                          f"Непрерывный огонь: тип перебрасываемой грани выбирается после броска по правилу "
                          f"'{policy.name}' (⟨sustained_policy⟩)")
    return reroll, names, sustained, policy


def _target(p: dict[str, Any], rs: Ruleset, q: dict[str, int], markers: frozenset[str],
            report: Report) -> Target:
    mass = p.get("mass")
    citadel = p.get("citadel")
    if citadel is not None:
        citadel = attack_setup.marked_citadel(citadel, markers, rs, report)
    if "piercing" in q:
        report.cite_quality("piercing")
        if mass == 1 and citadel is not None and rs.piercing_mass1_citadel:
            citadel = max(0, citadel - rs.piercing_mass1_citadel)
            report.step("piercing", f"Mass 1 target: Citadel -{rs.piercing_mass1_citadel} for this action "
                        f"-> {citadel}", report.cite_quality("piercing"),
                        ru=f"цель Массы 1: Цитадель -{rs.piercing_mass1_citadel} на это Действие -> {citadel}",
                        citadel=citadel)
    if citadel is None:
        report.note("no Citadel given: critical damage and Mass 1 destruction are not assessed (give ⟨citadel⟩)",
                    "Цитадель не задана: критические повреждения и уничтожение Массы 1 не оцениваются "
                    "(задайте ⟨citadel⟩)")
    if mass is None:
        report.assume("target Mass not given: assumed Mass 2 or more (give ⟨mass⟩)",
                      "Масса цели не задана: принята 2 или больше (задайте ⟨mass⟩)")
    elif mass == 1 and citadel is not None:
        strict = bool(p.get("mass1_strict"))
        report.cite("mass1_critical" if strict else "mass1_citadel")
        if rs.mass1_reading:
            report.assume(*rs.mass1_reading[1 if strict else 0])
    elif p.get("mass1_strict"):
        report.note("⟨mass1_strict⟩ not used: the target is not a Mass 1 model with a known Citadel",
                    "⟨mass1_strict⟩ не используется: цель не Модель Массы 1 с известной Цитаделью")
    generator = checks.has_generators(p, report, citadel is not None and (mass or 2) >= 2)
    target = Target(p["armour"], citadel, mass, p.get("hull"), p.get("damage_taken") or 0,
                    bool(p.get("crippled")), p.get("crippled_hull"), markers, bool(generator),
                    p.get("target_disorder") or 0)
    if target.disorder:
        report.understood(target_disorder=target.disorder)
    if target.hull is not None and target.crippled_hull is None and not target.crippled and (mass or 2) >= 2:
        report.assume("Crippled-side Hull not given: assumed equal to ⟨hull⟩ (for the chance of destruction)",
                      "Корпус Поврежденной стороны не задан: принят равным ⟨hull⟩")
    if not markers:
        report.assume("no critical damage markers on the target before this attack (⟨markers⟩ to list them)",
                      "на цели нет маркеров критических повреждений до этой Атаки (⟨markers⟩, чтобы их указать)")
    report.understood(armour=target.armour, citadel=citadel, mass=mass, hull=target.hull,
                      damage_taken=target.damage_taken, crippled=target.crippled,
                      crippled_hull=target.crippled_hull, markers=sorted(markers),
                      target_generator=target.has_generator)
    return target


def build(p: dict[str, Any], rs: Ruleset, q: dict[str, int], pool: int, steps: list[str], band: str | None,
          report: Report) -> AttackSetup:
    _contradictions(p, q)
    report.step("pool", "attack pool: " + " ".join(steps) + f" = {pool}", report.cite("shooting"),
                ru="набор кубов атаки: " + " ".join(steps) + f" = {pool}", dice=pool)
    pool = _escorts(p, rs, band, pool, steps, report)
    pool = _shield(p, rs, q, pool, steps, report)
    obscured = _obscured(p, q, report)
    xv = 3 if "devastating" in q else 2
    initial = {**ATTACK_VALUES, Face.EXPLODING: xv}
    chain = dict(initial)
    if "devastating" in q:
        report.cite_quality("devastating")
        if p.get("devastating_explosions_off"):
            chain[Face.EXPLODING] = 2
        else:
            report.assume("Devastating also makes Exploding faces on explosion dice worth 3 Hits "
                          "(⟨devastating_explosions_off⟩ to change)",
                          "Разрушительное действует и на Взрывные грани взрывных кубов (3 Попадания; "
                          "⟨devastating_explosions_off⟩, чтобы изменить)")
    if p.get("heavy_as_hit"):
        if obscured:
            report.note("⟨heavy_as_hit⟩ not used: the target is Obscured",
                        "⟨heavy_as_hit⟩ не используется: цель Скрыта")
        else:
            initial[Face.HEAVY] = chain[Face.HEAVY] = 1
            report.step("heavy hits", "Heavy Hits count as 1 Hit against this target (a card rule)",
                        report.cite("result"),
                        ru="Тяжёлые попадания считаются за 1 Попадание против этой цели (правило карточки)")
    rules = FaceRules(initial, chain, not obscured, not obscured)
    cvals = dict(COUNTER_VALUES)
    if "high-velocity" in q:
        cvals[Face.HEAVY_COUNTER] = 1
        report.cite_quality("high-velocity")
    reroll, names, sustained, policy = _rerolls(p, rs, q, band, rules, report)
    markers = attack_setup.markers(p)
    defence_pool, refused = defence.dw3_pool(p, rs, q, markers, report)
    target = _target(p, rs, q, markers, report)
    for quality in q:
        if quality in NO_MATHS and quality not in ("blast", "torrent"):  # those: referee.secondary
            report.note(f"{quality}: no effect on this calculation", f"{quality}: не влияет на этот расчёт")
    for quality in ("hazardous", "arc", "magnetic"):
        if quality in q:
            report.cite_quality(quality)
    report.cite("dice")
    report.cite("result")
    report.cite("critical")
    report.understood(dice=pool, pool_steps=steps, obscured=obscured)
    return AttackSetup(rs, pool, defence_pool, rules, cvals, target, q, obscured, band, frozenset(reroll), names,
                       sustained if sustained == "one-type" else None, policy, q.get("piercing", 0) and 1,
                       mass1_strict=bool(p.get("mass1_strict")), defence_refused=refused)


def rolled(setup: AttackSetup, p: dict[str, Any], net: int, out: dict[str, Any], report: Report) -> dict[str, Any]:
    rs, t = setup.rs, setup.target
    cc = citadel_check(net, t, rs, bool(setup.piercing), setup.mass1_strict)
    report.step("damage", f"{net} // Armour {t.armour} = {cc.damage} damage", report.cite("result"),
                ru=f"{net} // Броня {t.armour} = {cc.damage} урона", damage=cc.damage)
    if t.citadel is not None:
        if (t.mass or 2) >= 2:
            text = (f"{net} {'>=' if cc.critical else '<'} Citadel {t.citadel}"
                    + (f"; {net} >= 2 x Citadel: Catastrophic Explosion" if cc.double else ""))
            ru = (f"{net} {'>=' if cc.critical else '<'} Цитадель {t.citadel}"
                  + (f"; {net} >= 2 x Цитадель: Катастрофический Взрыв" if cc.double else ""))
            if cc.double and rs.catastrophic_replaces_critical:
                text += " instead of critical damage"
                ru += " вместо критического повреждения"
            report.step("citadel", text, report.cite("critical"), ru=ru, critical=cc.critical)
        else:
            sign = ">" if setup.mass1_strict else ">="
            text = f"Mass 1: {net} {sign} Citadel {t.citadel}? " + ("destroyed" if cc.destroyed else "survives")
            ru = f"Масса 1: {net} {sign} Цитадель {t.citadel}? " + ("уничтожена" if cc.destroyed else "уцелела")
            report.step("citadel", text, report.cite("mass1_critical" if setup.mass1_strict else "mass1_citadel"),
                        ru=ru, destroyed=cc.destroyed)
    if setup.piercing and cc.damage >= 1 and (t.mass or 2) >= 2:
        report.step("piercing", "at least 1 damage: one more critical damage roll", report.cite_quality("piercing"),
                    ru="хотя бы 1 урон: ещё один бросок критического повреждения")
    numbers = [f.number for f in parse_faces(p.get("critical_roll"), "critical_roll")]
    rolls = cc.critical_rolls
    crit = None
    still = rolls
    if numbers:
        crit, still = resolve_critical_dice(numbers, rolls, t.markers, rs, t.has_generator)
        if still:
            why = (" (Generator Shutdown is re-rolled: the model has no generator)" if crit.rerolls_needed else "")
            raise InputError(f"critical_roll: {len(numbers) + still} critical damage dice are needed, you gave "
                             f"{len(numbers)}{why}: roll the missing di{'ce' if still > 1 else 'e'} and add "
                             f"{'them' if still > 1 else 'it'} to ⟨critical_roll⟩", "critical_roll",
                             ru=f"critical_roll: нужно кубов критических повреждений: {len(numbers) + still}, задано "
                                f"{len(numbers)}: бросьте недостающие и добавьте их в ⟨critical_roll⟩")
        report.step("critical damage", "; ".join(crit.effects) or "none", report.cite("critical_dice"),
                    ru="; ".join(crit.effects) or "нет", effects=crit.effects)
        if any("no Generators" in e for e in crit.effects) or crit.rerolls_needed:
            report.cite("generator_shutdown")
    catastrophic = cc.catastrophic + (crit.catastrophic if crit else 0)
    disorder = disorder_levels(cc, crit, setup.qualities)
    q = setup.qualities
    if "hazardous" in q and cc.damage >= 1:
        report.step("hazardous", "at least 1 damage: +1 Disorder level", report.cite_quality("hazardous"),
                    ru="хотя бы 1 урон: +1 Уровень Дезорганизации")
    if "arc" in q and rolls:
        report.step("arc", "critical damage: +1 Disorder level", report.cite_quality("arc"),
                    ru="критическое повреждение: +1 Уровень Дезорганизации")
    if "magnetic" in q and (cc.damage >= 1 or not rs.magnetic_needs_damage):
        report.step("magnetic", "Navigation Lock marker (if not already present)", report.cite_quality("magnetic"),
                    ru="маркер Блокировка навигации (если его ещё нет)")
    track = gain(t.disorder, disorder, "dw3")
    if disorder and (track.damage or t.disorder):
        report.step("target disorder", f"Disorder {t.disorder} + {disorder} -> level {track.level}"
                    + (f"; beyond level 3: {track.damage} damage instead" if track.damage else ""),
                    report.cite("disorder"),
                    ru=f"Дезорганизация {t.disorder} + {disorder} -> уровень {track.level}"
                    + (f"; сверх 3-го уровня: {track.damage} урона вместо него" if track.damage else ""),
                    damage=track.damage)
    total = cc.damage + 2 * catastrophic + (crit.damage if crit else 0) + track.damage
    state = hull_state(t, total, cc.destroyed, "dw3")
    if catastrophic:
        report.step("catastrophic explosion", f"{catastrophic} x (+2 damage, +1 Disorder, -1 Escort token)",
                    report.cite("catastrophic"),
                    ru=f"{catastrophic} x (+2 урона, +1 Дезорганизация, -1 Токен Эскорта)", catastrophic=catastrophic)
    report.step("state", f"total damage {total}" + (f" -> {state}" if state else ""), report.cite("attributes"),
                ru=f"общий урон {total}" + (f" -> {state}" if state else ""), total_damage=total, state=state)
    out.update({"damage": cc.damage, "critical": rolls, "catastrophic": catastrophic,
                "critical_effects": crit.effects if crit else [], "critical_dice_needed": 0 if crit else rolls,
                "disorder": disorder, "target_disorder": track.level, "disorder_damage": track.damage,
                "total_damage": total, "state": state,
                "destroyed": state == "destroyed"})
    return out


def disorder_levels(cc: CitadelCheck, crit: CriticalOutcome | None, qualities: Mapping[str, int]) -> int:
    """Disorder levels the Initial Target gains from one attack: one per Catastrophic Explosion, those of the
    critical markers, Hazardous ("If the Initial Target suffers one or more damage from this Attack") and Arc
    ("If it causes Critical Damage to the Initial Target"). Odds and rolled mode both count them here."""
    levels = cc.catastrophic + (crit.catastrophic + crit.disorder if crit else 0)
    if "hazardous" in qualities and cc.damage >= 1:
        levels += 1
    if "arc" in qualities and cc.critical_rolls:
        levels += 1
    return levels


def explosions_needed(setup: AttackSetup, final: list[Face], explosions: list[Face]) -> int:
    return dice.explosion_dice_needed(final, explosions, setup.rules)
