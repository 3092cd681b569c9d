"""`unit NAME`: fuzzy lookup over unit names and class names, listed like `rule` when ambiguous."""
from __future__ import annotations

from pathlib import Path

import pytest

from units.book import UnitBook, import_files
from units.errors import UnitLookupError

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "battlescribe"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@pytest.fixture()
def book(tmp_path) -> UnitBook:
    return UnitBook(tmp_path, CORPUS)


def test_class_name_finds_the_card(book):
    # "BORODINO BATTLESHIP / COMMONWEALTH, …, BORODINO CLASS": "Borodino" is the same card
    for query in ("Borodino", "borodino battleship", "BORODINO-class", "Borodno"):
        result = book.lookup(query)
        assert result["status"] == "found", query
        assert [u["name"] for u in result["units"]] == ["Borodino Battleship"]


def test_the_prometheus_without_the_article(book):
    assert book.lookup("Prometheus")["units"][0]["name"] == "The Prometheus"


def test_ambiguous_lists_candidates(book):
    result = book.lookup("cruiser")
    assert result["status"] == "ambiguous"
    assert set(result["candidates"]) == {"Kutsov Cruiser", "Lovelace Cruiser"}
    assert result["units"] == []


def test_not_found(book):
    result = book.lookup("Zeppelin Carrier")
    assert result["status"] == "not_found" and result["units"] == []


def test_bad_query_is_a_user_error(book):
    with pytest.raises(UnitLookupError, match="give a unit name"):
        book.lookup("   ")
    with pytest.raises(UnitLookupError, match="the limit is 100"):
        book.lookup("x" * 101)


def test_two_sources_of_one_card_are_both_shown(tmp_path):
    import_files(tmp_path, [str(FIXTURES)])
    result = UnitBook(tmp_path, CORPUS).lookup("Borodino")
    assert result["status"] == "found"
    assert sorted(u["source"] for u in result["units"]) == ["Test Commonwealth (BattleScribe)",
                                                            "dw3 quick reference"]


def test_referee_prefers_imported_data_and_says_so(tmp_path):
    import_files(tmp_path, [str(FIXTURES)])
    unit = UnitBook(tmp_path, CORPUS).get("Borodino")
    assert unit["source"] == "Test Commonwealth (BattleScribe)"
    assert any("also known from dw3 quick reference" in n for n in unit["notes"])


def test_complete_and_weapons(book):
    assert book.complete("lo") == ["Lovelace Cruiser"]
    assert len(book.complete("")) == 7
    assert book.complete("", limit=2) == book.complete("")[:2]
    # Rurik card: "Gun battery …" and "Light broadside …"
    assert book.weapons("Rurik") == ["Gun battery", "Light broadside"]
    assert book.weapons("cruiser") == []  # ambiguous: no guess


def test_rule_texts_from_the_corpus_when_the_index_is_built(built_settings):
    """Special rules named like a glossary term get the glossary's text (dw4-rules-glossary.cat has
    <rule name="Wavelurker"> and <rule name="Ablative Armour">)."""
    from bot.service import Admiralty

    result = Admiralty(built_settings.with_data_dir(built_settings.data_dir)).unit("Lovelace")
    assert result["rules_from_corpus"] is True
    wavelurker = next(r for r in result["units"][0]["rules"] if r["name"] == "Wavelurker")
    assert "dw4-glossary" in {entry["edition"] for entry in wavelurker["corpus"]}
    assert wavelurker["text"].startswith("May plunge into a shallow dive")  # the card's own text stays first


def test_rule_texts_without_an_index_say_so(tmp_path):
    from bot.service import Admiralty
    from core.settings import Settings

    result = Admiralty(Settings.from_env().with_data_dir(tmp_path), build_if_stale=False).unit("Lovelace")
    assert result["rules_from_corpus"] is False
    assert all("corpus" not in rule for rule in result["units"][0]["rules"])
