"""The 3rd edition's card rules the referee applies (quick-reference cards and the BSData rule texts), each
quoting its sentence; card_rules reads them."""
from __future__ import annotations

import re
from typing import Any

from referee.card_rule_types import CardRule, Context, Effect, qualities

QRS = "dw3 quick reference unit card"
BSDATA = "BattleScribe dw3 data (BSData dystopianwars), rule text"


def _ablative_qrs(ctx: Context) -> Effect | str:
    if "aerial" in qualities(ctx):
        return "the attack has the Aerial quality, which ignores it"
    return Effect({"card_dice": -1}, "-1 die", "-1 куб")


def _shield_two(ctx: Context) -> Effect | str:
    return Effect({"shield": True, "shield_dice": 2}, "Shield Generator, -2 dice", "щитовой генератор, -2 куба")


def _shield_mass(ctx: Context) -> Effect | str:
    mass = ctx.params.get("mass")
    if mass is None:
        return "the target's Mass is not known"
    removed = min(int(mass), 3)
    return Effect({"shield": True, "shield_dice": removed}, f"Shield Generator, -{removed} dice (Mass, max 3)",
                  f"щитовой генератор, -{removed} куба (Масса, не больше 3)")


def _pack_hunter(ctx: Context) -> Effect | str:
    if ctx.models < 3:
        return f"only {ctx.models} model{'s' if ctx.models != 1 else ''} contribute (it needs 3)"
    return Effect({"card_dice": 2}, "+2 dice (3 or more models contribute)", "+2 куба (3 и более моделей)")


def _cloud_hunting(ctx: Context) -> Effect | str:
    if ctx.params.get("target_type") != "aerial":
        return "the target is not Aerial"
    return Effect({"card_dice": 2}, "+2 dice (Aerial target)", "+2 куба (воздушная цель)")


def _focused_fire(ctx: Context) -> Effect | str:
    wanted = {w.strip().casefold() for w in re.split(r",|/|\bor\b", ctx.arg) if w.strip()}
    if not wanted:
        return "its qualities (x) are not printed on this card"
    if not wanted & qualities(ctx):
        return f"the attack has none of its qualities ({ctx.arg})"
    return Effect({"card_dice": 2, "reroll_blanks": True},
                  "+2 dice and Blank results may be re-rolled (the Activation's one Focused Fire attack: assumed to "
                  "be this one; ⟨card_rules_off⟩ if not)",
                  "+2 куба и переброс Пустых граней (единственная атака Активации с Focused Fire: считается, что "
                  "это она; ⟨card_rules_off⟩, если нет)")


def _hammer_sweep(ctx: Context) -> Effect | str:
    return Effect({"bonus": int(ctx.params.get("bonus") or 0) + 2},
                  "+2 ram dice (assumed: no turns during this movement; ⟨card_rules_off⟩ if it turned)",
                  "+2 куба тарана (считается, что без поворотов в этом движении; ⟨card_rules_off⟩, если поворачивал)")


def _mechanical_soul(ctx: Context) -> Effect | str:
    support = int(ctx.params.get("support") or 0)
    if not support:
        return "no other model supports this assault"
    models = "model adds" if support == 1 else "models add"
    return Effect({"card_dice": -support}, f"-{support}: its {support} supporting {models} +1 die each, not +2",
                  f"-{support}: поддерживающие модели ({support}) добавляют по +1 кубу, а не по +2")


def _luminiferous_unusable(ctx: Context) -> str:
    """Why the rulebook's Luminiferous Defences cannot be used ("" when it can): "Submerged Models, Crippled
    Models or Models with Shredded Defences cannot use Luminiferous Defences." """
    markers = {str(m).lower() for m in ctx.params.get("markers") or []}
    if ctx.params.get("target_type") == "submerged":
        return "the target is Submerged"
    if ctx.params.get("crippled"):
        return "the target is Crippled"
    if "shredded-defences" in markers:
        return "the target has Shredded Defences"
    return ""


def _luminiferous(ctx: Context) -> Effect | str:
    why = _luminiferous_unusable(ctx)
    if why:
        return why
    values: dict[str, Any] = {"heavy_as_hit": True}
    en, ru = "Heavy Hits count as 1 Hit (if not Obscured)", "Тяжёлые попадания — 1 Попадание (если не Скрыта)"
    adv = (ctx.target_stats.get("crippled") or {}).get("adv")
    if {"gunnery", "broadside"} & qualities(ctx) and "defence" not in ctx.params and adv is not None:
        dice = min(int(adv), 6)
        values.update({"defence": dice, "defence_any": True})
        en += f"; defends with its Crippled ADV: {dice} dice (6 at most)"
        ru += f"; защищается Защитой ADV поврежденной стороны: {dice} куб. (не больше 6)"
    return Effect(values, en, ru)


def _luminiferous_qrs(ctx: Context) -> Effect | str:
    printed = re.search(r"ADV\s*\((\d+)\)", ctx.text)
    if not printed:
        return "its ADV is not printed"
    if "gunnery" not in qualities(ctx):
        return "the attack has no Gunnery quality"
    if "defence" in ctx.params:
        return "the target already rolls its defence against this attack"
    dice = int(printed.group(1))
    return Effect({"defence": dice, "defence_any": True}, f"defends with its Crippled ADV: {dice} dice",
                  f"защищается Защитой ADV поврежденной стороны: {dice} куб.")


def _give_em_hell(ctx: Context) -> Effect | str:
    return Effect({"draw_is_havoc": True}, "a Draw is a Havoc result", "Ничья считается Опустошением")


