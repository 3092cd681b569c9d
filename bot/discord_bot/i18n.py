"""Russian for the Discord front end: the command payload (via discord.py's Translator) and fixed strings.

Two jobs, one table each:
- `AdmiraltyTranslator` gives Discord Russian names and descriptions for every command, option
  and choice, so a Russian client shows `/правило термин:` instead of `/rule term:`. Discord still
  sends the English names back, so callbacks never see the Russian ones.
- `t(key, lang)` returns a fixed string (titles, notices, errors) in English or Russian.

`answer_locale` decides which language a reply uses: the channel's or server's `locale` setting,
then the server's own locale, then English; in DMs (no server) the user's client locale.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from core.messages import Plural, Text, declare, text

log = logging.getLogger("admiralty.discord")

LANGS = ("en", "ru")
# Discord's rule for command and option names (the \p{L}/\p{N} classes, lowercase only).
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")

COMMAND_NAMES_RU = {
    "ask": "вопрос", "rule": "правило", "sources": "источники", "settings": "настройки", "help": "помощь",
    "unit": "юнит", "attack": "атака", "assault": "абордаж", "ram": "таран",
    "broadside": "бортовой_залп", "collision": "столкновение", "srs": "эскадрильи", "fleet": "флот",
    "vs": "против", "import": "импорт",
}

COMMAND_DESCRIPTIONS_RU = {
    "ask": "Вопрос по правилам: ответ цитирует и указывает источник.",
    "rule": "Правило или ключевое слово: статья из каждой редакции.",
    "sources": "Документы, редакции и версии, по которым я отвечаю.",
    "settings": "Показать или изменить настройки сервера (изменять — с правом «Управлять сервером»).",
    "help": "Что я умею и как спрашивать.",
    "unit": "Карточка юнита: характеристики, оружие, особые правила, источник.",
    "attack": "Шансы или результат атаки (попадания, контратаки, урон, криты).",
    "assault": "Шансы или результат абордажа.",
    "ram": "Шансы или результат тарана.",
    "broadside": "Шансы или результат бортового залпа.",
    "collision": "Шансы или результат столкновения.",
    "srs": "Шансы или результат атаки эскадрилий малой дальности (SRS).",
    "fleet": "Ваш флот: импорт ростера BattleScribe/New Recruit и что он может против одной цели.",
    "vs": "Что может ваш флот (ростер BattleScribe/New Recruit) против одной цели: точные шансы.",
    "import": "Импорт флота: приложите ростер BattleScribe/New Recruit (.rosz или .ros).",
}

OPTION_NAMES_RU = {
    # search, settings, units
    "question": "вопрос", "edition": "редакция", "game": "игра", "term": "термин", "name": "название",
    "language": "язык_ответов", "locale": "язык_бота", "reset": "сбросить", "this_channel": "только_этот_канал",
    # referee
    "description": "описание", "ruleset": "правила", "dice": "кубы", "lead": "ведущее", "support": "поддержка",
    "armour": "броня", "citadel": "цитадель", "mass": "масса", "hull": "корпус", "damage_taken": "полученный_урон",
    "crippled": "повреждён", "crippled_hull": "корпус_повреждённого", "defence": "защита",
    "target_adv": "пво_цели", "target_sdv": "пло_цели", "defence_models": "модели_защиты",
    "target_escorts": "эскорт_цели", "srs_discard": "сброс_srs", "attached": "присоединён", "obscured": "скрыта",
    "obscuring_mass": "масса_укрытия", "hampered": "помехи", "quality": "свойство", "range": "зона_дальности",
    "distance": "расстояние", "target_type": "тип_цели", "attacker_aerial": "атакующий_воздушный",
    "shield": "щит", "shield_dice": "кубы_щита", "escorts": "эскорт", "markers": "маркеры",
    "target_generator": "генераторы_цели", "blocked": "обзор_закрыт", "target_ablative": "абляционная_броня",
    "sustained_policy": "правило_непрерывного", "mass1_strict": "масса1_строго",
    "devastating_explosions_off": "без_опустошительных_взрывов", "roll": "бросок", "rerolls": "перебросы",
    "explosions": "взрывы", "defence_roll": "бросок_защиты", "critical_roll": "бросок_критов",
    "fray": "свалка", "srs": "srs", "assaulter": "штурмующий", "target_srs": "srs_цели",
    "target_citadel": "цитадель_цели", "target_mass": "масса_цели", "boarding": "абордажные_команды",
    "target_defences": "защита_цели", "target_crew": "экипаж_цели", "target_disorder": "беспорядок_цели",
    "target_boarding": "абордажники_цели", "inches": "дюймы", "ramming": "таран_x", "bonus": "бонус",
    "rammer_mass": "масса_таранящего", "rammer_damage_taken": "урон_таранящего", "target_armour": "броня_цели",
    "target_hull": "корпус_цели", "target_damage_taken": "урон_цели", "crew": "экипаж",
    "crew_check": "проверка_экипажа",
    "card_values": "значения_карт", "heavy_prow": "тяжёлый_нос", "target_heavy_prow": "тяжёлый_нос_цели",
    "card_dice": "кубы_карточек", "card_rules_off": "без_правил_карточек", "mover_heavy_prow": "тяжёлый_нос_движущейся",
    "rammer_disorder": "беспорядок_таранящего", "self_damage_roll": "бросок_самоурона",
    "attacker": "атакующий", "weapon": "оружие", "target": "цель", "attacker_models": "моделей_атакующего",
    "attacker_crippled": "атакующий_повреждён", "target_crippled": "цель_повреждена",
    "no_generators": "без_генераторов", "tokens": "жетоны", "interceptors": "перехватчики",
    "dice_per_token": "кубов_на_жетон", "torpedo": "торпедная_атака", "target_shredded": "защита_цели_разбита",
    "attack_rating": "рейтинг_атаки", "intercept_rating": "рейтинг_перехвата", "resilience": "стойкость",
    "intercept_roll": "бросок_перехвата", "intercept_explosions": "взрывы_перехвата",
    "mover_mass": "масса_движущегося", "impact": "препятствие", "impact_mass": "масса_препятствия",
    "mover_trait": "положение_движущегося", "impact_trait": "положение_препятствия",
    "mover_hull": "корпус_движущегося", "mover_damage_taken": "урон_движущегося",
    "mover_disorder": "беспорядок_движущегося", "impact_disorder": "беспорядок_препятствия", "cause": "причина",
    "broadside": "бортовой_залп", "attacker_disorder": "беспорядок_атакующего", "incendiary": "зажигательный",
    "incendiary_roll": "бросок_зажигательного", "fleet": "флот", "roster": "ростер",
}

# Option descriptions: "command.option" first, then "option".
OPTION_DESCRIPTIONS_RU = {
    "ask.question": "Ваш вопрос, по-русски или по-английски",
    "ask.edition": "Искать только в этой редакции",
    "ask.game": "Искать только в этой игре",
    "rule.term": "Название правила или ключевого слова (русское или английское)",
    "unit.name": "Название юнита (начните печатать — будут подсказки)",
    "vs.target": "Цель: название юнита (начните печатать — будут подсказки)",
    "vs.fleet": "Название флота (по умолчанию — последний импортированный)",
    "import.roster": "Файл ростера (.rosz или .ros) из BattleScribe или New Recruit",
    "settings.ruleset": "Правила по умолчанию для /атака, /абордаж и /таран",
    "settings.game": "Игра по умолчанию для /вопрос",
    "settings.edition": "Редакция по умолчанию для /вопрос",
    "settings.language": "Отвечать на /вопрос только из документов на этом языке",
    "settings.locale": "Язык, на котором говорит бот",
    "settings.reset": "Забыть все настройки (сервера или этого канала)",
    "settings.this_channel": "Изменить только для этого канала, а не для всего сервера",
    "description": "Ситуация своими словами, по-русски или по-английски (поля важнее текста)",
    "ruleset": "dw3 (книга правил 3.03), dw3-qrs (памятка), dw4",
    "dice": "Всего кубов атаки (весь пул)",
    "lead": "Кубы ведущего оружия на этой дистанции",
    "support": "Кубы поддерживающего оружия",
    "armour": "Броня цели (dw4: порог успеха)",
    "citadel": "Цитадель цели (dw3)",
    "mass": "Масса цели",
    "hull": "Корпус цели на текущей стороне",
    "ram.hull": "Корпус таранящей модели (без модификаторов)",
    "damage_taken": "Урон, уже полученный целью на текущей стороне",
    "crippled": "Цель уже повреждена (Crippled)",
    "crippled_hull": "Корпус повреждённой стороны (dw3)",
    "defence": "Кубы защиты цели одним числом (dw4: рейтинг защиты)",
    "target_adv": "dw3: ПВО цели (ADV)",
    "target_sdv": "dw3: подводная защита цели (SDV)",
    "defence_models": "dw3: другие модели отряда цели в 4\" с такой защитой (+1 куб каждая)",
    "target_escorts": "Жетоны эскорта у цели (+1 куб защиты каждый)",
    "srs_discard": "dw3: жетоны SRS, сбрасываемые целью (+1 куб защиты каждый)",
    "attached": "dw3: отряд цели присоединён к другому и в связности (+1 куб защиты)",
    "obscured": "Цель скрыта (Obscured)",
    "obscuring_mass": "dw4: масса самой большой скрывающей модели",
    "hampered": "dw4: участвующие модели с затруднённым обзором (+2 куба каждая)",
    "quality": "Свойства оружия через запятую, напр. devastating, piercing",
    "ram.quality": "Другие свойства тарана (напр. piercing)",
    "range": "Зона дальности",
    "distance": "Расстояние в дюймах (зона определяется по нему)",
    "target_type": "Положение цели (надводная, воздушная, подводная…)",
    "attacker_aerial": "Атакующий отряд воздушный",
    "shield": "Цель использует генератор щита",
    "shield_dice": "Сколько кубов снимает генератор щита (по умолчанию 2)",
    "escorts": "dw3: жетоны эскорта атакующего (+1 куб в упор)",
    "markers": "Маркеры критов, уже лежащие на цели (напр. reactor-leak)",
    "target_generator": "dw3: у цели есть генераторы",
    "blocked": "dw4: обзор на начальную цель закрыт",
    "target_ablative": "dw4: абляционная броня цели (X)",
    "sustained_policy": "Какую грань перебрасывает Sustained в режиме шансов",
    "mass1_strict": "dw3: модели массы 1 нужно попаданий больше цитадели (не равно)",
    "devastating_explosions_off": "dw3: Devastating не действует на взрывающиеся грани",
    "roll": "Выпавшие грани пула (1 взрыв, 2 тяжёлое, 3 попадание, …); режим броска",
    "rerolls": "Перебросы как ПОЗИЦИЯ:ГРАНЬ, напр. 4:2",
    "explosions": "Кубы взрывов в порядке броска",
    "defence_roll": "Грани кубов защиты",
    "critical_roll": "Кубы критических повреждений (1–6)",
    "fray": "dw3: свалка (Fray) штурмующей модели",
    "assault.support": "dw3: поддерживающие модели (+2 куба каждая)",
    "srs": "dw3: сброшенные жетоны SRS атакующего (+1 куб каждый)",
    "assault.escorts": "dw3: жетоны эскорта атакующего (+1 куб каждый)",
    "target_citadel": "Цитадель цели",
    "assault.target_adv": "dw3: ПВО цели",
    "assault.target_sdv": "dw3: подводная защита цели",
    "assaulter": "Положение штурмующей модели",
    "target_srs": "Жетоны SRS, сбрасываемые целью",
    "assault.target_escorts": "Жетоны эскорта у цели (+1 куб каждый)",
    "target_mass": "Масса цели",
    "assault.markers": "dw3: маркеры критов на цели (повтор — катастрофический взрыв)",
    "boarding": "dw4: абордажные команды (X) каждой участвующей модели",
    "target_defences": "dw4: рейтинг защиты цели",
    "target_crew": "dw4: экипаж цели (порог успеха)",
    "target_disorder": "dw4: уровень беспорядка цели",
    "target_boarding": "dw4: собственные абордажные команды цели (X)",
    "inches": "Дюймы, пройденные до столкновения",
    "ramming": "dw3: Ramming (X) таранного оружия",
    "bonus": "Дополнительные кубы тарана от особых правил",
    "rammer_mass": "Масса таранящей модели",
    "rammer_damage_taken": "Урон, уже полученный таранящей моделью",
    "target_armour": "dw3: броня цели",
    "ram.target_citadel": "dw3: цитадель цели",
    "target_hull": "Корпус цели на текущей стороне",
    "target_damage_taken": "Урон, уже полученный целью",
    "crew": "dw4: экипаж таранящей модели",
    "crew_check": "dw4: результат проверки экипажа",
    "card_values": "dw4: значения карт как НИЗ-ВЕРХ (по умолчанию 1-10)",
    "heavy_prow": "dw4: тяжёлый нос (X) таранящей модели",
    "card_dice": "Кубы, добавленные (+) или снятые (-) правилами карточек отрядов",
    "card_rules_off": "Правила карточек названных отрядов, которые не применять (напр. Ablative Armour)",
    "mover_heavy_prow": "dw4: тяжёлый нос (X) движущейся модели: её урон меньше на X",
    "target_heavy_prow": "dw4: тяжёлый нос (X) цели",
    "rammer_disorder": "dw4: беспорядок таранящей модели до тарана",
    "self_damage_roll": "dw3: куб самоповреждения таранящего",
    "attacker": "Атакующий юнит (начните печатать — будут подсказки)",
    "weapon": "Оружие атакующего юнита",
    "target": "Юнит-цель",
    "attacker_models": "Сколько моделей атакует",
    "attacker_crippled": "Атакующий повреждён",
    "target_crippled": "Цель повреждена",
    "no_generators": "У цели нет генераторов",
    "tokens": "Атакующие жетоны SRS в стопке",
    "interceptors": "Дружественные цели жетоны SRS, перехватывающие атаку",
    "dice_per_token": "dw3: кубов атаки на жетон",
    "torpedo": "dw3: торпедная атака (Piercing, Torpedo, Submerged)",
    "srs.target_type": "Положение цели",
    "target_shredded": "dw3: у цели маркер разбитой защиты (ПВО/ПЛО считаются 0)",
    "srs.target_armour": "Броня цели (dw4: наибольшая среди целей атаки)",
    "srs.target_citadel": "dw3: цитадель цели",
    "srs.target_mass": "dw3: масса цели",
    "srs.target_hull": "dw3: корпус цели на текущей стороне",
    "attack_rating": "dw4: рейтинг атаки каждого жетона",
    "intercept_rating": "dw4: рейтинг перехвата каждого жетона поддержки",
    "resilience": "dw4: стойкость атакующей стопки",
    "srs.target_defences": "dw4: защита каждой цели атаки по порядку",
    "intercept_roll": "Грани кубов перехвата",
    "intercept_explosions": "dw4: дополнительные кубы взрывов при перехвате",
    "mover_mass": "Масса движущейся модели",
    "impact": "Во что врезалась модель: модель, местность, препятствие, эскорт",
    "impact_mass": "Масса модели (или препятствия), в которую врезались",
    "mover_trait": "Положение движущейся модели",
    "impact_trait": "Положение модели, в которую врезались",
    "mover_hull": "Корпус движущейся модели",
    "mover_damage_taken": "Урон, уже полученный движущейся моделью",
    "mover_disorder": "Беспорядок движущейся модели до столкновения",
    "impact_disorder": "Беспорядок модели, в которую врезались, до столкновения",
    "cause": "Почему это столкновение (движение, таран меньше 3\", провал экипажа…)",
    "collision.inches": "Дюймы, пройденные до контакта (для тарана нужно 3\" и больше)",
    "collision.roll": "Кубы движущейся модели; режим броска",
    "broadside": "Рейтинг бортового залпа каждой участвующей модели",
    "attacker_disorder": "Наибольший беспорядок среди участвующих моделей",
    "incendiary": "Наибольший рейтинг залпа среди моделей с зажигательными залпами",
    "broadside.target_disorder": "Беспорядок цели до залпа",
    "incendiary_roll": "Кубы критов зажигательного залпа (названия эффектов)",
    "assault.attacker": "Штурмующий юнит",
    "assault.target": "Юнит-цель абордажа",
    "ram.attacker": "Таранящий юнит",
    "ram.target": "Юнит-цель тарана",
    "ram.weapon": "Таранное оружие атакующего",
}

CHOICE_NAMES_RU = {
    "English": "английский", "Russian": "русский",
    "point-blank": "в упор", "closing": "сближение", "long": "дальняя", "close": "близкая",
    "standard": "стандартная", "extreme": "предельная",
    "surface": "надводная", "aerial": "воздушная", "submerged": "подводная", "ground": "наземная",
    "skimming": "скользящая", "airborne": "в воздухе", "underwater": "под водой",
    "pass": "пройдена", "fail": "провалена", "draw": "ничья",
    "max-hits": "больше попаданий", "blank": "пустая", "counter": "контратака", "heavy-counter": "тяжёлая контратака",
    "hit": "попадание",
    "model": "модель", "terrain": "местность", "obstacle": "препятствие", "escort": "эскорт",
    "move": "движение", "ram-under-3": "таран меньше 3\"", "crew-check-failed": "провал проверки экипажа",
    "ram-outside-fore-arc": "таран вне носовой дуги",
}


class AdmiraltyTranslator(app_commands.Translator):
    """Russian names and descriptions for the synced command payload; None (= English) otherwise."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is not discord.Locale.russian:
            return None
        return russian_for(string.message, context.location, context.data)


