"""SRS: the End Phase Attack Run with Interception (RB, QR) and the GL Attack Run mission.

RB ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Перехват: "Создайте Набор Кубов Перехвата, используя значение ADV плюс все
бонусы, которые обычно применяются к Набору Кубов Обороны ... Каждый SRS-токен, защищающий Цель
Налета, может добавить 3 куба ... за каждые 3 Отражения уберите атакующий SRS-токен". Налет: "каждый
атакующий Токен SRS ... добавляет к Набору Боевых Кубов 3 куба. Атака имеет Особенность
"Бронебойная"." Weight of Fire: tokens >= 2 x the target's Mass re-roll Blanks.
QR END PHASE › SRS RESOLUTION: "Roll 1 action die for each friendly SRS token ... Each counter removes
1 enemy SRS token ... Each heavy counter removes 2"; "Each enemy SRS token ... adds 2 dice"; the
target's ADV counters cancel hits; the attack is Aerial and Piercing.
GL ATTACK RUN MISSION: Interception Attempt (Intercept rating dice per token, Resilience threshold,
a token lost per Success), then one Action Roll (Attack rating per token) against the targets'
Defences and Escorts, threshold the highest Armour, one Critical Damage Die per Success.

Odds are exact: the law of tokens lost, then for each number of tokens left the exact Hits and
Counters laws (referee.dice), mixed by the probability of that many tokens left.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.params import Kind, ParamSpec
from referee import attack_setup, checks, dice, poly, verdict
from referee.action_common import (
    DW3,
    DW3_RULEBOOK,
    DW4,
    at_least,
    cite,
    common,
    dist_json,
    faces,
    mean,
    note_unused,
    only,
    require,
)
from referee.damage import Target, apply_critical_faces, citadel_check, hull_state
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import Face, counts, parse_faces
from referee.report import Report
from referee.rolls import RerollRule, RollCheck, apply_rerolls, parse_rerolls
from referee.rulesets.base import ATTACK_VALUES, COUNTER_VALUES, Ruleset
from referee.secondary import net_outcome_odds

MAX_TOKENS = 40
TRAITS = ("surface", "aerial", "submerged", "ground", "skimming")


@dataclass(frozen=True)
class SrsRules:
    """How each text resolves the Attack Run, as data."""

    dice_per_token: int  # attack dice per attacking token
    interceptor_dice: int  # interception dice per defending token
    counters_per_token: int  # Counters that remove one attacking token
    interception_uses_defence: bool  # RB: ADV + the usual Defence bonuses join the interception pool
    weight_of_fire: bool  # RB: tokens >= 2 x Mass re-roll Blanks
    run_defence: str | None  # QR: "adv" (the target's ADV cancels hits); RB: only a Torpedo run (SDV)
    qualities: tuple[str, ...]


RULES = {
    "dw3-rulebook": SrsRules(3, 3, 3, True, True, None, ("piercing",)),
    "dw3-quick-reference": SrsRules(2, 1, 1, False, False, "adv", ("aerial", "piercing")),
}
SECTIONS = {
    "interception": {"dw3-rulebook": "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Перехват (Interception)",
                     "dw3-quick-reference": "END PHASE › 1. SRS RESOLUTION › Interception",
                     "dw4-glossary": "ATTACK RUN MISSION › Intercepting Attack Runs"},
    "run": {"dw3-rulebook": "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Налет (Attack Run)",
            "dw3-quick-reference": "END PHASE › 1. SRS RESOLUTION › Attack run",
            "dw4-glossary": "ATTACK RUN MISSION › 2. Make an Action Roll"},
    "weight": {"dw3-rulebook": "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Поддавливающий огонь (Weight Of Fire)"},
    "torpedo": {"dw3-rulebook": "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Торпедная атака"},
    "allocate": {"dw4-glossary": "ATTACK RUN MISSION › 3. Allocate Critical Damage"},
    "actions": {"dw3-quick-reference": "SRS ACTIONS"},
    "critical": {"dw3-rulebook": "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ", "dw3-quick-reference": "8. CHECK FOR CRITICAL DAMAGE"},
}

DW4_RUN = "they are dw4 Attack Run inputs"
DW3_RUN = ("the dw4 Attack Run mission inflicts Critical Damage Effects from Attack, Defences, Escorts and the highest "
           "Armour only")

PARAMS: list[ParamSpec] = [
    *common(),
    ParamSpec("tokens", Kind.INT, "attacking SRS tokens in the stack", 1, MAX_TOKENS),
    ParamSpec("interceptors", Kind.INT, "the target's friendly SRS tokens in base contact (dw3) or in the "
              "Supporting Stack (dw4)", 0, MAX_TOKENS),
    *only(DW3, DW3_RUN,
          ParamSpec("dice_per_token", Kind.INT, "dw3: attack dice per token (default: rulebook 3, quick reference 2; "
                    "QR specialist tokens 3)", 1, 6),
          ParamSpec("torpedo", Kind.BOOL, "dw3: a Torpedo attack run (Piercing, Torpedo, Submerged; the target may "
                    "use its SDV)")),
    ParamSpec("target_type", Kind.CHOICE, "the target's position trait", choices=TRAITS),
    *only(DW3, DW3_RUN,
          ParamSpec("target_adv", Kind.INT, "dw3: the target's Aerial Defence (ADV)", 0, 50),
          ParamSpec("target_sdv", Kind.INT, "dw3: the target's Submerged Defence (SDV)", 0, 50),
          ParamSpec("defence_models", Kind.INT, "dw3: other models of the target's unit with Defence >= 1 within "
                    "4\" (+1 die each)", 0, 20)),
    ParamSpec("target_escorts", Kind.INT, "Escort tokens with the target's unit (+1 die each)", 0, 20),
    *only(DW3_RULEBOOK, {"dw3-qrs": "the quick reference has no attached-unit Defence bonus", "dw4": DW3_RUN},
          ParamSpec("attached", Kind.BOOL, "dw3 rulebook: the target's unit is an attached/parent unit in "
                    "formation (+1 Defence die)")),
    *only(DW3, DW3_RUN,
          ParamSpec("target_shredded", Kind.BOOL, "dw3: the target has a Shredded Defences marker (its ADV/SDV "
                    "count 0)"),
          ParamSpec("markers", Kind.TEXTS, "dw3: critical markers already on the target (Reactor Leak lowers its "
                    "Citadel, Shredded Defences its ADV/SDV; a duplicate is a Catastrophic Explosion)",
                    max_items=30)),
    ParamSpec("target_armour", Kind.INT, "the target's Armour (dw4: the highest Armour among the Attack Run "
              "Targets)", 1, 50),
    *only(DW3, DW3_RUN,
          ParamSpec("target_citadel", Kind.INT, "dw3: the target's Citadel", 1, 100),
          ParamSpec("target_mass", Kind.INT, "dw3: the target's Mass (Weight of Fire, Mass 1 rules)", 1, 10),
          ParamSpec("target_hull", Kind.INT, "dw3: the target's Hull on its current side", 1, 100),
          ParamSpec("target_damage_taken", Kind.INT, "dw3: damage already on the target", 0, 100),
          ParamSpec("target_generator", Kind.BOOL, "dw3: the target has Generators (Generator Shutdown; default: "
                    "assumed yes)"),
          ParamSpec("no_generators", Kind.BOOL, "dw3: the target has no Generators (Generator Shutdown: rulebook +1 "
                    "more Disorder, quick reference re-roll)"),
          ParamSpec("mass1_strict", Kind.BOOL, "dw3: a Mass 1 model needs hits > Citadel (not >=) to be destroyed")),
    *only(DW4, DW4_RUN,
          ParamSpec("attack_rating", Kind.INT, "dw4: the Attack rating of each token in the stack", 0, 20),
          ParamSpec("intercept_rating", Kind.INT, "dw4: the Intercept rating of each token in the Supporting Stack",
                    0, 20),
          ParamSpec("resilience", Kind.INT, "dw4: the attacking Stack's Resilience rating (Interception threshold)",
                    1, 20),
          ParamSpec("target_defences", Kind.INTS, "dw4: the Defences rating of each nominated Attack Run Target, "
                    "in the order they are nominated", 0, 50, max_items=MAX_TOKENS)),
    faces("intercept_roll", "faces of the Interception dice (give them to know the tokens lost)"),
    *only(DW4, DW4_RUN, faces("intercept_explosions", "dw4: extra dice from Exploding Strikes in the Interception "
                              "Attempt")),
    faces("roll", "faces rolled for the Attack Run's dice; gives rolled mode"),
    *only(DW3, DW3_RUN,
          ParamSpec("rerolls", Kind.TEXTS, "re-roll replacements as POSITION:FACE (Weight of Fire re-rolls Blanks)",
                    max_items=400)),
    faces("explosions", "explosion dice of the Attack Run in the order rolled"),
    faces("defence_roll", "faces of the defender's dice against the Attack Run"),
    *only(DW3, DW3_RUN, faces("critical_roll", "dw3: critical damage dice (1-6)")),
]

STANDARD = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), True, True)
MAX_DICE = 200  # per pool, as for an attack


def token_powers(per: int, rules: FaceRules, probs: dict[Face, float], tokens: int
                 ) -> tuple[list[list[float]], float]:
    """Hits of k tokens' dice for k = 0..tokens: the k-th power of one token's exact law, and a bound on
    the probability mass left out (k times one token's proven truncation, plus dropped far tails)."""
    one = dice.hits_distribution(per, rules, probs)
    eps = dice.TAIL / 8
    return poly.powers(one.p, tokens, eps), tokens * (one.truncation + eps)


def _limit(field: str, dice_count: int, what: str) -> None:
    """Pools above MAX_DICE are refused with the arithmetic that made them (never a long hang)."""
    if dice_count > MAX_DICE:
        raise InputError(f"{field}: {what} = {dice_count} dice; the limit for one pool is {MAX_DICE}", field,
                         ru=f"{field}: {what} = {dice_count} кубов; предел одного набора {MAX_DICE}")


def resolve_dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _dw3(p, rs, report, rolled, require(p, "tokens", "the number of attacking SRS tokens",
                                               "число атакующих жетонов SRS"))


def resolve_dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool) -> tuple[dict[str, Any], str]:
    return _dw4(p, rs, report, rolled, require(p, "tokens", "the number of attacking SRS tokens",
                                               "число атакующих жетонов SRS"))


