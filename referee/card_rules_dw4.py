"""The 4th edition's card rules the referee applies (Rules Glossary properties and systems), each quoting its
sentence; card_rules reads them."""
from __future__ import annotations

from referee.card_rule_types import CardRule, Context, Effect, Skip, qualities

GLOSSARY = "Dystopian Wars 4th edition Rules Glossary"


def _sky_commandos_boarder(ctx: Context) -> Effect | Skip:
    if not ctx.x:
        return Skip("its (X) is not printed", "его (X) не напечатан")
    if not ctx.target_airborne:
        return Skip("the target is not Airborne (Boarding Parties board Surface models)",
                    "цель не воздушная (Boarding Parties берут на абордаж надводные модели)")
    return Effect({"boarding": [ctx.x] * ctx.models}, f"{ctx.x} dice per model (an Airborne target)",
                  f"{ctx.x} кубов на модель (воздушная цель)")


def _sky_commandos_boarded(ctx: Context) -> Effect | Skip:
    if not ctx.x:
        return Skip("its (X) is not printed", "его (X) не напечатан")
    if ctx.params.get("target_boarding"):
        return Skip("its Boarding Parties (X) already add its Resistance dice (the model's crew counted once)",
                    "его Boarding Parties (X) уже добавляют кубы Сопротивления (экипаж считается один раз)")
    return Effect({"target_boarding": ctx.x}, f"+{ctx.x} Resistance dice", f"+{ctx.x} кубов Сопротивления")


def _crew_unmodified(ctx: Context) -> Effect | Skip:
    return Effect({"crew_unmodified": True}, "its Disorder does not lower its Crew for the Crew Check",
                  "Дезорганизация не снижает его Экипаж для Проверки экипажа")


def _crew_unmodified_boarded(ctx: Context) -> Effect | Skip:
    return Effect({"target_crew_unmodified": True}, "its Disorder does not lower its Crew (the Success Threshold)",
                  "Дезорганизация не снижает его Экипаж (Порог Успеха)")


def _daredevil(ctx: Context) -> Effect | Skip:
    return Effect({"crew_check": "pass", "rammer_no_disorder": True},
                  "passes its Crew Check and gains no Disorder from the Ram",
                  "проходит Проверку экипажа и не получает Дезорганизации от Тарана")


def _very_large_rammer(ctx: Context) -> Effect | Skip:
    return Effect({"rammer_no_disorder": True}, "gains no Disorder from the Ram",
                  "не получает Дезорганизации от Тарана")


def _very_large_target(ctx: Context) -> Effect | Skip:
    return Effect({"target_no_disorder": True}, "gains no Disorder from the Ram",
                  "не получает Дезорганизации от Тарана")


def _ablative_x(ctx: Context) -> Effect | Skip:
    if not ctx.x:
        return Skip("its (X) is not printed", "его (X) не напечатан")
    return Effect({"target_ablative": ctx.x}, f"Ablative Armour ({ctx.x})", f"Абляционная броня ({ctx.x})")


def _heavy_shield(ctx: Context) -> Effect | Skip:
    return Effect({"shield": True}, "+1 Armour", "+1 к Броне")


def _aerial_shield_enhancer(ctx: Context) -> Effect | Skip:
    if "heavy shield generator" not in ctx.target_rules:
        return Skip("the target has no Heavy Shield Generator", "у цели нет тяжелого щитового генератора")
    if not ctx.target_airborne:
        return Skip("the target is not Airborne", "цель не воздушная")
    if "submerged" in qualities(ctx):
        return Skip("a Heavy Shield Generator has no effect against Submerged Weapons",
                    "тяжелый щитовой генератор не действует против подводного оружия")
    armour = ctx.params.get("armour")
    if armour is None:
        return Skip("the target's Armour is not known", "Броня цели неизвестна")
    return Effect({"armour": int(armour) + 1}, "+2 Armour from the Heavy Shield Generator instead of +1",
                  "+2 к Броне от тяжелого щитового генератора вместо +1")


def _heavy_prow_rammer(ctx: Context) -> Effect | Skip:
    if not ctx.x:
        return Skip("its (X) is not printed", "его (X) не напечатан")
    return Effect({"heavy_prow": ctx.x}, f"+{ctx.x} Bonus Dice", f"+{ctx.x} бонусных куба")


def _heavy_prow_target(ctx: Context) -> Effect | Skip:
    if not ctx.x:
        return Skip("its (X) is not printed", "его (X) не напечатан")
    return Effect({"target_heavy_prow": ctx.x}, f"its damage reduced by {ctx.x} (contact in its Fore arc assumed)",
                  f"его урон меньше на {ctx.x} (касание в носовой сектор предполагается)")


