"""BattleScribe import: the hand-written fixture in tests/fixtures/battlescribe (invented numbers,
public schema): a game system, a library catalogue of weapons and a faction catalogue.

Expected values are read from the fixture XML; each test names the element it relies on.
"""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from core.errors import UserInputError
from units.book import UnitBook, import_files
from units.errors import UnitDataError

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "battlescribe"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _book(data_dir: Path) -> UnitBook:
    return UnitBook(data_dir, CORPUS)


def _imported(book: UnitBook, name: str) -> dict:
    return next(u for u in book.units if u["name"] == name and u["source"].endswith("(BattleScribe)"))


def test_folder_import_resolves_links_and_default_loadout(tmp_path):
    result = import_files(tmp_path, [str(FIXTURES)])
    assert result["units"] == 2  # Borodino Battleship and Tsarina Cruiser; Fleet Admiral has no stat profile
    borodino = _imported(_book(tmp_path), "Borodino Battleship")
    # <characteristic name="Armour">7/6</characteristic>: Battle-Ready 7, Crippled 6
    assert borodino["stats"]["battle_ready"]["armour"] == 7
    assert borodino["stats"]["crippled"]["armour"] == 6
    assert borodino["source"] == "Test Commonwealth (BattleScribe)"
    assert borodino["version"] == "revision 12"
    by_name = {w["name"]: w for w in borodino["weapons"]}
    # entryLink -> library "Heavy Gun Battery": Closing "10(5) / 6(3)"
    assert by_name["Heavy Gun Battery"]["bands"]["closing"] == {"battle_ready": {"lead": 10, "support": 5},
                                                                "crippled": {"lead": 6, "support": 3}}
    assert by_name["Heavy Gun Battery"]["default"] is True
    # group "Broadside or torpedoes", defaultSelectionEntryId="el-borodino-broadside"
    assert (by_name["Heavy Broadside"]["default"], by_name["Heavy Broadside"]["option"]) == \
        (True, "Broadside or torpedoes")
    assert (by_name["Torpedo Salvo"]["default"], by_name["Torpedo Salvo"]["option"]) == \
        (False, "Broadside or torpedoes")
    # Torpedo Salvo Point Blank "12(4) / 8(-)": no support value when crippled
    assert by_name["Torpedo Salvo"]["bands"]["point_blank"]["crippled"] == {"lead": 8, "support": 0}
    rules = {r["name"]: r for r in borodino["rules"]}
    # infoLink type="rule" -> the game system's sharedRules "Ablative Armour"
    assert rules["Ablative Armour"]["text"].startswith("Remove 1 action die")
    assert "Hammer Sweep" in rules


def test_shared_profile_through_info_link(tmp_path):
    import_files(tmp_path, [str(FIXTURES)])
    tsarina = _imported(_book(tmp_path), "Tsarina Cruiser")
    # infoLink -> sharedProfiles "sp-tsarina": Citadel "9/8", Mass "2" (one value: both states)
    assert tsarina["stats"]["battle_ready"]["citadel"] == 9
    assert tsarina["stats"]["crippled"]["citadel"] == 8
    assert tsarina["stats"]["crippled"]["mass"] == 2
    assert "one value given for mass: used for both states" in tsarina["notes"]


def test_zipped_catalogue_imports_the_same(tmp_path):
    folder = tmp_path / "zipped"
    folder.mkdir()
    shutil.copy(FIXTURES / "dw3-test.gst", folder)
    shutil.copy(FIXTURES / "library-weapons.cat", folder)
    with zipfile.ZipFile(folder / "commonwealth.catz", "w") as archive:
        archive.write(FIXTURES / "commonwealth.cat", "commonwealth.cat")
    data = tmp_path / "data"
    assert import_files(data, [str(folder)])["units"] == 2
    status = _book(data).status()
    assert {"file": "commonwealth.catz", "name": "Test Commonwealth", "revision": "12", "units": 2} in \
        [{k: s[k] for k in ("file", "name", "revision", "units")} for s in status["sources"]]


def test_status_counts_units_and_sources(tmp_path):
    before = _book(tmp_path).status()
    assert before["units"] == 7 and [s["name"] for s in before["sources"]] == ["dw3 quick reference"]
    import_files(tmp_path, [str(FIXTURES)])
    after = _book(tmp_path).status()
    assert after["units"] == 9
    assert sorted(s["file"] for s in after["sources"]) == [
        "commonwealth.cat", "dw3-quick-reference.txt", "dw3-test.gst", "library-weapons.cat"]


