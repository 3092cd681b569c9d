"""RAM: dw3 (Hull + inches + Ramming rolled as an attack, self-damage die) and dw4 (Crew Check,
two Success Thresholds, Heavy Prow)."""
from __future__ import annotations

import re
from typing import Any

from referee import attack, dice, poly, verdict
from referee.attack import AttackSetup
from referee.damage import Target, apply_critical_faces, citadel_check, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import FACES, Face, parse_faces
from referee.outcomes import aggregate
from referee.qualities import parse_qualities
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset


def _require(p: dict[str, Any], name: str, what: str):
    if p.get(name) is None:
        raise InputError(f"{name}: {what} is needed (--{name.replace('_', '-')} N)", name)
    return p[name]


def _pool(p: dict[str, Any], rs: Ruleset, report: Report, extra: int, extra_name: str) -> int:
    hull = _require(p, "hull", "the ramming model's unmodified Hull")
    inches = _require(p, "inches", "the inches moved before the impact")
    if inches < 3:
        raise InputError(f"inches: a Ram needs at least 3\" of movement before the impact ({inches:g}\" is a "
                         "Collision)", "inches")
    bonus_inches = min(int(inches), rs.ram_cap)
    bonus = p.get("bonus") or 0
    pool = hull + bonus_inches + extra + bonus
    report.step("ram pool", f"Hull {hull} + min({int(inches)}, {rs.ram_cap}) inches + {extra_name} {extra}"
                + (f" + bonus {bonus}" if bonus else "") + f" = {pool}", report.cite("ram"), dice=pool)
    return pool


