"""The ASSAULT action: dw3 Assault and dw4 Boarding (pools, the results table, odds and rolled mode)."""
from __future__ import annotations

from typing import Any

from core.params import Kind, ParamSpec
from referee import attack_setup, checks, dice, disorder, poly, verdict
from referee.action_common import DW3, DW3_RULEBOOK, DW4, MAX_DICE, MAX_QUALITIES, common, only, require, rolled_inputs
from referee.damage import resolve_critical_dice
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import parse_faces
from referee.report import Report
from referee.rolls import RollCheck
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset

RULES = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
INT, BOOL, CHOICE, INTS, TEXTS = Kind.INT, Kind.BOOL, Kind.CHOICE, Kind.INTS, Kind.TEXTS

DW3_ASSAULT = "a 3rd-edition assault input; dw4 Boarding uses Boarding Parties, Defences and Crew"
DW4_BOARDING = "a dw4 Boarding input; 3rd-edition assaults use Fray, Citadel and Defence"
DW4_SRS_SUPPORT = ("dw4 Boarding: a discarded token of a Supporting SRS Stack adds the Stack's Support rating in "
                   "dice; not modelled yet")

PARAMS: list[ParamSpec] = [
    *common(),
    *only(DW3, DW3_ASSAULT,
          ParamSpec("fray", INT, "dw3: assaulting model's Fray", 0, MAX_DICE),
          ParamSpec("support", INT, "dw3: supporting models (+2 dice each)", 0, 20),
          ParamSpec("srs", INT, "dw3: attacker's SRS tokens discarded (+1 die each)", 0, 20),
          ParamSpec("escorts", INT, "dw3: attacker's Escort tokens (+1 die each)", 0, 20),
          ParamSpec("card_dice", INT, "dw3: dice added (+) or removed (-) by the unit cards' special rules "
                    "(filled and listed when units are named: Pack Hunter, …)", -20, 20),
          ParamSpec("target_citadel", INT, "dw3: target's Citadel", 0, 100),
          ParamSpec("target_adv", INT, "dw3: target's Aerial Defence", 0, 50),
          ParamSpec("target_sdv", INT, "dw3: target's Submerged Defence", 0, 50),
          ParamSpec("assaulter", CHOICE, "assaulting model's position trait",
                    choices=("surface", "aerial", "submerged", "skimming"))),
    # GL Boarding: "Each discarded token adds a number of dice equal to the Stack's Support rating" - a dw4
    # rule too, with another value; the referee does not model it yet, and says so.
    *only(DW3_RULEBOOK, "only the 3.03 rulebook's assault table has Draw and Havoc results",
          ParamSpec("draw_is_havoc", BOOL, "dw3 rulebook: a Draw (hits equal counters) is a Havoc result (a card "
                    "rule such as Give 'Em Hell; filled when units are named)")),
    *only(DW3, {"dw4": DW4_SRS_SUPPORT},
          ParamSpec("target_srs", INT, "SRS tokens the target discards (dw3 +3 dice each, qrs +1)", 0, 20)),
    ParamSpec("target_escorts", INT, "Escort tokens with the target (+1 die each)", 0, 20),
    *only(DW3, DW3_ASSAULT,
          ParamSpec("target_mass", INT, "target's Mass (a Mass 1 target with a critical is destroyed)", 1, 10),
          ParamSpec("target_generator", BOOL, "dw3: the target has Generators (Generator Shutdown; default: "
                    "assumed yes)"),
          ParamSpec("no_generators", BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 "
                    "more Disorder, quick reference re-roll)"),
          ParamSpec("markers", TEXTS, "dw3: critical markers already on the target (a duplicate is a Catastrophic "
                    "Explosion)", max_items=MAX_QUALITIES)),
    *only(DW4, DW4_BOARDING,
          ParamSpec("boarding", INTS, "dw4: Boarding Parties (X) of each participating model", 0, MAX_DICE),
          ParamSpec("target_defences", INT, "dw4: target's Defences rating", 0, 50),
          ParamSpec("target_crew", INT, "dw4: target's Crew rating (the Success Threshold)", 1, 20),
          ParamSpec("target_disorder", INT, "dw4: target's Disorder level (-1 Crew each)", 0, 3),
          ParamSpec("target_boarding", INT, "dw4: target's own Boarding Parties (X) (adds X Resistance dice)",
                    0, 50),
          ParamSpec("target_crew_unmodified", BOOL, "dw4: the target's Crew rating cannot be Modified, so its "
                    "Disorder does not lower the Success Threshold (a card rule such as Mechanical Soul)"),
          *disorder.PARAMS),
    *rolled_inputs(),
]


