"""dw4: 4th edition, reconstructed from the Rules Glossary v4.00 beta (every guess flagged)."""
from __future__ import annotations

from referee.rulesets.base import Ruleset

RULESET = Ruleset(
    id="dw4",
    title="Dystopian Wars 4th edition Rules Glossary v4.00 beta",
    edition="dw4-glossary",
    family="dw4",
    sections={
        "dice": "Boarding",
        "reroll": "Hunter",
        "explode": "Rail",
        "shooting": "Boarding",
        "range": "Torpedo",
        "obscured": "Obscured",
        "hampered": "Visibility",
        "result": "Crippled",
        "attributes": "Crippled",
        "critical": "Crippled",
        "defence": "Escort",
        "assault": "Boarding",
        "assault_table": "Boarding",
        "boarding_parties": "Boarding Parties",
        "ram": "Ram",
        "crew_check": "Crew Check",
        "heavy_prow": "Heavy Prow",
        "disorder": "Disorder",
        "escort": "Escort",
        "shield": "Heavy Shield Generator",
        "ablative": "Ablative Armour",
    },
    qualities={
        "aerial": "Aerial", "submerged": "Submerged", "bomb": "Bomb", "torpedo": "Torpedo",
        "devastating": "Devastating", "piercing": "Piercing", "high-velocity": "High Velocity",
        "homing": "Homing", "hunter": "Hunter", "rail": "Rail", "indirect": "Indirect",
        "arc": "Arc", "blast": "Blast", "torrent": "Torrent", "limited": "Limited",
        "fusillade": "Fusillade",
    },
    bands=(("close", 10), ("standard", 30), ("extreme", float("inf"))),
    obscured_stops_explosions=False,
    ram_cap=5,
    sustained=None,
    escort_attack_bonus_point_blank=False,
)
