"""ATTACK: build the pools from the inputs, then resolve a roll or compute the odds."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee import dice, poly
from referee.damage import (MARKER_KEYS, Target, apply_critical_faces, citadel_check, critical_branches,
                            hull_state)
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import FACES, Face, counts, parse_faces
from referee.outcomes import NetOutcome, aggregate
from referee.qualities import NO_MATHS, parse_qualities
from referee.report import Report
from referee.rolls import RollCheck, apply_rerolls, parse_rerolls
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset
from referee.sustained import SustainedPolicy


@dataclass
class AttackSetup:
    rs: Ruleset
    pool: int
    defence: int
    rules: FaceRules
    counter_values: dict[Face, int]
    target: Target
    qualities: dict[str, int]
    obscured: bool
    band: str | None
    reroll: frozenset[Face] = frozenset()
    reroll_names: dict[Face, str] = field(default_factory=dict)
    sustained: str | None = None
    policy: SustainedPolicy | None = None
    piercing: int = 0
    high_velocity: int = 0
    convert: int = 0  # dw4 Devastating minus Ablative
    mass1_strict: bool = False


def _pool(p: dict[str, Any], report: Report) -> tuple[int, str]:
    lead, support, total = p.get("lead"), p.get("support") or [], p.get("dice")
    if lead is None and support:
        raise InputError("lead: supporting dice were given without the lead weapon's dice", "lead")
    if lead is not None:
        built = lead + sum(support)
        if total is not None and total != built:
            raise InputError(f"dice: {total} dice contradicts lead {lead} + support {sum(support)} = {built}",
                             "dice")
        text = f"lead {lead}" + "".join(f" + support {s}" for s in support) + f" = {built}"
        return built, text
    if total is None:
        raise InputError("dice: how many attack dice? give --dice N (or --lead N --support N)", "dice")
    return total, f"{total} dice"


def _band(p: dict[str, Any], rs: Ruleset, q: dict[str, int], report: Report) -> str | None:
    band = p.get("range")
    distance = p.get("distance")
    valid = [b for b, _ in rs.bands]
    if band is not None:
        if rs.family == "dw4":
            band = {"point-blank": "close", "closing": "standard", "long": "extreme"}.get(band, band)
        elif band in ("close", "standard", "extreme"):
            band = {"close": "point-blank", "standard": "closing", "extreme": "long"}[band]
        if band not in valid:
            raise InputError(f"range: {band} is not a {rs.id} band ({', '.join(valid)})", "range")
    if distance is not None:
        derived = rs.band_for(distance, "extreme-range" in q)
        if derived is None:
            raise InputError(f"distance: {distance:g}\" is beyond the longest range band of {rs.id}", "distance")
        if band is not None and band != derived:
            raise InputError(f"range: {band} contradicts distance {distance:g}\" ({derived})", "range")
        band = derived
        report.step("range band", f"{distance:g}\" is {band} (a target on a boundary is in the nearer band)",
                    report.cite("range"), band=band)
    if band is not None and p.get("target_type") == "aerial" and not p.get("attacker_aerial") \
            and rs.family == "dw3":
        shifted = {"point-blank": "closing", "closing": "long", "long": "long"}[band]
        if shifted != band:
            report.step("aerial target", f"an Aerial target is one band further: {band} -> {shifted}",
                        report.cite("range"), band=shifted)
        band = shifted
    return band


def _check_eligibility(p: dict[str, Any], rs: Ruleset, q: dict[str, int], band: str | None,
                       report: Report) -> None:
    trait = p.get("target_type")
    distance = p.get("distance")
    if "torpedo" in q:
        report.cite_quality("torpedo")
        if distance is not None and distance < 5:
            raise InputError(f"distance: a Torpedo attack needs the target at least 5\" away "
                             f"(it is {distance:g}\")", "distance")
        if distance is None:
            report.assume("Torpedo: no --distance given, so the 5\" minimum range was not checked")
        if trait in rs.torpedo_blocked_traits:
            raise InputError(f"target_type: torpedoes cannot target {trait} units in {rs.id}", "target_type")
    if "bomb" in q and trait == "aerial":
        raise InputError("target_type: a Bomb attack cannot be declared against an aerial target", "target_type")
    if "aerial" in q and trait == "submerged" and "submerged" not in q:
        raise InputError("target_type: an Aerial attack cannot target a submerged model", "target_type")
    if "submerged" in q and "aerial" not in q:
        blocked = {"aerial", "ground"} if rs.id == "dw3" else {"aerial"}
        if trait in blocked:
            raise InputError(f"target_type: a Submerged attack cannot target a {trait} model", "target_type")
    if "indirect" in q and trait == "aerial":
        raise InputError("target_type: an Indirect attack cannot target an aerial model", "target_type")


def build(p: dict[str, Any], rs: Ruleset, report: Report) -> AttackSetup:
    q = parse_qualities(p.get("quality") or [], rs)
    pool, pool_text = _pool(p, report)
    armour = p.get("armour")
    if armour is None:
        raise InputError("armour: the target's Armour is needed (--armour N)", "armour")
    band = _band(p, rs, q, report)
    _check_eligibility(p, rs, q, band, report)
    if rs.family == "dw4":
        return _build_dw4(p, rs, q, pool, pool_text, band, report)
    return _build_dw3(p, rs, q, pool, pool_text, band, report)


def _markers(p: dict[str, Any]) -> frozenset[str]:
    out = set()
    for m in p.get("markers") or []:
        key = m.strip().lower().replace(" ", "-").replace("_", "-")
        if key not in MARKER_KEYS:
            raise InputError(f"markers: {m[:30]!r} is not a critical marker ({', '.join(MARKER_KEYS)})", "markers")
        out.add(key)
    return frozenset(out)


def _build_dw3(p, rs: Ruleset, q, pool, pool_text, band, report: Report) -> AttackSetup:
    report.step("pool", f"attack pool: {pool_text}", report.cite("shooting"), dice=pool)
    escorts = p.get("escorts") or 0
    if escorts:
        if rs.escort_attack_bonus_point_blank and band == "point-blank":
            pool += escorts
            report.step("escorts", f"+{escorts} die per Escort token at Point Blank -> {pool}",
                        report.cite("escort"), dice=pool)
        elif rs.escort_attack_bonus_point_blank and band is None:
            pool += escorts
            report.assume("escorts: no range given; the Escort bonus was applied as if at Point Blank")
        else:
            report.note(f"escorts: no attack bonus here ({'not Point Blank' if band else rs.id})")
    if p.get("shield"):
        if {"submerged", "arc", "bomb"} & set(q):
            report.note("Shield Generator: cannot be used against Submerged, Arc or Bomb attacks")
        else:
            removed = p.get("shield_dice", rs.shield_dice_default)
            if "shield_dice" not in p:
                report.assume(f"Shield Generator removes {removed} dice (QRS value; ORBAT 3.08 says Mass, max 3: "
                              "use --shield-dice)")
            pool = max(0, pool - removed)
            report.step("shield generator", f"-{removed} dice -> {pool}", report.cite("shield"), dice=pool)
    trait = p.get("target_type")
    mass = p.get("mass")
    reasons = []
    if p.get("obscured"):
        reasons.append("declared Obscured")
    if trait == "submerged":
        reasons.append("Submerged models are always Obscured")
    if "gunnery" in q and mass == 1:
        reasons.append("Gunnery against a Mass 1 target")
        report.cite_quality("gunnery")
    if "indirect" in q:
        reasons.append("Indirect attack")
    negators = [n for n in ("homing", "magnetic", "torpedo") if n in q]
    obscured = bool(reasons) and not negators
    if reasons:
        detail = "; ".join(reasons) + (f", but {', '.join(negators)} ignores it" if negators else
                                         ": Exploding Hits count 2 but add no dice")
        report.step("obscured", detail, report.cite("obscured"), obscured=obscured)
    xv = 3 if "devastating" in q else 2
    initial = dict(ATTACK_VALUES, **{Face.EXPLODING: xv})
    chain = dict(initial)
    if "devastating" in q:
        report.cite_quality("devastating")
        if p.get("devastating_explosions_off"):
            chain[Face.EXPLODING] = 2
        else:
            report.assume("Devastating also makes Exploding faces on explosion dice worth 3 Hits "
                          "(mechanics A3; --devastating-explosions-off to change)")
    rules = FaceRules(initial, chain, not obscured, not obscured)
    cvals = dict(COUNTER_VALUES)
    if "high-velocity" in q:
        cvals[Face.HEAVY_COUNTER] = 1
        report.cite_quality("high-velocity")
    reroll: set[Face] = set()
    names: dict[Face, str] = {}
    if "homing" in q:
        reroll.add(Face.BLANK)
        names[Face.BLANK] = "Homing"
        report.cite_quality("homing")
    if "fusillade" in q:
        report.cite_quality("fusillade")
        blocked = trait in rs.fusillade_blocked_traits and trait not in q
        if band not in ("point-blank", None) or blocked:
            report.note("Fusillade: no effect here (" + ("target trait" if blocked else "not Point Blank") + ")")
        else:
            if band is None:
                report.assume("Fusillade: no range given; assumed Point Blank (re-roll Counters)")
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
            report.assume("Sustained (QRS: re-roll any dice): odds assume every die whose face is worth less "
                          "than a fresh die is re-rolled: " + ", ".join(f.name.lower() for f in extra))
            for f in extra:
                if f not in reroll:
                    names[f] = "Sustained"
            reroll |= extra
        else:
            report.assume(f"Sustained: odds assume the re-rolled face type is chosen by policy "
                          f"'{policy.name}' after the roll")
    defence = p.get("defence") or 0
    if defence and not ({"aerial", "submerged"} & set(q)):
        report.assume("Defence dice were given but the attack has neither Aerial nor Submerged; dw3 allows "
                      "Defences only against those, the defence roll was used as given")
    if defence:
        report.step("defence pool", f"the target rolls {defence} defence dice", report.cite("defence"),
                    dice=defence)
    markers = _markers(p)
    citadel = p.get("citadel")
    if citadel is not None and "reactor-leak" in markers:
        citadel = max(0, citadel - (2 if rs.id == "dw3" else 1))
        report.assume("Reactor Leak marker listed: the Citadel given is the printed one and was reduced")
    if "piercing" in q:
        report.cite_quality("piercing")
        if mass == 1 and citadel is not None and rs.piercing_mass1_citadel:
            citadel = max(0, citadel - rs.piercing_mass1_citadel)
            report.step("piercing", f"Mass 1 target: Citadel -{rs.piercing_mass1_citadel} for this action "
                        f"-> {citadel}", report.cite_quality("piercing"), citadel=citadel)
    if citadel is None:
        report.note("no Citadel given: critical damage and Mass 1 destruction are not assessed")
    if mass is None:
        report.assume("target Mass not given: assumed Mass 2 or more")
    target = Target(p["armour"], citadel, mass, p.get("hull"), p.get("damage_taken") or 0,
                    bool(p.get("crippled")), p.get("crippled_hull"), markers, bool(p.get("target_generator")))
    if target.hull is not None and target.crippled_hull is None and not target.crippled and (mass or 2) >= 2:
        report.assume("Crippled-side Hull not given: assumed equal to --hull (for p_destroyed)")
    if not markers:
        report.assume("no critical damage markers on the target before this attack (--markers to list them)")
    for quality in q:
        if quality in NO_MATHS:
            report.note(f"{quality}: no effect on this calculation")
    for quality in ("hazardous", "arc", "magnetic"):
        if quality in q:
            report.cite_quality(quality)
    report.cite("dice")
    report.cite("result")
    report.cite("critical")
    return AttackSetup(rs, pool, defence, rules, cvals, target, q, obscured, band, frozenset(reroll), names,
                       sustained if sustained == "one-type" else None, policy, q.get("piercing", 0) and 1,
                       mass1_strict=bool(p.get("mass1_strict")))


def _build_dw4(p, rs: Ruleset, q, pool, pool_text, band, report: Report) -> AttackSetup:
    report.assume("dw4 core Action Roll is reconstructed from the glossary: Strike values S 1, H 2, X 2 "
                  "(+1 die), Counters C 1, K 2; Exploding chains continue; dice are re-rolled at most once")
    report.step("action pool", f"Action Pool: {pool_text}", report.cite("shooting"), dice=pool)
    defences = p.get("defence")
    if defences is None:
        raise InputError("defence: the target's Defences rating is needed for the Resistance Pool (--defence N)",
                         "defence")
    resistance = defences
    parts = [f"Defences {defences}"]
    escorts = p.get("target_escorts") or 0
    if escorts and "bomb" not in q:
        resistance += escorts
        parts.append(f"+{escorts} Escort")
        report.cite("escort")
    ignore_visibility = "homing" in q
    if p.get("obscured") or p.get("obscuring_mass"):
        om = p.get("obscuring_mass")
        if om is None:
            if p.get("mass") is None:
                raise InputError("obscuring_mass: dw4 Obscured adds Resistance dice equal to the Mass of the "
                                 "largest obscuring model: give --obscuring-mass N", "obscuring_mass")
            om = p["mass"]
            report.assume("Obscured: the obscuring model's Mass was taken as the target's Mass "
                          "(--obscuring-mass to change)")
        if ignore_visibility or "bomb" in q:
            report.note("Obscured: no bonus dice (Homing or Bomb)")
        else:
            resistance += om
            parts.append(f"+{om} Obscured")
            report.cite("obscured")
    hampered = p.get("hampered") or 0
    if hampered and not ignore_visibility:
        resistance += 2 * hampered
        parts.append(f"+{2 * hampered} Hampered")
        report.cite("hampered")
    report.step("resistance pool", "Resistance Pool: " + " ".join(parts) + f" = {resistance}",
                report.cite("defence"), dice=resistance)
    armour = p["armour"]
    if p.get("shield") and "submerged" not in q:
        armour += 1
        report.step("heavy shield generator", f"+1 Armour -> threshold {armour}", report.cite("shield"))
    convert = q.get("devastating", 0) - (p.get("target_ablative") or 0)
    if "devastating" in q or p.get("target_ablative"):
        report.cite_quality("devastating") if "devastating" in q else report.cite("ablative")
    reroll = set()
    names = {}
    if "hunter" in q:
        reroll.add(Face.BLANK)
        names[Face.BLANK] = "Hunter"
        report.cite_quality("hunter")
    if "piercing" in q:
        report.cite_quality("piercing")
    if "high-velocity" in q:
        report.cite_quality("high-velocity")
    target = Target(armour, None, p.get("mass"), p.get("hull"), p.get("damage_taken") or 0,
                    bool(p.get("crippled")))
    if p.get("citadel") is not None:
        report.note("dw4 has no Citadel: --citadel ignored")
    rules = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
    for quality in q:
        if quality in ("blast", "torrent", "limited", "arc", "fusillade"):
            report.note(f"{quality}: not modelled in this calculation")
    return AttackSetup(rs, pool, resistance, rules, dict(COUNTER_VALUES), target, q, False, band,
                       frozenset(reroll), names, None, None, q.get("piercing", 0), q.get("high-velocity", 0),
                       convert)


# ---------------------------------------------------------------- shared outcome per net total

def dw4_successes(net: int, threshold: int, piercing: int) -> int:
    """Group Hits by the threshold; Piercing (X) lowers it by 1 (min 1) for the first X Successes."""
    s = 0
    reduced = max(1, threshold - 1)
    while piercing > 0 and net >= reduced:
        net -= reduced
        s += 1
        piercing -= 1
    return s + net // threshold


def outcome_for(setup: AttackSetup):
    rs, t = setup.rs, setup.target
    cache: dict[int, NetOutcome] = {}
    crit_cache: dict[int, list] = {}

    def crits(rolls: int) -> list:
        if rolls not in crit_cache:
            crit_cache[rolls] = critical_branches(rolls, t.markers, rs, t.has_generator)
        return crit_cache[rolls]

    def dw3(n: int) -> NetOutcome:
        cc = citadel_check(n, t, rs, bool(setup.piercing), setup.mass1_strict)
        grouped: dict[int, float] = {}
        for pb, crit in crits(cc.critical_rolls):
            total = cc.damage + 2 * (cc.catastrophic + crit.catastrophic) + crit.damage
            grouped[total] = grouped.get(total, 0.0) + pb
        branches = [(pb, total, hull_state(t, total, cc.destroyed, "dw3")) for total, pb in grouped.items()]
        crit_known = t.citadel is not None
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
    if setup.convert:
        probs = dice.reroll_faces(setup.reroll)
        return dice.converted_explosions_distribution(setup.pool, setup.rules, setup.convert, probs)
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
                f"below {max(hits.truncation, 1e-15):.1e} (no Monte Carlo)")
    if setup.rs.family == "dw4":
        out["p_destroyed"] = None
        report.assume("dw4: p_damage counts Successes as Damage; destruction rules are unknown, so "
                      "p_destroyed is null and p_crippled means Damage >= Hull")
    else:
        report.assume("p_total_damage adds +2 per Catastrophic Explosion and 1 for Sturginium Flare or "
                      "Magazine Explosion criticals (splash on other models not counted); Disorder is "
                      "taken as a level, not as damage")
    return out


# ---------------------------------------------------------------- rolled mode

def rolled(setup: AttackSetup, p: dict[str, Any], report: Report) -> dict[str, Any]:
    rs = setup.rs
    faces = parse_faces(p.get("roll"), "roll")
    check = RollCheck(report)
    check.count("roll", len(faces), setup.pool, "the pool is {need} dice, you gave {got}")
    rerolls = parse_rerolls(p.get("rerolls") or [], len(faces))
    final = apply_rerolls(faces, rerolls, setup, report)
    if setup.convert:
        final = _convert(final, setup.convert, report)
    explosions = parse_faces(p.get("explosions"), "explosions")
    needed = dice.explosion_dice_needed(final, explosions, setup.rules)
    check.explosions(len(explosions), needed, setup.obscured)
    if needed:
        report.step("explosions", f"{needed} explosion dice rolled (chains included, never re-rolled): "
                    + " ".join(str(f.number) for f in explosions), report.cite("explode"), dice=needed)
    c = counts(final)
    hits = dice.score(final, explosions, setup.rules)
    report.step("hits", _hits_text(final, explosions, setup.rules, hits), report.cite("dice"), hits=hits,
                faces={f.name.lower(): c[f] for f in FACES})
    defence_faces = parse_faces(p.get("defence_roll"), "defence_roll")
    check.count("defence_roll", len(defence_faces), setup.defence,
                "the defender rolls {need} dice, you gave {got}")
    counters = dice.count_counters(defence_faces, setup.counter_values)
    if setup.high_velocity and rs.family == "dw4":
        k = sum(1 for f in defence_faces if f is Face.HEAVY_COUNTER)
        counters -= min(k, setup.high_velocity)
    if setup.defence:
        dc = counts(defence_faces)
        report.step("counters", f"{dc[Face.HEAVY_COUNTER]} Heavy Counter x{setup.counter_values[Face.HEAVY_COUNTER]}"
                    f" + {dc[Face.COUNTER]} Counter = {counters}", report.cite("defence"), counters=counters)
    net = max(0, hits - counters)
    report.step("net hits", f"{hits} - {counters} = {net}", report.cite("result"), net_hits=net)
    out: dict[str, Any] = {"pool": setup.pool, "defence_pool": setup.defence, "hits": hits,
                           "counters": counters, "net_hits": net,
                           "faces": [f.number for f in final], "explosion_faces": [f.number for f in explosions]}
    if rs.family == "dw4":
        return _rolled_dw4(setup, net, out, report)
    return _rolled_dw3(setup, p, net, out, report)


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
    report.step("convert strikes", f"{moved} {src.name.lower()} -> {dst.name.lower()} "
                f"({'Devastating' if convert > 0 else 'Ablative Armour'}, net of each other)",
                report.cite("ablative") if convert < 0 else report.cite_quality("devastating"), converted=moved)
    return out


def _hits_text(final, explosions, rules: FaceRules, hits: int) -> str:
    c = counts(final)
    parts = [f"{c[Face.EXPLODING]} Exploding x{rules.initial[Face.EXPLODING]}",
             f"{c[Face.HEAVY]} Heavy x2", f"{c[Face.HIT]} Hit x1"]
    if explosions:
        parts.append(f"explosion dice {sum(rules.chain[f] for f in explosions)}")
    return " + ".join(parts) + f" = {hits} Hits"


def _rolled_dw3(setup: AttackSetup, p, net: int, out: dict[str, Any], report: Report) -> dict[str, Any]:
    rs, t = setup.rs, setup.target
    cc = citadel_check(net, t, rs, bool(setup.piercing), setup.mass1_strict)
    report.step("damage", f"{net} // Armour {t.armour} = {cc.damage} damage", report.cite("result"),
                damage=cc.damage)
    if t.citadel is not None:
        if (t.mass or 2) >= 2:
            text = (f"{net} {'>=' if cc.critical else '<'} Citadel {t.citadel}"
                    + (f"; {net} >= 2 x Citadel: Catastrophic Explosion" if cc.double else ""))
            if cc.double and rs.catastrophic_replaces_critical:
                text += " instead of critical damage"
        else:
            text = f"Mass 1: {net} vs Citadel {t.citadel}: " + ("destroyed" if cc.destroyed else "survives")
        report.step("citadel", text, report.cite("critical"), critical=cc.critical)
    if setup.piercing and cc.damage >= 1:
        report.step("piercing", "at least 1 damage: one more critical damage roll", report.cite_quality("piercing"))
    crit_faces_raw = parse_faces(p.get("critical_roll"), "critical_roll")
    crit_numbers = [f.number for f in crit_faces_raw]
    rolls = cc.critical_rolls
    crit = None
    if crit_numbers:
        crit = apply_critical_faces(crit_numbers[:rolls], t.markers, rs, t.has_generator)
        needed = rolls + crit.rerolls_needed
        if len(crit_numbers) != needed:
            raise InputError(f"critical_roll: {needed} critical damage dice are needed, you gave "
                             f"{len(crit_numbers)}", "critical_roll")
        if crit.rerolls_needed:
            crit = apply_critical_faces(crit_numbers, t.markers, rs, t.has_generator)
        report.step("critical damage", "; ".join(crit.effects) or "none", report.cite("critical_dice"),
                    effects=crit.effects)
    catastrophic = cc.catastrophic + (crit.catastrophic if crit else 0)
    disorder = catastrophic + (crit.disorder if crit else 0)
    q = setup.qualities
    if "hazardous" in q and cc.damage >= 1:
        disorder += 1
        report.step("hazardous", "at least 1 damage: +1 Disorder level", report.cite_quality("hazardous"))
    if "arc" in q and rolls:
        disorder += 1
        report.step("arc", "critical damage: +1 Disorder level", report.cite_quality("arc"))
    if "magnetic" in q and (cc.damage >= 1 or not rs.magnetic_needs_damage):
        report.step("magnetic", "Navigation Lock marker (if not already present)", report.cite_quality("magnetic"))
    total = cc.damage + 2 * catastrophic + (crit.damage if crit else 0)
    state = hull_state(t, total, cc.destroyed or (crit is not None and (t.mass or 2) == 1
                                                  and rs.mass1_any_critical_destroys and rolls > 0), "dw3")
    if catastrophic:
        report.step("catastrophic explosion", f"{catastrophic} x (+2 damage, +1 Disorder, -1 Escort token)",
                    report.cite("critical"), catastrophic=catastrophic)
    report.step("state", f"total damage {total}" + (f" -> {state}" if state else ""), report.cite("attributes"),
                total_damage=total, state=state)
    out.update({"damage": cc.damage, "critical": rolls, "catastrophic": catastrophic,
                "critical_effects": crit.effects if crit else [], "critical_dice_needed": 0 if crit else rolls,
                "disorder": disorder, "total_damage": total, "state": state,
                "destroyed": state == "destroyed"})
    return out


def _rolled_dw4(setup: AttackSetup, net: int, out: dict[str, Any], report: Report) -> dict[str, Any]:
    t = setup.target
    s = dw4_successes(net, t.armour, setup.piercing)
    detail = f"{net} grouped by threshold {t.armour}"
    if setup.piercing:
        detail += f" (Piercing {setup.piercing}: first Successes at {max(1, t.armour - 1)})"
    report.step("resolve outcome", f"{detail} = {s} Successes = {s} Damage", report.cite("result"), successes=s)
    state = hull_state(t, s, False, "dw4")
    out.update({"damage": s, "successes": s, "critical": 0, "catastrophic": 0, "total_damage": s,
                "state": state, "disorder": 0})
    return out