def test_reimport_replaces_a_sources_profiles(tmp_path):
    import_files(tmp_path, [str(FIXTURES)])
    changed = tmp_path / "v13"
    changed.mkdir()
    text = (FIXTURES / "commonwealth.cat").read_text(encoding="utf-8")
    text = text.replace('revision="12"', 'revision="13"').replace('name="Tsarina Cruiser" type="model"',
                                                                  'name="Tsarina Heavy Cruiser" type="model"')
    (changed / "commonwealth.cat").write_text(text, encoding="utf-8")
    # the library and game system are not given again: links resolve through the earlier import
    import_files(tmp_path, [str(changed / "commonwealth.cat")])
    book = _book(tmp_path)
    names = [u["name"] for u in book.units if u["source"] == "Test Commonwealth (BattleScribe)"]
    assert sorted(names) == ["Borodino Battleship", "Tsarina Heavy Cruiser"]
    assert {u["version"] for u in book.units if u["source"] == "Test Commonwealth (BattleScribe)"} == \
        {"revision 13"}
    assert book.status()["units"] == 9


def _bad_file_error(tmp_path: Path, name: str, content: bytes) -> str:
    folder = tmp_path / "bad"
    folder.mkdir(exist_ok=True)
    shutil.copy(FIXTURES / "dw3-test.gst", folder)
    shutil.copy(FIXTURES / "library-weapons.cat", folder)
    (folder / name).write_bytes(content)
    data = tmp_path / "data"
    import_files(data, [str(FIXTURES / "dw3-test.gst")])  # something imported before
    with pytest.raises(UnitDataError) as caught:
        import_files(data, [str(folder)])
    assert isinstance(caught.value, UserInputError)
    # nothing of the failed import is stored: only the earlier game system is there
    assert [s["file"] for s in _book(data).status()["sources"]] == ["dw3-quick-reference.txt", "dw3-test.gst"]
    return str(caught.value)


def test_not_xml_names_the_file(tmp_path):
    message = _bad_file_error(tmp_path, "broken.cat", b"<catalogue id='x'><unclosed></catalogue>")
    assert message.startswith("broken.cat: not well-formed XML (line 1")


def test_wrong_root_names_the_element(tmp_path):
    message = _bad_file_error(tmp_path, "roster.cat", b"<?xml version='1.0'?><roster id='r'/>")
    assert message == "roster.cat: root element <roster> is not a BattleScribe <gameSystem> or <catalogue>"


def test_broken_link_names_the_file_and_element(tmp_path):
    text = (FIXTURES / "commonwealth.cat").read_bytes().replace(b'targetId="w-torpedo"', b'targetId="w-missing"')
    message = _bad_file_error(tmp_path, "commonwealth.cat", text)
    assert message.startswith("commonwealth.cat: broken link <entryLink name='Torpedo Salvo' "
                              "id='el-borodino-torpedo' targetId='w-missing'> (line ")


def test_zip_with_two_files_is_refused(tmp_path):
    archive_path = tmp_path / "two.catz"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("a.cat", "<catalogue/>")
        archive.writestr("b.cat", "<catalogue/>")
    with pytest.raises(UnitDataError, match="two.catz: a zipped BattleScribe file must hold exactly one XML"):
        import_files(tmp_path / "data", [str(archive_path)])


def test_missing_path_and_wrong_extension(tmp_path):
    with pytest.raises(UnitDataError, match="no such file or folder"):
        import_files(tmp_path, [str(tmp_path / "nope.cat")])
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(UnitDataError, match="notes.txt: not a BattleScribe file"):
        import_files(tmp_path, [str(tmp_path / "notes.txt")])


def test_entity_expansion_is_not_performed(tmp_path):
    # An XML entity must not pull in a local file (no external entities, no DTD loading).
    evil = (b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="e" name="&x;"/>')
    (tmp_path / "evil.cat").write_bytes(evil)
    try:
        import_files(tmp_path / "data", [str(tmp_path / "evil.cat")])
    except UnitDataError:
        return
    names = [s["name"] for s in _book(tmp_path / "data").status()["sources"]]
    assert not any("root:" in (n or "") for n in names)
