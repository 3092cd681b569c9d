"""Blast and Torrent secondary targets: what the attack does to each other model under the template.

RB (СВОЙСТВА НАБОРА КУБОВ › Взрыв / Конус поражения) and QR (WEAPON QUALITIES › Blast / Torrent):
"Примените результат к Начальной Цели и всем Моделям, затронутым Шаблоном, автоматически, без
модификаций" — the same net Hits, after the Initial Target's defence, land on every model touched,
each against its own Armour and Citadel. GL Blast differs: "the active Admiral makes a separate Action
Roll for each Secondary Target. There is no Resistance Roll" with X dice per Blast weapon and the
Secondary Target's Armour as the Success Threshold, each Success 1 Damage. GL Torrent has no secondary
targets: the whole Attack action may be repeated against a new Initial Target.

The functions are pure: the attack passes its net-hit distribution (dw3 family) or its Blast dice (dw4).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.params import Kind, ParamSpec
from referee import dice
from referee.action_common import at_least, dist_json, mean
from referee.citations import Citation
from referee.damage import Target, citadel_check, critical_branches, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.report import Report
from referee.rulesets.base import ATTACK_VALUES, Ruleset

MAX_SECONDARY = 12
# The attack's extra input (the lead adds `*secondary.PARAMS` to referee.params.ATTACK).
PARAMS = [ParamSpec("secondary", Kind.TEXTS, "Blast/Torrent secondary targets, one each: dw3 ARMOUR/CITADEL[/MASS"
                    "[/HULL[/DAMAGE_TAKEN]]], dw4 ARMOUR[/HULL[/DAMAGE_TAKEN]] ('-' for unknown)", max_length=30,
                    max_items=MAX_SECONDARY)]
SECTIONS = {
    "dw3-rulebook": {"blast": "СВОЙСТВА НАБОРА КУБОВ › Взрыв (Blast)",
                     "torrent": "СВОЙСТВА НАБОРА КУБОВ › Конус поражения (Torrent)"},
    "dw3-quick-reference": {"blast": "WEAPON QUALITIES › Blast", "torrent": "WEAPON QUALITIES › Torrent"},
    "dw4-glossary": {"blast": "Blast", "torrent": "Torrent"},
}
SAME_RESULT = ("Blast/Torrent: the same net Hits (after the Initial Target's defence) are applied to each "
               "secondary target 'automatically, without modification': its own Armour and Citadel, no "
               "defence, shield or re-roll of its own")
NO_QUALITIES = ("Piercing's extra critical roll is not applied to secondary targets: QR gives it to 'the initial "
                "target' only; RB ('при нанесении Модели') is read the same way, as the result is applied "
                "'без модификаций'")

NO_MASS = "a secondary target without a Mass is assumed Mass 2 or more"
BLAST_DW4 = ("GL Blast: each Secondary Target gets its own Action Roll of X dice per Blast weapon, no Resistance "
             "Roll, Success Threshold its Armour; the Initial Target's qualities and Properties do not apply")
ACTION_ROLL_DW4 = "dw4 Action Roll reconstructed: S 1, H 2, X 2 (+1 chaining die)"
MASS1 = {strict: f"a Mass 1 secondary target is destroyed at net Hits {'>' if strict else '>='} its Citadel"
         for strict in (False, True)}
# the Russian of the fixed assumptions above (Report.assume picks it for a Russian question)
RU = {
    SAME_RESULT: "Blast/Torrent: те же чистые Попадания (после Защиты Начальной Цели) применяются к каждой "
                 "вторичной цели «автоматически, без модификаций»: её Броня и Цитадель, без её Защиты, щита и "
                 "перебросов",
    NO_QUALITIES: "дополнительный бросок Бронепробивного не применяется к вторичным целям: QR даёт его только "
                  "Начальной Цели; RB («при нанесении Модели») прочитан так же, ведь результат применяется "
                  "«без модификаций»",
    NO_MASS: "вторичная цель без Массы считается Массы 2 или больше",
    BLAST_DW4: "GL Blast: для каждой Вторичной Цели свой Бросок действия из X кубов за орудие с Blast, без броска "
               "Сопротивления, порог успеха — её Броня; Качества и Свойства Начальной Цели не применяются",
    ACTION_ROLL_DW4: "Бросок действия dw4 реконструирован: S 1, H 2, X 2 (+1 куб цепочкой)",
    MASS1[False]: "вторичная цель Массы 1 уничтожена, если чистых Попаданий >= её Цитадели",
    MASS1[True]: "вторичная цель Массы 1 уничтожена, если чистых Попаданий > её Цитадели",
}


# The stat names of a secondary target as the Russian book prints them (for its error).
NAMES_RU = {"armour": "БРОНЯ", "citadel": "ЦИТАДЕЛЬ", "mass": "МАССА", "hull": "КОРПУС", "damage taken": "УРОН"}

def parse_targets(raw: Sequence[str], family: str) -> list[Target]:
    """'ARMOUR/CITADEL[/MASS[/HULL[/DAMAGE_TAKEN]]]' (dw3) or 'ARMOUR[/HULL[/DAMAGE_TAKEN]]' (dw4).

    '-' leaves a value unknown, e.g. '4/-/1' is Armour 4, no Citadel given, Mass 1."""
    if len(raw) > MAX_SECONDARY:
        raise InputError(f"secondary: at most {MAX_SECONDARY} secondary targets", "secondary",
                         ru=f"secondary: не больше {MAX_SECONDARY} вторичных целей")
    out: list[Target] = []
    names = (["armour", "citadel", "mass", "hull", "damage taken"] if family != "dw4"
             else ["armour", "hull", "damage taken"])
    for item in raw:
        parts = [x.strip() for x in re.split(r"[/:]", item.strip())]
        if not parts or len(parts) > len(names) or not all(re.fullmatch(r"\d{1,3}|-|", x) for x in parts):
            example = "4/8/2" if family != "dw4" else "4/6"
            raise InputError(f"secondary: {item[:30]!r} should be {'/'.join(n.upper() for n in names)} "
                             f"(numbers, '-' for unknown), e.g. {example}", "secondary",
                             ru=f"secondary: {item[:30]!r} должно быть {'/'.join(NAMES_RU[n] for n in names)} "
                                f"(числа, '-' если неизвестно), например {example}")
        values: dict[str, int | None] = {n: (int(x) if x not in ("", "-") else None)
                                         for n, x in zip(names, parts, strict=False)}
        armour = values.get("armour")
        if not armour:
            raise InputError(f"secondary: {item[:30]!r} needs an Armour of at least 1", "secondary",
                             ru=f"secondary: у {item[:30]!r} Броня должна быть не меньше 1")
        mass = values.get("mass")
        if mass is not None and not 1 <= mass <= 10:
            raise InputError(f"secondary: {item[:30]!r} has Mass {mass}; Mass is 1-10", "secondary",
                             ru=f"secondary: у {item[:30]!r} Масса {mass}; Масса бывает от 1 до 10")
        hull = values.get("hull")
        taken = values.get("damage taken") or 0
        if hull is not None and hull < 1:
            raise InputError(f"secondary: {item[:30]!r} needs a Hull of at least 1", "secondary",
                             ru=f"secondary: у {item[:30]!r} Корпус должен быть не меньше 1")
        out.append(Target(armour, values.get("citadel"), mass, hull, taken))
    return out


def _cite(rs: Ruleset, quality: str) -> Citation:
    return Citation(rs.edition, SECTIONS[rs.edition][quality])


def net_outcome_odds(net: Sequence[float], t: Target, rs: Ruleset, piercing: bool,
                     mass1_strict: bool) -> dict[str, Any]:
    """dw3 family: damage, critical, total damage and Hull-state odds of one model from a net-Hits law."""
    damage: dict[int, float] = {}
    total: dict[int, float] = {}
    p_crit = p_cat = p_dead = p_crip = p_roll = 0.0
    state_known = t.hull is not None
    mass1 = (t.mass or 2) == 1
    for n, pn in enumerate(net):
        if pn <= 0:
            continue
        cc = citadel_check(n, t, rs, piercing, mass1_strict)
        damage[cc.damage] = damage.get(cc.damage, 0.0) + pn
        if cc.critical:
            p_crit += pn
        if cc.critical_rolls:
            p_roll += pn
        if cc.catastrophic:
            p_cat += pn
        for pb, crit in critical_branches(cc.critical_rolls, t.markers, rs, t.has_generator):
            hits = cc.damage + 2 * (cc.catastrophic + crit.catastrophic) + crit.damage
            w = pn * pb
            total[hits] = total.get(hits, 0.0) + w
            dead = cc.destroyed or (mass1 and rs.mass1_any_critical_destroys and cc.critical_rolls > 0)
            state = hull_state(t, hits, dead, "dw3")
            if state == "destroyed":
                p_dead += w
                p_crip += w
            elif state == "crippled":
                p_crip += w
    citadel_known = t.citadel is not None
    # Mass 1 models take no Critical Damage: they are destroyed instead (P(destroyed) is reported).
    crit_known = citadel_known and not mass1
    return {
        "armour": t.armour, "citadel": t.citadel, "mass": t.mass, "hull": t.hull, "damage_taken": t.damage_taken,
        "expected_damage": mean(damage),
        "p_damage": dist_json(damage),
        "p_damage_at_least": at_least(damage),
        "p_critical": min(1.0, p_crit) if crit_known else None,
        "p_catastrophic": min(1.0, p_cat) if crit_known else None,
        # at least one critical damage die rolled: Citadel or Piercing (a Mass 1 model has none)
        "p_critical_roll": None if mass1 else min(1.0, p_roll),
        "p_total_damage": dist_json(total),
        "expected_total_damage": mean(total),
        "p_crippled": min(1.0, p_crip) if state_known else None,
        "p_destroyed": (min(1.0, p_dead) if (state_known or (mass1 and citadel_known)) else None),
    }


def secondary_dw3(net: Sequence[float], targets: Sequence[Target], rs: Ruleset, quality: str = "blast", *,
                  piercing: bool = False, mass1_strict: bool = False) -> dict[str, Any]:
    """dw3/dw3-qrs: per-target odds from the attack's net-hit distribution (index = net Hits)."""
    if quality not in ("blast", "torrent"):
        raise InputError(f"quality: secondary targets come from Blast or Torrent, not {quality!r}", "quality",
                         ru=f"quality: вторичные цели бывают у Blast и Torrent, не у {quality!r}")
    assumptions = [SAME_RESULT] + ([] if piercing else [NO_QUALITIES])
    if any(t.mass is None for t in targets):
        assumptions.append(NO_MASS)
    if any((t.mass or 2) == 1 for t in targets):
        assumptions.append(MASS1[mass1_strict])
    rows = []
    for i, t in enumerate(targets, 1):
        row = net_outcome_odds(net, t, rs, piercing, mass1_strict)
        rows.append({"target": i, **row})
    return {"secondary_targets": rows, "assumptions": assumptions,
            "citations": [_cite(rs, quality).to_json()]}