def resolve_dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _assault(p, rs, report, rolled)


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _boarding(p, rs, report, rolled)


def _require(p: dict[str, Any], name: str, what: str, what_ru: str) -> int:
    return int(require(p, name, what, what_ru))


def pools(p: dict[str, Any], rs: Ruleset, report: Report) -> tuple[int, int]:
    fray = _require(p, "fray", "the assaulting model's Fray", "Свалка штурмующей модели")
    support, srs, escorts = p.get("support") or 0, p.get("srs") or 0, p.get("escorts") or 0
    attack = fray + srs + 2 * support + escorts
    report.step("assault pool", f"Fray {fray} + SRS {srs} + 2 x {support} supporting + {escorts} escort = {attack}",
                report.cite("assault"),
                ru=f"Абордаж {fray} + SRS {srs} + 2 x {support} поддерживающих + {escorts} эскорт = {attack}",
                dice=attack)
    attack, steps = attack_setup.with_card_dice(p, attack, [
        report.say(f"Fray {fray}", f"Свалка {fray}"), f"+ {srs} SRS",
        report.say(f"+ {2 * support} support ({support} models)", f"+ {2 * support} поддержка (моделей: {support})"),
        report.say(f"+ {escorts} Escort", f"+ {escorts} эскорт")], report, "assault")
    report.understood(attack_pool=attack, pool_steps=steps)
    if escorts and rs.assault_escorts_are_corvettes:
        report.assume("quick reference: ⟨escorts⟩ counted as Corvettes (+1 assault die each); its escorts add "
                      "nothing to an assault",
                      "краткий справочник: ⟨escorts⟩ считаются Корветами (+1 куб абордажа каждый); эскорт там "
                      "ничего не добавляет к абордажу")
    markers = attack_setup.markers(p)
    citadel = attack_setup.marked_citadel(_require(p, "target_citadel", "the target's Citadel", "Цитадель цели"),
                                          markers, rs, report)
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
        names = {"aerial": "⟨target_adv⟩", "submerged": "⟨target_sdv⟩"}.get(kind, "⟨target_adv⟩/⟨target_sdv⟩")
        report.assume(f"the target's Defence was not given: assumed 0 (give {names} for its real value)",
                      f"Защита цели не задана: принята 0 (задайте {names})")
    elif len(known) < len(given):
        report.assume("only one Defence value given: it was used as the higher one",
                      "задано только одно значение Защиты: оно принято за большее")
    defence = attack_setup.marked_defence(max(known, default=0), markers, report)
    tsrs, tesc = p.get("target_srs") or 0, p.get("target_escorts") or 0
    per = rs.assault_defender_srs_dice
    total = citadel + defence + per * tsrs + tesc
    which_ru = {"aerial": "ADV (воздушный абордаж)", "submerged": "SDV (подводный абордаж)"}.get(kind, "большая Защита")
    report.step("defence pool", f"Citadel {citadel} + {which} {defence} + {per} x {tsrs} SRS + {tesc} escort "
                f"= {total}", report.cite("assault_defence"),
                ru=f"Цитадель {citadel} + {which_ru} {defence} + {per} x {tsrs} SRS + {tesc} эскорт = {total}",
                dice=total)
    report.understood(defence_pool=total, defence_steps=[
        report.say(f"Citadel {citadel}", f"Цитадель {citadel}"),
        report.say(f"+ {which} {defence}", f"+ {which_ru} {defence}"),
        report.say(f"+ {per * tsrs} SRS ({tsrs} discarded)", f"+ {per * tsrs} SRS (сброшено {tsrs})"),
        report.say(f"+ {tesc} Escort", f"+ {tesc} эскорт")], target_mass=p.get("target_mass"))
    return attack, total