def russian_for(message: str, location: app_commands.TranslationContextLocation, data: Any) -> str | None:
    """The Russian text for one payload string, or None when there is none (Discord shows the English)."""
    where = app_commands.TranslationContextLocation
    if location in (where.command_name, where.group_name):
        return COMMAND_NAMES_RU.get(message)
    if location in (where.command_description, where.group_description):
        return COMMAND_DESCRIPTIONS_RU.get(getattr(data, "name", ""))
    if location is where.parameter_name:
        return OPTION_NAMES_RU.get(getattr(data, "name", message))
    if location is where.parameter_description:
        name = getattr(data, "name", "")
        command = getattr(getattr(data, "command", None), "name", "")
        return OPTION_DESCRIPTIONS_RU.get(f"{command}.{name}") or OPTION_DESCRIPTIONS_RU.get(name)
    if location is where.choice_name:
        return CHOICE_NAMES_RU.get(message)
    return None


def untranslated(tree: app_commands.CommandTree) -> list[str]:
    """Commands and options that have no Russian name or description (logged at start-up)."""
    missing = []
    commands: list[Any] = list(tree.get_commands())
    for group in [c for c in commands if isinstance(c, app_commands.Group)]:
        commands.extend(group.commands)  # /fleet vs, /fleet import: their names and options too
    for command in commands:
        if command.name not in COMMAND_NAMES_RU or command.name not in COMMAND_DESCRIPTIONS_RU:
            missing.append(f"/{command.name}")
        for param in getattr(command, "parameters", []):
            if param.name not in OPTION_NAMES_RU or not (
                OPTION_DESCRIPTIONS_RU.get(f"{command.name}.{param.name}") or OPTION_DESCRIPTIONS_RU.get(param.name)
            ):
                missing.append(f"/{command.name} {param.name}")
    return missing