def secondary_dw3_rolled(net: int, targets: Sequence[Target], rs: Ruleset, quality: str = "blast", *,
                         piercing: bool = False, mass1_strict: bool = False) -> dict[str, Any]:
    """Rolled mode: the damage, critical dice owed and state of each secondary target for one net total."""
    rows = []
    for i, t in enumerate(targets, 1):
        cc = citadel_check(net, t, rs, piercing, mass1_strict)
        mass1 = (t.mass or 2) == 1
        total = cc.damage + 2 * cc.catastrophic
        rows.append({"target": i, "armour": t.armour, "citadel": t.citadel, "mass": t.mass,
                     "damage": cc.damage, "critical_dice_needed": 0 if mass1 else cc.critical_rolls,
                     "catastrophic": cc.catastrophic, "destroyed": cc.destroyed,
                     "state": hull_state(t, total, cc.destroyed, "dw3")})
    assumptions = [SAME_RESULT] + ([] if piercing else [NO_QUALITIES])
    return {"secondary_targets": rows, "assumptions": assumptions,
            "citations": [_cite(rs, quality).to_json()]}


def blast_dw4(blast_dice: int, targets: Sequence[Target], rules: FaceRules | None = None) -> dict[str, Any]:
    """GL Blast: a separate Action Roll of `blast_dice` (X per Blast weapon) against each Secondary Target's
    Armour, no Resistance Roll, 1 Damage per Success. `rules` lets the caller pass the attacker's Disorder
    conversions (referee.disorder.action_rules); the default is the reconstructed S 1, H 2, X 2 (+1 die)."""
    rules = rules or FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
    hits = dice.hits_distribution(blast_dice, rules)
    rows = []
    for i, t in enumerate(targets, 1):
        dmg: dict[int, float] = {}
        p_crip = 0.0
        for h, ph in enumerate(hits.p):
            d = h // t.armour
            dmg[d] = dmg.get(d, 0.0) + ph
            if t.hull is not None and hull_state(t, d, False, "dw4") == "crippled":
                p_crip += ph
        rows.append({"target": i, "armour": t.armour, "hull": t.hull, "damage_taken": t.damage_taken,
                     "blast_dice": blast_dice, "expected_damage": mean(dmg), "p_damage": dist_json(dmg),
                     "p_damage_at_least": at_least(dmg),
                     "p_crippled": min(1.0, p_crip) if t.hull is not None else None})
    return {"secondary_targets": rows,
            "assumptions": [BLAST_DW4, ACTION_ROLL_DW4],
            "citations": [Citation("dw4-glossary", "Blast").to_json()],
            "truncation_error_bound": hits.truncation}


