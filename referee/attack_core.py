"""ATTACK: the shared core. `attack_dw3` / `attack_dw4` build the setup from the inputs; this module
computes the exact odds or scores the roll from it, the same way for both families (the action
itself, its inputs and its per-edition resolvers, is `referee.attack`; the ram uses this core too)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import attack_dw3, attack_dw4, attack_setup, dice, poly
from referee.attack_setup import AttackSetup
from referee.damage import CitadelCheck, CriticalOutcome, citadel_check, critical_branches, hull_state
from referee.dice import FaceRules
from referee.disorder import gain
from referee.errors import InputError
from referee.faces import FACES, Face, counts, parse_faces
from referee.outcomes import NetOutcome, aggregate
from referee.qualities import parse_qualities
from referee.report import Report
from referee.rolls import RerollRule, RollCheck, apply_rerolls, parse_rerolls
from referee.rulesets.base import Ruleset

__all__ = ["AttackSetup", "NetOutcome", "build", "odds", "rolled", "dw4_successes", "outcome_for"]

dw4_successes = attack_dw4.successes


def _quality_names(q: dict[str, int], rs: Ruleset) -> list[str]:
    return [f"{k}:{v}" if rs.family == "dw4" and v != 1 else k for k, v in q.items()]


def build(p: dict[str, Any], rs: Ruleset, report: Report) -> AttackSetup:
    """The attack as understood: pool, band, eligibility, then the family's own rules."""
    q = parse_qualities(p.get("quality") or [], rs)
    pool, steps = attack_setup.pool(p, report)
    if p.get("armour") is None:
        raise InputError("armour: the target's Armour is needed (⟨armour⟩)", "armour",
                         ru="Не задана Броня цели (⟨armour⟩)")
    band = attack_setup.band(p, rs, q, report)
    attack_setup.check_eligibility(p, rs, q, report)
    report.understood(qualities=_quality_names(q, rs), band=band, distance=p.get("distance"),
                      target_type=attack_setup.target_type(p))
    if band is None:
        report.understood(band="not given")
    if rs.family == "dw4":
        return attack_dw4.build(p, rs, q, pool, steps, band, report)
    return attack_dw3.build(p, rs, q, pool, steps, band, report)


def outcome_for(setup: AttackSetup) -> Callable[[int], NetOutcome]:
    """What each net-hit total does to the target (cached: odds mode asks for every total). In dw3 a
    total acts only through its Citadel check (damage by Armour, critical, double), which many totals
    share, so each distinct check's outcome is worked out once (bench/http_cpu.py: the referee child's
    CPU per attack)."""
    rs, t = setup.rs, setup.target
    cache: dict[int, NetOutcome] = {}
    crit_cache: dict[int, list[tuple[float, CriticalOutcome]]] = {}
    by_check: dict[CitadelCheck, NetOutcome] = {}

    def crits(rolls: int) -> list[tuple[float, CriticalOutcome]]:
        if rolls not in crit_cache:
            crit_cache[rolls] = critical_branches(rolls, t.markers, rs, t.has_generator)
        return crit_cache[rolls]

    def dw3(n: int) -> NetOutcome:
        cc = citadel_check(n, t, rs, bool(setup.piercing), setup.mass1_strict)
        if cc not in by_check:
            by_check[cc] = of_check(cc)
        return by_check[cc]

    def of_check(cc: CitadelCheck) -> NetOutcome:
        grouped: dict[int, float] = {}
        for pb, crit in crits(cc.critical_rolls):
            # a target already at Disorder level 3 takes 1 damage for each further level (disorder.gain)
            overflow = gain(t.disorder, attack_dw3.disorder_levels(cc, crit, setup.qualities), "dw3").damage
            total = cc.damage + 2 * (cc.catastrophic + crit.catastrophic) + crit.damage + overflow
            grouped[total] = grouped.get(total, 0.0) + pb
        branches = [(pb, total, hull_state(t, total, cc.destroyed, "dw3")) for total, pb in grouped.items()]
        crit_known = t.citadel is not None and (t.mass or 2) >= 2  # Mass 1 takes no Critical Damage
        return NetOutcome(cc.damage, cc.critical if crit_known else None,
                          cc.double if crit_known else None, tuple(branches))

    def dw4(n: int) -> NetOutcome:
        d = dw4_successes(n, t.armour, setup.piercing)
        return NetOutcome(d, None, None, ((1.0, d, hull_state(t, d, False, "dw4")),))

    fn = dw4 if rs.family == "dw4" else dw3

    def cached(n: int) -> NetOutcome:
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]

    return cached