def _magnetic_generator(ctx: Context) -> Effect | Skip:
    if not {"aerial", "assault", "submerged"} & qualities(ctx):
        return Skip("the attack has no Aerial, Assault or Submerged Weapons",
                    "у атаки нет оружия Aerial, Assault или Submerged")
    return Effect({"resistance_heavy_counters": True}, "Heavy Strikes in its Resistance Roll count as Heavy Counters",
                  "Тяжёлые удары в его броске Сопротивления считаются Тяжёлыми отражениями")


def _magnetic_generator_boarding(ctx: Context) -> Effect | Skip:
    return Skip("a Boarding action is not an Attack action: its Resistance Roll is not converted",
                "Абордаж — не Действие атаки: его бросок Сопротивления не меняется")


TABLE: tuple[CardRule, ...] = (
    CardRule("Magnetic Generator", "dw4", "target", ("attack",),
             "If a model in this unit is targeted by an Attack action involving Aerial, Assault, or Submerged "
             "Weapons, or an Attack Run mission, convert any Heavy Strikes in the Resistance Roll to Heavy Counters "
             "at the start of the Count Hits step.", f"{GLOSSARY} › Magnetic Generator", _magnetic_generator),
    CardRule("Magnetic Generator", "dw4", "target", ("assault",),
             "If a model in this unit is targeted by an Attack action involving Aerial, Assault, or Submerged "
             "Weapons …", f"{GLOSSARY} › Magnetic Generator", _magnetic_generator_boarding),
    CardRule("Sky Commandos", "dw4", "attacker", ("assault",),
             "This model’s unit can make Boarding actions that target Airborne models. When this model Participates "
             "in a Boarding action, it contributes X dice to the Action Roll.", f"{GLOSSARY} › Sky Commandos",
             _sky_commandos_boarder),
    CardRule("Sky Commandos", "dw4", "target", ("assault",),
             "If this model is targeted by a Boarding action, it adds X dice to its Resistance Roll.",
             f"{GLOSSARY} › Sky Commandos", _sky_commandos_boarded),
    CardRule("Mechanical Soul", "dw4", "attacker", ("ram",),
             "This model’s Crew rating cannot be Modified", f"{GLOSSARY} › Mechanical Soul", _crew_unmodified),
    CardRule("Mechanical Soul", "dw4", "target", ("assault",),
             "This model’s Crew rating cannot be Modified", f"{GLOSSARY} › Mechanical Soul", _crew_unmodified_boarded),
    CardRule("Daredevil Crew", "dw4", "attacker", ("ram",),
             "This model automatically passes its Crew Check when Resolving a Ram and does not gain Disorder in the "
             "Inflict Disorder step.", f"{GLOSSARY} › Daredevil Crew", _daredevil),
    CardRule("Very Large", "dw4", "attacker", ("ram",),
             "A model with this Property suffers no Disorder from Collisions or Ramming actions",
             f"{GLOSSARY} › Very Large", _very_large_rammer),
    CardRule("Very Large", "dw4", "target", ("ram",),
             "A model with this Property suffers no Disorder from Collisions or Ramming actions",
             f"{GLOSSARY} › Very Large", _very_large_target),
    CardRule("Ablative Armour", "dw4", "target", ("attack",),
             "When this model the Initial Target of an Attack action, Convert X Exploding Strikes in the Action "
             "Roll to Heavy Strikes at the start of the Resolve Exploding Strikes step.",
             f"{GLOSSARY} › Ablative Armour", _ablative_x),
    CardRule("Heavy Shield Generator", "dw4", "target", ("attack",),
             "Each model in this unit gains a +1 Modifier to its Armour rating when it is the Initial Target of an "
             "Attack action.", f"{GLOSSARY} › Heavy Shield Generator", _heavy_shield),
    CardRule("Aerial Shield Enhancer", "dw4", "target", ("attack",),
             "If an Airborne model within X” of at least one friendly model with this System benefits from a Heavy "
             "Shield Generator, its Armour rating receives a +2 Modifier instead of +1.",
             f"{GLOSSARY} › Aerial Shield Enhancer", _aerial_shield_enhancer),
    CardRule("Heavy Prow", "dw4", "attacker", ("ram",),
             "When building the Action Pool for a Ram performed by this model, add X Bonus Dice.",
             f"{GLOSSARY} › Heavy Prow", _heavy_prow_rammer),
    CardRule("Heavy Prow", "dw4", "target", ("ram",),
             "… or is itself the Target of a Ram and the point of contact is in this model’s Fore Arc, the amount "
             "of Damage it suffers is reduced by X", f"{GLOSSARY} › Heavy Prow", _heavy_prow_target),
)
