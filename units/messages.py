"""The texts units/ adds to a referee answer (notes, the source of each value), in English and Russian.

Why: a Russian request gets Russian notes and inputs-from-profiles lines (issue 21 left them English).
Unit, weapon, rule and file names are the cards' own and stay as printed; every sentence around them
is a catalogue template (core/messages.py).
"""
from __future__ import annotations

import re

from core.messages import Phrase, Plural, declare, text
from units.errors import UnitDataError, UnitLookupError
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
    "units.err.no_weapons": ("{field}: {unit} has no weapon profiles", "{field}: у {unit} нет профилей оружия"),
    "units.err.no_weapons_attack": ("{field}: {unit} has no weapon profiles to attack with",
                                    "{field}: у {unit} нет профилей оружия, чтобы атаковать"),
    "units.err.no_stat": ("{field}: {unit} has no known {state} {stat} (not printed or not recoverable); give "
                          "⟨{param}⟩ yourself", "{field}: у {unit} неизвестно значение «{stat}» ({state}: не "
                                               "напечатано или не восстановить); задайте ⟨{param}⟩ сами"),
    "units.err.not_a_band": ("{field}: {band} is not a band of {weapon} (its bands: {bands})",
                             "{field}: {band} — не категория дистанции {weapon} (его категории: {bands})"),
    "units.err.no_lead": ("{field}: {weapon} has no known {state} {band} value (not printed); give ⟨lead⟩ yourself",
                          "{field}: у {weapon} неизвестно значение ({state}, {band}: не напечатано); задайте "
                          "⟨lead⟩ сами"),
    "units.err.dash_at": ("{field}: {weapon} has no {band} value (\"-\"): it cannot fire at {distance}\"",
                          "{field}: у {weapon} нет значения для категории «{band}» («-»): оно не стреляет на "
                          "{distance}\""),
    "units.err.dash": ("{field}: {weapon} cannot fire at {band} range (\"-\")",
                       "{field}: {weapon} не стреляет на дистанции «{band}» («-»)"),
    "units.err.no_support": ("{field}: {weapon} has no known support value; give ⟨support⟩",
                             "{field}: у {weapon} неизвестно значение поддержки; задайте ⟨support⟩"),
    "units.err.weapon_needs_attacker": ("{field}: name the attacker too (⟨attacker⟩) so the weapon can be found",
                                        "{field}: назовите и атакующего (⟨attacker⟩), чтобы найти оружие"),
    "units.err.no_boarding": ("{field}: {unit} has no Boarding Parties (X) on its card; give ⟨boarding⟩ yourself",
                              "{field}: на карточке {unit} нет Абордажных команд (X); задайте ⟨boarding⟩ сами"),
    "units.err.sky_commandos": ("{field}: {unit} boards Airborne models only (Sky Commandos); this target is not "
                                "Airborne", "{field}: {unit} берёт на абордаж только воздушные модели (Sky "
                                            "Commandos); эта цель не воздушная"),
    "units.err.no_ramming": ("{field}: {weapon} has no Ramming (X) quality",
                             "{field}: у {weapon} нет свойства Ramming (X)"),
    "units.err.action": ("{field}: {action!r} is not attack, assault or ram",
                         "{field}: «{action}» — не атака, штурм или таран"),
    "units.err.needs_unit": ("{field}: unit inputs need a unit: give ⟨attacker⟩ or ⟨target⟩",
                             "{field}: для этих значений нужен корабль: задайте ⟨attacker⟩ или ⟨target⟩"),
    "units.err.empty_name": ("{field}: give a unit name", "{field}: назовите корабль"),
    "units.err.long_name": ("{field}: the name is {length} characters; the limit is {limit}",
                            "{field}: в имени {length} символов; предел — {limit}"),
    "units.err.no_paths": ("{field}: give at least one BattleScribe file or folder",
                           "{field}: укажите хотя бы один файл или папку BattleScribe"),
    "units.nothing_imported": ("nothing is imported", "ничего не импортировано"),
    "units.err.no_source": ("{field}: no imported file {source!r} (imported: {known})",
                            "{field}: нет импортированного файла «{source}» (импортированы: {known})"),
    "units.err.source_linked": (Plural("count", ("{field}: {file} is linked by {users}; remove it first",
                                                 "{field}: {file} is linked by {users}; remove them first")),
                                Plural("count", ("{field}: на {file} ссылается {users}; сначала удалите его",
                                                 "{field}: на {file} ссылаются {users}; сначала удалите их",
                                                 "{field}: на {file} ссылаются {users}; сначала удалите их"))),
    "units.err.no_fleet": ("{field}: no fleet imported yet (import a BattleScribe or New Recruit roster, .rosz or "
                           ".ros, first)", "{field}: флот ещё не импортирован (сначала импортируйте ростер "
                                           "BattleScribe или New Recruit, .rosz или .ros)"),
    "units.err.no_fleet_named": ("{field}: no fleet named {name!r} (fleets: {names})",
                                 "{field}: нет флота «{name}» (флоты: {names})"),
    "units.err.fleet_file": ("{field}: the fleet file is unreadable ({reason}); import the roster again",
                             "{field}: файл флотов не читается ({reason}); импортируйте ростер снова"),
    "units.err.too_many_fleets": ("{field}: {limit} fleets are kept at most; remove one first",
                                  "{field}: хранится не больше {limit} флотов; сначала удалите один"),
    "units.err.fleet_edition": ("{field}: the fleet {name!r} is a {edition} roster; the {rules} rules cannot use "
                                "its profiles", "{field}: флот «{name}» — ростер ({edition}); правила {rules} "
                                                "не могут использовать его профили"),
    "units.err.xml_too_big": ("{name}: more than {limit} bytes of XML",
                              "{name}: больше {limit} байт XML"),
    "units.err.not_xml": ("{name}: not well-formed XML (line {line}: {why})",
                          "{name}: некорректный XML (строка {line}: {why})"),
    "units.err.file_too_big": ("{name}: {size} bytes; the limit is {limit}",
                               "{name}: {size} байт; предел — {limit}"),
    "units.err.zip_members": ("{name}: a zipped BattleScribe file must hold exactly one {holds}, this one "
                              "holds {count}", "{name}: сжатый файл BattleScribe должен содержать ровно один "
                                               "{holds}, а в этом их {count}"),
    "units.err.unzips_to": ("{name}: {member} unzips to {size} bytes; the limit is {limit}",
                            "{name}: {member} распаковывается в {size} байт; предел — {limit}"),
    "units.err.not_zip": ("{name}: not a zip file ({why})", "{name}: это не zip-архив ({why})"),
    "units.err.no_file": ("{name}: no such file", "{name}: нет такого файла"),
    "units.err.not_regular": ("{name}: not a regular file (a device, pipe or socket)",
                              "{name}: не обычный файл (устройство, канал или сокет)"),
    "units.err.unreadable": ("{name}: cannot read the file ({why})",
                             "{name}: файл не читается ({why})"),
    "units.err.not_roster": ("{name}: not a roster (expected .rosz or .ros)",
                             "{name}: это не ростер (нужен .rosz или .ros)"),
    "units.err.roster_root": ("{name}: root element <{tag}> is not a BattleScribe <roster>",
                              "{name}: корневой элемент <{tag}> — не <roster> BattleScribe"),
    "units.err.roster_game": ("{name}: a roster of {system!r}, not of Dystopian Wars",
                              "{name}: ростер игры «{system}», а не Dystopian Wars"),
    "units.err.roster_empty": ("{name}: the roster holds no ship with a stat profile",
                               "{name}: в ростере нет ни одного корабля с профилем характеристик"),
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
def refusal(key: str, field: str, code: str | None = None, status: int | None = None,
            **params: object) -> UnitLookupError:
    """A unit lookup error from the catalogue: English as its text, either language for the front end."""
    return UnitLookupError(text(key, "en", field=field, **params), field, code=code, status=status, key=key,
                           params={"field": field, **params})