def _rolled_hits_and_counters(p: dict[str, Any], attack: int, defence: int, report: Report,
                              attack_pool: str, defence_pool: str, rules: FaceRules = RULES) -> tuple[int, int]:
    """Score the dice the user rolled, after checking they match both pools."""
    check = RollCheck(report)
    faces = parse_faces(p.get("roll"), "roll")
    check.count("roll", len(faces), attack, f"{attack_pool} is {{need}} dice, you gave {{got}}")
    explosions = parse_faces(p.get("explosions"), "explosions")
    check.explosions(len(explosions), dice.explosion_dice_needed(faces, explosions, rules), False)
    dfaces = parse_faces(p.get("defence_roll"), "defence_roll")
    check.count("defence_roll", len(dfaces), defence, f"{defence_pool} {{need}} dice, you gave {{got}}")
    return dice.score(faces, explosions, rules), dice.count_counters(dfaces, COUNTER_VALUES)


def _row_for(rs: Ruleset, margin: int, draw_is_havoc: bool = False) -> str:
    if rs.assault_row_for is None:
        raise InputError(f"ruleset: {rs.id} has no assault results table", "ruleset",
                         ru=f"ruleset: в {rs.id} нет таблицы итогов абордажа")
    if draw_is_havoc and margin == 0 and any(row.key == "havoc" for row in rs.assault_rows):
        return "havoc"  # Give 'Em Hell: "if the result is a Draw, it is instead considered a Havoc result"
    return rs.assault_row_for(margin)


def _row_json(rs: Ruleset, lang: str = "en") -> dict[str, str]:
    """Each row's label in the answer's language (the English one names the book's Russian too)."""
    return {row.key: (row.label_ru or row.label) if lang == "ru" else row.label for row in rs.assault_rows}


