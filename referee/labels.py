"""What each referee input is called in the player's language, and how its value reads: the rows
of the "Understood" box every front end shows (issue 21: its keys and values came out in English
for Russian players). Declared once here, in the message catalogue (`input.<name>`, `value.<word>`).
"""
from __future__ import annotations

from typing import Any

from core.messages import CATALOGUE, declare, text

INPUT_LABELS: dict[str, tuple[str, str]] = {
    "armour": ("armour", "броня"), "assaulter": ("assaulter", "штурмующий"), "attached": ("attached", "присоединён"),
    "attack_pool": ("attack pool", "кубы атаки"), "attack_rating": ("attack rating", "рейтинг атаки"),
    "attacker": ("attacker", "атакующий"), "attacker_aerial": ("attacker aerial", "атакующий воздушный"),
    "attacker_crippled": ("attacker crippled", "атакующий повреждён"),
    "attacker_disorder": ("attacker disorder", "беспорядок атакующего"),
    "attacker_models": ("attacker models", "моделей у атакующего"), "band": ("range band", "зона дальности"),
    "blocked": ("line of sight blocked", "обзор закрыт"), "boarding": ("boarding parties", "абордажные команды"),
    "bonus": ("bonus", "бонус"), "broadside": ("broadside", "бортовой залп"),
    "card_values": ("card values", "значения карт"), "cause": ("cause", "причина"), "citadel": ("citadel", "цитадель"),
    "crew": ("crew", "экипаж"), "crew_check": ("crew check", "проверка экипажа"),
    "crippled": ("crippled", "повреждён"), "crippled_hull": ("crippled hull", "корпус повреждённого"),
    "critical_roll": ("critical roll", "бросок критов"), "damage_taken": ("damage taken", "полученный урон"),
    "defence": ("defence", "защита"), "defence_models": ("defence models", "модели защиты"),
    "defence_pool": ("defence pool", "кубы защиты"), "defence_roll": ("defence roll", "бросок защиты"),
    "defence_steps": ("defence built from", "из чего защита"), "description": ("description", "описание"),
    "devastating_explosions_off": ("no devastating explosions", "без опустошительных взрывов"),
    "dice": ("dice", "кубы"), "dice_per_token": ("dice per token", "кубов на жетон"),
    "distance": ("distance", "расстояние"), "escorts": ("escorts", "эскорт"), "explosions": ("explosions", "взрывы"),
    "fray": ("fray", "свалка"), "hampered": ("hampered", "помехи"), "heavy_prow": ("heavy prow", "тяжёлый нос"),
    "hull": ("hull", "корпус"), "impact": ("impact", "препятствие"),
    "impact_disorder": ("impact disorder", "беспорядок препятствия"),
    "impact_mass": ("impact mass", "масса препятствия"),
    "impact_trait": ("impact trait", "положение препятствия"), "incendiary": ("incendiary", "зажигательный"),
    "incendiary_roll": ("incendiary roll", "бросок зажигательного"), "inches": ("inches", "дюймы"),
    "intercept_explosions": ("intercept explosions", "взрывы перехвата"),
    "intercept_rating": ("intercept rating", "рейтинг перехвата"),
    "intercept_roll": ("intercept roll", "бросок перехвата"),
    "interception_pool": ("interception pool", "кубы перехвата"), "interceptors": ("interceptors", "перехватчики"),
    "lead": ("lead", "ведущее"), "markers": ("markers", "маркеры"), "mass": ("mass", "масса"),
    "mass1_strict": ("mass 1 strictly", "масса 1 строго"),
    "mover_damage_taken": ("mover damage taken", "урон движущегося"),
    "mover_disorder": ("mover disorder", "беспорядок движущегося"), "mover_hull": ("mover hull", "корпус движущегося"),
    "mover_mass": ("mover mass", "масса движущегося"), "mover_trait": ("mover trait", "положение движущегося"),
    "no_generators": ("no generators", "без генераторов"), "obscured": ("obscured", "скрыта"),
    "obscuring_mass": ("obscuring mass", "масса укрытия"), "pool_steps": ("pool built from", "из чего набор"),
    "precise_effect": ("precise effect", "эффект Precise"), "qualities": ("qualities", "свойства"),
    "quality": ("quality", "свойство"), "rammer_damage_taken": ("rammer damage taken", "урон таранящего"),
    "rammer_disorder": ("rammer disorder", "беспорядок таранящего"),
    "rammer_disorder_on_roll": ("rammer disorder at the roll", "беспорядок таранящего при броске"),
    "rammer_mass": ("rammer mass", "масса таранящего"),
    "ramming": ("ramming", "таранное"), "range": ("range", "дальность"), "rerolls": ("re-rolls", "перебросы"),
    "resilience": ("resilience", "стойкость"), "roll": ("roll", "бросок"), "ruleset": ("ruleset", "правила"),
    "secondary": ("secondary", "вторичные цели"), "self_damage_roll": ("self-damage roll", "бросок самоурона"),
    "shield": ("shield", "щит"), "shield_dice": ("shield dice", "кубы щита"),
    "reroll_blanks": ("re-roll Blanks", "переброс Пустых"), "reroll_heavy": ("re-roll Heavy Hits", "переброс Тяжёлых"),
    "heavy_as_hit": ("Heavy as Hit", "Тяжёлое как обычное"),
    "defence_any": ("defends against any attack", "защита от любой атаки"),
    "draw_is_havoc": ("Draw is Havoc", "Ничья — Опустошение"),
    "crew_unmodified": ("Crew not modified", "Экипаж без модификаторов"),
    "target_crew_unmodified": ("target Crew not modified", "Экипаж цели без модификаторов"),
    "resistance_heavy_counters": ("Resistance Heavy as Heavy Counter", "Тяжёлые удары сопротивления — отражения"),
    "rammer_no_disorder": ("rammer gains no Disorder", "таранящий без Дезорганизации"),
    "target_no_disorder": ("target gains no Disorder", "цель без Дезорганизации"), "srs": ("SRS", "SRS"),
    "srs_discard": ("SRS discard", "сброс SRS"), "support": ("support", "поддержка"),
    "sustained_policy": ("sustained re-rolls", "перебросы Sustained"), "target": ("target", "цель"),
    "target_ablative": ("target ablative armour", "абляционная броня цели"), "target_adv": ("target ADV", "ПВО цели"),
    "target_armour": ("target armour", "броня цели"), "target_boarding": ("target boarding", "абордажники цели"),
    "target_citadel": ("target citadel", "цитадель цели"), "target_crew": ("target crew", "экипаж цели"),
    "target_crippled": ("target crippled", "цель повреждена"),
    "target_damage_taken": ("target damage taken", "урон цели"),
    "target_defences": ("target defences", "защита цели"), "target_disorder": ("target disorder", "беспорядок цели"),
    "target_escorts": ("target escorts", "эскорт цели"), "target_generator": ("target generator", "генераторы цели"),
    "target_heavy_prow": ("target heavy prow", "тяжёлый нос цели"), "target_hull": ("target hull", "корпус цели"),
    "target_mass": ("target mass", "масса цели"), "target_sdv": ("target SDV", "ПЛО цели"),
    "target_shredded": ("target defences shredded", "защита цели разбита"), "target_srs": ("target SRS", "SRS цели"),
    "target_type": ("target type", "тип цели"), "threshold": ("success threshold", "порог успеха"),
    "tokens": ("tokens", "жетоны"), "torpedo": ("torpedo attack", "торпедная атака"), "weapon": ("weapon", "оружие"),
    "weight_of_fire_from_tokens": ("weight of fire from tokens", "плотность огня от жетонов"),
    "face_damage": ("damage per face", "урон за грань"),
    # the faces a value such as ⟨face_damage⟩ maps (the box names a dict's keys as it names inputs)
    "hit": ("hit", "обычный"), "heavy": ("heavy", "тяжёлый"), "exploding": ("exploding", "взрывной"),
}

