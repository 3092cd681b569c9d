"""The quick reference's unit cards (corpus/dw3-quick-reference.txt, end of file) as profiles.

Expected values are read by hand from the card text. The stat header on every card is
" MASS SPD TURN  ARM HULL CIT FRAY ADV / SDV"; the Crippled row prints only changed values.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from units.quickref import SOURCE, load_quick_reference, parse_cards

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture(scope="module")
def cards() -> dict[str, dict]:
    return {u["name"]: u for u in load_quick_reference(CORPUS)}


def test_every_named_card_is_parsed_with_source_and_version(cards):
    assert set(cards) == {"The Prometheus", "Descartes Control Ship", "Lovelace Cruiser", "Merian Frigate",
                          "Borodino Battleship", "Kutsov Cruiser", "Rurik Frigate"}
    for unit in cards.values():
        assert unit["source"] == SOURCE
        # corpus/manifest.toml: version = "3rd edition, early 3.0x"
        assert unit["version"] == "3rd edition, early 3.0x"


def test_borodino_stats_both_states(cards):
    # The block printed just before "BORODINO BATTLESHIP": " 3 6 3 7 7 14 14 5 / 5" and the
    # Crippled row "  4 2  6 12 13 3 / 3" (Mass and Armour blank = unchanged).
    stats = cards["Borodino Battleship"]["stats"]
    assert stats["battle_ready"] == {"mass": 3, "speed": 6, "turn": 3, "armour": 7, "hull": 7, "citadel": 14,
                                     "fray": 14, "adv": 5, "sdv": 5}
    assert stats["crippled"] == {"mass": 3, "speed": 4, "turn": 2, "armour": 7, "hull": 6, "citadel": 12,
                                 "fray": 13, "adv": 3, "sdv": 3}
    assert any("read as unchanged" in n for n in cards["Borodino Battleship"]["notes"])


def test_borodino_weapons_bands_and_crippled_values(cards):
    # "Heavy gun battery F / P / S 8 (4) 10 (5) 6 (3) GUNNERY" then "CRIPPLED 5 (2) 6 (3) 4 (2)"
    weapons = cards["Borodino Battleship"]["weapons"]
    hgb = weapons[0]
    assert (hgb["name"], hgb["arc"], hgb["qualities"]) == ("Heavy gun battery", "F / P / S", ["Gunnery"])
    assert hgb["bands"]["closing"] == {"battle_ready": {"lead": 10, "support": 5},
                                       "crippled": {"lead": 6, "support": 3}}
    # "Heavy broadside P & S 10 (7) 6 (3) - (-) FUSILLADE": a dash is 0, no long-range attack
    broadside = next(w for w in weapons if w["name"] == "Heavy broadside")
    assert broadside["bands"]["long"]["battle_ready"] == {"lead": 0, "support": 0}
    # "Cryogenic blast 360º 8 (-) 8 (-) 11 (6) BLAST, HAZARD, DEVASTATING" + "SUSTAINED" on the next line,
    # and no CRIPPLED row: Crippled values unknown (None), and the notes say so
    blast = next(w for w in weapons if w["name"] == "Cryogenic blast")
    assert blast["qualities"] == ["Blast", "Hazard", "Devastating", "Sustained"]
    assert blast["bands"]["long"]["crippled"] == {"lead": None, "support": None}
    assert any("Cryogenic blast" in n and "unknown" in n for n in cards["Borodino Battleship"]["notes"])


def test_luminiferous_defences_confirm_which_block_is_whose(cards):
    # Each Enlightened card's rule says "May use crippled ADV (N)": 5 for the Prometheus, 6 for
    # the Descartes, 3 for the Lovelace, which is the Crippled ADV of the stat block given to it.
    for name, adv in (("The Prometheus", 5), ("Descartes Control Ship", 6), ("Lovelace Cruiser", 3)):
        unit = cards[name]
        rule = next(r for r in unit["rules"] if r["name"] == "Luminiferous Defences")
        assert f"crippled ADV ({adv})" in rule["text"]
        assert unit["stats"]["crippled"]["adv"] == adv


def test_frigates_without_crippled_row_have_unknown_crippled_stats(cards):
    # Merian: " 1 12 10 4 2 8 1 2 / 2" printed twice (two models), no Crippled row.
    merian = cards["Merian Frigate"]
    assert merian["stats"]["battle_ready"]["fray"] == 1
    assert merian["stats"]["battle_ready"]["citadel"] == 8
    assert set(merian["stats"]["crippled"].values()) == {None}
    assert "no Crippled stat row is printed on the card: Crippled stats unknown" in merian["notes"]
    # its rules follow its title: "Wavelurker", "Pack Hunter", "Mechanical Soul"
    assert [r["name"] for r in merian["rules"]] == ["Wavelurker", "Pack Hunter", "Mechanical Soul"]
    assert [w["name"] for w in merian["weapons"]] == ["Pulse emitter", "Pulse broadside", "Micro torpedo salvo"]


def test_squadron_copies_are_merged(cards):
    # The Rurik block is printed three times; one profile with one copy of each weapon and rule.
    rurik = cards["Rurik Frigate"]
    assert [w["name"] for w in rurik["weapons"]] == ["Gun battery", "Light broadside"]
    assert [r["name"] for r in rurik["rules"]] == ["Shallow Draught", "Pack Hunter", "Ablative Armour"]
    # "Gun battery F / P / S 3 (2) 5 (3) - (-) GUNNERY"
    assert rurik["weapons"][0]["bands"]["point_blank"]["battle_ready"] == {"lead": 3, "support": 2}


def test_rule_text_with_lost_icons_is_flagged(cards):
    # "Its attacks count only a single  from each ;" - the die-face icons are missing.
    lovelace = cards["Lovelace Cruiser"]
    assert any("Wavelurker" in n and "icons were lost" in n for n in lovelace["notes"])


def test_unreadable_crippled_row_leaves_crippled_stats_unknown():
    # "  9 9 9" has four cells for nine columns: it cannot be read column by column.
    text = (" MASS SPD TURN  ARM HULL CIT FRAY ADV / SDV\n\n 2 9 5 5 4 10 6 5 / 5\n  9 9 9\n\n"
            "TEST CRUISER \nTESTFACTION, CRUISER, TEST CLASS\n")
    (unit,) = parse_cards(text)
    assert unit["stats"]["battle_ready"]["citadel"] == 10
    assert set(unit["stats"]["crippled"].values()) == {None}
    assert any("could not be read" in n for n in unit["notes"])
    assert unit["aliases"] == ["Test"]
