"""dw4: 4th edition, reconstructed from the Rules Glossary v4.00 beta (every guess flagged).

Sections name the glossary entry (and its bold run-in term where it has one). Mechanics the
glossary only refers to (the core Action Roll, range bands, the Resistance Pool's base) are
`reconstructed`: cited as such, never pinned on an unrelated entry.
"""
from __future__ import annotations

from referee.rulesets.base import Ruleset

RULESET = Ruleset(
    id="dw4",
    title="Dystopian Wars 4th edition Rules Glossary v4.00 beta",
    edition="dw4-glossary",
    family="dw4",
    sections={
        "obscured": "Obscured › OBSCURED TARGETS",
        "hampered": "Visibility",
        "attributes": "Crippled",
        "assault": "Boarding",
        "assault_table": "Boarding",
        "boarding_parties": "Boarding Parties",
        "ram": "Ram",
        "crew_check": "Crew Check",
        "heavy_prow": "Heavy Prow",
        "disorder": "Disorder",
        "escort": "Escort › DEFENSIVE FIRE",
        "shield": "Heavy Shield Generator",
        "ablative": "Ablative Armour",
        "unconventional": "Unconventional Target",
        "airborne": "Airborne",
    },
    reconstructed={
        "dice": "core Action Roll: Strikes S 1, H 2, X 2; Counters C 1, K 2",
        "reroll": "a die is re-rolled at most once",
        "explode": "each Exploding Strike adds one Action Die; chains continue",
        "shooting": "the Action Pool is the contributing weapons' Action Dice",
        "range": "range bands Close 0-10\", Standard 10-30\", Extreme 30\"+",
        "result": "Hits grouped by the Success Threshold (Armour); one Damage per Success",
        "critical": "Damage against Hull",
        "defence": "the Resistance Pool starts from the target's Defences rating",
        "counters": "each Counter removes a Hit, a Heavy Counter two",
    },
    reconstructed_ru={
        "dice": "основной Бросок действия: Удары S 1, H 2, X 2; Отражения C 1, K 2",
        "reroll": "куб перебрасывается не больше одного раза",
        "explode": "каждый Взрывной удар добавляет один куб Действия; цепочки продолжаются",
        "shooting": "набор Действия — кубы Действия участвующего оружия",
        "range": "зоны дальности: Ближняя 0-10\", Средняя 10-30\", Предельная 30\"+",
        "result": "Попадания считаются по Порогу успеха (Броне); один Урон за Успех",
        "critical": "Урон по Корпусу",
        "defence": "набор Сопротивления начинается с Защиты цели",
        "counters": "каждое Отражение снимает Попадание, Тяжёлое отражение — два",
    },
    qualities={
        "aerial": "Aerial", "submerged": "Submerged", "bomb": "Bomb", "torpedo": "Torpedo",
        "devastating": "Devastating", "piercing": "Piercing", "high-velocity": "High Velocity",
        "homing": "Homing", "hunter": "Hunter", "rail": "Rail", "indirect": "Indirect",
        "arc": "Arc", "blast": "Blast", "torrent": "Torrent", "limited": "Limited",
        "fusillade": "Fusillade",
        # Critical Damage qualities (referee.critical_effects); "hazard" is parsed as "hazardous"
        "breach": "Breach", "hazardous": "Hazard", "navigation-lock": "Navigation Lock",
        "shredded-defences": "Shredded Defences", "structural-failure": "Structural Failure",
        "system-failure": "System Failure", "precise": "Precise",
    },
    bands=(("close", 10), ("standard", 30), ("extreme", float("inf"))),
    obscured_stops_explosions=False,
    ram_cap=5,
    sustained=None,
    escort_attack_bonus_point_blank=False,
    defence_srs_dice=0,
)
