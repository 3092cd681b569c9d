"""The 3rd edition's card rules the referee applies (quick-reference cards and the BSData rule texts), each
quoting its sentence; card_rules reads them."""
from __future__ import annotations

import re
from typing import Any

from referee.card_rule_types import CardRule, Context, Effect, Skip, qualities

QRS = "dw3 quick reference unit card"
BSDATA = "BattleScribe dw3 data (BSData dystopianwars), rule text"


def _ablative_qrs(ctx: Context) -> Effect | Skip:
    if "aerial" in qualities(ctx):
        return Skip("the attack has the Aerial quality, which ignores it",
                    "атака имеет свойство Aerial, которое его игнорирует")
    return Effect({"card_dice": -1}, "-1 die", "-1 куб")


def _shield_two(ctx: Context) -> Effect | Skip:
    return Effect({"shield": True, "shield_dice": 2}, "Shield Generator, -2 dice", "щитовой генератор, -2 куба")


def _shield_mass(ctx: Context) -> Effect | Skip:
    mass = ctx.params.get("mass")
    if mass is None:
        return Skip("the target's Mass is not known", "Масса цели неизвестна")
    removed = min(int(mass), 3)
    return Effect({"shield": True, "shield_dice": removed}, f"Shield Generator, -{removed} dice (Mass, max 3)",
                  f"щитовой генератор, -{removed} куба (Масса, не больше 3)")


def _pack_hunter(ctx: Context) -> Effect | Skip:
    if ctx.models < 3:
        return Skip(f"only {ctx.models} model{'s' if ctx.models != 1 else ''} contribute (it needs 3)",
                    f"участвуют только {ctx.models} (нужно 3)")
    return Effect({"card_dice": 2}, "+2 dice (3 or more models contribute)", "+2 куба (3 и более моделей)")


def _cloud_hunting(ctx: Context) -> Effect | Skip:
    if ctx.params.get("target_type") != "aerial":
        return Skip("the target is not Aerial", "цель не воздушная")
    return Effect({"card_dice": 2}, "+2 dice (Aerial target)", "+2 куба (воздушная цель)")


def _focused_fire(ctx: Context) -> Effect | Skip:
    wanted = {w.strip().casefold() for w in re.split(r",|/|\bor\b", ctx.arg) if w.strip()}
    if not wanted:
        return Skip("its qualities (x) are not printed on this card", "его свойства (x) не напечатаны на этой карточке")
    if not wanted & qualities(ctx):
        return Skip(f"the attack has none of its qualities ({ctx.arg})",
                    f"у атаки нет ни одного из его свойств ({ctx.arg})")
    return Effect({"card_dice": 2, "reroll_blanks": True},
                  "+2 dice and Blank results may be re-rolled (the Activation's one Focused Fire attack: assumed to "
                  "be this one; ⟨card_rules_off⟩ if not)",
                  "+2 куба и переброс Пустых граней (единственная атака Активации с Focused Fire: считается, что "
                  "это она; ⟨card_rules_off⟩, если нет)")


def _hammer_sweep(ctx: Context) -> Effect | Skip:
    return Effect({"bonus": int(ctx.params.get("bonus") or 0) + 2},
                  "+2 ram dice (assumed: no turns during this movement; ⟨card_rules_off⟩ if it turned)",
                  "+2 куба тарана (считается, что без поворотов в этом движении; ⟨card_rules_off⟩, если поворачивал)")


def _mechanical_soul(ctx: Context) -> Effect | Skip:
    support = int(ctx.params.get("support") or 0)
    if not support:
        return Skip("no other model supports this assault", "ни одна другая модель не поддерживает этот абордаж")
    models = "model adds" if support == 1 else "models add"
    return Effect({"card_dice": -support}, f"-{support}: its {support} supporting {models} +1 die each, not +2",
                  f"-{support}: поддерживающие модели ({support}) добавляют по +1 кубу, а не по +2")


