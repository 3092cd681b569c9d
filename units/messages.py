"""The texts units/ adds to a referee answer (notes, the source of each value), in English and Russian.

Why: a Russian request gets Russian notes and inputs-from-profiles lines (issue 21 left them English).
Unit, weapon, rule and file names are the cards' own and stay as printed; every sentence around them
is a catalogue template (core/messages.py).
"""
from __future__ import annotations

import re

from core.messages import Plural, declare, text
from units.errors import UnitLookupError
from units.model import BAND_LABELS, EDITION_LABELS, STAT_LABELS, Unit

_STAT_RU = {"mass": "Масса", "speed": "Скорость", "turn": "Поворот", "armour": "Броня", "citadel": "Цитадель",
            "hull": "Корпус", "fray": "Абордаж (Fray)", "adv": "ADV", "sdv": "SDV", "speed_min": "Скорость (мин.)",
            "defence": "Защита", "actions": "Действия", "broadside": "Бортовой залп", "repair": "Ремонт",
            "crew": "Экипаж", "models": "Модели"}
_BAND_RU = {"point_blank": "В упор", "closing": "Сближение", "long": "Дальняя", "close": "Ближняя",
            "standard": "Стандартная", "extreme": "Предельная"}
_EDITION_RU = {"dw3": "3-я редакция", "dw4": "4-я редакция"}

