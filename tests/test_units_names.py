"""Names as players type them, and profiles in the referee, on the real data of both editions
(/work/shared/data imported together, as a player with both data sets would).

Facts used are read from the files: Enlightened.cat (3rd) holds "Lovelace Cruiser Squadron",
Enlightened.cat (4th) "Lovelace Cruiser"; the quick reference's card is "Lovelace Cruiser";
Empire.cat (4th) holds "Dao Light Cruiser"; each 4th-edition faction holds a "Hermes Supply
Freighter"; "Pakhtusov Battleship" is only in the 3rd-edition Commonwealth.cat; Rurik is Mass 1.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from referee.api import resolve
from units.apply import apply_profiles
from units.book import UnitBook, import_files
from units.errors import UnitLookupError

SHARED = Path("/work/shared/data")
CORPUS = Path(__file__).resolve().parent.parent / "corpus"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not SHARED.is_dir(), reason="shared data not mounted")]


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> UnitBook:
    data = tmp_path_factory.mktemp("both")
    import_files(data, [str(SHARED / "bsdata-dw3"), str(SHARED / "newrecruit-dw4")])
    return UnitBook(data, CORPUS)


def test_imported_profiles_come_before_the_quick_reference_card_and_both_are_shown(book):
    units = book.lookup("Lovelace")["units"]
    assert [(u["name"], u.get("edition")) for u in units[:2]] == [("Lovelace Cruiser", "dw4"),
                                                                ("Lovelace Cruiser Squadron", "dw3")]
    assert units[-1]["source"] == "dw3 quick reference"
    # the referee, with the 3rd-edition rules, takes the imported 3rd-edition card and says what else exists
    unit = book.get("Lovelace", "target", "dw3")
    assert unit["name"] == "Lovelace Cruiser Squadron"
    assert any("also known from dw3 quick reference" in n for n in unit["notes"])


@pytest.mark.parametrize(("typed", "card"), [
    ("Dao", "Dao Light Cruiser"),                       # not "Zhanmadao Sky Fortress"
    ("Lovelace Squadron", "Lovelace Cruiser Squadron"),
    ("Merian", "Merian Frigate Squadron"),
    ("Бородино", "Borodino Battleship"),                # transliterated Cyrillic
    ("Ловелас", "Lovelace Cruiser Squadron"),
    ("Tobolsk", "Tobolsk Mobile Stronghold"),           # a root entry of type "upgrade" in Commonwealth.cat
])
def test_names_as_players_type_them(book, typed, card):
    result = book.lookup(typed)
    assert result["status"] == "found", result
    assert card in {u["name"] for u in result["units"]}


def test_faction_prefix_chooses_and_a_real_ambiguity_is_listed(book):
    with pytest.raises(UnitLookupError) as err:
        book.get("Hermes Supply Freighter", "target", "dw4")
    assert err.value.code == "ambiguous"
    for faction in ("Union", "Empire", "Commonwealth", "Enlightened"):
        assert faction in str(err.value)
    assert book.get("Union Hermes Supply Freighter", "target", "dw4")["faction"] == "Union"
    assert book.get("Empire Hermes Supply Freighter", "target", "dw4")["faction"] == "Empire"


def test_a_ruleset_uses_its_own_editions_profiles_or_says_why_not(book):
    assert book.get("Borodino", "target", "dw4")["edition"] == "dw4"
    assert book.get("Borodino", "target", "dw3")["edition"] == "dw3"
    with pytest.raises(UnitLookupError) as err:
        book.get("Pakhtusov", "target", "dw4")
    assert err.value.code == "wrong_edition" and "3rd edition" in str(err.value)


def _attack(book, **params):
    merged, provenance, notes = apply_profiles(lambda: book, "attack", params)
    return resolve("attack", merged), provenance, notes


@pytest.mark.parametrize("ruleset", ["dw3", "dw4"])
def test_attacks_on_a_mass_1_target_resolve_in_both_editions(book, ruleset):
    # Rurik: Mass 1 in both editions' Commonwealth.cat
    result, provenance, notes = _attack(book, attacker="Borodino", weapon="heavy gun battery", target="Rurik",
                                        distance=15, ruleset=ruleset)
    assert result["steps"], result
    used = {p["param"]: p for p in provenance}
    assert used["mass"]["value"] == 1 and "crippled_hull" not in used
    edition = "3rd edition" if ruleset == "dw3" else "4th edition"
    assert f"Commonwealth, {edition}" in used["mass"]["from"]  # the answer says which faction and edition
    assert any(n.startswith("target: Rurik") and edition in n for n in notes)


def test_a_crippled_target_named_in_the_text_resolves(book):
    merged, _, _ = apply_profiles(lambda: book, "attack", {
        "description": "Borodino heavy gun battery at crippled Lovelace 15 inches"})
    result = resolve("attack", merged)
    assert result["steps"] and "crippled_hull" not in merged


def test_unmodelled_and_misspelled_qualities_do_not_refuse_the_attack(book):
    # Tri-Railgun: "Rail, Extreme Range, Gunnery" (Rail is not a 3rd-edition calculator quality)
    result, provenance, notes = _attack(book, attacker="Borodino", weapon="tri-railgun", target="Lovelace",
                                        distance=25, ruleset="dw3")
    assert result["steps"]
    assert next(p for p in provenance if p["param"] == "quality")["value"] == ["extreme-range", "gunnery"]
    assert any("'Rail'" in n and "not modelled" in n for n in notes)


def test_every_printed_quality_of_both_sets_reaches_the_referee(book):
    """No printed quality makes the referee refuse: each becomes a token it knows, or a note."""
    from referee.qualities import parse_qualities
    from referee.rulesets import get
    from units.qualities import normalise

    checked = 0
    for unit in book.units:
        edition = unit.get("edition", "dw3")
        for weapon in unit["weapons"]:
            tokens, _ = normalise(weapon["qualities"], edition)
            parse_qualities(tokens, get(edition))
            checked += 1
    assert checked > 2000