# ---------------------------------------------------------------- dw3 family (RB, QR)

def _defence_bonus(p: dict[str, Any], rules: SrsRules, report: Report) -> tuple[int, list[str]]:
    """+1 per model within 4", per Escort token and (RB) for an attached unit."""
    models, escorts = p.get("defence_models") or 0, p.get("target_escorts") or 0
    attached = 1 if (p.get("attached") and rules.interception_uses_defence) else 0
    parts = []
    if models:
        parts.append(f"+{models} models within 4\"")
    if escorts:
        parts.append(f"+{escorts} Escort")
    if attached:
        parts.append("+1 attached unit")
    return models + escorts + attached, parts


def _rating(p: dict[str, Any], name: str, report: Report) -> int:
    """The target's ADV or SDV, required (no silent 0); a Shredded Defences marker makes it 0."""
    if p.get("target_shredded") or "shredded-defences" in attack_setup.markers(p):
        report.step("shredded defences", f"Shredded Defences marker: {name[7:].upper()} counts as 0",
                    cite(report, SECTIONS["critical"]), ru=f"маркер Shredded Defences: {name[7:].upper()} равна 0")
        return 0
    return int(require(p, name, f"the target's {name[7:].upper()} (give 0 if it has none)",
                       f"{name[7:].upper()} цели (0, если нет)"))


