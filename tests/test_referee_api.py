"""The JSON contract, PARAMS, input errors, free text (English and Russian) and the CLI."""
from __future__ import annotations

import json

import pytest

from bot.cli import main
from core.errors import UserInputError
from referee.api import PARAMS, RULESETS, resolve
from referee.errors import TooExpensive
from referee.params import ParamSpec

ODDS_KEYS = {"ruleset", "mode", "assumptions", "citations", "pool", "expected_hits", "expected_damage",
             "p_damage", "p_damage_at_least", "p_critical", "p_catastrophic", "p_total_damage", "p_crippled",
             "p_destroyed", "verdict", "action"}


def _json_ready(x) -> bool:
    if isinstance(x, dict):
        return all(isinstance(k, str) and _json_ready(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_json_ready(v) for v in x)
    return x is None or isinstance(x, (str, int, float, bool))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_attack_odds_contract(ruleset):
    r = resolve("attack", {"ruleset": ruleset, "dice": 12, "armour": 4, "citadel": 8, "defence": 3, "hull": 4,
                           "mass": 2})
    assert ODDS_KEYS <= set(r) and r["mode"] == "odds" and r["ruleset"] == ruleset
    assert _json_ready(r)
    assert sum(r["p_damage"].values()) == pytest.approx(1, abs=1e-9)
    for c in r["citations"]:
        assert {"document", "document_title", "edition", "section", "heading", "term", "reconstructed"} == set(c)
    assert {"dice", "armour", "qualities", "band", "defence"} <= set(r["inputs"]) and r["lang"] == "en"


def test_ram_and_assault_contracts():
    r = resolve("ram", {"hull": 5, "inches": 7, "target_armour": 4, "target_citadel": 8, "target_mass": 2,
                        "rammer_mass": 2})
    assert ODDS_KEYS <= set(r) and {"self_damage", "p_rammer_destroyed"} <= set(r)
    assert sum(r["self_damage"].values()) == pytest.approx(1)
    a = resolve("assault", {"fray": 8, "target_citadel": 6, "target_adv": 2, "target_sdv": 3})
    assert set(a["p_result"]) == {"counter_assault", "repelled", "havoc", "brutal_strike", "catastrophic_damage",
                                  "massacre"}
    assert a["defence_pool"] == 9  # Citadel + the higher Defence
    assert resolve("assault", {"fray": 8, "target_citadel": 6, "target_adv": 2, "target_sdv": 3,
                               "assaulter": "aerial"})["defence_pool"] == 8  # ADV even if lower
    b = resolve("assault", {"ruleset": "dw4", "boarding": [3, 3], "target_defences": 4, "target_crew": 5})
    assert b["p_disorder"] == pytest.approx(1 - b["p_successes"]["0"])


def test_params_match_what_resolve_accepts():
    for action, specs in PARAMS.items():
        names = [s.name for s in specs]
        assert len(names) == len(set(names)) and {"description", "ruleset"} <= set(names)
        assert all(isinstance(s, ParamSpec) for s in specs)
        with pytest.raises(UserInputError) as exc:
            resolve(action, {"no_such_flag": 1})
        assert exc.value.field == "no_such_flag"


@pytest.mark.parametrize("params,field", [
    ({"dice": "lots", "armour": 5}, "dice"),
    ({"dice": 500, "armour": 5}, "dice"),
    ({"dice": -1, "armour": 5}, "dice"),
    ({"dice": 10}, "armour"),
    ({"armour": 5}, "dice"),
    ({"dice": 10, "armour": 5, "ruleset": "dw9"}, "ruleset"),
    ({"dice": 10, "armour": 5, "quality": ["laser"]}, "quality"),
    ({"dice": 10, "lead": 6, "support": [3], "armour": 5}, "dice"),
    ({"dice": 10, "armour": 5, "quality": ["torpedo"], "distance": 4}, "distance"),
    ({"dice": 10, "armour": 5, "quality": ["bomb"], "target_type": "aerial"}, "target_type"),
    ({"dice": 10, "armour": 5, "range": "long", "distance": 3}, "range"),
    ({"dice": 3, "armour": 5, "roll": "1,2"}, "roll"),
    ({"dice": 3, "armour": 5, "roll": "1,2,9"}, "roll"),
    ({"dice": 2, "armour": 5, "roll": "1,1", "explosions": "3"}, "explosions"),
    ({"dice": 2, "armour": 5, "roll": "6,3", "rerolls": ["1:2"]}, "rerolls"),
    ({"dice": 2, "armour": 5, "defence": 2, "quality": ["aerial"], "roll": "3,3"}, "defence_roll"),
    ({"dice": 2, "armour": 5, "explosions": "3"}, "roll"),
])
def test_bad_input_names_the_field(params, field):
    with pytest.raises(UserInputError) as exc:
        resolve("attack", params)
    assert exc.value.field == field and field in str(exc.value) and "\n" not in str(exc.value)


def test_exploding_shortfall_message():
    with pytest.raises(UserInputError, match="2 exploding hits need 2 more explosion dice"):
        resolve("attack", {"dice": 3, "armour": 5, "roll": "1,1,3"})
    with pytest.raises(UserInputError, match="pool is 21 dice, you gave 19"):
        resolve("attack", {"dice": 21, "armour": 5, "roll": ",".join(["3"] * 19)})


def test_homing_rerolls_blanks_once():
    r = resolve("attack", {"dice": 3, "armour": 2, "quality": ["homing"], "roll": "6 6 3", "rerolls": ["1:2"]})
    assert r["hits"] == 3
    with pytest.raises(UserInputError, match="twice"):
        resolve("attack", {"dice": 3, "armour": 2, "quality": ["homing"], "roll": "6 6 3",
                           "rerolls": ["1:6", "1:2"]})


def test_free_text_english_and_russian_agree():
    en = resolve("attack", {"description": "21 dice vs armour 6 citadel 9, defence 7, obscured"})
    ru = resolve("attack", {"description": "21 куб против брони 6, цитадель 9, защита 7, скрытая цель"})
    assert en["p_damage"] == ru["p_damage"] and en["pool"] == 21
    flag = resolve("attack", {"description": "21 dice vs armour 6", "armour": 7})
    assert flag["p_damage"] == resolve("attack", {"dice": 21, "armour": 7})["p_damage"]  # flags win


def test_free_text_devastating_changes_the_odds():
    plain = resolve("attack", {"description": "21 dice vs armour 6 citadel 9, defence 7"})
    dev = resolve("attack", {"description": "21 dice vs armour 6 citadel 9, defence 7, devastating"})
    assert dev["expected_hits"] > plain["expected_hits"]


def test_cli_json_and_errors(capsys):
    assert main(["attack", "--dice", "21", "--armour", "6", "--citadel", "9", "--defence", "7", "--quality",
                 "aerial", "--roll", "1,1,2,2,2,2,3,3,3,3,3,4,4,4,5,5,5,6,6,6,6", "--explosions", "6,2",
                 "--defence-roll", "4,5,5,5,1,3,6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["damage"] == 2 and out["critical"] == 1 and out["mode"] == "rolled"
    assert main(["attack", "21 dice vs armour 6 citadel 9, defence 7, obscured, devastating"]) == 0
    text = capsys.readouterr().out
    assert "P(damage >= k)" in text and "█" in text
    # a Ram after 2" is a Collision (RB/QR), which needs both Masses: the error says so
    assert main(["ram", "--hull", "5", "--inches", "2", "--target-armour", "4"]) == 2
    err = capsys.readouterr().err
    assert "2 inches" in err and "Collision" in err and "--rammer-mass" in err
    assert main(["assault", "--ruleset", "dw4", "--boarding", "4", "--boarding", "4", "--target-defences", "5",
                 "--target-crew", "6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["attack_pool"] == 8


def test_pools_too_large_for_exact_odds_are_refused_with_the_limit():
    """Sustained and dw4 Devastating enumerate face splits; 200 dice would take minutes."""
    for params in (
        {"dice": 200, "armour": 6, "citadel": 9, "quality": ["sustained", "devastating"]},
        {"ruleset": "dw4", "dice": 200, "armour": 3, "defence": 5, "quality": ["devastating"]},
    ):
        with pytest.raises(UserInputError) as err:
            resolve("attack", params)
        assert err.value.field == "dice" and "the limit for this attack is" in str(err.value)
        assert isinstance(err.value, TooExpensive) and err.value.status == 422
    # just under the stated limit still works, exactly
    message = ""
    try:
        resolve("attack", {"dice": 200, "armour": 6, "citadel": 9, "quality": ["sustained", "devastating"]})
    except TooExpensive as exc:
        message = str(exc)
    limit = int(message.split("limit for this attack is ")[1].split()[0])
    result = resolve("attack", {"dice": limit, "armour": 6, "citadel": 9, "quality": ["sustained", "devastating"]})
    assert abs(sum(result["p_damage"].values()) - 1) < 1e-9


def test_assault_without_target_defence_assumes_zero_and_says_so():
    """The issue's own request body {"fray": 6, "target_citadel": 8} must resolve."""
    result = resolve("assault", {"fray": 6, "target_citadel": 8})
    assert result["defence_pool"] == 8
    assert any("Defence was not given" in a for a in result["assumptions"])
    assert abs(sum(result["p_result"].values()) - 1) < 1e-9