# ---------------------------------------------------------------- odds

def hits_distribution(setup: AttackSetup) -> dice.Dist:
    if setup.sustained == "one-type" and setup.policy is not None:
        return dice.sustained_distribution(setup.pool, setup.rules, setup.reroll, setup.policy)
    if setup.convert or setup.rail:
        probs = dice.reroll_faces(setup.reroll)
        return dice.converted_explosions_distribution(setup.pool, setup.rules, setup.convert, probs, setup.rail)
    return dice.hits_distribution(setup.pool, setup.rules, dice.reroll_faces(setup.reroll))


def counters_distribution(setup: AttackSetup) -> dice.Dist:
    if setup.high_velocity and setup.rs.family == "dw4":
        return dice.capped_conversion_counters(setup.defence, setup.counter_values, Face.HEAVY_COUNTER,
                                               Face.COUNTER, setup.high_velocity)
    return dice.counters_distribution(setup.defence, setup.counter_values)


def odds(setup: AttackSetup, report: Report) -> dict[str, Any]:
    hits = hits_distribution(setup)
    counters = counters_distribution(setup)
    net = poly.net(hits.p, counters.p)
    out = aggregate(hits.p, net, outcome_for(setup), setup.target.hull is not None)
    out["pool"] = setup.pool
    out["defence_pool"] = setup.defence
    out["expected_counters"] = poly.mean(counters.p)
    out["truncation_error_bound"] = hits.truncation
    report.note(f"exact distribution; unbounded explosion chains summed with a proven truncation error "
                f"below {max(hits.truncation, 1e-15):.1e} (no Monte Carlo)",
                f"точное распределение; бесконечные цепочки взрывов просуммированы с доказанной ошибкой "
                f"меньше {max(hits.truncation, 1e-15):.1e} (без Монте-Карло)")
    t = setup.target
    if setup.rs.family == "dw4":
        out["p_destroyed"] = None
        report.assume("dw4: Damage is one per Success; destruction rules are not in the glossary, so the chance "
                      "of destruction is not given and Crippled means Damage >= Hull",
                      "dw4: одно Повреждение за Успех; правил уничтожения в глоссарии нет, поэтому шанс "
                      "уничтожения не дан, а Повреждённой считается модель с Damage >= Hull")
    else:
        if (t.mass or 2) == 1 and t.citadel is not None:
            out["p_citadel_destroyed"] = sum(pn for n, pn in enumerate(net) if pn > 0 and citadel_check(
                n, t, setup.rs, bool(setup.piercing), setup.mass1_strict).destroyed)
            if t.hull is None:
                report.note("no Hull given: the chance of destruction counts the Citadel only (give ⟨hull⟩ to add "
                            "destruction by damage)",
                            "Корпус не задан: шанс уничтожения учитывает только Цитадель (задайте ⟨hull⟩)")
        report.assume("total damage adds +2 per Catastrophic Explosion and 1 for Sturginium Flare or "
                      "Magazine Explosion criticals (splash on other models not counted); Disorder is "
                      "taken as a level, not as damage",
                      "общий урон: +2 за Катастрофический Взрыв и 1 за Возгорание Стургениума или Подрыв "
                      "боекомплекта (урон соседним моделям не считается); Дезорганизация — уровень, не урон")
    if setup.repeats > 1:
        out["repeats_up_to"] = setup.repeats
    return out


# ---------------------------------------------------------------- rolled mode