# ---------------------------------------------------------------------------------------------
# Fixed strings. Placeholders use str.format; every key exists in both languages (a test checks).
STRINGS: dict[str, dict[str, Text]] = {
    "also_relevant": {"en": "Also relevant: {heading}", "ru": "Также по теме: {heading}"},
    "read_as": {"en": "Read as the rule name “{name}”", "ru": "Прочитано как название правила «{name}»"},
    "answer": {"en": "Answer", "ru": "Ответ"},
    "answer_per_edition": {"en": "Answers by edition", "ru": "Ответы по редакциям"},
    "editions_disagree": {"en": "⚠️ Editions disagree", "ru": "⚠️ Редакции расходятся"},
    "not_in_rules_title": {"en": "Not in the rules", "ru": "В правилах этого нет"},
    "not_in_rules": {
        "en": "I found nothing in the rules that answers “{question}”.",
        "ru": "В правилах не нашлось ответа на «{question}».",
    },
    "closest_rules": {"en": "Closest rules (press one to open it):",
                      "ru": "Ближайшие правила (нажмите, чтобы открыть):"},
    "try_other_words": {
        "en": "Try other words, drop the edition/game filter, or look a term up with `/rule`.",
        "ru": "Попробуйте другие слова, уберите фильтр редакции/игры или найдите термин через `/правило`.",
    },
    "english_terms": {"en": "English terms in this passage", "ru": "Английские термины в этом тексте"},
    "more_pointer": {"en": "(more: see {section} in {doc})", "ru": "(продолжение: {section} в {doc})"},
    "matched_part": {
        "en": "Showing part {part} of {parts} (the part that matched); the rest: `/rule {term}`.",
        "ru": "Показана часть {part} из {parts} (где нашёлся ответ); целиком: `/правило {term}`.",
    },
    "continued": {"en": "{title} (continued {i}/{n})", "ru": "{title} (продолжение {i}/{n})"},
    "no_rule_named": {"en": "No rule named “{query}”", "ru": "Нет правила «{query}»"},
    "rule_ambiguous": {"en": "“{query}” matches several rules", "ru": "«{query}» подходит к нескольким правилам"},
    "pick_one": {"en": "Pick one from the menu below:", "ru": "Выберите одно в меню ниже:"},
    "did_you_mean": {"en": "Did you mean:", "ru": "Возможно, вы имели в виду:"},
    "check_spelling": {
        "en": "Try `/ask` with a question, or check the spelling.",
        "ru": "Задайте вопрос через `/вопрос` или проверьте написание.",
    },
    "picker_placeholder": {"en": "Choose one…", "ru": "Выберите…"},
    "edition_not_stated": {"en": "edition not stated", "ru": "редакция не указана"},
    "other_editions": {"en": "Other editions", "ru": "Другие редакции"},
    "no_other_editions": {
        "en": "No other edition has a rule named “{term}”.",
        "ru": "В других редакциях нет правила «{term}».",
    },
    "helpful": {"en": "Helpful", "ru": "Полезно"},
    "not_helpful": {"en": "Not helpful", "ru": "Не помогло"},
    "thanks_feedback": {"en": "Thanks — your rating was recorded.", "ru": "Спасибо — оценка сохранена."},
    "post_publicly": {"en": "Post publicly", "ru": "Опубликовать"},
    "posted": {"en": "Posted", "ru": "Опубликовано"},
    "only_author_posts": {
        "en": "Only the person who asked can post this answer.",
        "ru": "Опубликовать ответ может только тот, кто спрашивал.",
    },
    "publish_failed": {
        "en": "Sorry, I could not post that publicly (the error has been logged).",
        "ru": "Не удалось опубликовать ответ (ошибка записана в журнал).",
    },
    "generic_error": {
        "en": "Sorry, something went wrong while answering. The error has been logged; please try again later.",
        "ru": "Что-то пошло не так. Ошибка записана в журнал; попробуйте позже.",
    },
    "unavailable": {
        "en": "The settings database is unavailable right now; please try again in a minute.",
        "ru": "База настроек сейчас недоступна; попробуйте через минуту.",
    },
    "rate_limited": {
        "en": "You're sending commands a little fast — please try again in {seconds} seconds.",
        "ru": "Слишком много команд подряд — попробуйте снова через {seconds} с.",
    },
    "guild_only": {"en": "This command only works inside a server.", "ru": "Эта команда работает только на сервере."},
    "missing_permission": {"en": "You need the {perms} permission.", "ru": "Нужно право: {perms}."},
    "cooldown": {"en": "Please wait {seconds} seconds before trying again.",
                 "ru": "Подождите {seconds} с и попробуйте снова."},
    "bad_value": {"en": "I could not understand the value “{value}”.", "ru": "Не понимаю значение «{value}»."},
    "cannot_use_here": {"en": "You can't use this command here.", "ru": "Здесь эту команду использовать нельзя."},
    "settings_title": {"en": "Server settings", "ru": "Настройки сервера"},
    "settings_updated": {"en": "Server settings updated", "ru": "Настройки сервера изменены"},
    "settings_lead": {
        "en": "Used when a command's matching option is left empty. Anyone can see them; changing them needs "
              "the Manage Server permission.",
        "ru": "Применяются, когда соответствующее поле команды не заполнено. Видны всем; менять может тот, "
              "у кого есть право «Управлять сервером».",
    },
    "settings_need_manage": {
        "en": "Changing the settings needs the Manage Server permission.",
        "ru": "Чтобы менять настройки, нужно право «Управлять сервером».",
    },
    "settings_in_server": {
        "en": "Server settings can only be shown or changed inside a server.",
        "ru": "Настройки сервера можно смотреть и менять только на сервере.",
    },
    "not_set": {"en": "not set", "ru": "не задано"},
    "set_ruleset": {"en": "Ruleset (/attack, /assault, /ram)", "ru": "Правила (/атака, /абордаж, /таран)"},
    "set_game": {"en": "Game (/ask)", "ru": "Игра (/вопрос)"},
    "set_edition": {"en": "Default edition (/ask)", "ru": "Редакция по умолчанию (/вопрос)"},
    "set_language": {"en": "Passage language (/ask)", "ru": "Язык текстов (/вопрос)"},
    "set_locale": {"en": "Bot language", "ru": "Язык бота"},
    "scope_channel": {"en": "(this channel)", "ru": "(этот канал)"},
    "sources": {"en": "Sources", "ru": "Источники"},
    "sources_continued": {"en": "Sources (continued)", "ru": "Источники (продолжение)"},
    "sources_lead": {"en": "{n} documents; every answer cites one of these.",
                     "ru": "Документов: {n}; каждый ответ ссылается на один из них."},
    "src_game": {"en": "Game", "ru": "Игра"},
    "src_edition": {"en": "Edition", "ru": "Редакция"},
    "src_version": {"en": "Version", "ru": "Версия"},
    "src_language": {"en": "Language", "ru": "Язык"},
    "mode_odds": {"en": "odds", "ru": "шансы"},
    "mode_rolled": {"en": "rolled", "ru": "бросок"},
    "no_documents": {"en": "No documents are configured.", "ru": "Документы не настроены."},
    "left_out": {
        "en": Plural("n", ("{n} more part of this answer was left out; narrow the question (e.g. with an edition) "
                           "to see it.",
                           "{n} more parts of this answer were left out; narrow the question (e.g. with an edition) "
                           "to see them.")),
        "ru": Plural("n", ("Не показана ещё {n} часть ответа; уточните вопрос (например, редакцией), чтобы её увидеть.",
                           "Не показаны ещё {n} части ответа; уточните вопрос (например, редакцией), чтобы их увидеть.",
                           "Не показано ещё {n} частей ответа; уточните вопрос (например, редакцией), чтобы их "
                           "увидеть.")),
    },
    "understood": {"en": "Understood inputs", "ru": "Понятые данные"},
    "assumptions": {"en": "Assumptions", "ru": "Допущения"},
    "ignored": {"en": "Words not understood (ignored)", "ru": "Непонятые слова (пропущены)"},
    "from_profiles": {"en": "From unit profiles", "ru": "Из профилей юнитов"},
    "notes": {"en": "Notes", "ru": "Примечания"},
    "steps": {"en": "Steps", "ru": "Шаги"},
    "steps_continued": {"en": "Steps (continued)", "ru": "Шаги (продолжение)"},
    "how_worked_out": {"en": "How it was worked out", "ru": "Как это посчитано"},
    "sources_assumptions": {"en": "Sources and notes", "ru": "Источники и примечания"},
    "assault_results": {"en": "Assault results", "ru": "Результаты абордажа"},
    "effects": {"en": "Effects", "ru": "Эффекты"},
    "at_least": {"en": "P({label} ≥ k)", "ru": "P({label} ≥ k)"},
    "rarer_omitted": {"en": "rarer outcomes omitted", "ru": "редкие исходы опущены"},
    "chart_title": {"en": "{action}: chance of at least k {label}", "ru": "{action}: шанс хотя бы k ({label})"},
    "probability_axis": {"en": "P(at least k), %", "ru": "P(не меньше k), %"},
    "more_steps": {"en": "… (more steps: use `--json` in the CLI)", "ru": "… (остальные шаги: `--json` в CLI)"},
    "resolved": {"en": "Resolved (see the details below).", "ru": "Посчитано (подробности ниже)."},
    "unit_not_found": {"en": "No unit named “{query}”", "ru": "Нет юнита «{query}»"},
    "unit_ambiguous": {"en": "“{query}” matches several units", "ru": "«{query}» подходит к нескольким юнитам"},
    "unit_stats": {"en": "Stats (Battle-Ready / Crippled)", "ru": "Характеристики (боеготов / повреждён)"},
    "unit_weapons": {"en": "Weapons: lead(support), Battle-Ready / Crippled",
                     "ru": "Оружие: ведущее(поддержка), боеготов / повреждён"},
    "unit_rules": {"en": "Special rules", "ru": "Особые правила"},
    "unit_source": {"en": "Source: {source} — version {version}", "ru": "Источник: {source} — версия {version}"},
    "unknown_value": {"en": "? = unknown in the source", "ru": "? = в источнике не указано"},
    "fleet_vs_title": {"en": "{fleet} vs {target}", "ru": "{fleet} против {target}"},
    "fleet_vs_header": {"en": "ship · weapon · mounts · band: dice, expected damage, P(≥1 damage)",
                        "ru": "корабль · оружие · установки · зона: кубы, ожидаемый урон, P(≥1 урона)"},
    "fleet_cannot": {"en": "cannot fire", "ru": "не может стрелять"},
    "help_title": {"en": "Admiralty — rules lookup and referee", "ru": "Admiralty — правила и судья"},
    "help_lead": {
        "en": "Answers are private to you; press **Post publicly** to share one. Every answer cites its "
              "document, edition and section.",
        "ru": "Ответы видны только вам; нажмите **Опубликовать**, чтобы поделиться. Каждый ответ указывает "
              "документ, редакцию и раздел.",
    },
    "help_ask": {"en": "Search the rulebooks: the answer line first, then the whole rule, cited.",
                 "ru": "Поиск по правилам: сначала строка-ответ, затем правило целиком, со ссылкой."},
    "help_rule": {"en": "One rule or keyword, each edition's entry labelled. Start typing for suggestions.",
                  "ru": "Правило или ключевое слово из каждой редакции. Начните печатать — будут подсказки."},
    "help_unit": {"en": "A unit's card: stats, weapons, special rules, source and version.",
                  "ru": "Карточка юнита: характеристики, оружие, правила, источник и версия."},
    "help_fleet": {"en": "What your fleet (a roster imported on this server) can do to one target: every ship, "
                         "weapon and range band with exact odds.",
                   "ru": "Что ваш флот (ростер, импортированный на этом сервере) может сделать с одной целью: каждый "
                         "корабль, оружие и зона дальности с точными шансами."},
    "help_fleet_import": {"en": "Attach a BattleScribe or New Recruit roster (.rosz or .ros): it becomes this "
                                "server's current fleet.",
                          "ru": "Приложите ростер BattleScribe или New Recruit (.rosz или .ros): он станет текущим "
                                "флотом этого сервера."},
    "fleet_imported": {"en": Plural("count", ("Imported: {count} ship, {points} pts. Now this server's current "
                                              "fleet: /fleet vs TARGET.",
                                              "Imported: {count} ships, {points} pts. Now this server's current "
                                              "fleet: /fleet vs TARGET.")),
                       "ru": Plural("count", ("Импортировано: {count} корабль, {points} очк. Теперь это текущий "
                                              "флот сервера: /флот против ЦЕЛЬ.",
                                              "Импортировано: {count} корабля, {points} очк. Теперь это текущий "
                                              "флот сервера: /флот против ЦЕЛЬ.",
                                              "Импортировано: {count} кораблей, {points} очк. Теперь это текущий "
                                              "флот сервера: /флот против ЦЕЛЬ."))},
    "help_referee_title": {"en": "Referee commands", "ru": "Команды судьи"},
    "help_referee": {
        "en": "Dice odds and results. Fill the options (or name the attacker, weapon and target), or describe "
              "the situation in `description`.",
        "ru": "Шансы и результаты бросков. Заполните поля (или укажите атакующего, оружие и цель) либо опишите "
              "ситуацию в поле `описание`.",
    },
    "help_sources": {"en": "The documents, editions and versions I answer from.",
                     "ru": "Документы, редакции и версии, по которым я отвечаю."},
    "help_settings": {"en": "Server defaults: ruleset, game, edition, languages (anyone can look; "
                              "changing needs Manage Server).",
                      "ru": "Настройки сервера: правила, игра, редакция, языки (смотреть может любой, "
                            "менять — с правом «Управлять сервером»)."},
}