def _luminiferous_unusable(ctx: Context) -> Skip | None:
    """Why the rulebook's Luminiferous Defences cannot be used (None when it can): "Submerged Models, Crippled
    Models or Models with Shredded Defences cannot use Luminiferous Defences." """
    markers = {str(m).lower() for m in ctx.params.get("markers") or []}
    if ctx.params.get("target_type") == "submerged":
        return Skip("the target is Submerged", "цель Подводная")
    if ctx.params.get("crippled"):
        return Skip("the target is Crippled", "цель Повреждена")
    if "shredded-defences" in markers:
        return Skip("the target has Shredded Defences", "у цели Защита разбита (Shredded Defences)")
    return None


def _luminiferous(ctx: Context) -> Effect | Skip:
    why = _luminiferous_unusable(ctx)
    if why is not None:
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


def _luminiferous_qrs(ctx: Context) -> Effect | Skip:
    printed = re.search(r"ADV\s*\((\d+)\)", ctx.text)
    if not printed:
        return Skip("its ADV is not printed", "его ADV не напечатана")
    if "gunnery" not in qualities(ctx):
        return Skip("the attack has no Gunnery quality", "у атаки нет свойства Gunnery")
    if "defence" in ctx.params:
        return Skip("the target already rolls its defence against this attack",
                    "цель уже бросает защиту против этой атаки")
    dice = int(printed.group(1))
    return Effect({"defence": dice, "defence_any": True}, f"defends with its Crippled ADV: {dice} dice",
                  f"защищается Защитой ADV поврежденной стороны: {dice} куб.")


def _give_em_hell(ctx: Context) -> Effect | Skip:
    return Effect({"draw_is_havoc": True}, "a Draw is a Havoc result", "Ничья считается Опустошением")


def _give_em_hell_attack(ctx: Context) -> Effect | Skip:
    return Skip("only when the Unit declared 'Give Em Hell' this Activation: its Broadside, Gunnery and Fusillade "
                "weapons then gain Devastating (add the devastating quality)",
                "только если Подразделение объявило 'Give Em Hell' в эту Активацию: тогда его оружие Broadside, "
                "Gunnery и Fusillade получает Devastating (добавьте свойство devastating)")


def _air_razor(ctx: Context) -> Effect | Skip:
    q = [str(x) for x in ctx.params.get("quality") or []]
    if "broadside" not in qualities(ctx):
        return Skip("the attack has no Broadside quality", "у атаки нет свойства Broadside")
    if ctx.params.get("target_type") != "aerial":
        return Skip("the target is not Aerial", "цель не воздушная")
    if "sustained" in qualities(ctx):
        return Skip("the attack is Sustained already", "атака уже Sustained")
    return Effect({"quality": [*q, "sustained"]}, "gains Sustained (an Aerial target)",
                  "получает Непрерывный огонь (воздушная цель)")


def _black_wolf_attack(ctx: Context) -> Effect | Skip:
    return Skip("only in a Round when your force had more Victory Points at the last Check for Victory: then give "
                "⟨reroll_blanks⟩", "только в Раунде, когда у вашего флота было больше Победных очков при последней "
                                   "проверке: тогда задайте ⟨reroll_blanks⟩")


def _black_wolf_assault(ctx: Context) -> Effect | Skip:
    return Skip("only in a Round when your force led on Victory Points; the assault's Blank re-rolls are not "
                "modelled: check its text", "только в Раунде, когда ваш флот впереди по Победным очкам; переброс "
                                            "Пустых граней в абордаже не моделируется: сверьтесь с текстом")


def _magnetic_generator(ctx: Context) -> Effect | Skip:
    if "aerial" not in qualities(ctx):
        return Skip("the attack has no Aerial quality", "у атаки нет свойства Aerial")
    return Effect({"reroll_heavy": True}, "Heavy Hits must be re-rolled", "Тяжёлые попадания перебрасываются")