declare({f"units.stat.{k}": (v, _STAT_RU[k]) for k, v in STAT_LABELS.items()})
declare({f"units.band.{k}": (v, _BAND_RU[k]) for k, v in BAND_LABELS.items()})
declare({f"units.edition.{k}": (v, _EDITION_RU[k]) for k, v in EDITION_LABELS.items()})
declare({
    "units.state.battle_ready": ("Battle-Ready", "Боеготов"),
    "units.state.crippled": ("Crippled", "Повреждён"),
    "units.crippled_stat": ("{stat} (Crippled)", "{stat} (повреждён)"),
    "units.label": ("{name} ({faction}{edition}: {source}, {version})",
                    "{name} ({faction}{edition}: {source}, {version})"),
    "units.label_plain": ("{name} ({faction}{source}, {version})", "{name} ({faction}{source}, {version})"),
    "units.revision": ("revision {n}", "ревизия {n}"),
    "units.lead": ("{where} lead", "{where}, ведущее"),
    "units.support_dw3": (Plural("count", ("{where} support (bracketed) × {count} other model",
                                           "{where} support (bracketed) × {count} other models")),
                          Plural("count", ("{where}, поддержка (в скобках) × {count} другая модель",
                                           "{where}, поддержка (в скобках) × {count} другие модели",
                                           "{where}, поддержка (в скобках) × {count} других моделей"))),
    "units.support_dw4": (Plural("count", ("{where} value × {count} other model",
                                           "{where} value × {count} other models")),
                          Plural("count", ("{where}, значение × {count} другая модель",
                                           "{where}, значение × {count} другие модели",
                                           "{where}, значение × {count} других моделей"))),
    "units.boarding": ("{unit} › Boarding Parties ({x})", "{unit} › Абордажные команды ({x})"),
    "units.boarding_models": (Plural("count", ("{unit} › Boarding Parties ({x}) × {count} model",
                                               "{unit} › Boarding Parties ({x}) × {count} models")),
                              Plural("count", ("{unit} › Абордажные команды ({x}) × {count} модель",
                                               "{unit} › Абордажные команды ({x}) × {count} модели",
                                               "{unit} › Абордажные команды ({x}) × {count} моделей"))),
    "units.assault_support": (Plural("count", ("{count} other model of {unit} supports (+2 dice each)",
                                               "{count} other models of {unit} support (+2 dice each)")),
                              Plural("count", ("{count} другая модель {unit} поддерживает (+2 куба каждая)",
                                               "{count} другие модели {unit} поддерживают (+2 куба каждая)",
                                               "{count} других моделей {unit} поддерживают (+2 куба каждая)"))),
    "units.aerial_shift": ("{range}; an Aerial target is one band further: {band} (the weapon's dice are read "
                           "there)", "{range}; воздушная цель на одну категорию дальше: {band} (кубы оружия "
                                     "взяты оттуда)"),
    "units.ram_inches": ("⟨distance⟩: inches moved before the impact", "⟨distance⟩: дюймы, пройденные до удара"),
    "units.qualities": ("{weapon} › qualities", "{weapon} › свойства"),
    "units.range": ("{distance}\" is {band} ({bands}; a target on a border is in the nearer band)",
                    "{distance}\" — это {band} ({bands}; цель на границе — в ближней категории)"),
    "units.bands.dw3": ("Point blank 0-10\", Closing 10-20\", Long 20-30\"",
                        "В упор 0-10\", Сближение 10-20\", Дальняя 20-30\""),
    "units.bands.dw4": ("Close 0-10\", Standard 10-30\", Extreme beyond 30\"",
                        "Ближняя 0-10\", Стандартная 10-30\", Предельная дальше 30\""),
    "units.crippled_given": ("{unit} › Crippled (as given)", "{unit} › повреждён (как задано)"),
    "units.also_known": ("{unit}: {label} used; also known from {others}",
                         "{unit}: использован профиль {label}; он известен также из {others}"),
    "units.role.attacker": ("attacker: {label}", "атакующий: {label}"),
    "units.role.target": ("target: {label}", "цель: {label}"),
    "units.inferred": ("the units named have {edition} profiles only: the {ruleset} ruleset is used",
                       "у названных кораблей есть только профили ({edition}): использованы правила {ruleset}"),
    "units.inferred_default": ("the units named have {edition} profiles only: the {ruleset} ruleset is used "
                               "(not the default {default})",
                               "у названных кораблей есть только профили ({edition}): использованы правила "
                               "{ruleset} (а не {default} по умолчанию)"),
    "units.card_rules": ("card rules › {why}", "правила карточки › {why}"),
    "units.card_rule_line": ("{rule} ({unit}): {effect}", "{rule} ({unit}): {effect}"),
    "units.weapon_note": ("{weapon}: {note}", "{weapon}: {note}"),
    "units.err.not_found": ("{field}: no unit named {query!r}{near}", "{field}: нет корабля с именем «{query}»{near}"),
    "units.err.did_you_mean": ("; did you mean {names}?", "; может быть, {names}?"),
    "units.err.ambiguous": ("{field}: {query!r} could be {names}; name one",
                            "{field}: «{query}» может означать {names}; назовите один"),
    "units.err.factions": ("{field}: {query!r} is a unit of several factions ({factions}); put the faction first, "
                           "e.g. '{example}'", "{field}: «{query}» есть у нескольких фракций ({factions}); назовите "
                                              "фракцию первой, например «{example}»"),
    "units.err.wrong_edition": ("{field}: {name!r} has only {editions} profiles; the {edition} rules use {edition} "
                                "profiles only (import that edition's data, or choose the other ruleset)",
                                "{field}: у «{name}» есть только профили ({editions}); правила ({edition}) "
                                "используют только свои профили (импортируйте данные этой редакции или выберите "
                                "другие правила)"),
    "units.err.no_weapon": ("{field}: {unit} has no weapon like {name!r} (it has: {names})",
                            "{field}: у {unit} нет оружия, похожего на «{name}» (есть: {names})"),
    "units.err.distance": ("{field}: give the distance in inches so the weapon's range band is known",
                           "{field}: задайте расстояние в дюймах, чтобы знать категорию дистанции оружия"),
    "units.err.beyond": ("{field}: {distance}\" is beyond {weapon}'s reach ({reach}\")",
                         "{field}: {distance}\" — дальше, чем достаёт {weapon} ({reach}\")"),
    "units.err.lead_weapon": ("{field}: name {unit}'s lead weapon (one of: {names})",
                              "{field}: назовите ведущее оружие {unit} (одно из: {names})"),
    "units.q.unknown": ("quality '{quality}' is not modelled by the {ruleset} calculator: the attack is resolved "
                        "without it", "свойство «{quality}» не моделируется калькулятором {ruleset}: атака решена "
                                      "без него"),
    "units.q.condition_ignored": ("quality '{quality}': '{condition}' is not modelled; used as {key}",
                                  "свойство «{quality}»: условие «{condition}» не моделируется; учтено как {key}"),
    "units.q.as_given": ("quality '{quality}' applies only against {condition}: used as given",
                         "свойство «{quality}» действует только против «{condition}»: учтено как задано"),
    "units.q.applies": ("quality '{quality}': the target is {condition}, so it applies",
                        "свойство «{quality}»: цель — «{condition}», поэтому оно действует"),
    "units.q.not_this_target": ("quality '{quality}' applies only against {condition}: not this target",
                                "свойство «{quality}» действует только против «{condition}»: не против этой цели"),
})
def refusal(key: str, field: str, code: str | None = None, **params: object) -> UnitLookupError:
    """A unit lookup error from the catalogue: English as its text, either language for the front end."""
    return UnitLookupError(text(key, "en", field=field, **params), field, code=code, key=key,
                           params={"field": field, **params})


say = text  # the catalogue's renderer, for modules whose own variables are called `text`
_REVISION = re.compile(r"^revision (\d+)$")


def unit_label_text(unit: Unit, lang: str) -> str:
    """`units.model.unit_label` in the player's language: the card's names as printed, the words around them
    translated."""
    faction = f"{unit['faction']}, " if unit.get("faction") else ""
    version = str(unit.get("version") or "")
    revision = _REVISION.match(version)
    if revision:
        version = text("units.revision", lang, n=revision.group(1))
    if unit.get("edition_label") and unit.get("edition") in EDITION_LABELS:
        return text("units.label", lang, name=unit["name"], faction=faction,
                    edition=text(f"units.edition.{unit['edition']}", lang), source=unit["source"], version=version)
    return text("units.label_plain", lang, name=unit["name"], faction=faction, source=unit["source"],
                version=version)
