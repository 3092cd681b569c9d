"""ATTACK inputs, typed: what both ruleset families share (pool, range band, eligibility).

`AttackSetup` is the frozen, resolved input of one attack; `attack_dw3` and `attack_dw4` build it
from the raw parameters, `attack` computes the odds or scores the roll from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.action_common import TRAIT_ALIASES
from referee.damage import MARKER_KEYS, Target
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import Face
from referee.report import Report
from referee.rulesets.base import Ruleset
from referee.sustained import SustainedPolicy


@dataclass(frozen=True)
class AttackSetup:
    """One attack, resolved: pools, face values, the target, and every modifier that applies."""

    rs: Ruleset
    pool: int
    defence: int  # dice the defender rolls (dw4: the Resistance Pool)
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
    rail: int = 0  # dw4 Rail (X): the first X Exploding Strikes of the initial roll add two dice
    repeats: int = 1  # dw4 Torrent (X): the whole action may be resolved up to X times
    defence_refused: bool = False  # dw3 Defences given for an attack they cannot be used against


def pool(p: dict[str, Any], report: Report) -> tuple[int, list[str]]:
    """The attack pool and how it was built (lead + support, or the total given)."""
    lead, support, total = p.get("lead"), p.get("support") or [], p.get("dice")
    if lead is None and support:
        raise InputError("lead: supporting dice were given without the lead weapon's dice (⟨lead⟩)", "lead",
                         ru="кубы поддержки заданы без кубов ведущего оружия (⟨lead⟩)")
    if lead is not None:
        built = lead + sum(support)
        if total is not None and total != built:
            raise InputError(f"dice: {total} dice contradicts lead {lead} + support {sum(support)} = {built}",
                             "dice", ru=f"dice: {total} кубов противоречат сумме ведущее {lead} + поддержка "
                                        f"{sum(support)} = {built}")
        return with_card_dice(p, built, [report.say(f"lead {lead}", f"ведущее {lead}")]
                              + [report.say(f"+ support {s}", f"+ поддержка {s}") for s in support], report)
    if total is None:
        raise InputError("dice: how many attack dice? give ⟨dice⟩ (or ⟨lead⟩ and ⟨support⟩)", "dice",
                         ru="Сколько кубов атаки? Задайте ⟨dice⟩ (или ⟨lead⟩ и ⟨support⟩)")
    return with_card_dice(p, total, [report.say(f"{total} dice", f"{total} куб.")], report)


def with_card_dice(p: dict[str, Any], pool: int, steps: list[str], report: Report,
                   section: str = "shooting") -> tuple[int, list[str]]:
    """The pool with the dice the unit cards' rules add or remove (⟨card_dice⟩; never below 0); which
    rules they are is listed with the unit inputs (units/apply.py)."""
    extra = p.get("card_dice") or 0
    if not extra:
        return pool, steps
    changed = max(0, pool + extra)
    report.step("card rules", f"{pool} {extra:+d} = {changed}", report.cite(section),
                ru=f"правила карточек: {pool} {extra:+d} = {changed}", dice=changed)
    return changed, [*steps, report.say(f"{extra:+d} card rules", f"{extra:+d} правила карточек")]


def target_type(p: dict[str, Any]) -> str | None:
    trait = p.get("target_type")
    return TRAIT_ALIASES.get(trait, trait) if trait else None


def band(p: dict[str, Any], rs: Ruleset, q: dict[str, int], report: Report) -> str | None:
    """The range band: given, or derived from the distance (and shifted for an Aerial target in dw3)."""
    chosen = p.get("range")
    distance = p.get("distance")
    valid = [b for b, _ in rs.bands]
    if chosen is not None:
        if rs.family == "dw4":
            chosen = {"point-blank": "close", "closing": "standard", "long": "extreme"}.get(chosen, chosen)
        elif chosen in ("close", "standard", "extreme"):
            chosen = {"close": "point-blank", "standard": "closing", "extreme": "long"}[chosen]
        if chosen not in valid:
            raise InputError(f"range: {chosen} is not a {rs.id} band ({', '.join(valid)})", "range",
                             ru=f"range: в {rs.id} нет зоны {chosen} (есть {', '.join(valid)})")
    if distance is not None:
        derived = rs.band_for(distance, "extreme-range" in q)
        if derived is None:
            raise InputError(f"distance: {distance:g}\" is beyond the longest range band of {rs.id}", "distance",
                             ru=f"distance: {distance:g}\" — дальше самой дальней зоны {rs.id}")
        if chosen is not None and chosen != derived:
            raise InputError(f"range: {chosen} contradicts distance {distance:g}\" ({derived})", "range",
                             ru=f"range: {chosen} противоречит расстоянию {distance:g}\" ({derived})")
        chosen = derived
        report.step("range band", f"{distance:g}\" is {chosen} (a target on a boundary is in the nearer band)",
                    report.cite("range"), ru=f"{distance:g}\" — это {chosen} (цель на границе — в ближней полосе)",
                    band=chosen)
    if chosen is not None and target_type(p) == "aerial" and rs.family == "dw3":
        if p.get("attacker_aerial"):
            report.note("an Aerial attacker: the Aerial target is not one band further",
                        "атакует Воздушное подразделение: цель не считается на шаг дальше")
        else:
            shifted = aerial_band_shift(chosen)
            if shifted != chosen:
                report.step("aerial target", f"an Aerial target is one band further: {chosen} -> {shifted}",
                            report.cite("aerial_band"),
                            ru=f"Воздушная цель на одну дистанцию дальше: {chosen} -> {shifted}", band=shifted)
            chosen = shifted
    elif p.get("attacker_aerial") and rs.family == "dw3":
        report.note("⟨attacker_aerial⟩ not used: it only matters against an Aerial target with a known range",
                    "⟨attacker_aerial⟩ не используется: важно только против Воздушной цели при известной дистанции")
    return chosen


def aerial_band_shift(band: str) -> str:
    """dw3: "Aerial models are always considered to be at 1 range band further away, unless being attacked by
    other aerial units" — the band an attack on an Aerial target uses, wherever a band is chosen (the referee's
    own band, and the band a unit card's weapon dice are read at)."""
    return {"point-blank": "closing", "closing": "long"}.get(band, band)