VALUE_WORDS: dict[str, tuple[str, str]] = {
    "yes": ("yes", "да"), "no": ("no", "нет"), "none": ("none", "нет"), "not given": ("not given", "не задано"),
    "point_blank": ("point blank", "в упор"), "point-blank": ("point blank", "в упор"),
    "closing": ("closing", "сближение"), "long": ("long", "дальняя"),
    "surface": ("surface", "надводная"), "submerged": ("submerged", "подводная"), "aerial": ("aerial", "воздушная"),
    "flying": ("flying", "летящая"), "land": ("land", "наземная"),
}

# The referee's steps: `step` stays a stable English name, `label` says it to the player.
STEP_LABELS_RU: dict[str, str] = {
    "action pool": "набор действия",
    "aerial target": "воздушная цель",
    "allocate": "распределение",
    "arc": "сектор",
    "assault pool": "набор абордажа",
    "attacker disorder": "дезорганизация атакующего",
    "broadside pool": "набор бортового залпа",
    "card rules": "правила карточек",
    "catastrophic explosion": "катастрофический взрыв",
    "citadel": "цитадель",
    "convert strikes": "перевод ударов",
    "counters": "отражения",
    "crew check": "проверка экипажа",
    "critical damage": "критическое повреждение",
    "damage": "урон",
    "damage dice": "кубы урона",
    "defence": "защита",
    "defence pool": "набор защиты",
    "escort": "эскорт",
    "escorts": "эскорт",
    "explosions": "взрывы",
    "hazardous": "опасность",
    "heavy prow": "тяжёлый нос",
    "heavy shield generator": "тяжёлый щитовой генератор",
    "hits": "попадания",
    "impact disorder": "дезорганизация препятствия",
    "incendiary broadsides": "зажигательные бортовые залпы",
    "inflict disorder": "наложение дезорганизации",
    "interception": "перехват",
    "interception pool": "набор перехвата",
    "magnetic": "магнитное",
    "mass 1 rammer": "таранящий массы 1",
    "mover disorder": "дезорганизация движущегося",
    "target disorder": "дезорганизация цели",
    "heavy hits": "тяжёлые попадания",
    "resistance heavy strikes": "тяжёлые удары сопротивления",
    "draw": "ничья",
    "net hits": "чистые попадания",
    "no collision": "нет столкновения",
    "obscured": "скрыта",
    "obstacle": "препятствие",
    "piercing": "бронебойное",
    "pool": "набор кубов",
    "ram becomes a collision": "таран становится столкновением",
    "ram pool": "набор тарана",
    "rammed model": "протараненная модель",
    "range band": "зона дальности",
    "re-roll": "переброс",
    "reactor leak": "утечка реактора",
    "resistance pool": "набор сопротивления",
    "resolve outcome": "итог",
    "resolve outcomes": "итоги",
    "resolve outcomes (rammer)": "итоги (таранящий)",
    "resolve outcomes (target)": "итоги (цель)",
    "result": "результат",
    "secondary targets": "вторичные цели",
    "self-damage": "урон себе",
    "shield generator": "щитовой генератор",
    "shredded defences": "разбитая защита",
    "state": "состояние",
    "success threshold": "порог успеха",
    "terrain": "местность",
    "tokens lost": "потерянные жетоны",
    "torpedo run": "торпедный заход",
    "unconventional target": "нестандартная цель",
    "weight of fire": "плотность огня",
}

