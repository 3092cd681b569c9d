"""Import safety: a library update rebuilds the catalogues linking it (or is refused saying why),
one import at a time, other game systems refused, `units remove SOURCE`.

Fixture: tests/fixtures/battlescribe (dw3-test.gst, library-weapons.cat, commonwealth.cat);
library-weapons.cat's "Heavy Gun Battery" prints Closing "10(5) / 6(3)", commonwealth.cat links it.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import main
from units import store
from units.book import UnitBook, import_files, remove_source
from units.errors import UnitDataError, UnitLookupError

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "battlescribe"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _borodino(data: Path) -> dict:
    return next(u for u in UnitBook(data, CORPUS).units if u["name"] == "Borodino Battleship"
                and u["source"].endswith("(BattleScribe)"))


def _closing(unit: dict) -> dict:
    return next(w for w in unit["weapons"] if w["name"] == "Heavy Gun Battery")["bands"]["closing"]["battle_ready"]


def test_a_library_update_rebuilds_every_catalogue_linking_it(tmp_path):
    data = tmp_path / "data"
    import_files(data, [str(FIXTURES)])
    assert _closing(_borodino(data)) == {"lead": 10, "support": 5}
    updated = tmp_path / "library-weapons.cat"
    updated.write_text((FIXTURES / "library-weapons.cat").read_text().replace("10(5) / 6(3)", "11(6) / 7(3)"))
    result = import_files(data, [str(updated)])  # the library alone, as a user updating Weapon.cat would
    rebuilt = [s["file"] for s in result["imported"] if s["rebuilt"]]
    assert rebuilt == ["commonwealth.cat"]
    assert _closing(_borodino(data)) == {"lead": 11, "support": 6}


def test_a_library_update_that_breaks_a_linking_catalogue_is_refused(tmp_path):
    data = tmp_path / "data"
    import_files(data, [str(FIXTURES)])
    broken = tmp_path / "library-weapons.cat"
    broken.write_text((FIXTURES / "library-weapons.cat").read_text().replace('id="w-hgb"', 'id="w-hgb-renamed"'))
    with pytest.raises(UnitDataError) as err:
        import_files(data, [str(broken)])
    assert "commonwealth.cat was imported earlier" in str(err.value) and "w-hgb" in str(err.value)
    assert _closing(_borodino(data)) == {"lead": 10, "support": 5}  # nothing of the refused import


def test_one_import_at_a_time(tmp_path):
    data = tmp_path / "data"
    with store.import_lock(data):  # another import holds the lock
        with pytest.raises(UnitDataError) as err:
            import_files(data, [str(FIXTURES)], wait=0.2)
    assert err.value.code == "import_busy" and "another unit import is running" in str(err.value)
    assert import_files(data, [str(FIXTURES)])["units"] == 2  # once it is released


def test_another_game_system_is_refused(tmp_path):
    folder = tmp_path / "other"
    shutil.copytree(FIXTURES, folder)
    gst = folder / "dw3-test.gst"
    gst.write_text(gst.read_text().replace('name="Dystopian Wars Test System"', 'name="Warhammer 40,000"'))
    with pytest.raises(UnitDataError) as err:
        import_files(tmp_path / "data", [str(folder)])
    assert "'Warhammer 40,000' is not Dystopian Wars" in str(err.value)
    assert not store.db_path(tmp_path / "data").exists()


def test_remove_a_source(tmp_path):
    data = tmp_path / "data"
    import_files(data, [str(FIXTURES)])
    with pytest.raises(UnitLookupError) as err:
        remove_source(data, "library-weapons.cat")  # commonwealth.cat links it
    assert err.value.code == "in_use" and "commonwealth.cat" in str(err.value)
    removed = remove_source(data, "Test Commonwealth")
    assert removed["removed"]["file"] == "commonwealth.cat" and removed["removed"]["units"] == 2
    assert not any(u["source"].endswith("(BattleScribe)") for u in UnitBook(data, CORPUS).units)
    assert remove_source(data, "library-weapons.cat")["removed"]["units"] == 0
    with pytest.raises(UnitLookupError):
        remove_source(data, "nothing.cat")


def test_cli_remove(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    assert main(["units", "import", str(FIXTURES)]) == 0
    capsys.readouterr()
    assert main(["units", "remove", "commonwealth.cat"]) == 0
    assert capsys.readouterr().out.startswith("removed commonwealth.cat: Test Commonwealth (revision 12), 2 units")
    assert main(["units", "remove", "commonwealth.cat"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("admiralty: error: source: no imported file 'commonwealth.cat'") and err.count("\n") == 1
