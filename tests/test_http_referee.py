"""Referee endpoints over real HTTP: same JSON as the service, bad input named by field,
and runaway calculations stopped without taking the server down."""
from __future__ import annotations

import json

import pytest

from bot.http.app import REFEREE_POOL, create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.http.workers import CallTimedOut, RefereeProcessPool, UserInputError
from bot.service import Admiralty, Kind, referee_actions, referee_params

pytestmark = pytest.mark.slow  # the app starts the referee's child processes

ISSUE_ATTACK = {"dice": 21, "armour": 6, "citadel": 9, "defence": 7, "quality": ["devastating"]}


@pytest.fixture(scope="module")
def service() -> Admiralty:
    return Admiralty()


@pytest.fixture(scope="module")
def api(service):
    # 10 s: generous on a loaded 2-core machine; the runaway test below sets its own 0.2 s.
    with ServerThread(create_app(service, referee_timeout=10.0)) as url, ApiClient(url) as client:
        yield client


def _error(reply, status):
    assert reply.status == status, reply.body[:300]
    return reply.json()["error"]


@pytest.mark.parametrize(
    ("action", "body"),
    [
        ("attack", ISSUE_ATTACK),
        ("attack", {"ruleset": "dw4", "dice": 12, "armour": 4, "defence": 3}),
        ("assault", {"fray": 6, "target_citadel": 8, "target_adv": 2, "target_sdv": 2}),
        ("assault", {"ruleset": "dw4", "boarding": [3, 2], "target_defences": 3, "target_crew": 4}),
        ("ram", {"hull": 8, "inches": 6, "target_armour": 5, "target_citadel": 8}),
        ("attack", {"description": "12 dice against armour 5 citadel 8 devastating"}),
        ("attack", {"description": "12 кубов против брони 5 цитадель 8"}),
    ],
)
def test_same_json_as_the_service(api, service, action, body):
    reply = api.post(f"/v1/{action}", body)
    assert reply.status == 200, reply.body[:300]
    payload = reply.json()
    assert payload == json.loads(json.dumps(service.referee(action, body)))
    assert payload["action"] == action
    assert payload["verdict"]
    assert payload["citations"], "every answer cites its source"


def test_the_answer_is_the_bytes_the_server_encodes_every_answer_with(api, service):
    """The child's JSON is passed on without decoding and encoding it again (issue 18): the body and
    its Content-Type must be exactly what the server's own `json_response(service.referee(...))` gives,
    Cyrillic included (the child writes UTF-8 bytes, not its locale's text)."""
    from bot.http.render import json_response

    for body in ({"dice": 12, "armour": 5, "citadel": 8}, {"description": "12 кубов против брони 5 цитадель 8"}):
        reply = api.post("/v1/attack", body)
        expected = json_response(service.referee("attack", body))
        assert reply.status == 200
        assert reply.body == expected.body
        assert reply.headers["content-type"] == expected.headers["Content-Type"]
    assert "кубов".encode() in reply.body  # not escaped: the UTF-8 passed through the pipe whole


def test_attack_odds_are_a_falling_distribution(api):
    payload = api.post("/v1/attack", ISSUE_ATTACK).json()
    at_least = [payload["p_damage_at_least"][key] for key in sorted(payload["p_damage_at_least"], key=int)]
    assert at_least == sorted(at_least, reverse=True)
    assert 0 < at_least[0] <= 1


def test_single_value_for_a_list_field_is_accepted(api, service):
    body = {"dice": 10, "armour": 5, "citadel": 7, "quality": "devastating"}
    payload = api.post("/v1/attack", body).json()
    assert payload == json.loads(json.dumps(service.referee("attack", {**body, "quality": ["devastating"]})))


@pytest.mark.parametrize(
    ("action", "body", "code", "field"),
    [
        ("attack", {**ISSUE_ATTACK, "dice": 10_000}, "out_of_range", "dice"),
        ("attack", {**ISSUE_ATTACK, "armour": 0}, "out_of_range", "armour"),
        ("attack", {**ISSUE_ATTACK, "armor": 6}, "unknown_field", "armor"),
        ("assault", {"target-citadel": 8}, "unknown_field", "target-citadel"),
        ("attack", {**ISSUE_ATTACK, "dice": "21"}, "invalid_type", "dice"),
        ("attack", {**ISSUE_ATTACK, "crippled": "yes"}, "invalid_type", "crippled"),
        ("attack", {**ISSUE_ATTACK, "range": "medium"}, "invalid_choice", "range"),
        ("attack", {**ISSUE_ATTACK, "quality": ["x"] * 31}, "too_many_items", "quality"),  # MAX_QUALITIES 30
        ("attack", {"description": "y" * 1001}, "too_long", "description"),  # MAX_DESCRIPTION 1000
    ],
)
def test_bad_input_is_400_naming_the_field(api, action, body, code, field):
    error = _error(api.post(f"/v1/{action}", body), 400)
    assert (error["code"], error["field"]) == (code, field), error