def rolled(setup: AttackSetup, p: dict[str, Any], report: Report) -> dict[str, Any]:
    rs = setup.rs
    faces = parse_faces(p.get("roll"), "roll")
    check = RollCheck(report)
    check.count("roll", len(faces), setup.pool, "the pool is {need} dice, you gave {got}")
    rerolls = parse_rerolls(p.get("rerolls") or [], len(faces))
    rule = RerollRule(setup.reroll, setup.reroll_names,
                      any_die="sustained" in setup.qualities and setup.rs.sustained == "any",
                      one_type=setup.sustained == "one-type")
    final = apply_rerolls(faces, rerolls, rule, report)
    if setup.convert:
        final = _convert(final, setup.convert, report)
    explosions = parse_faces(p.get("explosions"), "explosions")
    needed = dice.explosion_dice_needed(final, explosions, setup.rules, setup.rail)
    check.explosions(len(explosions), needed, setup.obscured)
    if needed:
        rolled_faces = " ".join(str(f.number) for f in explosions)
        report.step("explosions", f"{needed} explosion dice rolled (chains included, never re-rolled): "
                    + rolled_faces, report.cite("explode"),
                    ru=f"брошено {needed} кубов взрыва (с цепочками, без переброса): {rolled_faces}", dice=needed)
    c = counts(final)
    hits = dice.score(final, explosions, setup.rules)
    report.step("hits", _hits_text(final, explosions, setup.rules, hits), report.cite("dice"),
                ru=_hits_text(final, explosions, setup.rules, hits, "ru"), hits=hits,
                faces={f.name.lower(): c[f] for f in FACES})
    defence_faces = parse_faces(p.get("defence_roll"), "defence_roll")
    if setup.defence_refused and defence_faces:
        report.note("the defence roll given was not used: these Defences cannot be used against this attack",
                    "бросок Защиты не учтён: против этой Атаки системы обороны использовать нельзя")
        defence_faces = []
    check.count("defence_roll", len(defence_faces), setup.defence,
                "the defender rolls {need} dice, you gave {got}")
    counters = dice.count_counters(defence_faces, setup.counter_values)
    if setup.high_velocity and rs.family == "dw4":
        k = sum(1 for f in defence_faces if f is Face.HEAVY_COUNTER)
        counters -= min(k, setup.high_velocity)
    if setup.defence:
        dc = counts(defence_faces)
        text = (f"{dc[Face.HEAVY_COUNTER]} Heavy Counter x{setup.counter_values[Face.HEAVY_COUNTER]}"
                f" + {dc[Face.COUNTER]} Counter")
        ru = (f"{dc[Face.HEAVY_COUNTER]} Тяжёлых отражений x{setup.counter_values[Face.HEAVY_COUNTER]}"
              f" + {dc[Face.COUNTER]} Отражений")
        converted = dc[Face.HEAVY] + dc[Face.HIT] if setup.counter_values[Face.HIT] else 0
        if converted:
            text += f" + {converted} Strike as Counter (Unconventional Target)"
            ru += f" + {converted} ударов как Отражения (Unconventional Target)"
        report.step("counters", f"{text} = {counters}", report.cite("counters"), ru=f"{ru} = {counters}",
                    counters=counters)
    net = max(0, hits - counters)
    report.step("net hits", f"{hits} - {counters} = {net}", report.cite("result"), net_hits=net)  # numbers only
    out: dict[str, Any] = {"pool": setup.pool, "defence_pool": setup.defence, "hits": hits,
                           "counters": counters, "net_hits": net,
                           "faces": [f.number for f in final], "explosion_faces": [f.number for f in explosions]}
    if rs.family == "dw4":
        return attack_dw4.rolled(setup, net, out, report)
    return attack_dw3.rolled(setup, p, net, out, report)


def _convert(final: list[Face], convert: int, report: Report) -> list[Face]:
    """dw4 Devastating (Heavy -> Exploding) or Ablative Armour (Exploding -> Heavy), net of each other."""
    src, dst = (Face.HEAVY, Face.EXPLODING) if convert > 0 else (Face.EXPLODING, Face.HEAVY)
    left = abs(convert)
    out = []
    for f in final:
        if f is src and left:
            out.append(dst)
            left -= 1
        else:
            out.append(f)
    moved = abs(convert) - left
    why = "Devastating" if convert > 0 else "Ablative Armour"
    report.step("convert strikes", f"{moved} {src.name.lower()} -> {dst.name.lower()} ({why}, net of each other)",
                report.cite("ablative") if convert < 0 else report.cite_quality("devastating"),
                ru=f"{moved} {FACE_RU[src]} -> {FACE_RU[dst]} ({why}, за вычетом друг друга)", converted=moved)
    return out


FACE_RU = {Face.EXPLODING: "Взрывных", Face.HEAVY: "Тяжёлых", Face.HIT: "Обычных"}


def _hits_text(final: list[Face], explosions: list[Face], rules: FaceRules, hits: int, lang: str = "en") -> str:
    """How the Hits add up, with the face values in force (Disorder or Devastating change them)."""
    c = counts(final)
    names = FACE_RU if lang == "ru" else {Face.EXPLODING: "Exploding", Face.HEAVY: "Heavy", Face.HIT: "Hit"}
    parts = [f"{c[f]} {names[f]} x{rules.initial[f]}" for f in (Face.EXPLODING, Face.HEAVY, Face.HIT)]
    if explosions:
        chain = sum(rules.chain[f] for f in explosions)
        parts.append(f"кубы взрыва {chain}" if lang == "ru" else f"explosion dice {chain}")
    return " + ".join(parts) + (f" = {hits} Попаданий" if lang == "ru" else f" = {hits} Hits")
