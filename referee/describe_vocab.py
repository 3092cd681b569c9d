"""The words of a description: which phrase means which input, in English and Russian.

A phrase is a tuple of word patterns. A pattern ending in "*" is a Russian stem: it matches the
stem plus an inflection of at most four letters ("брон*" matches броня, брони, броню, броней);
any other pattern matches the word itself or its plural in -s/-es.

Phrases name *concepts* ("armour", "escorts"), not parameters: `resolve()` picks the parameter
of the action at hand ("armour" is `armour` in an attack and `target_armour` in a ram), from
whatever `referee.params.PARAMS[action]` holds at run time. A parameter no phrase names gets a
phrase made from its own name ("defence_models" -> "defence models").
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from core.params import Kind, ParamSpec
from referee.describe_spelling import one_edit, stem_one_edit, transliterate, typo_allowed

MAX_INFLECTION = 4  # letters a Russian stem pattern lets follow it
# letters only Russian typed in Latin letters has ("zh", "shch", "ja", "'"): only such a word is both
# transliterated and corrected ("vedushee"); "bring" is not read as a misspelt "броня"
_TRANSLIT_MARKS = re.compile(r"zh|kh|ch|sh|ja|ju|ya|yu|'")


@dataclass(frozen=True)
class Entry:
    """One phrase and what it means.

    role: "key" (takes a number), "flag" (sets `concept` to `value`), "quality", "marker", "correction",
    "owner" (target/self; mode: how far it reaches, see OWNERS), "perspective", "neg",
    "conn" (between a key and its number),
    "sep" (between list items), "filler" (understood, carries nothing).
    mode (keys): "pre" ("armour 6"), "both" (also "21 dice"), "post" (units: '10"').
    """

    phrase: tuple[str, ...]
    role: str
    concept: str = ""
    value: Any = None
    mode: str = "pre"
    weak: bool = False  # "in": a unit only right after a number and not before an edition name

    @property
    def weight(self) -> tuple[int, int]:
        """Longer phrases win, then more literal letters ("дальност*" beats "дальн*")."""
        return len(self.phrase), sum(len(p.rstrip("*")) for p in self.phrase)


def _phrases(spec: str) -> list[tuple[str, ...]]:
    return [tuple(p.split()) for p in spec.split("|") if p.strip()]


# concept: (mode, phrases). The parameter is chosen by resolve().
KEYS: dict[str, list[tuple[str, str]]] = {
    "dice": [("both", "dice|die|d|d6|dice pool|pool|attack dice|action dice|куб*|кубик*|кост*|д|д6|набор|"
                      "дайс*")],
    "lead": [("both", "lead|lead weapon|leading|ведущ*|ведущ* оруж*|lead dice|lead weapon dice|ведущ* куб*|лид")],
    "support": [("both", "support|supports|supp|sup|supported|supported by|поддержк*|поддерж*|саппорт*"),
                ("pre", "supporting weapon|supporting weapons|поддерживающ* оруж*"),
                ("both", "supporting|support dice|supporting dice|supporting weapons dice|поддерживающ*|"
                         "поддерживающ* куб*|куб* поддержк*")],
    # a count of models: the assault's ⟨support⟩, never an attack's support dice
    "support_models": [("both", "supporting models|supporting model|support models|support ships|"
                               "supporting ships|поддерживающ* модел*|поддерживающ* корабл*"),
                       # "support from 1 model", "поддерживает 1 модель": the verb, then how many models
                       ("pre", "support from|supported from|supported by|поддерживает|поддерживают")],
    "armour": [("both", "armour|armor|arm|armour value|armour rating|брон*|значени* брон*")],
    "citadel": [("both", "citadel|cit|цитадел*|цит")],
    "defence": [("pre", "defence|defense|def|defence rating|defence value|defense rating|защит*|оборон*|"
                        "систем* защит*")],
    # a count of dice, never a rating: the attack's total ⟨defence⟩, nothing in a dw3 assault
    "defence_dice": [("both", "defence dice|defense dice|куб* защит*|куб* оборон*")],
    # the card's "Противовоздушная защита (Aerial Defence, ADV)"; anti-submarine defence is ПЛО's
    "adv": [("pre", "adv|aerial defence|aerial defense|пво|pvo|воздушн* защит*|воздушн* оборон*|"
                    "противовоздушн* защит*|противовоздушн* оборон*|anti-air|anti air")],
    "sdv": [("pre", "sdv|submerged defence|submerged defense|ппо|ppo|подводн* защит*|подводн* оборон*|"
                    "противолодочн* защит*|противолодочн* оборон*|anti-sub|anti sub")],
    "defence_models": [("both", "defence models|defense models|defending models|models with defence|"
                                "models within 4|модел* с защит*")],
    "mass": [("pre", "mass|масс*")],
    "hull": [("pre", "hull|корпус*")],
    "damage_taken": [("pre", "taken|получен* урон*|получен*"),
                     ("both", "damage|damage taken|dmg|урон*|повреждени*|пробоин*|дамаг*")],
    "crippled_hull": [("pre", "crippled hull|корпус* поврежденн*")],
    # "two of his escorts attached": escorts with the ship, not the rulebook's Attached unit (⟨attached⟩)
    "escorts": [("both", "escort|escort tokens|escort token|эскорт*|жетон* эскорт*|escorts attached|"
                         "escort attached|attached escorts|attached escort")],
    "obscuring_mass": [("pre", "obscuring mass|obscuring model mass|масс* заслоняющ*")],
    "hampered": [("both", "hampered|hampered models|hampered model|затрудненн*")],
    "shield_dice": [("both", "shield dice|куб* щит*")],
    "ablative": [("pre", "ablative|ablative armour|ablative armor|абляционн* брон*")],
    "distance": [("pre", "range|distance|дистанци*|дальност*|расстояни*|moved|moves|move|after|"
                         "moving|после|прошел|прош*|двигал*|переместил*|проплыл*|проехал*|сдвинул*"),
                 ("post", '"|inch|inches|дюйм*')],
    "fray": [("pre", "fray|абордаж*|значени* абордаж*|фрей|фрея")],
    "srs": [("both", "srs|srs tokens|srs token|срс|жетон* srs")],
    "srs_discard": [("both", "srs discard|srs discarded|discarded srs|сброшенн* srs|сброс* srs")],
    "crew": [("pre", "crew|crew rating|экипаж*")],
    # the rulebook's own words for it: Дезорганизация (also misprinted "Деорганизация"), "уровень Беспорядка",
    # "Хаос и Дезориентация"; players' "бардак", "disordered", "disorder conditions"
    "disorder": [("both", "disorder|disorder level|disorder levels|дезорганизаци*|уровен* дезорганизаци*|"
                          "уровн* дезорганизаци*|дизордер*|уровн* дизордер*|уровен* дизордер*|деорганизаци*|"
                          "беспоряд*|уровен* беспоряд*|уровн* беспоряд*|дезориентаци*|бардак*|disordered|"
                          "disorder condition|disorder conditions|disarray")],
    "boarding": [("both", "boarding|boarding parties|boarding party|абордажн* команд*|абордажн* парти*"),
                 ("pre", "boarding values|boarding value|boarding ratings|boarding rating")],
    "ramming": [("pre", "ramming|ram value|таран*|таранящее|таранн* удар*|ramming quality")],
    "bonus": [("both", "bonus|bonus dice|extra dice|бонус*|бонусн* куб*|дополнительн* куб*")],
    "heavy_prow": [("pre", "heavy prow|тяжел* нос*")],
    "generators": [("both", "generator|generators|генератор*")],
    "attached": [("pre", "attached|attached model|присоединенн*|прикрепленн*")],
    "shredded": [("pre", "shredded|shredded defences|shredded defenses")],
    "airborne": [("pre", "airborne|airborne target")],
    "blocked": [("pre", "blocked|blocked visibility|visibility blocked|видимост* блокирован*")],
    "unconventional": [("pre", "unconventional target|unconventional")],
    "tokens": [("both", "tokens|token|жетон*|токен*|srs-токен*|bomber tokens|bombers|bomber|бомбардировщик*")],
    "broadside": [("both", "broadside|broadsides|бортов*|бортов* залп*"),
                  ("pre", "broadside rating|broadside value|broadside ratings|рейтинг* бортов* залп*")],
    # "three ships contributing", "залп двух кораблей": a count of models, which no input takes (listed)
    "model_count": [("post", "ships|models|кораблей|корабля|моделей|модели|ships contributing")],
    "incendiary": [("both", "incendiary|зажигательн*|incendiary broadsides|incendiary broadside|"
                            "зажигательн* бортов*|зажигательн* бортов* залп*")],
    # "within 4\" of two of his models": not a range; its number is listed as not understood
    "within": [("pre", "within|в пределах")],
    "interceptors": [("both", "interceptors|interceptor|fighters|перехватчик*|истребител*")],
    # dw4 SRS: "a stack of 5", "(intercept 1)", "attack rating 2"
    "stack": [("pre", "stack|stack of|стек*")],
    "intercept_rating": [("pre", "intercept|intercept rating|перехват*")],
    "attack_rating": [("pre", "attack rating|рейтинг* атак*")],
    "resilience": [("pre", "resilience|resilience rating|стойкост*")],
}

# Keys whose words mean something else (or nothing) where the action has no such input: "attack 2" is an
# SRS stack's Attack rating, but "attack" is a filler in "attack 12 dice"; "3 dice each" is an SRS run's dice
# per token, but "2 supports at 4 dice each" counts supports. Each is a key only where its parameter exists.
KEYS_WHERE_READ: dict[str, list[tuple[str, str]]] = {
    "attack_rating": [("pre", "attack|атака|атаки|атакой")],
    "broadside": [("both", "залп|залпа|залпом|залпы")],  # a volley: the broadside, where there is one
    "dice_per_token": [("post", "dice each|dice per token|dice a token|куба на жетон|кубов на жетон|"
                                "куба каждый|кубов каждый|куба на токен|кубов на токен")],
}

# Short forms players type for a card's words, each with the full word that names its concept in KEYS:
# glued to the number ("Ar6", "бр5", "bs4", "бр.6") or apart ("AA 3", "бр 5", "эск 2"). A one-letter form
# apart is read before its number ("C 8", "ц 9") unless it is a word of its own (ONE_LETTER_WORDS: "a" is an
# article, "с" and "к" prepositions), which only a capital and a linking word make a rating ("A is 4").
# Anti-air / anti-submarine are the ADV / SDV.
ABBREVIATIONS: dict[str, str] = {
    "a": "armour", "ar": "armour", "arm": "armour", "av": "armour", "а": "броня", "б": "броня", "бр": "броня",
    "c": "citadel", "cit": "citadel", "ct": "citadel", "с": "цитадель", "ц": "цитадель", "цит": "цитадель",
    "h": "hull", "k": "hull", "hl": "hull", "к": "корпус", "корп": "корпус",
    "m": "mass", "м": "масса", "мас": "масса",
    "f": "fray", "fr": "fray", "r": "ramming",
    "adv": "adv", "aa": "adv", "ad": "adv", "пво": "пво",
    "sdv": "sdv", "sd": "sdv", "asw": "sdv", "ппо": "ппо", "пло": "ппо",
    "bs": "broadside", "борт": "бортовой", "бз": "бортовой",
    "esc": "escort", "эск": "эскорт",
    "dmg": "damage", "dam": "damage", "повр": "повреждения", "дмг": "урон",
    "dis": "disorder", "dl": "disorder", "дез": "дезорганизация",
    "atk": "attack", "att": "attack", "атк": "атака",
    "res": "resilience", "стойк": "стойкость", "int": "intercept",
    "crw": "crew", "экип": "экипаж", "dist": "distance", "rng": "range", "дист": "дистанция",
}
# the one-letter words of English and Russian, never a rating's short name when typed apart in lower case
ONE_LETTER_WORDS = frozenset("a i а б в и к о с у я м".split())

# A level said by its name, not its number: the dw3 rulebook's third Disorder status, "Хаос и Смятение (Chaos &
# Disarray)" ("Хаос и Дезориентация" in its index). The first two ("Опасность", "Авария") are everyday words.
NAMED_VALUES: list[tuple[str, int, str]] = [
    ("disorder", 3, "chaos and disarray|chaos & disarray|хаос и смятени*|хаос и дезориентаци*|хаосе и смятени*"),
]

# concept -> parameters to try, before the owner rule ("target_"/"rammer_" + concept)
CANDIDATES: dict[str, tuple[str, ...]] = {
    "distance": ("distance", "inches"),
    "adv": ("target_adv", "adv"),
    "sdv": ("target_sdv", "sdv"),
    "srs": ("srs", "target_srs", "srs_discard", "srs_tokens", "tokens", "interceptors"),
    "srs_discard": ("srs_discard", "target_srs"),
    "defence_dice": ("defence",),
    "ablative": ("target_ablative", "ablative"),
    "generators": ("target_generators", "generators", "target_generator", "has_generators"),
    "shredded": ("shredded", "shredded_defences", "target_shredded"),
    "airborne": ("target_airborne", "airborne"),
    "blocked": ("blocked", "visibility_blocked", "blocked_visibility"),
    "unconventional": ("unconventional_target", "unconventional"),
    "attached": ("attached",),
    "defence_models": ("defence_models",),
    "tokens": ("tokens", "srs_tokens", "srs"),
    "stack": ("tokens",),
    "support_models": ("support_models",),
}

# key concepts the grammar maps to a parameter by rules of their own (describe_grammar._resolve_key)
KEYS_RESOLVED_APART = frozenset({"defence", "support_models", "shredded", "boarding"})

# a concept with no parameter of its own in this action falls back to another concept's
FALLBACKS: dict[str, tuple[str, Any]] = {
    "adv": ("defence", None), "sdv": ("defence", None),
    "airborne": ("target_type", "aerial"),
    "shredded": ("markers", "shredded-defences"),
}

# parameter -> (value, phrases): words that set a choice or a yes/no input
FLAGS: list[tuple[str, Any, str]] = [
    ("obscured", True, "obscured|obscured target|target obscured|target is obscured|скрыт*|скрыт* цел*|"
                       "цел* скрыт*"),
    ("shield", True, "shield|shields|shield generator|heavy shield generator|shielded|щит*|генератор* щит*|"
                     "щитов* генератор*|тяжел* генератор* щит*"),
    # the card's Crippled side is "Поврежденное (Crippled)"; "он поврежден" says it in the short form
    ("crippled", True, "crippled|target crippled|target is crippled|поврежденн*|цел* поврежден*|подбит*|"
                       "поврежден|повреждена|повреждено|"
                       "цел* подбит*"),
    # an SRS Torpedo attack run: "torpedo bombers" in English is two words, in Russian one
    ("torpedo", True, "торпедоносц*|подводн* налет*|torpedo run|torpedo attack run|submerged attack run"),
    ("attacker_aerial", True, "aerial attacker|attacker aerial|attacker is aerial|from the air|attacking from the air|"
                              "атакующ* с воздух*|с воздух*"),
    ("range", "point-blank", "point blank|point blank range|pb|ближн* дистанци*|ближн*|в упор"),
    ("range", "closing", "closing|closing range|средн* дистанци*|средн*"),
    ("range", "long", "long|long range|дальн* дистанци*|дальн*"),
    ("range", "close", "close|close range"),
    ("range", "standard", "standard range|standard"),
    ("range", "extreme", "extreme|extreme band"),
    ("target_type", "aerial", "aerial target|target aerial|target is aerial|flying target|воздушн* цел*|летающ* цел*"),
    ("target_type", "submerged", "submerged target|target submerged|target is submerged|подводн* цел*"),
    ("target_type", "ground", "ground target|target ground|наземн* цел*"),
    ("target_type", "surface", "surface target|надводн* цел*"),
    ("target_type", "skimming", "skimming target|skimmer|target skimming"),
    ("assaulter", "aerial", "aerial assault|aerial assaulter|assaulting from the air|воздушн* абордаж*|"
                            "воздушн* штурм*"),
    ("assaulter", "submerged", "submerged assault|submerged assaulter|подводн* абордаж*|подводн* штурм*"),
    # a submarine is submerged; whose it is decides what it sets (SELF_FLAGS: only "my sub" is the assaulter)
    ("submarine", "submerged", "sub|submarine|подводн* лодк*"),
    ("assaulter", "skimming", "skimming assault|skimming assaulter|skimmer assault"),
    ("assaulter", "surface", "surface assault|surface assaulter|надводн* абордаж*|надводн* штурм*"),
    ("ruleset", "dw3", "dw3|3.03|v3.03|3e|3rd edition|3rd ed|third edition|rulebook|dw3 rulebook|3-я редакци*|"
                       "3-й редакци*|трет* редакци*|книг* правил|3 ред|3 редакци*"),
    ("ruleset", "dw3-qrs", "qrs|dw3 qrs|dw3qrs|quick reference|quick reference sheet|qr|кратк* правил*|памятк*"),
    ("ruleset", "dw4", "dw4|4e|4th edition|4th ed|fourth edition|glossary|dw4 glossary|4 ред|4 редакци*|"
                       "4-я редакци*|4-й редакци*|"
                       "четверт* редакци*"),
    ("crew_check", "pass", "crew check pass|crew check passed|passed crew check|passes crew check|passed|"
                           "проверк* экипаж* пройден*"),
    ("crew_check", "fail", "crew check fail|crew check failed|failed crew check|fails crew check|failed|"
                           "проверк* экипаж* провален*"),
    ("crew_check", "draw", "crew check draw|crew check tied|draw"),
    ("impact", "terrain", "terrain|hit terrain|into terrain|island|rock|rocks|reef|местност*|рельеф*|скал*|"
                          "остров*|риф*"),
    ("impact", "obstacle", "obstacle|an obstacle|препятстви*"),
    ("impact", "model", "another model"),
    # dw3-qrs: an Escort is a model one can collide with (a key, "escorts", where the action counts them)
    ("impact", "escort", "escort|an escort|escort model|эскорт*"),
    ("cause", "ram-under-3", "ram under 3|rammed under 3|under 3"),
    ("cause", "crew-check-failed", "failed crew check|crew check failed|failed my crew check|"
                                   "failed the crew check|failed our crew check|провален* проверк* экипаж*|"
                                   "провал* проверк* экипаж*"),
    ("cause", "ram-outside-fore-arc", "outside fore arc|outside the fore arc|ram outside fore arc"),
]

# Owner words, by how far they reach (Entry.mode):
# "adj": the one key next to it ("броня цели", "of his");
# "list": the keys written after it up to the next comma ("target mass 3 hull 8", "enemy ADV 2 SDV 1");
# "scope": every key about a ship until the next owner word or the end of the sentence ("his ADV 3 and
#   2 escorts", "target has 2 escorts and ADV 4", "у цели ПВО 4, 2 эскорта", "vs citadel 8, 2 escorts");
# "weak": a scope to the next comma, only where none is open ("fray 6 with 2 srs and 1 escort", but
#   "vs a cruiser with 2 escorts" stays the target's);
# "anaphor": a pronoun ("she", "у неё"): the scope of whoever owns the ship named last; nothing when none.
# An "adj" word just after a ship key owns that key ("броня цели 6", "3 escorts of his"); a "scope" word
# just before one owns it strictly ("my ADV 3" is never the target's ADV).
OWNERS = [("target", "adj", "defending|model hit|impact|target discards|"
                            "target discarded|defender discards|of his|of his own|of their own|of the target|"
                            "противник*|врага|цел*|вражеск*|цель сбрасывает"),
          # "target mass 3 hull 8": every value of the list the word opens (up to a comma, or another owner)
          ("target", "list", "target|target model|defender|enemy|enemy's"),
          ("target", "scope", "his|her|their|he|they|ur|your|vs|versus|against|into|"
                              "he has|he's got|target has|target's got|target has got|enemy has|on the target|"
                              "his own|collided with|collides with|против|столкнул* с|столкнул* со|"
                              "его|него|ему|ним|он|у него|у цели|"
                              "у противника|у врага|их|у них"),
          ("self", "adj", "rammer|ramming model|ramming ship|attacker|attacking model|own|mover|moving model|"
                          "таранящ* модел*|таранящ* корабл*|таранящего|таранящий|атакующ* модел*|"
                          "движущ* модел*|of mine|сво*"),
          ("self", "scope", "my|mine|me|i|i've|im|i'm|our|we|i have|i've got|i discard|"
                            "мой|моя|мое|мои|моего|моей|моих|моим|моему|я|мы|"
                            "у меня|у моего|на мне|наш|наша|наше|наши|нашего|сбрасываю"),
          ("self", "weak", "with|w|со|с"),
          # a pronoun for the ship just named: whoever's it is ("ramming his frigate, she has 2 damage",
          # "по крейсеру, у неё 3 повреждения"); with no owner before it, it says nothing
          (None, "anaphor", "she|she has|it has|it is|у нее|у ней|на ней|на нем|она")]

# Verbs of rolling: the number right after one is the dice ("я кидаю 12 кубов", "бросаю 10", "I roll 13"),
# unless a count word follows the number ("бросаю 2 жетона SRS"). The speaker's own verbs (first person)
# then say whose the values after them are, as "my" does.
ROLL_VERBS = [("self", "кидаю|кидаем|кину|бросаю|бросаем|брошу|катаю|катаем|швыряю"),
              (None, "roll|rolls|rolling|throw|throws|throwing|chuck|chucking|toss|tossing|кидает|бросает|"
                     "катает|кинул|бросил")]

# A collision's verbs: the subject is the moving model, the object the model hit ("his mass 4 ship hits my
# frigate", "врезался в корабль массы 3"); in the passive the other way round ("I was hit by a mass 4 ship").
# A Russian verb without its preposition governs one before it ("в меня врезался его линкор"), or its object
# is the speaker's pronoun just before it ("меня протаранил его крейсер").
IMPACT_VERBS = [
    ("active", "collides with|collided with|collide with|colliding with|collision with|hits|hit|hitting|"
               "ran into|runs into|run into|crashed into|crashes into|crash into|bumped into|bumps into|"
               "bump into|drove into|drives into|sailed into|sails into|moved into|rammed into|rams into|rams|"
               "rammed|into|врезался в|врезалась в|врезался во|врезалась во|врезаюсь в|столкнулся с|"
               "столкнулась с|столкнулся со|столкнулась со|столкновение с|столкновение со|налетел на|"
               "налетела на|въехал в|въехала в|наехал на|наехала на"),
    ("passive", "hit by|was hit by|got hit by|is hit by|rammed by|was rammed by|struck by|bumped by"),
    ("before", "врезался|врезалась|столкнулся|столкнулась|налетел|налетела|въехал|въехала|протаранил|"
               "протаранила|задел|задела"),
]
# "mass 4 vs mass 1": the acting model against the other, whoever speaks (no possessive, so never swapped)
VERSUS_WORDS = frozenset({"vs", "versus", "against", "против"})
# the preposition each Russian impact verb governs, for an object written before the verb
IMPACT_PREPOSITIONS = frozenset({"в", "во", "с", "со", "на"})
# position traits said of either model in a collision ("my aerial cruiser hits a surface ship")
TRAIT_WORDS = {"aerial": "aerial|flying|airborne|воздушн*|летающ*", "surface": "surface|надводн*",
               "submerged": "submerged|sub|submarine|подводн*|подлодк*|подводн* лодк*",
               "skimming": "skimming|skimmer|скользящ*", "ground": "ground|наземн*"}
# Words that say the speaker is the one attacked ("he's boarding me"): then "my" is the target's.
PERSPECTIVE = ("drove into my|ran into my|sailed into my|moved into my|crashed into my|bumped into my|"
               "collided with my|врезался в мой|врезался в мою|врезался в меня|boarding me|boards me|rams me|"
               "ramming me|attacks me|attacking me|shoots me|shooting me|"
               "shooting at me|fires at me|firing at me|assaults me|assaulting me|"
               "меня штурмует|штурмует меня|меня атакует|атакует меня|меня таранит|таранит меня|"
               "стреляет по мне|по мне|"
               # the speaker as the object of the action's verb ("he shoots my cruiser"): third-person verbs
               # only, since "I'm shooting my opponent's cruiser" has the speaker as the subject
               "rammed me|rams my|shoots my|shoots at my|fires at my|fires on my|attacks my|boards my|"
               "assaults my|стреляет по моему|стреляет по моей|таранит мой|таранит мою|атакует мой|атакует мою")
# Flags about a state either ship may be in, and the acting side's own input for it: "my cruiser is
# crippled" is never the target's Crippled (none: the words are listed as not understood).
SELF_FLAGS = {"crippled": "attacker_crippled", "submarine": "assaulter"}
# Words that name the target, so "a target with 1 escort" is the target's escort, not the speaker's.
TARGET_NOUNS = ("target", "цел")
# Keys about a ship, which either side may own; the others (lead, fray, tokens, inches, …) belong to
# one side by what they mean, whatever owner word stands near them.
SHIP_CONCEPTS = frozenset({"armour", "citadel", "mass", "hull", "damage_taken", "crippled_hull", "escorts",
                           "srs", "srs_discard", "adv", "sdv", "defence", "disorder", "heavy_prow", "crew",
                           "ablative", "boarding", "generators", "defence_models", "intercept_rating"})
# Unprefixed parameters that are the target's in their action (the others are the acting model's).
TARGET_PARAMS = {"attack": frozenset({"armour", "citadel", "mass", "hull", "damage_taken", "crippled_hull",
                                      "defence", "srs_discard", "defence_models", "shield_dice"})}
# Unowned ship keys of an action where both sides have the input: the side a referee takes without
# asking. Collision: the moving model is the subject. Ram: "hull" is the rammer's dice ("hull 6, moved 5").
# An SRS run's SRS are the attacking stack's, whatever else is said; the target's own ("he intercepts with 2
# of his SRS") are its interceptors.
ACTING_SIDE = {("srs", "srs"): "self"}
# Values the action takes for one side only, though both sides' cards print them: a dw4 squadron's card has an
# Intercept rating, but only the interceptors' counts ("he has 3 interceptors at intercept 1"). Read only when
# an owner word gives it to that side; "SRS 5, attack 2, intercept 1" is the stack's own, listed.
OWNED_ONLY = {("srs", "intercept_rating"): "target"}
# Keys that count one side's things and so open that side's list, as "target" does: "interceptors 3 int 1",
# "2 interceptors (intercept 1)" give the interceptors' rating.
LIST_OPENING_KEYS = {"interceptors": "target"}
# Only when the description also gives the other side's values, or the thing hit has none (terrain, an escort
# token), does the default stand (`describe_sides`); one value alone ("ram, hull 6") is asked.
DEFAULT_SIDE = {("collision", c): "self" for c in ("mass", "hull", "damage_taken", "disorder")}
# what a model can collide with that has no values of its own (the collision takes none of an escort's)
IMPACTS_WITHOUT_VALUES = frozenset({"terrain", "escort"})
# ... and what it may run onto that is no model and no terrain: shallows ("отмели … считаются Опасными Водами",
# hazardous waters, which the collision has no input for: the words stay listed)
HAZARD_WORDS = ("мель", "мели", "отмел*", "мелководь*", "shallows", "sandbank", "sandbar", "aground")
DEFAULT_SIDE |= {("ram", "hull"): "self", ("ram", "heavy_prow"): "self", ("assault", "boarding"): "self"}
NEGATIONS = "no|not|without|non|aren't|isn't|arent|isnt|не|без|нет"
# a player correcting himself ("my 3 escorts - wait no, his 3 escorts"): the value just before is withdrawn
CORRECTIONS = "wait no|no wait|wait , no|no , wait|i mean|correction|то есть|вернее|точнее|ой нет"
CONNECTORS = ":|=|of|is|are|равн*|-|level|lvl|уровень|уровня"  # "disordered (level 2)"
SEPARATORS = ",|;|and|&|/|и|+"
# nouns naming a ship (fillers: the values say which ship by their owner words), and a collision's subject
SHIP_NOUNS = ("model|ship|cruiser|battleship|frigate|destroyer|carrier|dreadnought|ships|gunboat|gunboats|bb|"
              "модель|модели|корабль|корабля|крейсер*|линкор*|фрегат*|эсминц*|эсминец|авианос*|корабл*")
FILLERS = (
    # "him", "them": an object ("rammed him 4\" hull 6"), never the owner of the values after it
    "a|an|the|at|on|to|by|for|from|its|it|him|them|has|have|having|had|got|atk|" + SHIP_NOUNS + "|"
    "be|attack|attacking|shoot|shoots|shooting|shot|fires|firing|weapon|weapons|unit|value|"
    "rating|total|plus|what|took|takes|taken|already|уже|получил|получила|суммарно|плюс|are|odds|chance|chances|how|many|much|edition|ed|in|using|use|uses|"
    "rules|ruleset|type|trait|quality|qualities|also|then|that|this|which|who|please|"
    "на|в|во|по|у|до|от|при|к|для|из|атака|атакую|атакует|атакуем|стреляю|стреляет|стреляем|"
    "стрельба|оружие|оружием|имеет|есть|значение|показатель|всего|шансы|"
    "какие|каковы|сколько|это|а|или|редакция|редакции|правила|свойство|свойства|качество|"
    "качества|когда|если|который|которая|rams|rammed|таранит|тараню|таранил|таранила|налет*|штурму*|"
    "столкновени*|столкнул*|врезал*|collision|collided|collides|bumped|bumps|boards|board|assaults|assault|"
    "attack run|strike|fires at|only|just|exactly|ровно|ram|movement|along|bring|discards|discard|discarded|"
    "сбрасывает|сбросил|rockets|guns|gun|battery|turrets|"
    # the SRS themselves, named beside their count ("Squadron: 4 tokens", "эскадрилья из 5 жетонов")
    "squadron|squadrons|эскадрилья|эскадрильи|эскадрилий|эскадрилью|эскадрильей|run|srs run|highest|was|атаку|"
    "launchers|missiles|ракеты|орудия|батарея|.|!|?|(|)|'|\"|#|~"
)

# a key's word that is a filler elsewhere ("attack" of an SRS stack's Attack rating) is one when it has no number
FILLER_WORDS = frozenset(p for p in FILLERS.split("|") if " " not in p and not p.endswith("*"))

# a "dice" after one of these inputs' number is its unit ("lead 10 dice"), not a second dice count
COUNTED_IN_DICE = frozenset({"dice", "lead", "support", "defence", "bonus", "shield_dice", "fray", "boarding"})

# a number before these plural forms counts the supports ("two supports"), never gives their dice
COUNTED_PLURALS = frozenset({"supports", "поддержки", "поддержек", "поддержками"})

# Qualities that can carry a value: the dw4 glossary's "(X)" qualities, and Piercing (the dw4 code reads it)
VALUED_QUALITIES = frozenset({"piercing", "devastating", "high-velocity", "rail", "torrent", "system-failure",
                              "breach", "hazard", "hazardous", "arc", "structural-failure"})
# quality aliases that are ordinary words as well
AMBIGUOUS_QUALITY_WORDS = frozenset({"взрыв", "extreme"})

_RU_ENDINGS = sorted("ого его ому ему ыми ими ами ями ая яя ое ее ые ие ый ий ой ей ую юю ам ям ах ях ов ев ом ем "
                     "а я о е ы и у ю ь й".split(), key=len, reverse=True)


def ru_pattern(word: str) -> str:
    """A Cyrillic word as a stem pattern ("разрушительное" -> "разрушительн*"); others unchanged."""
    if not re.search(r"[а-я]", word) or len(word) < 5:
        return word
    for ending in _RU_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)] + "*"
    return word + "*"


def word_matches(pattern: str, word: str) -> bool:
    if pattern.endswith("*"):
        stem = pattern[:-1]
        return word.startswith(stem) and len(word) - len(stem) <= MAX_INFLECTION
    return word == pattern or word in (pattern + "s", pattern + "es")


# players' spellings of qualities besides the aliases the referee itself accepts ("hi-velocity", Russian
# "торпы" for torpedoes); written out, not stems: "торп*" would also be one letter from "корпус"
QUALITY_SPELLINGS = {"hi velocity": "high-velocity", "hi vel": "high-velocity", "торпы": "torpedo",
                     "торпами": "torpedo", "торпедами": "torpedo"}


def _quality_entries() -> list[Entry]:
    from referee.qualities import ALIASES
    from referee.rulesets import REGISTRY

    out: list[Entry] = [Entry(tuple(words.split()), "quality", q) for words, q in QUALITY_SPELLINGS.items()]
    ids = sorted({q for rs in REGISTRY.values() for q in rs.qualities})
    for q in ids:
        out.append(Entry(tuple(q.split("-")), "quality", q))
        if "-" in q:
            out.append(Entry((q.replace("-", ""),), "quality", q))
    for alias, q in ALIASES.items():
        if alias in AMBIGUOUS_QUALITY_WORDS:
            continue
        out.append(Entry(tuple(ru_pattern(w) for w in alias.split()), "quality", q))
    return out


# players' names of the Critical Damage markers besides the rulebook's own
# and the marker's state said as a sentence ("his reactor is leaking", "generators are shut down": the
# rule's own words, "This model receives a reactor leak marker", "… ignores any effects from its generators")
MARKER_WORDS = {"reactor-leak": ("утечка реактора", "утечка в реакторе", "reactor leaking", "reactor is leaking",
                                 "leaking reactor", "leaking from the reactor", "leaking from reactor",
                                 "течь реактора", "течь в реакторе", "реактор течет"),
                "shredded-defences": ("повреждение защитных систем", "повреждение защиты"),
                "navigation-lock": ("nav lock", "заклинило руль", "заклинивший руль", "навигационная блокировка",
                                    "блокировка навигации"),
                "magazine-explosion": ("подрыв боезапаса",),
                "generator-shutdown": ("отключение генераторов", "generators shut down", "generator shut down",
                                       "generators are shut down", "generator is shut down", "generators shutdown",
                                       "generators down", "generators are down", "generators offline",
                                       "generators are offline", "отказ генераторов", "генераторы отключены",
                                       "отключенные генераторы")}


def _marker_entries() -> list[Entry]:
    from referee.damage import MARKER_KEYS
    from referee.rulesets import REGISTRY

    out: list[Entry] = []
    names: dict[str, set[str]] = {key: {key.replace("-", " "), *MARKER_WORDS.get(key, ())} for key in MARKER_KEYS}
    for rs in REGISTRY.values():
        for face in rs.critical_faces:
            m = re.fullmatch(r"\s*(.+?)\s*(?:\((.+)\))?\s*", face.name.lower().replace("ё", "е"))
            if not m:
                continue
            key = m.group(1).replace(" ", "-")
            if key in names and m.group(2):
                names[key].add(m.group(2))
    for key, phrases in names.items():
        for text in phrases:
            words = tuple(ru_pattern(w) for w in text.split())
            out.append(Entry(words + ("marker",), "marker", key))
            out.append(Entry(("marker",) + words, "marker", key))
            out.append(Entry(words + ("маркер*",), "marker", key))
            out.append(Entry(("маркер*",) + words, "marker", key))
            out.append(Entry(words, "marker", key))
    return out


def _static_entries() -> list[Entry]:
    out: list[Entry] = []
    for concept, groups in KEYS.items():
        for mode, spec in groups:
            for phrase in _phrases(spec):
                out.append(Entry(phrase, "key", concept, mode=mode))
    out.append(Entry(("in",), "key", "distance", mode="post", weak=True))
    for param, value, spec in FLAGS:
        for phrase in _phrases(spec):
            out.append(Entry(phrase, "flag", param, value))
    for owner, reach, spec in OWNERS:
        for phrase in _phrases(spec):
            out.append(Entry(phrase, "owner", value=owner, mode=reach))
    for phrase in _phrases(PERSPECTIVE):
        out.append(Entry(phrase, "perspective"))
    for owner, spec in ROLL_VERBS:
        out += [Entry(phrase, "verb", "dice", owner) for phrase in _phrases(spec)]
    for concept, value, spec in NAMED_VALUES:
        out += [Entry(phrase, "key", concept, value, mode="named") for phrase in _phrases(spec)]
    for role, spec in (("neg", NEGATIONS), ("conn", CONNECTORS), ("sep", SEPARATORS), ("filler", FILLERS),
                       ("correction", CORRECTIONS)):
        for phrase in _phrases(spec):
            out.append(Entry(phrase, role))
    return out


def _named(specs: Iterable[ParamSpec], covered: set[str]) -> list[Entry]:
    """Phrases made from parameter names no table entry reaches (new parameters work at once)."""
    out: list[Entry] = []
    for spec in specs:
        if spec.name in covered or spec.kind in (Kind.FACES, Kind.TEXT) or spec.name == "description":
            continue
        words = tuple(spec.name.split("_"))
        if spec.kind is Kind.CHOICE:
            for choice in spec.choices:
                out.append(Entry(words + tuple(choice.split("-")), "flag", spec.name, choice))
        elif spec.kind is Kind.BOOL:
            out.append(Entry(words, "flag", spec.name, True))
        elif spec.kind is not Kind.TEXTS:
            out.append(Entry(words, "key", spec.name, mode="both"))
    return out


class Vocabulary:
    """Every entry for one action, indexed by first word for quick matching."""

    def __init__(self, entries: Sequence[Entry], names: Iterable[str] = (), reached: Iterable[str] = ()) -> None:
        self.names = frozenset(names)
        self.reached = frozenset(reached)  # key concepts that name one of the action's parameters
        # a key word that is also a quality's name ("ramming"): the quality, where the key means nothing
        self.quality_words = {" ".join(e.phrase): e for e in entries if e.role == "quality"}
        self.exact: dict[str, list[Entry]] = {}
        self.stems: dict[str, list[Entry]] = {}  # by the stem's first two letters
        self._typos: dict[str, list[Entry]] | None = None
        self._words: set[str] | None = None
        self._stem_words: list[str] = []
        for e in entries:
            first = e.phrase[0]
            if first.endswith("*"):
                self.stems.setdefault(first[:2], []).append(e)
            else:
                self.exact.setdefault(first, []).append(e)

    def correct(self, word: str) -> str | None:
        """The word a typo or a Latin-letter Russian word stands for, when exactly one meaning fits."""
        russian = transliterate(word)
        if russian and russian not in ABBREVIATIONS and self.known(russian):  # "mas" is "mass", not "мас"
            return russian
        if russian and russian.startswith("е") and self.known("э" + russian[1:]):
            return "э" + russian[1:]  # "eskorta"
        fixed = self._one_edit(word)
        if fixed or not russian or not _TRANSLIT_MARKS.search(word):
            return fixed
        return self._one_edit(russian)  # "vedushee": Russian in Latin letters, and misspelt

    def known(self, word: str) -> bool:
        """Whether some phrase holds this word (first or not: "upor" of "в упор")."""
        if self._words is None:
            self._words = {p for entries in (*self.exact.values(), *self.stems.values()) for e in entries
                           for p in e.phrase}
            self._stem_words = [p for p in self._words if p.endswith("*")]
        if word in self._words or (word.endswith("s") and word[:-1] in self._words) or self.starting_with(word):
            return True
        return any(word_matches(p, word) for p in self._stem_words)

    def _one_edit(self, word: str) -> str | None:
        found: dict[str, set[str]] = {}  # the words it may stand for -> their meanings
        for first, entries in self._typo_targets().items():
            if not typo_allowed(word, first):
                continue
            if first.endswith("*"):
                hit = stem_one_edit(word, first[:-1], MAX_INFLECTION)
                fixed = first[:-1] + word[len(first) - 1:] if hit else ""
            else:
                hit = one_edit(word, first)
                fixed = first
            if hit:
                found.setdefault(fixed, set()).update(e.concept for e in entries)
        meanings = set().union(*found.values()) if found else set()
        if len(found) == 1 or len(meanings) == 1:  # one word ("broadside": key and quality) or one meaning
            fixed = min(found)
            return fixed if self.starting_with(fixed) else None
        return None

    def _typo_targets(self) -> dict[str, list[Entry]]:
        if self._typos is None:
            self._typos = {}
            for entries in (*self.exact.values(), *self.stems.values()):
                for e in entries:
                    if len(e.phrase) == 1 and (e.role in ("key", "quality") and len(e.phrase[0].rstrip("*")) >= 4
                                               or e.role == "filler" and len(e.phrase[0]) >= 5):
                        self._typos.setdefault(e.phrase[0], []).append(e)
        return self._typos

    def starting_with(self, word: str) -> list[Entry]:
        found = list(self.exact.get(word, ()))
        for trimmed in (word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
            if trimmed:
                found.extend(self.exact.get(trimmed, ()))
        found.extend(e for e in self.stems.get(word[:2], ()) if word_matches(e.phrase[0], word))
        return found


def covered_params(specs: Sequence[ParamSpec]) -> set[str]:
    """Parameters some table entry can reach (so no phrase is made from their names)."""
    names = {s.name for s in specs}
    reached: set[str] = {"quality", "markers", "ruleset"} | {p for p, _, _ in FLAGS}
    for concept in KEYS:
        for name in (*CANDIDATES.get(concept, ()), concept, f"target_{concept}", f"rammer_{concept}",
                     f"attacker_{concept}", f"mover_{concept}", f"impact_{concept}"):
            if name in names:
                reached.add(name)
    return reached


_CACHE: dict[tuple[tuple[str, Kind, tuple[str, ...]], ...], Vocabulary] = {}


def vocabulary(specs: Sequence[ParamSpec]) -> Vocabulary:
    """The vocabulary for an action's current parameter list (built once per distinct list)."""
    key = tuple((s.name, s.kind, tuple(s.choices)) for s in specs)  # what the vocabulary depends on
    vocab = _CACHE.get(key)
    if vocab is None:
        names = {s.name for s in specs}
        entries = _static_entries() + _quality_entries() + _marker_entries()
        entries += _named(specs, covered_params(specs))
        entries += [Entry(phrase, "key", concept, mode=mode) for concept, groups in KEYS_WHERE_READ.items()
                    if resolve(concept, None, names) for mode, spec in groups for phrase in _phrases(spec)]
        if "impact" in names:  # a collision: its verbs say who moved, so no perspective word is needed
            entries = [e for e in entries if e.role != "perspective"] + _collision_entries()
        entries += _abbreviation_entries(entries)
        vocab = _CACHE[key] = Vocabulary(entries, names, _reached(entries, names))
    return vocab


