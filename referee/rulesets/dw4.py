"""dw4: 4th edition, reconstructed from the Rules Glossary v4.00 beta (every guess flagged).

Sections name the glossary entry (and its bold run-in term where it has one). Mechanics the
glossary only refers to (the core Action Roll, range bands, the Resistance Pool's base) are
`reconstructed`: cited as such, never pinned on an unrelated entry.
"""
from __future__ import annotations

from referee.rulesets.base import Ruleset

_DW3_ONLY = "a 3rd-edition input; dw4 has no such rule"

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
    unused_inputs={
        "attack": {
            "citadel": "dw4 has no Citadel",
            "crippled_hull": "dw4 models have one Hull value",
            "markers": "dw4 Critical Damage Effects are chosen, not rolled markers that change this attack",
            "target_generator": "Generator Shutdown re-rolls and extra Disorder are 3rd-edition rules",
            "no_generators": "Generator Shutdown re-rolls and extra Disorder are 3rd-edition rules",
            "escorts": "dw4 Escort tokens add Resistance dice to the target, not attack dice (use ⟨target_escorts⟩)",
            "shield_dice": "a dw4 Heavy Shield Generator adds +1 to the Success Threshold, it removes no dice",
            "mass1_strict": "dw4 has no Citadel destruction of Mass 1 models",
            "devastating_explosions_off": _DW3_ONLY,
            "sustained_policy": "dw4 has no Sustained quality",
            "attacker_aerial": "the dw4 range bands are not shifted for Airborne targets",
            "target_adv": "dw4 targets have one Defences rating (give ⟨defence⟩)",
            "target_sdv": "dw4 targets have one Defences rating (give ⟨defence⟩)",
            "defence_models": "dw4 Resistance gets no dice from other models of the unit",
            "srs_discard": "the dw4 SRS Air Support bonus is not modelled (its size is not in the glossary)",
            "attached": "dw4 has no combined-unit defence bonus in the glossary",
        },
        "assault": {name: "a 3rd-edition assault input; dw4 Boarding uses Boarding Parties, Defences and Crew"
                    for name in ("fray", "support", "srs", "escorts", "target_citadel", "target_adv", "target_sdv",
                                 "assaulter", "target_srs", "target_mass", "target_generator", "no_generators",
                                 "markers")},
        "ram": {name: "a 3rd-edition ram input; the dw4 Ram uses Mass thresholds, Heavy Prow and a Crew Check"
                for name in ("ramming", "rammer_damage_taken", "target_armour", "target_citadel", "quality",
                             "mass1_strict", "self_damage_roll", "target_generator", "no_generators")},
    },
)
