"""The referee from unit profiles: band from the distance, dice from the weapon, target values
from its card, each value with its source; explicit values override profile ones.

Rules quoted: QR "1. DETERMINE ACTION DICE": "Take the lead weapon's first value for the range
band that contains the initial target (if exactly on the border, treat it as in the closer
band) … Add the bracketed number for each support weapon." QR: "Point blank: 0-10" Closing:
10-20" Long: 20-30"". QR "3. DECLARE DEFENCES": "the incoming attack must have the aerial
quality to use AERIAL DEFENCE (ADV), or the submerged quality to use SUBMERGED DEFENCE (SDV)".
Assault: "a number of action dice equal to the assaulting model's FRAY … Any model within 4"
in the same unit may support the assault, adding +2 dice to the pool."
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Admiralty
from core.settings import Settings
from units.book import UnitBook, import_files
from units.errors import UnitLookupError
from units.mentions import find_units
from units.referee_inputs import profile_inputs

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "battlescribe"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> UnitBook:
    return UnitBook(tmp_path_factory.mktemp("units-empty"), CORPUS)


def test_bands_border_goes_to_the_nearer_band(book):
    # Borodino "Heavy gun battery F / P / S 8 (4) 10 (5) 6 (3)": a target exactly on 10" is at Point Blank
    def lead(distance):
        return profile_inputs("attack", book.get("Borodino"), "heavy gun battery", None, distance)[0]["lead"]

    assert (lead(10), lead(10.5), lead(30)) == (8, 10, 6)
    with pytest.raises(UnitLookupError, match="beyond"):
        lead(31)


def test_attack_values_and_provenance(book):
    # Borodino "Heavy gun battery F / P / S 8 (4) 10 (5) 6 (3)": at 15" (Closing) the lead is 10, each
    # other model supports with (5). Lovelace card: ARM 5, HULL 4, CIT 10, MASS 2.
    params, provenance = profile_inputs("attack", book.get("Borodino"), "heavy gun batteries", book.get("Lovelace"),
                                        15, 3)
    assert params["lead"] == 10 and params["support"] == [5, 5]
    assert (params["armour"], params["citadel"], params["mass"], params["hull"]) == (5, 10, 2, 4)
    assert params["quality"] == ["gunnery"]
    assert "defence" not in params  # a Gunnery attack is neither aerial nor submerged
    armour = next(p for p in provenance if p["param"] == "armour")
    assert armour == {"param": "armour", "value": 5,
                      "from": "Lovelace Cruiser (Enlightened, dw3 quick reference, 3rd edition, early 3.0x) › Armour"}


def test_crippled_states(book):
    # Borodino "CRIPPLED 5 (2) 6 (3) 4 (2)"; Lovelace Crippled row "  7 4   9  3 / 3" (CIT 9, ADV/SDV 3)
    params, _ = profile_inputs("attack", book.get("Borodino"), "heavy gun battery", book.get("Lovelace"), 15, 2,
                               attacker_crippled=True, target_crippled=True)
    assert params["lead"] == 6 and params["support"] == [3]
    assert params["citadel"] == 9 and params["crippled"] is True


def test_submerged_weapon_uses_the_targets_sdv(book):
    # Lovelace "Seeker torpedo salvo F 4 (2) 4 (3) 3 (3) SUBMERGED, TORPEDO, HOMING" against the Kutsov
    # (SDV 3 on " 2 9 5 5 5 10 8 3 / 3"); 25" is Long: lead 3
    params, _ = profile_inputs("attack", book.get("Lovelace"), "seeker torpedo", book.get("Kutsov"), 25)
    assert params["lead"] == 3 and params["defence"] == 3


def test_extreme_range_weapon_reaches_40_inches(book):
    # Borodino "Torpedo salvo F 12 (4) 12 (7) 11 (6) SUBMERGED, TORPEDO, EXT RANGE": 35" is still Long
    params, _ = profile_inputs("attack", book.get("Borodino"), "torpedo salvo", None, 35)
    assert params["lead"] == 11


def test_dash_and_out_of_range_are_clear_errors(book):
    with pytest.raises(UnitLookupError, match=r"Heavy broadside has no Long value"):
        profile_inputs("attack", book.get("Borodino"), "heavy broadside", book.get("Lovelace"), 25)
    with pytest.raises(UnitLookupError, match=r"beyond Heavy gun battery's reach \(30\"\)"):
        profile_inputs("attack", book.get("Borodino"), "heavy gun battery", None, 31)
    with pytest.raises(UnitLookupError, match="no weapon like 'laser'"):
        profile_inputs("attack", book.get("Borodino"), "laser", None, 5)
    with pytest.raises(UnitLookupError, match="name Borodino Battleship's lead weapon"):
        profile_inputs("attack", book.get("Borodino"), None, None, 5)


def test_unknown_crippled_value_is_refused_not_guessed(book):
    # Merian: no Crippled row on the card
    with pytest.raises(UnitLookupError, match="no known Crippled"):
        profile_inputs("attack", book.get("Borodino"), "heavy gun battery", book.get("Merian"), 15,
                       target_crippled=True)


def test_assault_and_ram(book):
    # Borodino FRAY 14; two other models support. Lovelace CIT 10, ADV 5, SDV 5, MASS 2.
    params, _ = profile_inputs("assault", book.get("Borodino"), None, book.get("Lovelace"), None, 3)
    assert params == {"fray": 14, "support": 2, "target_citadel": 10, "target_adv": 5, "target_sdv": 5,
                      "target_mass": 2}
    # Ram: Borodino HULL 7, MASS 3; Lovelace ARM 5, CIT 10, MASS 2, HULL 4
    params, _ = profile_inputs("ram", book.get("Borodino"), None, book.get("Lovelace"), 6)
    assert params == {"hull": 7, "rammer_mass": 3, "inches": 6, "target_armour": 5, "target_citadel": 10,
                      "target_mass": 2, "target_hull": 4}


def test_ram_weapon_from_battlescribe(tmp_path):
    # fixture library "Ram": <characteristic typeId="ct-qualities">Ramming (3)</characteristic>
    import_files(tmp_path, [str(FIXTURES)])
    imported = UnitBook(tmp_path, CORPUS)
    params, provenance = profile_inputs("ram", imported.get("Borodino"), "ram", imported.get("Tsarina"), 4)
    assert params["ramming"] == 3 and params["target_hull"] == 5
    assert any(p["from"].endswith("› Ram (F) › Ramming (3)") for p in provenance)


def test_free_text_mentions(book):
    attacker, weapon, target, distance, rest = find_units("Borodino heavy gun battery at Lovelace 15 inches", book)
    assert (attacker, weapon, target, distance, rest) == (
        "Borodino Battleship", "Heavy gun battery", "Lovelace Cruiser", 15.0, "")
    attacker, weapon, target, distance, rest = find_units("my Borodino's heavy gun batteries vs the Lovelace, 12\"",
                                                          book)
    assert (attacker, weapon, target, distance) == ("Borodino Battleship", "Heavy gun battery", "Lovelace Cruiser",
                                                    12.0)
    assert find_units("21 dice vs armour 6", book) == (None, None, None, None, "21 dice vs armour 6")


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Admiralty:
    settings = Settings.from_env().with_data_dir(tmp_path_factory.mktemp("units-service"))
    return Admiralty(settings)


def test_service_referee_uses_profiles_and_explicit_values_win(service):
    result = service.referee("attack", {"attacker": "Borodino", "weapon": "heavy gun battery", "target": "Lovelace",
                                        "distance": 15, "attacker_models": 2, "armour": 6})
    inputs = result["inputs"]
    # lead 10 + support 5; Lovelace's card (issue 20): "Internal Shield Generator: Remove 2 action dice" -> 13
    assert inputs["dice"] == 13 and inputs["pool_steps"][:2] == ["lead 10", "+ support 5"]
    assert inputs["armour"] == 6 and inputs["citadel"] == 10
    armour = next(p for p in result["inputs_from_profiles"] if p["param"] == "armour")
    assert armour["value"] == 5 and armour["overridden_by"] == 6


def test_service_referee_from_free_text(service):
    result = service.referee("attack", {"description": "Borodino heavy gun battery at Lovelace 15 inches",
                                        "card_rules_off": ["Internal Shield Generator"]})
    assert result["inputs"]["dice"] == 10 and result["inputs"]["citadel"] == 10
    assert result["inputs"]["band"] == "closing"


def test_service_referee_without_units_is_unchanged(service):
    result = service.referee("attack", {"dice": 8, "armour": 5})
    assert "inputs_from_profiles" not in result


def test_service_unit_inputs_without_a_unit_are_refused(service):
    with pytest.raises(UnitLookupError, match="unit inputs need a unit"):
        service.referee("attack", {"dice": 8, "armour": 5, "attacker_models": 2})


def test_service_unit_methods(service):
    assert service.unit("Kutsov")["status"] == "found"
    assert service.complete_units("ru")[0] == "Rurik Frigate"  # prefix matches before substring ones (cRUiser)
    assert service.unit_weapons("Kutsov") == ["Heavy gun battery", "Heavy broadside"]
    assert service.units_status()["units"] == 7
    assert service.import_units([str(FIXTURES)])["units"] == 2
    assert service.units_status()["units"] == 9  # the book is reloaded after an import


def test_service_sees_an_import_made_by_another_process(tmp_path):
    settings = Settings.from_env().with_data_dir(tmp_path)
    server = Admiralty(settings)
    assert server.units_status()["units"] == 7
    import_files(tmp_path, [str(FIXTURES)])  # e.g. `admiralty units import` while the server runs
    assert server.units_status()["units"] == 9


def test_service_referee_issue_example_sentence(service):
    # The issue's sentence: lead 10 ("10 (5)" at Closing) + the second ship's support 5.
    result = service.referee("attack", {"description": "my Borodino's heavy gun batteries at the Lovelace, "
                                                       "15 inches, two ships in the squadron",
                                        "card_rules_off": ["Internal Shield Generator"]})
    assert result["inputs"]["dice"] == 15
    assert result["inputs"]["armour"] == 5