def _abbreviation_entries(entries: Sequence[Entry]) -> list[Entry]:
    """"бр 5", "AA 3", "эск 2": each short form typed apart means what its full word's key means."""
    keys = [e for e in entries if e.role == "key" and len(e.phrase) == 1 and e.value is None]
    out: list[Entry] = []
    for short, full in ABBREVIATIONS.items():
        if len(short) < 2 or any(e.phrase == (short,) and e.role == "key" for e in keys):
            continue  # a one-letter form only glued (the tokens); "cit", "adv" are keys already
        entry = next((e for e in keys if word_matches(e.phrase[0], full)), None)
        if entry is not None:
            out.append(Entry((short,), "key", entry.concept, mode=entry.mode))
    return out


def _collision_entries() -> list[Entry]:
    out = [Entry(phrase, "impact_verb", value=voice) for voice, spec in IMPACT_VERBS for phrase in _phrases(spec)]
    out += [Entry(phrase, "trait", value=trait) for trait, spec in TRAIT_WORDS.items() for phrase in _phrases(spec)]
    return out


def _reached(entries: Sequence[Entry], names: set[str]) -> frozenset[str]:
    """The key concepts that name a parameter of this action (a key that names none yields its words to a
    flag of the same words: "escort" is an impact in a collision, which counts no escorts)."""
    concepts = {e.concept for e in entries if e.role == "key"}
    return frozenset(c for c in concepts if resolve(c, None, names) or c in FALLBACKS or c in KEYS_RESOLVED_APART)