def data_refusal(key: str, field: str, code: str | None = None, **params: object) -> UnitDataError:
    """A unit data (file) error from the catalogue, as `refusal`."""
    return UnitDataError(text(key, "en", field=field, **params), field, code=code, key=key,
                         params={"field": field, **params})


def unit_phrase(unit: Unit) -> Phrase:
    """`unit_label_text` as a message parameter: an error carrying it is said in the player's language."""
    faction = f"{unit['faction']}, " if unit.get("faction") else ""
    version: object = str(unit.get("version") or "")
    revision = _REVISION.match(str(version))
    if revision:
        version = Phrase("units.revision", {"n": revision.group(1)})
    common = {"name": unit["name"], "faction": faction, "source": unit["source"], "version": version}
    if unit.get("edition_label") and unit.get("edition") in EDITION_LABELS:
        return Phrase("units.label", {**common, "edition": Phrase(f"units.edition.{unit['edition']}")})
    return Phrase("units.label_plain", common)


def state_phrase(crippled: bool) -> Phrase:
    return Phrase("units.state.crippled" if crippled else "units.state.battle_ready")


say = text  # the catalogue's renderer, for modules whose own variables are called `text`
_REVISION = re.compile(r"^revision (\d+)$")


def unit_label_text(unit: Unit, lang: str) -> str:
    """`units.model.unit_label` in the player's language: the card's names as printed, the words around them
    translated."""
    phrase = unit_phrase(unit)
    return text(phrase.key, lang, **phrase.params)