@pytest.mark.parametrize(
    ("action", "body", "field"),
    [
        # QRS/3.03 ram: the dice roll against the target's Armour, so a ram without it cannot be resolved
        ("ram", {"hull": 8, "inches": 6}, "target_armour"),
        ("attack", {}, "dice"),  # no pool at all
        ("attack", {**ISSUE_ATTACK, "quality": ["x"]}, "quality"),  # well-formed, but no such quality
    ],
)
def test_input_the_rules_cannot_resolve_is_422_naming_the_field(api, action, body, field):
    """Every field fits its schema; what the rules refuse is 'unprocessable', never a 400."""
    error = _error(api.post(f"/v1/{action}", body), 422)
    assert (error["code"], error["field"]) == ("unprocessable", field), error


def test_dashes_get_a_hint_to_use_underscores(api):
    error = _error(api.post("/v1/ram", {"target-armour": 5}), 400)
    assert "'target_armour'" in error["message"]


# The most expensive attack the referee accepts: seconds of exact Sustained maths.
SLOW_ATTACK = {"dice": 104, "armour": 1, "citadel": 1, "quality": ["sustained"]}


def test_runaway_calculation_is_422_and_the_server_recovers(service):
    app = create_app(service, referee_timeout=0.2)
    with ServerThread(app) as url, ApiClient(url) as client:
        error = _error(client.post("/v1/attack", SLOW_ATTACK), 422)
        assert error["code"] == "too_expensive"
        assert client.get("/health").status == 200  # the event loop was never blocked
        app[REFEREE_POOL].timeout = 60.0  # the killed child is replaced on the next call
        quick = client.post("/v1/attack", {"dice": 12, "armour": 5, "citadel": 8})
        assert quick.status == 200
        assert quick.json()["verdict"].startswith("12 dice")


def test_pool_kills_a_call_past_its_limit_and_keeps_working():
    pool = RefereeProcessPool(size=1, timeout=0.2)
    try:
        with pytest.raises(CallTimedOut):
            pool.call("attack", SLOW_ATTACK)
        pool.timeout = 60.0
        assert pool.call("attack", {"dice": 12, "armour": 5, "citadel": 8})["action"] == "attack"
        with pytest.raises(UserInputError) as refused:
            pool.call("attack", {"dice": 12})
        assert refused.value.field
    finally:
        pool.close()


def test_openapi_schema_follows_referee_params(api):
    paths = api.get("/openapi.json").json()["paths"]
    for action in referee_actions():
        specs = referee_params(action)
        schema = paths[f"/v1/{action}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert list(schema["properties"]) == [spec.name for spec in specs] + ["lang"]  # lang: the player's
        for spec in specs:
            prop = schema["properties"][spec.name]
            if spec.kind is Kind.INT:
                assert prop["type"] == ["integer", "null"]  # null: "not given"
                assert prop.get("minimum") == spec.minimum and prop.get("maximum") == spec.maximum
            elif spec.kind.is_list:
                assert any(option.get("type") == "array" and option["maxItems"] == spec.max_items
                           for option in prop["anyOf"])
            elif spec.kind is Kind.CHOICE:
                assert prop["enum"] == [*spec.choices, None]
            elif spec.kind is Kind.TEXT:
                assert (prop["minLength"], prop["maxLength"]) == (1, spec.max_length)


def test_children_run_the_servers_code_whatever_the_working_directory(tmp_path, monkeypatch):
    # A directory holding another `bot` package (another checkout, an older release): `python -m`
    # puts the working directory first on the path, so without -P the child ran that code.
    child = tmp_path / "bot" / "http"
    child.mkdir(parents=True)
    for package in (tmp_path / "bot", child):
        (package / "__init__.py").write_text("")
    (child / "referee_child.py").write_text("print('ok {\"from\": \"the working directory\"}', flush=True)\n"
                                            "import time; time.sleep(60)\n")
    monkeypatch.chdir(tmp_path)
    pool = RefereeProcessPool(size=1, timeout=60.0)
    try:
        assert pool.call("attack", {"dice": 12, "armour": 5, "citadel": 8})["verdict"].startswith("12 dice")
    finally:
        pool.close()