def side_of(action: str, param: str) -> str:
    """"target" or "self": whose value an input of `action` is."""
    if param.startswith(("target_", "impact_")) or param in TARGET_PARAMS.get(action, ()):
        return "target"
    if action in ("srs",) and param not in ("tokens", "dice_per_token", "torpedo", "attack_rating"):
        return "target"
    return "self"


def _order(concept: str, owner: str | None) -> tuple[str, ...]:
    listed = CANDIDATES.get(concept, ())
    if owner == "target":
        return (f"target_{concept}", f"impact_{concept}", *listed, concept)
    if owner == "self":
        return (f"rammer_{concept}", f"attacker_{concept}", f"mover_{concept}", *listed, concept)
    return (*listed, concept, f"target_{concept}", f"impact_{concept}", f"rammer_{concept}", f"attacker_{concept}",
            f"mover_{concept}")


ASK = "?"  # resolve(): the key's owner must be asked for


def resolve(concept: str, owner: str | None, names: set[str], action: str = "", strict: bool = True) -> str | None:
    """The parameter a key means in an action with parameters `names`; None when it has none; `ASK`
    when the key is about a ship, both sides have that input and nothing says whose it is.
    `strict`: the owner word stands beside the key ("my ADV": None in an attack, where only the
    target's counts); an owner from an open scope only chooses between the two sides."""
    if concept not in SHIP_CONCEPTS or not action:
        return next((n for n in _order(concept, owner) if n in names), None)
    sides: dict[str, str] = {}
    for name in _order(concept, None):
        if name in names:
            sides.setdefault(side_of(action, name), name)
    only = OWNED_ONLY.get((action, concept))
    if only is not None:  # without that side's owner word: the acting side's own card value, not taken
        return sides.get(only) if owner == only else None
    acting = ACTING_SIDE.get((action, concept))
    if owner is not None and acting is not None and not strict and len(sides) > 1:
        return sides[acting]  # "his intercept rating 6, …; 19 srs tokens": only an owner beside them moves them
    if owner is not None and (strict or len(sides) > 1):
        return sides.get(owner)
    if len(sides) > 1:
        return sides[acting] if acting else ASK  # DEFAULT_SIDE is decided later, by describe_sides
    return next(iter(sides.values()), None)