def _magnetic_generator_assault(ctx: Context) -> Effect | Skip:
    return Skip("it re-rolls Heavy Hits of Aerial weapons and SRS, not an assault's", "он перебрасывает Тяжёлые "
                "попадания воздушного оружия и SRS, не абордажа")


def _tactical_cavitation(ctx: Context) -> Effect | Skip:
    if "submerged" not in qualities(ctx):
        return Skip("it changes Submerged attacks only", "оно меняет только Подводные атаки")
    return Skip("only if it made a Tactical Cavitation action this Round: then it is Obscured against this attack "
                "and Homing does not help (give ⟨obscured⟩, leave out homing)",
                "только если в этом Раунде выполнено действие Tactical Cavitation: тогда цель Скрыта от этой атаки и "
                "Homing не помогает (задайте ⟨obscured⟩, уберите homing)")


def _heavy_firepower(ctx: Context) -> Effect | Skip:
    return Skip("a Valour Effect: when it is played, up to three of the model's weapons add their Lead value "
                "instead of one (give that pool as ⟨dice⟩)",
                "эффект Доблести: если он сыгран, до трёх орудий модели добавляют своё ведущее значение вместо "
                "одного (задайте этот набор как ⟨dice⟩)")


def _hec_contractor(ctx: Context) -> Effect | Skip:
    return Skip("in a Round when its force is not ahead on Victory Points, friendly models within 5\" of it may add "
                "+2 defence dice: add them to ⟨defence⟩",
                "в Раунде, когда его флот не впереди по Победным очкам, дружественные модели в 5\" от него могут "
                "добавить +2 куба защиты: добавьте их к ⟨defence⟩")


TABLE: tuple[CardRule, ...] = (
    CardRule("Tactical Cavitation", "dw3", "target", ("attack",),
             "Submerged Attacks against the Model cannot benefit from the Homing Quality. Furthermore, the Unit is "
             "Obscured against Submerged Attacks (even those with the Torpedo Quality)",
             f"{BSDATA} › Tactical Cavitation", _tactical_cavitation),
    CardRule("Heavy Firepower", "dw3", "attacker", ("attack",),
             "When making an Attack, up to three of that Model’s weapons may contribute their Lead value to the "
             "Action Dice Pool, rather than the normal single Lead weapon value.", f"{BSDATA} › Heavy Firepower",
             _heavy_firepower),
    CardRule("HEC Contractor", "dw3", "target", ("attack",),
             "This Model may add +2 to the Defence Action Dice Pool on any friendly Models within 5”. … The HEC "
             "Contractor Rule only applies during each Round where the Force this Unit is part of had equal to or "
             "less Victory Points than their opponents", f"{BSDATA} › HEC Contractor", _hec_contractor),
    CardRule("Magnetic generator", "dw3", "target", ("attack",),
             "Any Heavy Hits against a Model with this Generator by weapons with the Aerial Quality or by Enemy SRS "
             "must be re-rolled. Exploding Hits are unaffected.", f"{BSDATA} › Magnetic generator",
             _magnetic_generator),
    CardRule("Magnetic generator", "dw3", "target", ("assault",),
             "Any Heavy Hits against a Model with this Generator by weapons with the Aerial Quality or by Enemy SRS "
             "must be re-rolled.", f"{BSDATA} › Magnetic generator", _magnetic_generator_assault),
    CardRule("Black Wolf Mercenaries", "dw3", "attacker", ("attack",),
             "Models in this Unit may re-roll Blank dice results in any Action Dice Pool. The Black Wolf Mercenaries "
             "Rule only applies during each Round where the Force this Unit is part of had more Victory Points than "
             "their opponents at the most recent Check for Victory Step.",
             f"{BSDATA} › Black Wolf Mercenaries", _black_wolf_attack),
    CardRule("Black Wolf Mercenaries", "dw3", "attacker", ("assault",),
             "Models in this Unit may re-roll Blank dice results in any Action Dice Pool.",
             f"{BSDATA} › Black Wolf Mercenaries", _black_wolf_assault),
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