def _assault(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    attack, defence = pools(p, rs, report)
    report.cite("assault_table")
    report.cite("dice")
    if rs.assault_reading:
        report.assume(*rs.assault_reading)
    markers = attack_setup.markers(p)
    generator = checks.has_generators(p, report, True)
    report.understood(markers=sorted(markers), target_generator=generator)
    rows = {row.key: row for row in rs.assault_rows}
    havoc = bool(p.get("draw_is_havoc"))
    if havoc:
        report.step("draw", "a Draw (hits equal counters) is a Havoc result (a card rule)",
                    report.cite("assault_table"),
                    ru="Ничья (попаданий столько же, сколько отражений) — результат Опустошение (правило карточки)")
    base: dict[str, Any] = {"attack_pool": attack, "defence_pool": defence, "result_labels": _row_json(rs, report.lang)}
    if not rolled:
        hits_dist = dice.hits_distribution(attack, RULES)
        counters_dist = dice.counters_distribution(defence, COUNTER_VALUES)
        diff = poly.difference(hits_dist.p, counters_dist.p)
        p_result = {row.key: 0.0 for row in rs.assault_rows}
        p_target_damage: dict[int, float] = {}
        for d, pr in diff.items():
            row = rows[_row_for(rs, d, havoc)]
            p_result[row.key] += pr
            dmg = row.target_damage + 2 * row.catastrophic + (max(0, d - row.damage_per_hit_over)
                                                               if row.damage_per_hit_over is not None else 0)
            p_target_damage[dmg] = p_target_damage.get(dmg, 0.0) + pr
        base.update({
            "expected_hits": poly.mean(hits_dist.p), "expected_counters": poly.mean(counters_dist.p),
            "p_result": p_result,
            "p_margin": {str(d): pr for d, pr in sorted(diff.items()) if pr > 1e-15},
            "p_target_damage": {str(k): v for k, v in sorted(p_target_damage.items())},
            "truncation_error_bound": hits_dist.truncation,
        })
        report.assume("the target's damage counts the table's damage and +2 per Catastrophic Explosion; "
                      "critical die effects are not added",
                      "урон цели: урон по таблице и +2 за Катастрофический Взрыв; эффекты кубов критических "
                      "повреждений не добавлены")
        best = max(p_result, key=lambda key: p_result[key])
        labels = {row.key: row.label_ru or row.label for row in rs.assault_rows}
        shown = (lambda key: labels[key]) if report.lang == "ru" else (lambda key: key.replace("_", " "))
        head = (f"{attack} кубов абордажа против {defence}: вероятнее всего" if report.lang == "ru"
                else f"{attack} assault dice vs {defence}: most likely")
        line = (f"{head} {shown(best)} ({verdict.pct(p_result[best])}); "
                + ", ".join(f"{shown(k)} {verdict.pct(v)}" for k, v in p_result.items()))
        return base, line
    hits, counters = _rolled_hits_and_counters(p, attack, defence, report, "the assault pool",
                                               "the defender rolls")
    report.step("hits", f"{hits} Hits (Exploding Hits count 2 and explode)", report.cite("assault"),
                ru=f"{hits} Попаданий (Взрывное считается за 2 и взрывается)", hits=hits)
    report.step("counters", f"{counters} Counters", report.cite("assault"), ru=f"{counters} Отражений",
                counters=counters)
    d = hits - counters
    row = rows[_row_for(rs, d, havoc)]
    label = report.say(row.label, row.label_ru)
    report.step("result", f"{hits} - {counters} = {d:+d}: {row.label}", report.cite("assault_table"),
                ru=f"{hits} - {counters} = {d:+d}: {label}", margin=d)
    damage = row.target_damage + 2 * row.catastrophic
    if row.damage_per_hit_over is not None:
        damage += max(0, d - row.damage_per_hit_over)
    crit_raw = [f.number for f in parse_faces(p.get("critical_roll"), "critical_roll")]
    effects: list[str] = []
    catastrophic = row.catastrophic
    crit_disorder = 0
    if crit_raw:
        crit, still = resolve_critical_dice(crit_raw, row.critical_rolls, markers, rs, generator)
        if still:
            why = " (Generator Shutdown is re-rolled: the model has no generator)" if crit.rerolls_needed else ""
            raise InputError(f"critical_roll: {len(crit_raw) + still} critical damage dice are needed, you gave "
                             f"{len(crit_raw)}{why}: add the missing die to ⟨critical_roll⟩", "critical_roll",
                             ru=f"critical_roll: нужно кубов критических повреждений: {len(crit_raw) + still}, задано "
                                f"{len(crit_raw)}: добавьте недостающий куб в ⟨critical_roll⟩")
        effects = crit.effects
        damage += crit.damage + 2 * crit.catastrophic
        catastrophic += crit.catastrophic
        crit_disorder = crit.disorder
        report.step("critical damage", "; ".join(effects), report.cite("critical_dice"))
    destroyed = bool(row.critical_rolls and p.get("target_mass") == 1)
    if destroyed:
        report.assume("a Mass 1 target suffering Critical Damage is destroyed",
                      "цель Массы 1, получившая Критическое Повреждение, уничтожена")
    base.update({"hits": hits, "counters": counters, "net_hits": max(0, d), "margin": d, "result": row.key,
                 "result_label": row.label, "damage": damage, "critical": row.critical_rolls,
                 "catastrophic": catastrophic, "critical_effects": effects,
                 "target_disorder": row.target_disorder + catastrophic + crit_disorder,
                 "assaulter_damage": row.assaulter_damage, "assaulter_disorder": row.assaulter_disorder,
                 "destroyed": destroyed})
    line = report.say(f"{hits} hits - {counters} counters = {d:+d}: {row.label}",
                      f"{hits} попаданий - {counters} отражений = {d:+d}: {label}")
    if row.critical_rolls and not crit_raw:
        line += report.say(f" — roll {row.critical_rolls} critical damage die",
                           f" — бросьте {row.critical_rolls} куб критических повреждений")
    return base, line


def _boarding(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    report.assume("dw4 Boarding uses the reconstructed Action Roll: S 1, H 2, X 2 (+1 chaining die); "
                  "Counters C 1, K 2",
                  "Абордаж dw4 использует реконструированный Бросок действия: S 1, H 2, X 2 (+1 куб цепочкой); "
                  "Отражения C 1, K 2")
    parties = p.get("boarding") or []
    if not parties:
        raise InputError("boarding: give each participating model's Boarding Parties (X) (⟨boarding⟩, one value "
                         "per model)", "boarding", ru="Задайте Абордажные команды (X) каждой участвующей модели "
                                                     "(⟨boarding⟩, по значению на модель)")
    attack = sum(parties)
    report.step("action pool", " + ".join(str(x) for x in parties) + f" = {attack} (Boarding Parties)",
                report.cite("boarding_parties"),
                ru=" + ".join(str(x) for x in parties) + f" = {attack} (Абордажные команды)", dice=attack)
    # GL Disorder: "the highest level of Disorder among the models is used" for a roll made for several
    rules = disorder.apply(RULES, p.get("attacker_disorder") or 0, report, "boarding models")
    defences = _require(p, "target_defences", "the target's Defences rating", "рейтинг Защиты цели")
    esc, own = p.get("target_escorts") or 0, p.get("target_boarding") or 0
    defence = defences + esc + own
    report.step("resistance pool", f"Defences {defences} + {esc} Escort + {own} own Boarding Parties = {defence}",
                report.cite("assault"),
                ru=f"Оборона {defences} + {esc} Эскорт + {own} своих Абордажных команд = {defence}", dice=defence)
    crew = _require(p, "target_crew", "the target's Crew rating (the Success Threshold)",
                    "рейтинг Экипажа цели (Порог Успеха)")
    dis = p.get("target_disorder") or 0
    if dis and p.get("target_crew_unmodified"):
        report.note("the target's Crew cannot be Modified (a card rule): its Disorder does not lower it",
                    "Экипаж цели нельзя изменить (правило карточки): Дезорганизация его не снижает")
        dis = 0
    threshold = max(1, crew - dis)
    if dis:
        report.assume("the target's Disorder lowers its Crew by 1 per level for the Success Threshold",
                      "Дезорганизация цели снижает её Экипаж на 1 за уровень для порога успеха")
    report.step("success threshold", f"Crew {crew}" + (f" - {dis} Disorder" if dis else "") + f" = {threshold}",
                report.cite("assault"),
                ru=f"Экипаж {crew}" + (f" - {dis} Дезорганизация" if dis else "") + f" = {threshold}",
                threshold=threshold)
    report.cite("disorder")
    report.understood(attack_pool=attack, pool_steps=[("+ " if i else "") + report.say(f"Boarding Parties {x}",
                                                                                        f"Абордажные команды {x}")
                                                      for i, x in enumerate(parties)],
                      defence_pool=defence, defence_steps=[
                          report.say(f"Defences {defences}", f"Защита {defences}"),
                          report.say(f"+ {esc} Escort", f"+ {esc} эскорт"),
                          report.say(f"+ {own} own Boarding Parties", f"+ {own} собственных Абордажных команд")],
                      target_crew=crew, target_disorder=dis, threshold=threshold)
    base: dict[str, Any] = {"attack_pool": attack, "defence_pool": defence, "threshold": threshold}
    if not rolled:
        hits_dist = dice.hits_distribution(attack, rules)
        counters_dist = dice.counters_distribution(defence, COUNTER_VALUES)
        net_dist = poly.net(hits_dist.p, counters_dist.p)
        succ: dict[int, float] = {}
        for n, pn in enumerate(net_dist):
            succ[n // threshold] = succ.get(n // threshold, 0.0) + pn
        p_dis = 1 - succ.get(0, 0.0)
        base.update({"expected_hits": poly.mean(hits_dist.p), "expected_counters": poly.mean(counters_dist.p),
                     "p_successes": {str(k): v for k, v in sorted(succ.items()) if v > 1e-15},
                     "expected_successes": sum(k * v for k, v in succ.items()),
                     "p_disorder": p_dis, "truncation_error_bound": hits_dist.truncation})
        line = report.say(f"{attack} boarding dice vs {defence}, threshold {threshold}: expected "
                          f"{base['expected_successes']:.2f} critical effects; P(at least one, target gains "
                          f"Disorder) {verdict.pct(p_dis)}",
                          f"{attack} кубов абордажа против {defence}, порог {threshold}: ожидается "
                          f"{base['expected_successes']:.2f} критических эффектов; P(хотя бы один, цель получает "
                          f"Дезорганизацию) {verdict.pct(p_dis)}")
        return base, line
    hits, counters = _rolled_hits_and_counters(p, attack, defence, report, "the Action Pool",
                                               "the Resistance Pool is", rules)
    net = max(0, hits - counters)
    s = net // threshold
    report.step("resolve outcomes", f"{hits} - {counters} = {net}; {net} // {threshold} = {s} Successes",
                report.cite("assault"), ru=f"{hits} - {counters} = {net}; {net} // {threshold} = {s} Успехов",
                successes=s)
    base.update({"hits": hits, "counters": counters, "net_hits": net, "successes": s, "critical": s,
                 "catastrophic": 0, "damage": 0, "disorder": 1 if s else 0})
    line = report.say(f"{hits} hits - {counters} counters = {net}: {s} Success{'es' if s != 1 else ''} — "
                      + (f"choose {s} Critical Damage Effect{'s' if s != 1 else ''}; the target gains 1 Disorder"
                         if s else "no effect"),
                      f"{hits} попаданий - {counters} отражений = {net}: Успехов {s} — "
                      + (f"выберите Критических эффектов: {s}; цель получает 1 Уровень Дезорганизации"
                         if s else "без эффекта"))
    return base, line
