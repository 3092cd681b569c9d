"""`admiralty unit`, `admiralty units import|status`, and the referee flags from unit profiles."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "battlescribe"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    return tmp_path


def test_unit_card_text(capsys):
    assert main(["unit", "Lovelace"]) == 0
    out = capsys.readouterr().out
    assert "== Lovelace Cruiser — Enlightened" in out
    assert "source: dw3 quick reference, 3rd edition, early 3.0x" in out
    # "Particle beamer F / P / S 6 (4) 5 (3) 4 (3)" and "CRIPPLED 4 (3) 3 (2) 2 (1)"
    assert "6(4) / 4(3)" in out and "5(3) / 3(2)" in out


def test_unit_json_shape(capsys):
    assert main(["unit", "Merian", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "found" and result["query"] == "Merian"
    unit = result["units"][0]
    assert set(unit["stats"]) == {"battle_ready", "crippled"}
    assert set(unit["stats"]["crippled"]) == {"mass", "speed", "turn", "armour", "citadel", "hull", "fray", "adv",
                                              "sdv"}
    assert unit["stats"]["crippled"]["fray"] is None  # no Crippled row on the Merian card
    weapon = unit["weapons"][0]
    assert set(weapon) >= {"name", "arc", "qualities", "bands"}
    assert set(weapon["bands"]) == {"point_blank", "closing", "long"}
    assert all(set(r) >= {"name", "text", "citation"} for r in unit["rules"])


def test_ambiguous_and_not_found_exit_1(capsys):
    assert main(["unit", "cruiser"]) == 1
    assert "could mean several units" in capsys.readouterr().out
    assert main(["unit", "Zeppelin", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["status"] == "not_found"


def test_import_and_status(capsys):
    assert main(["units", "import", str(FIXTURES)]) == 0
    assert "imported 2 units from 3 files" in capsys.readouterr().out
    assert main(["units", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["units"] == 9
    assert {"file": "library-weapons.cat", "name": "Library - Test Weapons", "revision": "3", "units": 0} in \
        [{k: s[k] for k in ("file", "name", "revision", "units")} for s in status["sources"]]


def test_bad_import_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.cat"
    bad.write_text("not xml at all")
    assert main(["units", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("admiralty: error: bad.cat: not well-formed XML") and err.count("\n") == 1


def test_attack_flags_from_profiles(capsys):
    code = main(["attack", "--attacker", "Borodino", "--weapon", "heavy gun battery", "--target", "Lovelace",
                 "--distance", "15", "--attacker-models", "2", "--card-rules-off", "Internal Shield Generator",
                 "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["inputs"]["dice"] == 15  # "10 (5)" at Closing: lead 10 + one supporting model's 5
    assert {p["param"] for p in result["inputs_from_profiles"]} >= {"lead", "support", "armour", "citadel"}


def test_attack_text_names_the_faction_and_edition_of_each_profile(capsys):
    assert main(["attack", "--attacker", "Borodino", "--weapon", "heavy gun battery", "--target", "Lovelace",
                 "--distance", "15"]) == 0
    out = capsys.readouterr().out
    # the quick reference's cards: keyword lines "COMMONWEALTH, BATTLESHIP" and "ENLIGHTENED, CRUISER"
    assert "note: attacker: Borodino Battleship (Commonwealth, dw3 quick reference" in out
    assert "note: target: Lovelace Cruiser (Enlightened, dw3 quick reference" in out


def test_attack_unknown_unit_is_one_line(capsys):
    assert main(["attack", "--attacker", "Zeppelin", "--weapon", "gun", "--distance", "5", "--armour", "4"]) == 2
    assert "attacker: no unit named 'Zeppelin'" in capsys.readouterr().err


@pytest.mark.slow
def test_unit_cold_start_loads_no_heavy_modules():
    """A whole `admiralty unit` process: torch, numpy and lxml stay unloaded."""
    code = ("import sys, runpy; sys.argv=['admiralty','unit','Borodino','--json'];"
            "from bot.cli import main; main();"
            "print('HEAVY', sorted(m for m in ('torch','numpy','lxml') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "HEAVY []"


def test_a_russian_player_reads_the_lookup_lines_in_russian(capsys):
    """README: `--lang ru` gives "the verdict, notes, assumptions, the understood values and errors in
    Russian"; a name typed in Cyrillic chooses Russian as a Cyrillic description does."""
    assert main(["unit", "cruiser", "--lang", "ru"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("«cruiser» может означать несколько юнитов") and "could mean" not in out
    assert main(["unit", "Zeppelin", "--lang", "ru"]) == 1
    assert capsys.readouterr().out.startswith("Нет юнита «Zeppelin»")
    assert main(["unit", "Ловелас"]) == 0
    out = capsys.readouterr().out
    assert "источник: dw3 quick reference" in out and "source:" not in out
    assert main(["unit", "Lovel\u0430ce"]) == 0  # one look-alike Cyrillic letter does not make a Russian name
    assert "source: dw3 quick reference" in capsys.readouterr().out