def blast_dw4_rolled(rolls: Sequence[int], targets: Sequence[Target]) -> list[dict[str, Any]]:
    """Rolled GL Blast: the Hits scored in each Secondary Target's own Action Roll -> Damage."""
    if len(rolls) != len(targets):
        raise InputError(f"secondary_hits: one Hits total per secondary target ({len(targets)}), you gave "
                         f"{len(rolls)}", "secondary_hits",
                         ru=f"secondary_hits: по одному итогу Попаданий на вторичную цель ({len(targets)}), задано "
                            f"{len(rolls)}")
    return [{"target": i, "armour": t.armour, "hits": h, "damage": h // t.armour,
             "state": hull_state(t, h // t.armour, False, "dw4")}
            for i, (h, t) in enumerate(zip(rolls, targets, strict=True), 1)]


def torrent_dw4() -> None:
    """GL Torrent has no secondary targets: refuse a list of them with the rule's own reading."""
    raise InputError("secondary: dw4 Torrent has no secondary targets; the whole Attack action may be resolved "
                     "again (up to X times) against the same or another model within 4\" with the same "
                     "Positional Trait — resolve each as its own attack", "secondary",
                     ru="secondary: у Torrent в dw4 нет вторичных целей; всё действие Атаки можно разрешить снова (до "
                        "X раз) против той же или другой модели в пределах 4\" с той же Позиционной чертой — "
                        "разрешайте каждое как отдельную атаку")


def secondary_targets(rs: Ruleset, quality: str, targets: Sequence[Target], *,
                      net: Sequence[float] | None = None, blast_dice: int | None = None,
                      rules: FaceRules | None = None, piercing: bool = False,
                      mass1_strict: bool = False) -> dict[str, Any]:
    """One door for the attack: dw3 family from `net`, dw4 Blast from `blast_dice`."""
    if not targets:
        return {"secondary_targets": [], "assumptions": [], "citations": []}
    if rs.family == "dw4":
        if quality == "torrent":
            torrent_dw4()
        if blast_dice is None:
            raise InputError("blast: dw4 Blast needs the X of each Blast weapon (the quality's value)", "quality",
                             ru="blast: Blast в dw4 требует X каждого оружия с Blast (значение свойства)")
        return blast_dw4(blast_dice, targets, rules)
    if net is None:
        raise InputError("secondary: the attack's net-hit distribution is needed", "secondary",
                         ru="secondary: нужно распределение чистых попаданий атаки")
    return secondary_dw3(net, targets, rs, quality, piercing=piercing, mass1_strict=mass1_strict)


def attach(body: dict[str, Any], raw_targets: Sequence[str] | None, qualities: dict[str, int], rs: Ruleset,
           report: Report, *, net: Sequence[float] | None = None, net_hits: int | None = None,
           rules: FaceRules | None = None, mass1_strict: bool = False) -> None:
    """Wire-in for an attack: parse ⟨secondary⟩ and add `secondary_targets` to its result.

    Odds mode passes the net-Hits law `net` (dw3 family); rolled mode passes `net_hits`; dw4 needs only
    the qualities (Blast's X, summed over the contributing weapons) and, optionally, the attacker's
    Disorder-converted `rules`."""
    quality = "blast" if "blast" in qualities else "torrent" if "torrent" in qualities else None
    if not raw_targets:
        if quality == "blast" or (quality == "torrent" and rs.family != "dw4"):
            name = quality.title()
            report.note(f"{name}: this is the Initial Target only; give the other models under the template as "
                        "⟨secondary⟩ to see what the attack does to each",
                        f"{name}: это только Начальная Цель; задайте остальные Модели под шаблоном в "
                        "⟨secondary⟩, чтобы увидеть результат для каждой")
        return
    if quality is None:
        raise InputError("secondary: secondary targets come from a Blast or Torrent weapon; add the quality "
                         "(⟨quality⟩ blast)", "secondary",
                         ru="secondary: вторичные цели бывают у оружия с Blast или Torrent; добавьте свойство "
                            "(⟨quality⟩ blast)")
    targets = parse_targets(raw_targets, rs.family)
    if rs.family == "dw4":
        if quality == "torrent":
            torrent_dw4()
        out = blast_dw4(qualities["blast"], targets, rules)
        if net_hits is not None:
            report.note("dw4 Blast: roll each Secondary Target's own Action Roll; these are its odds",
                        "dw4 Blast: бросьте для каждой Вторичной Цели её собственный Бросок действия; здесь его шансы")
    elif net_hits is not None:
        out = secondary_dw3_rolled(net_hits, targets, rs, quality, mass1_strict=mass1_strict)
    elif net is not None:
        out = secondary_dw3(net, targets, rs, quality, mass1_strict=mass1_strict)
    else:
        raise InputError("secondary: the attack's net Hits are needed", "secondary",
                         ru="secondary: нужны чистые Попадания атаки")
    c = _cite(rs, quality)
    report.citations.append(c)
    for text in out["assumptions"]:
        report.assume(text, RU.get(text))
    report.step("secondary targets", f"{len(targets)} secondary target(s) under the {quality.title()} template",
                c, ru=f"вторичных целей под шаблоном {quality.title()}: {len(targets)}", targets=len(targets))
    body["secondary_targets"] = out["secondary_targets"]


def net_from_json(p_net_hits: dict[str, float]) -> list[float]:
    """The attack result's `p_net_hits` ({"n": p}) back as a list indexed by net Hits."""
    if not p_net_hits:
        return [1.0]
    net = [0.0] * (max(int(k) for k in p_net_hits) + 1)
    for k, v in p_net_hits.items():
        net[int(k)] = v
    return net
