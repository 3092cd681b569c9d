"""ASSAULT (dw3) and BOARDING (dw4): pools, the results table, odds and rolled mode."""
from __future__ import annotations

from typing import Any

from referee import dice, poly, verdict
from referee.damage import apply_critical_faces
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import parse_faces
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset

RULES = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)


def resolve(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    if rs.family == "dw4":
        return _boarding(p, rs, report, rolled)
    return _assault(p, rs, report, rolled)


def _require(p: dict[str, Any], name: str, what: str) -> int:
    if p.get(name) is None:
        raise InputError(f"{name}: {what} is needed (--{name.replace('_', '-')} N)", name)
    return p[name]


def pools(p: dict[str, Any], rs: Ruleset, report: Report) -> tuple[int, int]:
    fray = _require(p, "fray", "the assaulting model's Fray")
    support, srs, escorts = p.get("support") or 0, p.get("srs") or 0, p.get("escorts") or 0
    attack = fray + srs + 2 * support + escorts
    report.step("assault pool", f"Fray {fray} + SRS {srs} + 2 x {support} supporting + {escorts} escort = {attack}",
                report.cite("assault"), dice=attack)
    if escorts and rs.id == "dw3-qrs":
        report.assume("dw3-qrs: --escorts counted as Corvettes (+1 assault die each); QRS escorts add nothing here")
    citadel = _require(p, "target_citadel", "the target's Citadel")
    adv, sdv = p.get("target_adv"), p.get("target_sdv")
    kind = p.get("assaulter") or "surface"
    if kind == "aerial":
        given, which = [adv], "ADV (aerial assaulter)"
    elif kind == "submerged":
        given, which = [sdv], "SDV (submerged assaulter)"
    else:
        given, which = [adv, sdv], "the higher Defence"
    known = [v for v in given if v is not None]
    if not known:
        names = {"aerial": "--target-adv", "submerged": "--target-sdv"}.get(kind, "--target-adv/--target-sdv")
        report.assume(f"the target's Defence was not given: assumed 0 (give {names} for its real value)")
    elif len(known) < len(given):
        report.assume("only one Defence value given: it was used as the higher one")
    defence = max(known, default=0)
    tsrs, tesc = p.get("target_srs") or 0, p.get("target_escorts") or 0
    per = rs.assault_defender_srs_dice
    total = citadel + defence + per * tsrs + tesc
    report.step("defence pool", f"Citadel {citadel} + {which} {defence} + {per} x {tsrs} SRS + {tesc} escort "
                f"= {total}", report.cite("assault"), dice=total)
    return attack, total


def _rolled_hits_and_counters(p: dict[str, Any], attack: int, defence: int, report: Report,
                              attack_pool: str, defence_pool: str) -> tuple[int, int]:
    """Score the dice the user rolled, after checking they match both pools."""
    check = RollCheck(report)
    faces = parse_faces(p.get("roll"), "roll")
    check.count("roll", len(faces), attack, f"{attack_pool} is {{need}} dice, you gave {{got}}")
    explosions = parse_faces(p.get("explosions"), "explosions")
    check.explosions(len(explosions), dice.explosion_dice_needed(faces, explosions, RULES), False)
    dfaces = parse_faces(p.get("defence_roll"), "defence_roll")
    check.count("defence_roll", len(dfaces), defence, f"{defence_pool} {{need}} dice, you gave {{got}}")
    return dice.score(faces, explosions, RULES), dice.count_counters(dfaces, COUNTER_VALUES)


def _row_json(rs: Ruleset) -> dict[str, str]:
    return {row.key: row.label for row in rs.assault_rows}


def _assault(p, rs: Ruleset, report: Report, rolled: bool):
    attack, defence = pools(p, rs, report)
    report.cite("assault_table")
    report.cite("dice")
    if rs.id == "dw3-qrs":
        report.assume("dw3-qrs assault table: its lost die icons are read as Counters for the first two lines "
                      "and Hits for the rest; a tie has no effect (mechanics 2.2)")
    else:
        report.assume("dw3 assault row names other than Counter Assault and Havoc are our English renderings")
    rows = {row.key: row for row in rs.assault_rows}
    base: dict[str, Any] = {"attack_pool": attack, "defence_pool": defence, "result_labels": _row_json(rs)}
    if not rolled:
        hits = dice.hits_distribution(attack, RULES)
        counters = dice.counters_distribution(defence, COUNTER_VALUES)
        diff = poly.difference(hits.p, counters.p)
        p_result = {row.key: 0.0 for row in rs.assault_rows}
        p_target_damage: dict[int, float] = {}
        for d, pr in diff.items():
            row = rows[rs.assault_row_for(d)]
            p_result[row.key] += pr
            dmg = row.target_damage + 2 * row.catastrophic + (max(0, d - row.damage_per_hit_over)
                                                               if row.damage_per_hit_over is not None else 0)
            p_target_damage[dmg] = p_target_damage.get(dmg, 0.0) + pr
        base.update({
            "expected_hits": poly.mean(hits.p), "expected_counters": poly.mean(counters.p),
            "p_result": p_result,
            "p_margin": {str(d): pr for d, pr in sorted(diff.items()) if pr > 1e-15},
            "p_target_damage": {str(k): v for k, v in sorted(p_target_damage.items())},
            "truncation_error_bound": hits.truncation,
        })
        report.assume("p_target_damage counts the table's damage and +2 per Catastrophic Explosion; "
                      "critical die effects are not added")
        best = max(p_result, key=p_result.get)
        line = (f"{attack} assault dice vs {defence}: most likely {best.replace('_', ' ')} "
                f"({verdict.pct(p_result[best])}); " + ", ".join(f"{k.replace('_', ' ')} {verdict.pct(v)}"
                                                                  for k, v in p_result.items()))
        return base, line
    hits, counters = _rolled_hits_and_counters(p, attack, defence, report, "the assault pool",
                                               "the defender rolls")
    report.step("hits", f"{hits} Hits (Exploding Hits count 2 and explode)", report.cite("assault"), hits=hits)
    report.step("counters", f"{counters} Counters", report.cite("assault"), counters=counters)
    d = hits - counters
    row = rows[rs.assault_row_for(d)]
    report.step("result", f"{hits} - {counters} = {d:+d}: {row.label}", report.cite("assault_table"), margin=d)
    damage = row.target_damage + 2 * row.catastrophic
    if row.damage_per_hit_over is not None:
        damage += max(0, d - row.damage_per_hit_over)
    crit_raw = [f.number for f in parse_faces(p.get("critical_roll"), "critical_roll")]
    effects: list[str] = []
    catastrophic = row.catastrophic
    if crit_raw:
        if len(crit_raw) != row.critical_rolls:
            raise InputError(f"critical_roll: {row.critical_rolls} critical damage dice are needed, you gave "
                             f"{len(crit_raw)}", "critical_roll")
        crit = apply_critical_faces(crit_raw, frozenset(), rs, False)
        effects = crit.effects
        damage += crit.damage + 2 * crit.catastrophic
        catastrophic += crit.catastrophic
        report.step("critical damage", "; ".join(effects), report.cite("critical_dice"))
    destroyed = bool(row.critical_rolls and p.get("target_mass") == 1)
    if destroyed:
        report.assume("a Mass 1 target suffering Critical Damage is destroyed")
    base.update({"hits": hits, "counters": counters, "net_hits": max(0, d), "margin": d, "result": row.key,
                 "result_label": row.label, "damage": damage, "critical": row.critical_rolls,
                 "catastrophic": catastrophic, "critical_effects": effects,
                 "target_disorder": row.target_disorder + catastrophic,
                 "assaulter_damage": row.assaulter_damage, "assaulter_disorder": row.assaulter_disorder,
                 "destroyed": destroyed})
    line = f"{hits} hits - {counters} counters = {d:+d}: {row.label}"
    if row.critical_rolls and not crit_raw:
        line += f" — roll {row.critical_rolls} critical damage die"
    return base, line


def _boarding(p, rs: Ruleset, report: Report, rolled: bool):
    report.assume("dw4 Boarding uses the reconstructed Action Roll: S 1, H 2, X 2 (+1 chaining die); "
                  "Counters C 1, K 2")
    parties = p.get("boarding") or []
    if not parties:
        raise InputError("boarding: give each participating model's Boarding Parties (X) (--boarding X, repeatable)",
                         "boarding")
    attack = sum(parties)
    report.step("action pool", " + ".join(str(x) for x in parties) + f" = {attack} (Boarding Parties)",
                report.cite("boarding_parties"), dice=attack)
    defences = _require(p, "target_defences", "the target's Defences rating")
    esc, own = p.get("target_escorts") or 0, p.get("target_boarding") or 0
    defence = defences + esc + own
    report.step("resistance pool", f"Defences {defences} + {esc} Escort + {own} own Boarding Parties = {defence}",
                report.cite("assault"), dice=defence)
    crew = _require(p, "target_crew", "the target's Crew rating (the Success Threshold)")
    dis = p.get("target_disorder") or 0
    threshold = max(1, crew - dis)
    if dis:
        report.assume("the target's Disorder lowers its Crew by 1 per level for the Success Threshold")
    report.step("success threshold", f"Crew {crew}" + (f" - {dis} Disorder" if dis else "") + f" = {threshold}",
                report.cite("assault"), threshold=threshold)
    report.cite("disorder")
    base: dict[str, Any] = {"attack_pool": attack, "defence_pool": defence, "threshold": threshold}
    if not rolled:
        hits = dice.hits_distribution(attack, RULES)
        counters = dice.counters_distribution(defence, COUNTER_VALUES)
        net = poly.net(hits.p, counters.p)
        succ: dict[int, float] = {}
        for n, pn in enumerate(net):
            succ[n // threshold] = succ.get(n // threshold, 0.0) + pn
        p_dis = 1 - succ.get(0, 0.0)
        base.update({"expected_hits": poly.mean(hits.p), "expected_counters": poly.mean(counters.p),
                     "p_successes": {str(k): v for k, v in sorted(succ.items()) if v > 1e-15},
                     "expected_successes": sum(k * v for k, v in succ.items()),
                     "p_disorder": p_dis, "truncation_error_bound": hits.truncation})
        line = (f"{attack} boarding dice vs {defence}, threshold {threshold}: expected "
                f"{base['expected_successes']:.2f} critical effects; P(at least one, target gains Disorder) "
                f"{verdict.pct(p_dis)}")
        return base, line
    hits, counters = _rolled_hits_and_counters(p, attack, defence, report, "the Action Pool",
                                               "the Resistance Pool is")
    net = max(0, hits - counters)
    s = net // threshold
    report.step("resolve outcomes", f"{hits} - {counters} = {net}; {net} // {threshold} = {s} Successes",
                report.cite("assault"), successes=s)
    base.update({"hits": hits, "counters": counters, "net_hits": net, "successes": s, "critical": s,
                 "catastrophic": 0, "damage": 0, "disorder": 1 if s else 0})
    line = (f"{hits} hits - {counters} counters = {net}: {s} Success{'es' if s != 1 else ''} — "
            + (f"choose {s} Critical Damage Effect{'s' if s != 1 else ''}; the target gains 1 Disorder"
               if s else "no effect"))
    return base, line