def _give_em_hell_attack(ctx: Context) -> Effect | str:
    return ("only when the Unit declared 'Give Em Hell' this Activation: its Broadside, Gunnery and Fusillade "
            "weapons then gain Devastating (add the devastating quality)")


def _air_razor(ctx: Context) -> Effect | str:
    q = [str(x) for x in ctx.params.get("quality") or []]
    if "broadside" not in qualities(ctx):
        return "the attack has no Broadside quality"
    if ctx.params.get("target_type") != "aerial":
        return "the target is not Aerial"
    if "sustained" in qualities(ctx):
        return "the attack is Sustained already"
    return Effect({"quality": [*q, "sustained"]}, "gains Sustained (an Aerial target)",
                  "получает Непрерывный огонь (воздушная цель)")


TABLE: tuple[CardRule, ...] = (
    CardRule("Ablative Armour", "dw3", "target", ("attack",),
             "Remove 1 action die from the attack dice pool each time an attack is made against this unit. "
             "Attacks with the aerial quality ignore this rule.", f"{QRS} › Ablative Armour", _ablative_qrs,
             text_has=r"remove 1 action die"),
    CardRule("Internal Shield Generator", "dw3", "target", ("attack",),
             "Remove 2 action dice from the dice pool of each attack against this model. This generator cannot be "
             "used against attacks with the submerged, arc or bomb qualities.",
             f"{QRS} › Internal Shield Generator", _shield_two),
    CardRule("Shield generator", "dw3", "target", ("attack",),
             "A Model with this Generator may use it to remove Action Dice equal to the Mass Attribute of this Unit "
             "from any Attack against it (to a Maximum of 3 dice).", f"{BSDATA} › Shield generator", _shield_mass,
             text_has=r"equal to the mass"),
    CardRule("Point Defence Shield generator", "dw3", "target", ("attack",),
             "The Point Defence Shield Generator appears and operates exactly like a Shield Generator except that "
             "it can be used when this Model is Obscured.", f"{BSDATA} › Point Defence Shield generator",
             _shield_mass),
    CardRule("Pack Hunter", "dw3", "attacker", ("attack", "assault"),
             "Gain an additional +2 to attack and assault action dice pools if at least 3 models in the unit "
             "contribute to the dice pool.", f"{QRS} › Pack Hunter", _pack_hunter),
    CardRule("Cloud Hunting", "dw3", "attacker", ("attack",),
             "+2 to attack dice pools when shooting at aerial units.", f"{QRS} › Cloud Hunting", _cloud_hunting),
    CardRule("Focused Fire", "dw3", "attacker", ("attack",),
             "A single Attack each Activation with at least one of the indicated Qualities, led by a Model with this "
             "rule, receives +2 Action Dice and may re-roll Blank results", f"{BSDATA} › Focused Fire (x) [3.08]",
             _focused_fire),
    CardRule("Hammer Sweep", "dw3", "attacker", ("ram",),
             "During its Activation, Models in this Unit with this rule may increase their Speed by 1\" and gain +2 "
             "to their Ramming Dice Pool if they make no turns during this Movement.",
             f"{BSDATA} › Hammer Sweep [3.08]", _hammer_sweep),
    CardRule("Mechanical Soul", "dw3", "attacker", ("assault",),
             "This Unit ignores the effects of the Emergency Condition, but counts has having the Disorder Level. "
             "Models in the Unit can only support Assaults with +1 AD to Fray.",
             f"{BSDATA} › Mechanical Soul [3.07a]", _mechanical_soul),
    CardRule("Luminiferous Defences", "dw3", "target", ("attack",),
             "Any Attack against a non-Obscured Model with this rule counts Heavy Hit results as Hit Results instead "
             "in the Attack Action Dice Pool. Furthermore, any Unit with rule may use Defences against Attacks with "
             "the Gunnery or Broadside Qualities using their Crippled ADV as the Defence Attribute. No Unit may have "
             "a Defence Dice Pool greater than 6 against Gunnery or Broadside Attacks. Submerged Models, Crippled "
             "Models or Models with Shredded Defences cannot use Luminiferous Defences.",
             f"{BSDATA} › Luminiferous Defences", _luminiferous, text_has=r"heavy hit results as hit"),
    CardRule("Luminiferous Defences", "dw3", "target", ("attack",),
             "May use crippled ADV (5) against any weapon with the Gunnery quality.",
             f"{QRS} › Luminiferous Defences", _luminiferous_qrs, text_has=r"crippled ADV"),
    CardRule("Give Em Hell", "dw3", "attacker", ("assault",),
             "When this Unit makes an Assault, if the result is a Draw, it is instead considered a Havoc result.",
             f"{BSDATA} › Give Em Hell", _give_em_hell),
    CardRule("Give Em Hell", "dw3", "attacker", ("attack",),
             "Furthermore, this Unit may make a Special Operations Action that it will ‘Give Em Hell’. All weapons "
             "with the Broadside, Gunnery or Fusillade special rule in the Unit gain the Devastating Quality for the "
             "duration of its Activation", f"{BSDATA} › Give Em Hell", _give_em_hell_attack),
    CardRule("Air-Razor Munitions", "dw3", "attacker", ("attack",),
             "When making Attacks with the Broadside Quality against Aerial Units, this Unit gains the Sustained "
             "(Aerial Units) Quality.", f"{BSDATA} › Air-Razor Munitions", _air_razor),
)