def _interception_dw3(p: dict[str, Any], rules: SrsRules, tokens: int, report: Report
                      ) -> tuple[int, dict[int, float], int | None]:
    """(interception pool, law of tokens lost, tokens lost when the roll is given)."""
    c = cite(report, SECTIONS["interception"])
    interceptors = p.get("interceptors") or 0
    if rules.interception_uses_defence:
        adv = _rating(p, "target_adv", report)
        bonus, parts = _defence_bonus(p, rules, report)
        pool = adv + bonus + rules.interceptor_dice * interceptors
        _limit("interceptors", pool, "the Interception pool")
        parts = [f"ADV {adv}", *parts]
        if interceptors:
            parts.append(f"+{rules.interceptor_dice} x {interceptors} defending SRS")
        report.step("interception pool", " ".join(parts) + f" = {pool} dice; every {rules.counters_per_token} "
                    "Counters remove one attacking token", c,
                    ru=" ".join(parts) + f" = {pool} кубов; каждые {rules.counters_per_token} Отражения убирают "
                    "один атакующий Токен", dice=pool)
        report.assume("Interception pool: ADV plus the usual Defence bonuses (models within 4\", Escorts, an "
                      "attached unit) plus 3 per defending SRS token; Heavy Counters count 2",
                      "Набор Кубов Перехвата: ADV плюс обычные бонусы Обороны (Модели в 4\", Эскорты, "
                      "Прикреплённое Подразделение) плюс 3 за каждый защищающий Токен SRS; Мощное отражение = 2")
    else:
        pool = rules.interceptor_dice * interceptors
        report.step("interception", f"{interceptors} defending SRS token(s): 1 die each; each Counter removes 1 "
                    "attacking token, each Heavy Counter 2", c,
                    ru=f"защищающих Токенов SRS: {interceptors}, по 1 кубу; каждое Отражение убирает 1 атакующий "
                    "Токен, каждое Мощное отражение — 2", dice=pool)
    given = p.get("intercept_roll")
    if given is not None:
        rolled_faces = parse_faces(given, "intercept_roll")
        RollCheck(report).count("intercept_roll", len(rolled_faces), pool,
                                "the Interception pool is {need} dice, you gave {got}")
        counters = dice.count_counters(rolled_faces, COUNTER_VALUES)
        lost = min(tokens, counters // rules.counters_per_token)
        report.step("tokens lost", f"{counters} Counters -> {lost} attacking token(s) removed", c,
                    ru=f"{counters} Отражений -> убрано атакующих Токенов: {lost}", tokens_lost=lost)
        return pool, {lost: 1.0}, lost
    law = dice.counters_distribution(pool, COUNTER_VALUES).p
    lost_law: dict[int, float] = {}
    for cnt, pc in enumerate(law):
        j = min(tokens, cnt // rules.counters_per_token)
        lost_law[j] = lost_law.get(j, 0.0) + pc
    return pool, lost_law, None


def _dw3(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool, tokens: int
         ) -> tuple[dict[str, Any], str]:
    rules = RULES[rs.edition]
    torpedo = bool(p.get("torpedo"))
    if torpedo and not rules.weight_of_fire:
        raise InputError("torpedo: the quick reference has no Torpedo attack run (SRS attacks on a submerged "
                         "target gain the Submerged quality instead)", "torpedo",
                         ru="torpedo: в кратком справочнике нет торпедного захода (атаки SRS по подводной цели "
                            "получают свойство Submerged)")
    per = p.get("dice_per_token") or rules.dice_per_token
    _limit("tokens", tokens * per, f"{tokens} tokens x {per} dice")
    if p.get("dice_per_token") is None and rs.edition == "dw3-quick-reference":
        report.assume("quick reference: 2 attack dice per SRS token (END PHASE › Attack run); its SRS ACTIONS "
                      "section says 1 die per token and specialist tokens 3 — set ⟨dice_per_token⟩",
                      "краткий справочник: 2 куба атаки на Токен SRS (END PHASE › Attack run); его раздел SRS "
                      "ACTIONS говорит 1 куб на Токен и 3 для специальных — задайте ⟨dice_per_token⟩")
    armour = require(p, "target_armour", "the target's Armour", "Броня цели")
    trait = p.get("target_type")
    pool_i, lost_law, lost_known = _interception_dw3(p, rules, tokens, report)
    # The run's own defence roll
    run_c = cite(report, SECTIONS["run"])
    defence = 0
    qualities = list(rules.qualities)
    if torpedo:
        qualities += ["torpedo", "submerged"]
        tc = cite(report, SECTIONS["torpedo"])
        sdv = _rating(p, "target_sdv", report)
        bonus, parts = _defence_bonus(p, rules, report)
        defence = sdv + bonus
        _limit("target_sdv", defence, "the SDV defence pool")
        report.step("torpedo run", "Piercing, Torpedo and Submerged; the target uses its SDV: "
                    + " ".join([f"SDV {sdv}", *parts]) + f" = {defence} defence dice", tc,
                    ru="Бронебойное, Торпеда и Подводное; цель использует SDV: "
                    + " ".join([f"SDV {sdv}", *parts]) + f" = {defence} кубов защиты", dice=defence)
        report.assume("Torpedo attack run: the SDV defence pool takes the usual Defence bonuses (models within 4\", "
                      "Escorts, attached unit); defending SRS tokens were already removed after the Interception",
                      "Торпедная атака: к SDV добавляются обычные бонусы Обороны (Модели в 4\", Эскорты, "
                      "Прикреплённое Подразделение); защищающие Токены SRS уже убраны после Перехвата")
    elif rules.run_defence == "adv":
        which = "target_sdv" if trait == "submerged" else "target_adv"
        if trait == "submerged":
            qualities = ["submerged", "piercing"]
        rating = _rating(p, which, report)
        bonus, parts = _defence_bonus(p, rules, report)
        defence = rating + bonus
        _limit(which, defence, "the defence pool")
        report.step("defence", " ".join([f"{which[7:].upper()} {rating}", *parts]) + f" = {defence} dice cancel "
                    "Hits (Counter 1, Heavy Counter 2)", run_c,
                    ru=" ".join([f"{which[7:].upper()} {rating}", *parts]) + f" = {defence} кубов отменяют "
                    "Попадания (Отражение 1, Мощное отражение 2)", dice=defence)
        report.assume("quick reference: the target's ADV (SDV against a submerged target) defends 'as normal', "
                      "so models within 4\" and Escort tokens add their usual +1 die",
                      "краткий справочник: ADV цели (SDV против подводной цели) защищает «как обычно», поэтому "
                      "Модели в 4\" и Токены Эскорта добавляют обычный +1 куб")
    else:
        note_unused(p, report, ["target_sdv"], "only a Torpedo attack run lets the target roll its SDV",
                    "только Торпедный налёт позволяет цели бросать SDV")
        report.assume("rulebook attack run: Piercing only (no Aerial quality), so the target rolls no Defence dice "
                      "against it — its ADV was used in the Interception",
                      "Налет имеет только Особенность «Бронебойная» (не «Воздушная»), поэтому цель не бросает кубы "
                      "Обороны против него — её ADV использована в Перехвате")
    obscured = trait == "submerged" and not torpedo
    if obscured:
        report.step("obscured", "a Submerged target is always Obscured: Exploding Hits add no dice", run_c,
                    ru="Подводная цель всегда Скрыта: Взрывные попадания не добавляют кубов")
    mass = p.get("target_mass")
    citadel = p.get("target_citadel")
    markers = attack_setup.markers(p) | ({"shredded-defences"} if p.get("target_shredded") else set())
    if citadel is not None:
        citadel = attack_setup.marked_citadel(citadel, markers, rs, report)
    if mass is None:
        report.assume("target Mass not given: assumed Mass 2 or more" + (
            "; Weight of Fire was not applied" if rules.weight_of_fire else ""),
            "Масса цели не задана: принята 2 или больше" + (
                "; Подавляющий огонь не применялся" if rules.weight_of_fire else ""))
    if mass == 1 and citadel is not None:
        strict = bool(p.get("mass1_strict"))
        report.assume(f"a Mass 1 target is destroyed at net Hits {'>' if strict else '>='} its Citadel (RB "
                      "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ › Цитадель says 'равной или превышающей', КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › "
                      "Модели Массой 1 says 'превышающее'; ⟨mass1_strict⟩ switches to '>')",
                      f"Модель Массой 1 уничтожается при сумме {'>' if strict else '>='} Цитадели (ПАРАМЕТРЫ "
                      "ПОДРАЗДЕЛЕНИЯ › Цитадель: «равной или превышающей»; КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Модели Массой 1: "
                      "«превышающее»; ⟨mass1_strict⟩ переключает на '>')")
    if mass == 1 and citadel is not None and rs.piercing_mass1_citadel:
        citadel = max(0, citadel - rs.piercing_mass1_citadel)
        report.step("piercing", f"Mass 1 target: Citadel -{rs.piercing_mass1_citadel} -> {citadel}",
                    report.cite_quality("piercing"),
                    ru=f"цель Массы 1: Цитадель -{rs.piercing_mass1_citadel} -> {citadel}", citadel=citadel)
    else:
        report.cite_quality("piercing")
    if citadel is None:
        report.note("no Citadel given (⟨target_citadel⟩): critical damage and Mass 1 destruction are not assessed",
                    "Цитадель не задана (⟨target_citadel⟩): критические повреждения и уничтожение Массы 1 не "
                    "оцениваются")
    target = Target(armour, citadel, mass, p.get("target_hull"), p.get("target_damage_taken") or 0,
                    markers=markers,
                    has_generator=checks.has_generators(p, report, citadel is not None and (mass or 2) >= 2))
    face_rules = FaceRules(dict(ATTACK_VALUES), dict(ATTACK_VALUES), not obscured, not obscured)
    wof_from = 2 * mass if (rules.weight_of_fire and mass is not None) else None
    inputs = {"ruleset": rs.id, "tokens": tokens, "interceptors": p.get("interceptors") or 0,
              "interception_pool": pool_i, "dice_per_token": per, "qualities": qualities,
              "defence_pool": defence, "armour": armour, "citadel": citadel, "mass": mass,
              "hull": target.hull, "damage_taken": target.damage_taken, "target_type": trait,
              "torpedo": torpedo, "weight_of_fire_from_tokens": wof_from}
    report.understood(**inputs)
    checks.target_state(target.hull, target.damage_taken, False, mass, "target_")
    if wof_from is not None:
        report.step("weight of fire", f"{wof_from}+ tokens left (2 x Mass {mass}) re-roll Blanks; the target's "
                    "unit then loses one Escort token", cite(report, SECTIONS["weight"]),
                    ru=f"при {wof_from}+ оставшихся Токенах (2 x Масса {mass}) пустые грани перебрасываются; "
                    "подразделение цели затем теряет один Токен Эскорта")
        report.assume("Weight of Fire counts the tokens left after the Interception, and Blanks are always "
                      "re-rolled when it applies (a Blank scores nothing)",
                      "Подавляющий огонь считает Токены, оставшиеся после Перехвата; пустые грани всегда "
                      "перебрасываются, когда он действует (пустая грань ничего не даёт)")
    if rolled:
        return _dw3_rolled(p, rs, report, tokens, lost_known, per, defence, face_rules, target, wof_from, inputs)
    counters = dice.counters_distribution(defence, COUNTER_VALUES).p
    net_mix: list[float] = [0.0]
    hits_mean = 0.0
    p_wof = 0.0
    plain, trunc = token_powers(per, face_rules, dice.UNIFORM, tokens)
    rerolled: list[list[float]] = []
    if wof_from is not None and wof_from <= tokens:
        rerolled, trunc_w = token_powers(per, face_rules, dice.reroll_faces(frozenset({Face.BLANK})), tokens)
        trunc = max(trunc, trunc_w)
    for lost, pl in lost_law.items():
        left = tokens - lost
        wof = wof_from is not None and left >= wof_from and left > 0
        hits = rerolled[left] if wof else plain[left]
        hits_mean += pl * poly.mean(hits)
        poly.add_into(net_mix, poly.net(hits, counters), pl)
        if wof:
            p_wof += pl
    out = net_outcome_odds(net_mix, target, rs, True, bool(p.get("mass1_strict")))
    for key in ("armour", "citadel", "mass", "hull", "damage_taken"):
        out.pop(key, None)
    p_none = lost_law.get(tokens, 0.0)
    body: dict[str, Any] = {
        "pool": tokens * per, "defence_pool": defence, "interception_pool": pool_i,
        "p_tokens_lost": dist_json(lost_law), "expected_tokens_lost": mean(lost_law),
        "p_all_intercepted": p_none, "expected_hits": hits_mean, **out,
        "p_weight_of_fire": p_wof if wof_from is not None else None,
        "truncation_error_bound": trunc,
    }
    p1 = verdict.pct(body["p_damage_at_least"].get("1", 0.0))
    line = report.say(
        f"{tokens} SRS tokens ({per} dice each) vs interception {pool_i} dice: expected "
        f"{body['expected_tokens_lost']:.2f} lost, P(all lost) {verdict.pct(p_none)}; expected "
        f"{body['expected_damage']:.2f} damage, P(at least 1) {p1}",
        f"{tokens} Токенов SRS (по {per} куба) против Перехвата {pool_i} кубов: сбито в среднем "
        f"{body['expected_tokens_lost']:.2f}, P(сбиты все) {verdict.pct(p_none)}; ожидаемый урон "
        f"{body['expected_damage']:.2f}, P(хотя бы 1) {p1}")
    if body.get("p_critical_roll") is not None:
        line += report.say(", P(critical damage roll, Piercing included) ", ", P(бросок крит. повреждения, "
                           "с Бронебойной) ") + verdict.pct(body["p_critical_roll"])
    if body.get("p_destroyed"):
        line += report.say(", P(destroyed) ", ", P(уничтожена) ") + verdict.pct(body["p_destroyed"])
    return body, line


def _dw3_rolled(p: dict[str, Any], rs: Ruleset, report: Report, tokens: int, lost: int | None, per: int,
                defence: int, face_rules: FaceRules, target: Target, wof_from: int | None,
                inputs: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if lost is None:
        if inputs["interception_pool"]:
            raise InputError("intercept_roll: in rolled mode give the Interception dice first (⟨intercept_roll⟩), "
                             f"{inputs['interception_pool']} dice", "intercept_roll",
                             ru=f"intercept_roll: с выпавшими кубами сначала задайте кубы Перехвата "
                                f"(⟨intercept_roll⟩), {inputs['interception_pool']} кубов")
        lost = 0
    left = tokens - lost
    pool = left * per
    check = RollCheck(report)
    final = parse_faces(p.get("roll"), "roll")
    check.count("roll", len(final), pool, f"{left} token(s) left x {per} = {{need}} dice, you gave {{got}}")
    wof = wof_from is not None and left >= wof_from and left > 0
    rule = RerollRule(frozenset({Face.BLANK}) if wof else frozenset(), {Face.BLANK: "Weight of Fire"})
    final = apply_rerolls(final, parse_rerolls(p.get("rerolls") or [], len(final)), rule, report)
    explosions = parse_faces(p.get("explosions"), "explosions")
    check.explosions(len(explosions), dice.explosion_dice_needed(final, explosions, face_rules),
                     not face_rules.initial_explodes)
    hits = dice.score(final, explosions, face_rules)
    dfaces = parse_faces(p.get("defence_roll"), "defence_roll")
    check.count("defence_roll", len(dfaces), defence, "the defender rolls {need} dice, you gave {got}")
    counters = dice.count_counters(dfaces, COUNTER_VALUES)
    net = max(0, hits - counters)
    run_c = cite(report, SECTIONS["run"])
    c = counts(final)
    chain = dice.score([], explosions, face_rules)
    report.step("hits", f"{c[Face.EXPLODING]} Exploding x2 + {c[Face.HEAVY]} Heavy x2 + {c[Face.HIT]} Hit"
                + (f" + explosion dice {chain}" if explosions else "")
                + f" = {hits}; - {counters} Counters = {net}", run_c,
                ru=f"{c[Face.EXPLODING]} Взрывных x2 + {c[Face.HEAVY]} Тяжёлых x2 + {c[Face.HIT]} Обычных"
                + (f" + кубы взрыва {chain}" if explosions else "") + f" = {hits}; - {counters} Отражений = {net}",
                hits=hits, net_hits=net)
    cc = citadel_check(net, target, rs, True, bool(p.get("mass1_strict")))
    crit_numbers = [f.number for f in parse_faces(p.get("critical_roll"), "critical_roll")]
    effects: list[str] = []
    crit_damage = crit_cat = 0
    disorder = 0
    if crit_numbers:
        crit = apply_critical_faces(crit_numbers[:cc.critical_rolls], target.markers, rs, target.has_generator)
        need = cc.critical_rolls + crit.rerolls_needed
        if len(crit_numbers) != need:
            raise InputError(f"critical_roll: {need} critical damage dice are needed, you gave {len(crit_numbers)}",
                             "critical_roll",
                             ru=f"critical_roll: нужно кубов критических повреждений: {need}, задано "
                                f"{len(crit_numbers)}")
        crit = apply_critical_faces(crit_numbers, target.markers, rs, target.has_generator)
        effects, crit_damage, crit_cat, disorder = crit.effects, crit.damage, crit.catastrophic, crit.disorder
    catastrophic = cc.catastrophic + crit_cat
    total = cc.damage + 2 * catastrophic + crit_damage
    dead = cc.destroyed or ((target.mass or 2) == 1 and rs.mass1_any_critical_destroys and cc.critical_rolls > 0)
    state = hull_state(target, total, dead, "dw3")
    report.step("damage", f"{net} // Armour {target.armour} = {cc.damage} damage; {cc.critical_rolls} critical "
                f"roll(s) (Piercing included), {catastrophic} Catastrophic Explosion(s)",
                cite(report, SECTIONS["critical"]),
                ru=f"{net} // Броня {target.armour} = {cc.damage} урона; бросков крит. повреждений: "
                f"{cc.critical_rolls} (с Бронебойным), Катастрофических Взрывов: {catastrophic}", damage=cc.damage)
    body = {"tokens_lost": lost, "tokens_left": left, "pool": pool, "defence_pool": defence,
            "hits": hits, "counters": counters, "net_hits": net, "damage": cc.damage,
            "critical": cc.critical_rolls, "catastrophic": catastrophic, "critical_effects": effects,
            "critical_dice_needed": 0 if crit_numbers else cc.critical_rolls, "disorder": catastrophic + disorder,
            "total_damage": total, "state": state, "destroyed": state == "destroyed",
            "weight_of_fire": wof, "faces": [f.number for f in final]}
    line = report.say(f"{lost} token(s) intercepted, {left} attack: {hits} hits - {counters} counters = {net}: "
                      f"{cc.damage} damage",
                      f"перехвачено Токенов: {lost}, атакуют {left}: {hits} попаданий - {counters} отражений = "
                      f"{net}: {cc.damage} урона")
    if cc.critical_rolls and not crit_numbers:
        line += report.say(f", roll {cc.critical_rolls} critical damage di{'ce' if cc.critical_rolls > 1 else 'e'}",
                           f", бросьте кубов критических повреждений: {cc.critical_rolls}")
    elif effects:
        line += report.say(", critical: ", ", критическое: ") + ", ".join(effects)
    if state in ("crippled", "destroyed"):
        line += report.say(f", target {state}",
                           ", цель " + {"crippled": "повреждена", "destroyed": "уничтожена"}[state])
    if wof:
        line += report.say("; Weight of Fire: remove one Escort token from the target's unit",
                           "; Подавляющий огонь: уберите один Токен Эскорта из подразделения цели")
    return body, line


# ---------------------------------------------------------------- dw4 (GL Attack Run mission)

def _interception_dw4(p: dict[str, Any], tokens: int, report: Report) -> tuple[int, dict[int, float], int | None]:
    interceptors = p.get("interceptors") or 0
    c = cite(report, SECTIONS["interception"])
    if not interceptors:
        report.step("interception", "no Supporting Stack: no Interception Attempt", c,
                    ru="нет Поддерживающего стека: Перехвата нет")
        return 0, {0: 1.0}, 0
    rating = require(p, "intercept_rating", "the Intercept rating of the Supporting Stack's tokens",
                     "рейтинг Перехвата жетонов поддерживающего Стека")
    resilience = require(p, "resilience", "the attacking Stack's Resilience rating",
                         "рейтинг Стойкости атакующего Стека")
    pool = interceptors * rating
    _limit("intercept_rating", pool, f"{interceptors} interceptors x Intercept {rating}")
    report.step("interception", f"{interceptors} x Intercept {rating} = {pool} Action Dice, no Resistance Roll, "
                f"Success Threshold Resilience {resilience}; each Success discards an attacking token", c,
                ru=f"{interceptors} x Intercept {rating} = {pool} кубов действия, без броска Сопротивления, порог "
                f"успеха — Resilience {resilience}; каждый Успех сбрасывает атакующий Токен", dice=pool)
    if p.get("intercept_roll") is not None:
        f = parse_faces(p.get("intercept_roll"), "intercept_roll")
        RollCheck(report).count("intercept_roll", len(f), pool,
                                "the Interception Attempt is {need} dice, you gave {got}")
        ex = parse_faces(p.get("intercept_explosions"), "intercept_explosions")
        RollCheck(report).explosions(len(ex), dice.explosion_dice_needed(f, ex, STANDARD), False)
        hits = dice.score(f, ex, STANDARD)
        lost = min(tokens, hits // resilience)
        report.step("tokens lost", f"{hits} Hits // {resilience} = {hits // resilience} Successes -> {lost} token(s) "
                    "discarded", c, ru=f"{hits} Попаданий // {resilience} = {hits // resilience} Успехов -> сброшено "
                    f"Токенов: {lost}", tokens_lost=lost)
        return pool, {lost: 1.0}, lost
    law: dict[int, float] = {}
    for h, ph in enumerate(dice.hits_distribution(pool, STANDARD).p):
        j = min(tokens, h // resilience)
        law[j] = law.get(j, 0.0) + ph
    return pool, law, None


def _dw4(p: dict[str, Any], rs: Ruleset, report: Report, rolled: bool, tokens: int) -> tuple[dict[str, Any], str]:
    report.assume("dw4 Action Roll reconstructed from the glossary: Strikes S 1, H 2, X 2 (+1 chaining die), "
                  "Counters C 1, K 2",
                  "Бросок действия dw4 реконструирован по глоссарию: удары S 1, H 2, X 2 (+1 куб цепочкой), "
                  "Отражения C 1, K 2")
    attack = require(p, "attack_rating", "the Attack rating of the stack's tokens", "рейтинг Атаки жетонов стека")
    defences = require(p, "target_defences", "the Defences rating of each nominated Attack Run Target",
                       "рейтинг Защиты каждой выбранной цели Атакующего захода")
    armour = require(p, "target_armour", "the highest Armour among the Attack Run Targets",
                     "наибольшая Броня среди целей Атакующего захода")
    escorts = p.get("target_escorts") or 0
    _limit("attack_rating", tokens * attack, f"{tokens} tokens x Attack {attack}")
    _limit("target_defences", sum(defences) + escorts, "the Resistance Pool (Defences + Escorts)")
    if len(defences) > tokens:
        raise InputError(f"target_defences: {len(defences)} targets nominated but the Stack has only {tokens} "
                         "token(s); at most one target per token", "target_defences",
                         ru=f"target_defences: выбрано целей {len(defences)}, а жетонов в Стеке только {tokens}; не "
                            f"больше одной цели на жетон")
    pool_i, lost_law, lost_known = _interception_dw4(p, tokens, report)
    if len(defences) > 1 or pool_i:
        report.assume("when Interception leaves fewer tokens than targets, the first targets listed in "
                      "⟨target_defences⟩ stay nominated and the highest Armour is unchanged",
                      "если после Перехвата Токенов меньше, чем целей, остаются первые цели из ⟨target_defences⟩, "
                      "а наибольшая Броня не меняется")
    report.assume("Critical Damage Dice go to Attack Run Targets first (one each), then to Escort tokens; "
                  "dice beyond those are lost",
                  "кубы Критических повреждений идут сначала на цели Налёта (по одному), затем на Токены Эскорта; "
                  "лишние кубы теряются")
    report.note("SRS Properties (Hover SRS, Underwater SRS, mixed stacks) are not modelled; the Attack Run is not "
                "an Attack action, so Airborne targets' Unconventional Target rule does not apply",
                "Свойства SRS (Hover SRS, Underwater SRS, смешанные стеки) не моделируются; Налёт — не Действие "
                "Атаки, поэтому правило Unconventional Target для Воздушных целей не применяется")
    run_c = cite(report, SECTIONS["run"])
    alloc_c = cite(report, SECTIONS["allocate"])
    report.understood(tokens=tokens, attack_rating=attack, interceptors=p.get("interceptors") or 0,
                      interception_pool=pool_i, target_defences=defences, target_armour=armour,
                      target_escorts=escorts)

    def shape(left: int) -> tuple[int, int, int]:
        nominated = min(left, len(defences))
        return left * attack, sum(defences[:nominated]) + escorts, nominated

    if rolled:
        if lost_known is None:
            raise InputError(f"intercept_roll: in rolled mode give the Interception dice first ({pool_i} dice)",
                             "intercept_roll",
                             ru=f"intercept_roll: с выпавшими кубами сначала задайте кубы Перехвата ({pool_i} кубов)")
        left = tokens - lost_known
        pool, resist, nominated = shape(left)
        check = RollCheck(report)
        f = parse_faces(p.get("roll"), "roll")
        check.count("roll", len(f), pool, f"{left} token(s) x Attack {attack} = {{need}} dice, you gave {{got}}")
        ex = parse_faces(p.get("explosions"), "explosions")
        check.explosions(len(ex), dice.explosion_dice_needed(f, ex, STANDARD), False)
        d = parse_faces(p.get("defence_roll"), "defence_roll")
        check.count("defence_roll", len(d), resist, "the Resistance Pool is {need} dice, you gave {got}")
        hits, ctr = dice.score(f, ex, STANDARD), dice.count_counters(d, COUNTER_VALUES)
        net = max(0, hits - ctr)
        s = net // armour
        on_targets = min(s, nominated)
        on_escorts = min(s - on_targets, escorts)
        report.step("resolve outcomes", f"{hits} - {ctr} = {net}; {net} // {armour} = {s} Successes", run_c,
                    ru=f"{hits} - {ctr} = {net}; {net} // {armour} = {s} Успехов", successes=s)
        report.step("allocate", f"{s} Critical Damage Dice: {on_targets} to targets, {on_escorts} to Escorts",
                    alloc_c, ru=f"кубов Критических повреждений: {s}; на цели {on_targets}, на Эскорт {on_escorts}")
        body = {"tokens_lost": lost_known, "tokens_left": left, "pool": pool,
                "defence_pool": resist, "hits": hits, "counters": ctr, "net_hits": net, "successes": s,
                "critical_dice": s, "critical_effects_on_targets": on_targets, "escorts_discarded": on_escorts}
        line = report.say(f"{lost_known} token(s) intercepted; {hits} hits - {ctr} counters = {net}: {s} Success"
                          f"{'es' if s != 1 else ''} — roll {s} Critical Damage Di{'ce' if s != 1 else 'e'}: "
                          f"{on_targets} to targets, {on_escorts} Escort token(s) discarded",
                          f"перехвачено Токенов: {lost_known}; {hits} попаданий - {ctr} отражений = {net}: Успехов "
                          f"{s} — бросьте кубов Критических повреждений: {s}; на цели {on_targets}, сброшено "
                          f"Токенов Эскорта: {on_escorts}")
        return body, line
    succ: dict[int, float] = {}
    eff: dict[int, float] = {}
    esc: dict[int, float] = {}
    powers, trunc = token_powers(attack, STANDARD, dice.UNIFORM, tokens)
    for lost, pl in lost_law.items():
        left = tokens - lost
        pool, resist, nominated = shape(left)
        for n, pn in enumerate(poly.net(powers[left], dice.counters_distribution(resist, COUNTER_VALUES).p)):
            if pn <= 0:
                continue
            s = n // armour
            w = pl * pn
            succ[s] = succ.get(s, 0.0) + w
            t = min(s, nominated)
            e = min(s - t, escorts)
            eff[t] = eff.get(t, 0.0) + w
            esc[e] = esc.get(e, 0.0) + w
    p_none = lost_law.get(tokens, 0.0)
    body = {"pool": tokens * attack, "defence_pool": shape(tokens)[1], "interception_pool": pool_i,
            "p_tokens_lost": dist_json(lost_law), "expected_tokens_lost": mean(lost_law),
            "p_all_intercepted": p_none, "p_successes": dist_json(succ), "expected_successes": mean(succ),
            "p_critical_effects": dist_json(eff), "p_critical_effects_at_least": at_least(eff),
            "expected_critical_effects": mean(eff), "p_escorts_discarded": dist_json(esc),
            "expected_escorts_discarded": mean(esc), "p_damage": None, "p_destroyed": None,
            "truncation_error_bound": trunc}
    line = report.say(
        f"{tokens} tokens x Attack {attack}: expected {body['expected_tokens_lost']:.2f} intercepted; "
        f"expected {body['expected_critical_effects']:.2f} Critical Damage Effects on targets, P(at least one) "
        f"{verdict.pct(1 - eff.get(0, 0.0))}; expected {body['expected_escorts_discarded']:.2f} Escorts discarded",
        f"{tokens} Токенов x Attack {attack}: ожидается перехват {body['expected_tokens_lost']:.2f}; ожидается "
        f"{body['expected_critical_effects']:.2f} Критических эффектов на целях, P(хотя бы один) "
        f"{verdict.pct(1 - eff.get(0, 0.0))}; ожидается сброс {body['expected_escorts_discarded']:.2f} Эскортов")
    return body, line


__all__ = ["PARAMS", "resolve_dw3", "resolve_dw4"]
