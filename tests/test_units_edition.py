"""Which edition's profiles a named-unit request uses when no ruleset is given.

Order: an explicit ruleset, else the named units' own edition (when they exist in one only),
else the server's default, else dw3. Real data: /work/shared/data/bsdata-dw3 prints
"Philadelphia Heavy  Arc Cruiser Squadron" and "Kutsov Cruiser Squadron" (Union.cat,
Commonwealth.cat); newrecruit-dw4 prints "Philadelphia Heavy Arc Cruiser" and "Kutsov Cruiser".
A whole-name match must beat a name found by dropping its type word ("Squadron").
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.service import Admiralty
from core.settings import Settings

DATA = Path("/work/shared/data")


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Admiralty:
    if not (DATA / "bsdata-dw3").is_dir() or not (DATA / "newrecruit-dw4").is_dir():
        pytest.skip("the shared BattleScribe data is not on this machine")
    service = Admiralty(Settings.from_env().with_data_dir(tmp_path_factory.mktemp("both-editions")))
    service.import_units([str(DATA / "bsdata-dw3")])
    service.import_units([str(DATA / "newrecruit-dw4")])
    return service


def _sources(result: dict) -> list[str]:
    return [row["from"] for row in result["inputs_from_profiles"]]


def test_an_exact_dw4_name_is_the_dw4_card_not_the_dw3_squadron(service):
    status, cards, _ = service.units.find("Philadelphia Heavy Arc Cruiser")
    assert (status, cards) == ("found", ["Philadelphia Heavy Arc Cruiser"])
    # the dw3 card is still found by its own whole name
    squadron = service.units.find("Philadelphia Heavy Arc Cruiser Squadron")[1]
    assert squadron == ["Philadelphia Heavy  Arc Cruiser Squadron"]


def test_two_dw4_only_units_without_a_ruleset_use_dw4_and_say_so(service):
    result = service.referee("attack", {"attacker": "Philadelphia Heavy Arc Cruiser",
                                        "weapon": "Heavy Electrocannon Battery", "target": "Kutsov Cruiser",
                                        "distance": 12})
    assert result["ruleset"] == "dw4"
    assert all("4th edition" in source for source in _sources(result) if "›" in source and "card rules" not in source)
    notes = " | ".join(result["unit_notes"])
    assert "dw4 ruleset is used" in notes
    assert "attacker: Philadelphia Heavy Arc Cruiser (Union, 4th edition" in notes
    assert "target: Kutsov Cruiser (Commonwealth, 4th edition" in notes


def test_the_units_edition_beats_a_servers_default_but_not_an_explicit_ruleset(service):
    params = {"attacker": "Philadelphia Heavy Arc Cruiser", "weapon": "Heavy Electrocannon Battery",
              "target": "Kutsov Cruiser", "distance": 12}
    by_default = service.referee("attack", params, defaults={"ruleset": "dw3"})
    assert by_default["ruleset"] == "dw4"
    assert any("not the default dw3" in note for note in by_default["unit_notes"])
    explicit = service.referee("attack", {**params, "weapon": "Electrocannon Battery", "ruleset": "dw3"})
    assert explicit["ruleset"] == "dw3"
    assert any("Philadelphia Heavy  Arc Cruiser Squadron (Union, 3rd edition" in s for s in _sources(explicit))


def test_free_text_with_dw4_names_uses_dw4(service):
    result = service.referee("attack", {"description": "Philadelphia Heavy Arc Cruiser heavy electrocannon "
                                                       "battery at Kutsov Cruiser 12 inches"})
    assert result["ruleset"] == "dw4"
    assert any(s.startswith("Philadelphia Heavy Arc Cruiser (Union, 4th edition") for s in _sources(result))


def test_names_of_both_editions_keep_the_default_edition(service):
    # "Borodino" and "Lovelace" name cards of both editions: nothing to infer, the default (dw3) is used
    result = service.referee("attack", {"attacker": "Borodino", "weapon": "heavy gun battery",
                                        "target": "Lovelace", "distance": 12})
    assert result["ruleset"].startswith("dw3")
    assert not any("ruleset is used" in note for note in result.get("unit_notes", []))


# -- Russian names and an ambiguous name in free text ---------------------------------------------------------
def test_russian_transliterated_names_in_free_text(service):
    from units.mentions import find_units

    book = service.units
    attacker, _, target, distance, rest = find_units("Бородино стреляет по Ловелас 12 дюймов", book)
    assert (attacker, target, distance, rest) == ("Borodino Battleship", "Lovelace Cruiser Squadron", 12.0, "")
    # Russian declines the name: 'по Ловеласу' (dative), 'таранит Кутсова' (accusative)
    assert find_units("Бородино стреляет по Ловеласу 12 дюймов", book)[2] == "Lovelace Cruiser Squadron"
    assert find_units("Бородино таранит Кутсова", book)[:3:2] == ("Borodino Battleship", "Kutsov Cruiser Squadron")


def test_an_ambiguous_name_in_free_text_says_which_units_it_could_be(service):
    # Union.cat (dw3) "Steward Sentry Airship Squadron", Union.cat (dw4) "Steward Airship"
    from bot.service import UserInputError

    with pytest.raises(UserInputError, match="'Steward' could be Steward Airship, Steward Sentry Airship Squadron"):
        service.referee("attack", {"description": "Steward shoots Borodino 10 inches"})
    with pytest.raises(UserInputError, match="target: 'Steward' could be"):
        service.referee("attack", {"description": "Borodino heavy gun battery at Steward 10 inches"})


# -- the player's language for unit-derived text -------------------------------------------------------------
# English sentence words our own texts use; the cards' names (units, weapons, rules, files) stay as printed
_ENGLISH = re.compile(r"\b(?:the|is|not|applied|used|from|with|has|lead|support|other|models?|qualities|"
                      r"crippled|battle-ready|armour|hull|mass|defence|edition|revision|target|attacker|"
                      r"ruleset|card rules|band|nearer|standard|closing)\b", re.IGNORECASE)


def _without_card_names(line: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        line = line.replace(name, "")
    return line


def test_a_russian_named_unit_attack_has_no_english_sentence_left(service):
    # Commonwealth.cat (dw4) Kutsov Cruiser: "Ablative Armour (3)"; Union.cat (dw4) Philadelphia Heavy Arc Cruiser
    result = service.referee("attack", {"attacker": "Philadelphia Heavy Arc Cruiser",
                                        "weapon": "Heavy Electrocannon Battery", "target": "Kutsov Cruiser",
                                        "distance": 12, "attacker_models": 2}, lang="ru")
    units = [service.units.get(n, edition="dw4") for n in ("Philadelphia Heavy Arc Cruiser", "Kutsov Cruiser")]
    names = [n for u in units for n in (u["name"], u["faction"], u["source"],
                                        *(w["name"] for w in u["weapons"]), *(r["name"] for r in u["rules"]))]
    lines = [row["from"] for row in result["inputs_from_profiles"]] + result["unit_notes"]
    assert len(lines) > 8
    left = [line for line in lines if _ENGLISH.search(_without_card_names(line, names))]
    assert left == []
    joined = " | ".join(lines)
    assert "правила карточки › Ablative Armour (3) (Kutsov Cruiser): Абляционная броня (3)" in joined
    assert "использованы правила dw4" in joined and "4-я редакция" in joined
    # the same request in English keeps its English texts
    english = service.referee("attack", {"attacker": "Philadelphia Heavy Arc Cruiser",
                                         "weapon": "Heavy Electrocannon Battery", "target": "Kutsov Cruiser",
                                         "distance": 12}, lang="en")
    assert any("dw4 ruleset is used" in note for note in english["unit_notes"])


def test_a_russian_description_gets_russian_unit_notes(service):
    result = service.referee("assault", {"description": "Бородино штурмует Ловеласа"})
    assert any(note.startswith("атакующий: Borodino") for note in result["unit_notes"])
    assert result["lang"] == "ru"  # the whole answer, though the names taken out leave no Russian words


def test_unit_lookup_refusals_in_russian(service):
    from bot.service import UserInputError, error_text

    with pytest.raises(UserInputError) as refused:
        service.referee("attack", {"description": "Стюард стреляет по Бородино 10 дюймов", "attacker": "Steward",
                                   "ruleset": "dw4", "target": "Borodino", "distance": 10})
    assert error_text(refused.value, "en").startswith("weapon: name Steward Airship's lead weapon")
    assert error_text(refused.value, "ru").startswith("weapon: назовите ведущее оружие Steward Airship (одно из: ")
    with pytest.raises(UserInputError) as refused:
        service.referee("attack", {"description": "Steward shoots Borodino 10 inches"}, lang="ru")
    assert error_text(refused.value, "ru") == ("attacker: «Steward» может означать Steward Airship, Steward Sentry "
                                               "Airship Squadron; назовите один")
    with pytest.raises(UserInputError) as refused:
        service.referee("attack", {"ruleset": "dw3", "attacker": "Steward Airship", "target": "Borodino"})
    assert "has only 4th edition profiles; the 3rd edition rules" in error_text(refused.value, "en")
    assert "есть только профили (4-я редакция)" in error_text(refused.value, "ru")


def test_weapon_and_distance_refusals_in_russian(service):
    from bot.service import UserInputError, error_text

    params = {"ruleset": "dw4", "attacker": "Kutsov Cruiser", "target": "Borodino Battleship"}
    with pytest.raises(UserInputError) as refused:
        service.referee("attack", {**params, "weapon": "zzz", "distance": 5})
    assert error_text(refused.value, "ru").startswith("weapon: у Kutsov Cruiser нет оружия, похожего на «zzz» (есть: ")
    assert error_text(refused.value, "en").startswith("weapon: Kutsov Cruiser has no weapon like 'zzz' (it has: ")
    weapon = service.units.get("Kutsov Cruiser", edition="dw4")["weapons"][0]["name"]
    with pytest.raises(UserInputError) as refused:
        service.referee("attack", {**params, "weapon": weapon})
    assert error_text(refused.value, "ru") == ("distance: задайте расстояние в дюймах, чтобы знать категорию "
                                               "дистанции оружия")