def resolve(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    if rs.family == "dw4":
        return _dw4(p, rs, report, rolled)
    return _dw3(p, rs, report, rolled)


def _self_damage_dist(rs: Ruleset) -> dict[int, float]:
    out: dict[int, float] = {}
    for f in FACES:
        dmg = rs.ram_self_damage.get(f, (0, 0))[0]
        out[dmg] = out.get(dmg, 0.0) + 1 / 6
    return out


def _dw3(p, rs: Ruleset, report: Report, rolled: bool):
    ramming = p.get("ramming") or 0
    pool = _pool(p, rs, report, ramming, "Ramming")
    armour = _require(p, "target_armour", "the target's Armour")
    q = parse_qualities(p.get("quality") or [], rs)
    if q:
        report.assume("other qualities of the ram weapon (e.g. Piercing) are applied to the ram pool (mechanics 1.7.3)")
    report.assume("the ram is rolled as an attack: explosions chain, Hits vs the target's Armour and Citadel, "
                  "no Defence roll, never Obscured")
    tmass = p.get("target_mass")
    target = Target(armour, p.get("target_citadel"), tmass, p.get("target_hull"), p.get("target_damage_taken") or 0)
    if tmass is None:
        report.assume("target Mass not given: assumed Mass 2 or more")
    rules = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
    setup = AttackSetup(rs, pool, 0, rules, dict(COUNTER_VALUES), target, q, False, None,
                        piercing=1 if "piercing" in q else 0, mass1_strict=bool(p.get("mass1_strict")))
    if rs.rammed_target_disorder:
        report.note("the rammed model gains a Disorder level")
    rmass = p.get("rammer_mass")
    mass1_rule = rs.mass1_rammer_destroyed and rmass == 1 and (tmass or 2) >= 2 and ramming == 0
    if rmass is None:
        report.assume("rammer Mass not given: the Mass 1 rammer rule was not applied")
    report.cite("critical")
    report.cite("result")
    rammer = Target(1, None, rmass, p.get("hull"), p.get("rammer_damage_taken") or 0)
    if not rolled:
        out = attack.odds(setup, report)
        sd = _self_damage_dist(rs)
        p_dead = 0.0
        if mass1_rule:
            p_dead = 5 / 6
            report.step("mass 1 rammer", "Mass 1 ramming Mass 2+ without a Ramming weapon: destroyed on any "
                        "self-damage result except a Blank", report.cite("ram"))
        elif rmass is not None:
            for dmg, pr in sd.items():
                if hull_state(rammer, dmg, False, "dw3") == "destroyed":
                    p_dead += pr
        out["self_damage"] = {str(k): v for k, v in sorted(sd.items())}
        out["p_rammer_destroyed"] = p_dead if (rmass is not None or mass1_rule) else None
        if rs.id == "dw3-qrs":
            report.assume("dw3-qrs self-damage: its lost icons read as in dw3 (Hit or Heavy Hit 1 damage, "
                          "Exploding Hit 2 damage and a disorder condition)")
        line = verdict.attack_odds(out) + verdict.ram_extra(out)
        return out, line
    out = attack.rolled(setup, p, report)
    sfaces = parse_faces(p.get("self_damage_roll"), "self_damage_roll")
    if len(sfaces) > 1:
        raise InputError("self_damage_roll: the rammer rolls exactly one die", "self_damage_roll")
    if sfaces:
        face = sfaces[0]
        dmg, dis = rs.ram_self_damage.get(face, (0, 0))
        dead = (mass1_rule and face is not Face.BLANK) or (
            rmass is not None and hull_state(rammer, dmg, False, "dw3") == "destroyed")
        report.step("self-damage", f"{face.name.lower()}: the rammer suffers {dmg} damage"
                    + (" and a Disorder level" if dis else "") + ("; destroyed" if dead else ""),
                    report.cite("ram"), self_damage=dmg)
        out.update({"self_damage": dmg, "rammer_disorder": dis, "rammer_destroyed": dead})
        extra = f"; rammer takes {dmg} damage" + (" and is destroyed" if dead else "")
    else:
        extra = "; roll the rammer's self-damage die"
    return out, verdict.attack_rolled(out) + extra


def _card_values(p: dict[str, Any], report: Report) -> tuple[int, int]:
    text = p.get("card_values")
    if text is None:
        report.assume("Victory & Valour card values assumed uniform 1-10 for the Crew Check (--card-values LOW-HIGH)")
        return 1, 10
    m = re.fullmatch(r"\s*(\d+)\s*[-–]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) > int(m.group(2)) or int(m.group(2)) > 100:
        raise InputError("card_values: give the card values as LOW-HIGH, e.g. 1-10", "card_values")
    return int(m.group(1)), int(m.group(2))


def _dw4(p, rs: Ruleset, report: Report, rolled: bool):
    prow = p.get("heavy_prow") or 0
    pool = _pool(p, rs, report, prow, "Heavy Prow")
    if prow:
        report.cite("heavy_prow")
    tmass = _require(p, "target_mass", "the target's Mass (its Success Threshold)")
    rmass = _require(p, "rammer_mass", "the ramming model's Mass (its own Success Threshold)")
    tprow = p.get("target_heavy_prow") or 0
    level = min(3, (p.get("rammer_disorder") or 0) + 1)
    report.step("inflict disorder", f"both models gain 1 Disorder: rammer now at level {level}",
                report.cite("disorder"))
    initial = dict(ATTACK_VALUES)
    explode = True
    if level >= 2:
        initial[Face.HEAVY] = 1
        if level == 3:
            initial[Face.EXPLODING] = 1
            explode = False
        report.assume("the rammer's Disorder from the Ram converts its Heavy (and at level 3 Exploding) Strikes to "
                      "Standard Strikes in the ram roll (initial dice only)")
    rules = FaceRules(initial, dict(ATTACK_VALUES), explode, True)
    report.assume("dw4 Action Roll reconstructed: S 1, H 2, X 2 (+1 chaining die); no Resistance Roll in a Ram")
    crew_mode = p.get("crew_check") or ("draw" if p.get("crew") is not None else None)
    if crew_mode is None:
        raise InputError("crew: the ramming model's Crew rating is needed for the Crew Check "
                         "(--crew N, or --crew-check pass|fail)", "crew")
    if crew_mode == "draw":
        crew = _require(p, "crew", "the ramming model's Crew rating")
        lo, hi = _card_values(p, report)
        eff = crew - (p.get("rammer_disorder") or 0)
        p_pass = max(0, min(hi, eff) - lo + 1) / (hi - lo + 1)
    else:
        p_pass = 1.0 if crew_mode == "pass" else 0.0
    report.step("crew check", f"P(pass) = {p_pass:.3f}" if crew_mode == "draw" else f"Crew Check {crew_mode}",
                report.cite("crew_check"), p_pass=p_pass)
    report.cite("ram")

    def target_damage(h: int) -> int:
        return max(0, h // tmass - tprow)

    def rammer_damage(h: int) -> int:
        return max(0, h // rmass - prow)

    thull = p.get("target_hull")
    target = Target(tmass, None, tmass, thull, p.get("target_damage_taken") or 0)
    if not rolled:
        hits = dice.hits_distribution(pool, rules)
        tdist: dict[int, float] = {0: 1 - p_pass}
        sdist: dict[int, float] = {0: 1 - p_pass}
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
                            lambda d: attack.NetOutcome(d, None, None,
                                                        ((1.0, d, hull_state(target, d, False, "dw4")),)),
                            thull is not None)
        summary.update({"pool": pool, "expected_hits": poly.mean(hits.p) * 1.0, "p_crew_pass": p_pass,
                        "self_damage": {str(k): v for k, v in sorted(sdist.items()) if v > 0},
                        "expected_self_damage": sum(k * v for k, v in sdist.items()),
                        "p_rammer_destroyed": None, "p_destroyed": None, "p_critical": None,
                        "p_catastrophic": None, "truncation_error_bound": hits.truncation,
                        "p_crippled": p_crip if thull is not None else None})
        summary.pop("p_net_hits", None)
        report.assume("dw4: a failed Crew Check is a Collision with no ram damage; destruction rules are unknown "
                      "(p_destroyed and p_rammer_destroyed are null); expected_hits is for a passed Crew Check")
        line = (f"{pool} ram dice, P(crew check) {verdict.pct(p_pass)}: expected target damage "
                f"{summary['expected_damage']:.2f}, rammer {summary['expected_self_damage']:.2f}")
        return summary, line
    if crew_mode == "draw":
        raise InputError("crew_check: in rolled mode say whether the Crew Check passed (--crew-check pass|fail)",
                         "crew_check")
    check = RollCheck(report)
    faces = parse_faces(p.get("roll"), "roll")
    if crew_mode == "fail":
        raise InputError("roll: the Crew Check failed, so there is no ram roll (resolve a Collision)", "roll")
    check.count("roll", len(faces), pool, "the ram pool is {need} dice, you gave {got}")
    explosions = parse_faces(p.get("explosions"), "explosions")
    check.explosions(len(explosions), dice.explosion_dice_needed(faces, explosions, rules), False)
    h = dice.score(faces, explosions, rules)
    td, sd_ = target_damage(h), rammer_damage(h)
    report.step("resolve outcomes (target)", f"{h} // Mass {tmass}" + (f" - Heavy Prow {tprow}" if tprow else "")
                + f" = {td} Damage", report.cite("ram"), damage=td)
    report.step("resolve outcomes (rammer)", f"{h} // Mass {rmass}" + (f" - Heavy Prow {prow}" if prow else "")
                + f" = {sd_} Damage", report.cite("ram"), self_damage=sd_)
    out = {"pool": pool, "hits": h, "counters": 0, "net_hits": h, "damage": td, "self_damage": sd_,
           "critical": 0, "catastrophic": 0, "state": hull_state(target, td, False, "dw4")}
    return out, f"{h} hits: target takes {td} damage, rammer takes {sd_}"