def check_eligibility(p: dict[str, Any], rs: Ruleset, q: dict[str, int], report: Report) -> None:
    """Targets the quality forbids are refused, not computed."""
    trait = target_type(p)
    distance = p.get("distance")
    if "torpedo" in q:
        report.cite_quality("torpedo")
        if distance is not None and distance < 5:
            raise InputError(f"distance: a Torpedo attack needs the target at least 5\" away "
                             f"(it is {distance:g}\")", "distance",
                             ru=f"distance: для Торпедной атаки цель должна быть не ближе 5\" (сейчас {distance:g}\")")
        if distance is None:
            report.assume("Torpedo: no ⟨distance⟩ given, so the 5\" minimum range was not checked",
                          "Торпеда: ⟨distance⟩ не задана, минимальная дистанция 5\" не проверялась")
        if trait in rs.torpedo_blocked_traits:
            raise InputError(f"target_type: torpedoes cannot target {trait} units in {rs.id}", "target_type",
                             ru=f"target_type: в {rs.id} торпеды не атакуют цели типа {trait}")
    if "bomb" in q and trait == "aerial":
        raise InputError("target_type: a Bomb attack cannot be declared against an aerial target", "target_type",
                         ru="target_type: Бомбовую атаку нельзя объявить против воздушной цели")
    if "aerial" in q and trait == "submerged" and "submerged" not in q:
        raise InputError("target_type: an Aerial attack cannot target a submerged model", "target_type",
                         ru="target_type: Воздушная атака не может целиться в подводную модель")
    if "submerged" in q and "aerial" not in q and trait in rs.submerged_blocked_traits:
        raise InputError(f"target_type: a Submerged attack cannot target a {trait} model", "target_type",
                         ru=f"target_type: Подводная атака не может целиться в модель типа {trait}")
    if "indirect" in q and trait == "aerial":
        raise InputError("target_type: an Indirect attack cannot target an aerial model", "target_type",
                         ru="target_type: Навесная атака не может целиться в воздушную модель")
    if "torrent" in q and p.get("support") and not rs.torrent_supports:
        raise InputError("support: the quick reference says \"You cannot support with torrent weapons\": give the "
                         "lead Torrent weapon's dice alone (⟨lead⟩), or another ruleset", "support",
                         ru="support: краткий справочник говорит \"You cannot support with torrent weapons\": "
                            "задайте только кубы ведущего оружия с Torrent (⟨lead⟩) или другие правила")
    if "torrent" in q and rs.family == "dw4" and trait == "submerged":
        raise InputError("target_type: an Underwater model cannot be the Initial Target of a Torrent attack",
                         "target_type", ru="target_type: подводная модель не может быть Начальной целью атаки Torrent")


def markers(p: dict[str, Any]) -> frozenset[str]:
    out = set()
    for m in p.get("markers") or []:
        key = m.strip().lower().replace(" ", "-").replace("_", "-")
        if key not in MARKER_KEYS:
            raise InputError(f"markers: {m[:30]!r} is not a critical marker ({', '.join(MARKER_KEYS)})", "markers",
                             ru=f"markers: {m[:30]!r} — не маркер критического повреждения ({', '.join(MARKER_KEYS)})")
        out.add(key)
    return frozenset(out)


def marked_citadel(citadel: int, markers: frozenset[str], rs: Ruleset, report: Report) -> int:
    """The Citadel a Reactor Leak marker leaves (QR "Reactor leak": "-1 to its CITADEL"; 3.03: -2), for every
    action that uses the Citadel (attack, assault, dw3 ram and SRS Attack Run)."""
    if "reactor-leak" not in markers:
        return citadel
    changed = max(0, citadel - rs.reactor_leak_citadel)
    report.step("reactor leak", f"Reactor Leak marker: Citadel -{rs.reactor_leak_citadel} -> {changed}",
                report.cite("reactor_leak"),
                ru=f"маркер Утечка реактора: Цитадель -{rs.reactor_leak_citadel} -> {changed}", citadel=changed)
    report.assume("Reactor Leak marker listed: the Citadel given is the printed one and was reduced",
                  "указан маркер Утечка реактора: данная Цитадель — печатная, она уменьшена")
    return changed


def marked_defence(value: int, markers: frozenset[str], report: Report) -> int:
    """The Defence a Shredded Defences marker leaves (QR: "A model with this marker has a DEFENCE (aerial and
    submerged) of 0"), for every action that rolls it (attack, assault)."""
    if "shredded-defences" not in markers or not value:
        return value
    report.step("shredded defences", f"Shredded Defences marker: Defence {value} -> 0",
                report.cite("shredded_defences"), ru=f"маркер Разрушение систем защиты: Защита {value} -> 0")
    return 0