declare({f"input.{name}": labels for name, labels in INPUT_LABELS.items()})
declare({f"step.{name}": (name, russian) for name, russian in STEP_LABELS_RU.items()})
declare({f"value.{word}": words for word, words in VALUE_WORDS.items()})


def input_label(name: str, lang: str) -> str:
    """The input's name as a player reads it (its own name, spaced, if it has no label yet)."""
    key = f"input.{name}"
    return text(key, lang) if key in CATALOGUE else name.replace("_", " ")


def shown_value(value: Any, lang: str) -> str:
    """A value as the box shows it: yes/no, lists joined, whole floats without ".0", known words translated."""
    if isinstance(value, bool):
        return text("value.yes" if value else "value.no", lang)
    if value is None:
        return text("value.not given", lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(shown_value(v, lang) for v in value) or text("value.none", lang)
    if isinstance(value, dict):
        return ", ".join(f"{input_label(str(k), lang)} {shown_value(v, lang)}" for k, v in value.items()) or "-"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    key = f"value.{value}"
    return text(key, lang) if isinstance(value, str) and key in CATALOGUE else str(value)


def step_label(step: str, lang: str) -> str:
    key = f"step.{step}"
    return text(key, lang) if key in CATALOGUE else step


def understood_rows(inputs: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """One row per given input, in the player's language: `key` (stable), `label` and `value`."""
    return [{"key": key, "label": input_label(key, lang), "value": shown_value(value, lang)}
            for key, value in inputs.items() if value is not None]
