"""The unit inputs of the referee commands, declared once as core ParamSpecs.

Front ends generate their flags/fields from these lists beside `referee.params`; a name
the referee already declares (attack's `distance`) is the same input, so merge by name.
"""
from __future__ import annotations

from core.params import Kind, ParamSpec

MAX_NAME = 100

ATTACKER = ParamSpec("attacker", Kind.TEXT, "attacking unit by name (profile values fill the inputs)",
                     max_length=MAX_NAME)
WEAPON = ParamSpec("weapon", Kind.TEXT, "the attacker's lead weapon by name (attack: dice and qualities; "
                   "ram: the Ramming weapon)", max_length=MAX_NAME)
TARGET = ParamSpec("target", Kind.TEXT, "target unit by name (Armour, Citadel, Mass, Hull, defences)",
                   max_length=MAX_NAME)
DISTANCE = ParamSpec("distance", Kind.FLOAT, "range in inches (attack: picks the weapon's band; ram: inches "
                     "moved before the impact)", 0, 200)
ATTACKER_MODELS = ParamSpec("attacker_models", Kind.INT, "attacking models in the unit (each other model adds "
                            "its weapon's support value, or supports the assault)", 1, 20)
ATTACKER_CRIPPLED = ParamSpec("attacker_crippled", Kind.BOOL, "use the attacker's Crippled values")
TARGET_CRIPPLED = ParamSpec("target_crippled", Kind.BOOL, "use the target's Crippled values")

CARD_RULES_OFF = ParamSpec("card_rules_off", Kind.TEXTS, "special rules of the named units' cards not to apply, "
                           "by name (e.g. 'Ablative Armour'); the others are applied and listed", max_items=20)

_ALL = [ATTACKER, WEAPON, TARGET, DISTANCE, ATTACKER_MODELS, ATTACKER_CRIPPLED, TARGET_CRIPPLED, CARD_RULES_OFF]
UNIT_PARAMS: dict[str, list[ParamSpec]] = {"attack": list(_ALL), "assault": list(_ALL), "ram": list(_ALL)}
UNIT_INPUT_NAMES = tuple(spec.name for spec in _ALL)

UNIT_NAME = ParamSpec("name", Kind.TEXT, "unit name (fuzzy: 'Borodino' finds 'Borodino Battleship')",
                      required=True, max_length=MAX_NAME)
UNIT_PREFIX = ParamSpec("prefix", Kind.TEXT, "start of a unit name (empty: the first names)", max_length=MAX_NAME)
UNIT_LIMIT = ParamSpec("limit", Kind.INT, "at most this many names", 1, 25)
UNIT_QUERY_PARAMS = [UNIT_NAME]
UNITS_QUERY_PARAMS = [UNIT_PREFIX, UNIT_LIMIT]


def merged_params(action: str, referee_specs: list[ParamSpec]) -> list[ParamSpec]:
    """The referee's specs plus the unit inputs it does not already declare (by name)."""
    if action not in UNIT_PARAMS:
        return list(referee_specs)
    names = {spec.name for spec in referee_specs}
    return [*referee_specs, *(spec for spec in UNIT_PARAMS[action] if spec.name not in names)]

# fleets (issue 17): GET /v1/fleet, POST /v1/fleet/vs; the CLI's `fleet show|vs` take the same inputs
FLEET_NAME = ParamSpec("name", Kind.TEXT, "fleet name (default: the last imported roster)", max_length=MAX_NAME)
FLEET_TARGET = ParamSpec("target", Kind.TEXT, "target unit by name ('Lovelace', 'Union Columbia')", required=True,
                         max_length=MAX_NAME)
FLEET_OF = ParamSpec("fleet", Kind.TEXT, "fleet name (default: the last imported roster)", max_length=MAX_NAME)
FLEET_RULESET = ParamSpec("ruleset", Kind.CHOICE, "rules to use (default: the roster's edition)",
                          choices=("dw3", "dw3-qrs", "dw4"))
FLEET_QUERY_PARAMS = [FLEET_NAME]
FLEET_VS_PARAMS = [FLEET_TARGET, FLEET_OF, FLEET_RULESET]