# Declared in the one message catalogue (core.messages), where tests/test_messages.py walks them.
declare({f"discord.{key}": (entry["en"], entry["ru"]) for key, entry in STRINGS.items()})


def t(key: str, lang: str | None = "en", **values: Any) -> str:
    """The fixed string `key` in `lang` ("en" or "ru"), with `values` filled in."""
    if not values:
        entry = STRINGS[key]
        plain = entry.get(lang or "en") or entry["en"]
        if isinstance(plain, str):
            return plain  # a fixed text is returned as written (it may hold literal braces)
    return text(f"discord.{key}", lang, **values)


def lang_of(locale: object) -> str | None:
    """"ru" or "en" for a Discord locale or a setting value; None when it is neither."""
    value = str(getattr(locale, "value", locale) or "").lower()
    if value.startswith("ru"):
        return "ru"
    if value.startswith("en"):
        return "en"
    return None


def answer_locale(interaction: discord.Interaction, setting: str | None = None) -> str:
    """The player's language, chosen once per interaction (issue 21): the user's own client locale
    when it is one we speak, then the channel/server `locale` setting, then the server's locale,
    then English."""
    for candidate in (getattr(interaction, "locale", None), setting,
                      getattr(interaction, "guild_locale", None) if interaction.guild_id is not None else None):
        chosen = lang_of(candidate)
        if chosen:
            return chosen
    return "en"


def show_option_names(text: object, lang: str = "en") -> str:
    """Referee/service text with ⟨name⟩ mentions as the option names this user sees
    (the Russian names in Russian), never as CLI flags."""
    from bot.service import show_params

    out = str(text)
    if lang == "ru":
        for name, russian in OPTION_NAMES_RU.items():
            out = out.replace(f"⟨{name}⟩", russian)
    return show_params(out, "discord")
