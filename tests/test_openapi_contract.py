"""Live answers of a real server over the real index, each checked against /openapi.json:
the status must be one the operation declares, and the body must match that status' schema.

Slow: the `built_settings` fixture builds the index once per session.
"""
from __future__ import annotations

import json

import jsonschema_rs
import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient, Reply
from bot.http.server import ServerThread
from bot.service import Admiralty

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def live(built_settings):
    app = create_app(Admiralty(built_settings), referee_processes=1, ask_rate_per_minute=6000, ask_burst=1000)
    with ServerThread(app) as url, ApiClient(url) as client:
        yield client, client.get("/openapi.json").json()


def conforms(doc: dict, method: str, template: str, reply: Reply) -> dict:
    """The reply's JSON, after checking its status is declared and its body matches the schema."""
    operation = doc["paths"][template][method]
    status = str(reply.status)
    assert status in operation["responses"], f"{method.upper()} {template} answered undeclared {status}"
    declared = operation["responses"][status]
    body = reply.json()
    schema = declared["content"]["application/json"]["schema"]
    validator = jsonschema_rs.Draft202012Validator({**schema, "components": doc["components"]})
    errors = [f"{e.instance_path}: {e.message}"[:200] for e in validator.iter_errors(body)]
    assert not errors, (method, template, status, errors[:5])
    for header in declared.get("headers", {}):
        assert header.lower() in reply.headers, f"{status} from {template} lacks {header}"
    assert reply.headers["content-type"].startswith("application/json")
    return body


def test_health_and_the_document_itself(live):
    client, doc = live
    conforms(doc, "get", "/health", client.get("/health"))
    assert doc["openapi"].startswith("3.1")
    expected = {"/v1/ask", "/v1/rule", "/v1/complete", "/v1/sources", "/v1/attack", "/v1/assault", "/v1/ram"}
    assert expected <= set(doc["paths"])


def test_ask_answers_and_edition_aliases(live):
    client, doc = live
    body = conforms(doc, "post", "/v1/ask", client.post("/v1/ask", {"question": "how many dice does a ram get?"}))
    assert body["results"]
    # "4" is what the API help promises for the 4th-edition glossary (corpus/manifest.toml: dw4-glossary).
    four = conforms(doc, "post", "/v1/ask", client.post("/v1/ask", {"question": "ram", "edition": "4"}))
    assert four["results"] and {r["edition"] for r in four["results"]} == {"dw4-glossary"}
    three = conforms(doc, "post", "/v1/ask", client.post("/v1/ask", {"question": "таран", "edition": "3"}))
    assert {r["edition"] for r in three["results"]} == {"dw3-rulebook"}


@pytest.mark.parametrize(
    ("payload", "status", "field"),
    [
        ({"question": ""}, 400, "question"),
        ({"question": "x" * 501}, 400, "question"),
        ({"question": "ram", "k": "5"}, 400, "k"),  # JSON types are held to the schema
        ({"question": "ram", "edition": "5th"}, 400, "edition"),
        ({"question": "ram", "colour": "red"}, 400, "colour"),
    ],
)
def test_ask_refusals_have_the_error_shape(live, payload, status, field):
    client, doc = live
    body = conforms(doc, "post", "/v1/ask", client.post("/v1/ask", payload))
    assert body["error"]["field"] == field


def test_transport_refusals(live):
    client, doc = live
    wrong_type = client.request("POST", "/v1/ask", b"question=ram", {"Content-Type": "text/plain"})
    assert wrong_type.status == 415
    conforms(doc, "post", "/v1/ask", wrong_type)
    too_big = client.request("POST", "/v1/ask", json.dumps({"question": "x" * 20000}).encode(),
                             {"Content-Type": "application/json"})
    assert too_big.status == 413
    conforms(doc, "post", "/v1/ask", too_big)
    wrong_method = client.request("PUT", "/v1/ask", b"{}", {"Content-Type": "application/json"})
    assert wrong_method.status == 405 and "POST" in wrong_method.headers["allow"]
    conforms(doc, "post", "/v1/ask", wrong_method)  # the same Error shape as every other refusal
    missing = client.get("/v1/nothing-here")
    assert missing.status == 404 and missing.json()["error"]["code"] == "not_found"


def test_rule_complete_and_sources(live):
    client, doc = live
    found = conforms(doc, "get", "/v1/rule", client.get("/v1/rule", term="Piercing"))
    assert found["status"] == "found" and found["entries"]
    by_alias = conforms(doc, "get", "/v1/rule", client.get("/v1/rule", term="таран", edition="3.03"))
    assert {entry["edition"] for entry in by_alias["entries"]} <= {"dw3-rulebook"}
    nothing = conforms(doc, "get", "/v1/rule", client.get("/v1/rule", term="qqqzzzxxx"))
    assert nothing["status"] == "not_found" and nothing["entries"] == []
    names = conforms(doc, "get", "/v1/complete", client.get("/v1/complete", prefix="Pier", limit=5))
    assert names["terms"] and all(name.lower().startswith("pier") for name in names["terms"])
    conforms(doc, "get", "/v1/complete", client.get("/v1/complete", prefix="Pier", limit=0))  # 400
    conforms(doc, "get", "/v1/sources", client.get("/v1/sources"))


def test_referee_results_match_their_schemas(live):
    client, doc = live
    odds = conforms(doc, "post", "/v1/attack", client.post("/v1/attack", {"dice": 12, "armour": 5, "citadel": 8}))
    assert odds["mode"] == "odds" and odds["p_damage_at_least"]
    rolled = conforms(doc, "post", "/v1/attack",
                      client.post("/v1/attack", {"dice": 3, "armour": 5, "citadel": 8, "roll": [2, 2, 3]}))
    assert rolled["mode"] == "rolled"
    words = conforms(doc, "post", "/v1/attack", client.post("/v1/attack", {"description": "12 dice vs armour 5"}))
    assert words["mode"] == "odds"
    assault = conforms(doc, "post", "/v1/assault",
                       client.post("/v1/assault", {"fray": 6, "support": 2, "target_citadel": 8, "target_adv": 4}))
    # the dw3 boarding results table has six rows, from Counter Assault to Massacre
    assert len(assault["p_result"]) == 6
    ram = conforms(doc, "post", "/v1/ram", client.post("/v1/ram", {
        "ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 2, "rammer_mass": 3, "heavy_prow": 2, "crew": 4}))
    assert 0 <= ram["p_crew_pass"] <= 1
    # dw4 Ram step 1 is a Crew Check: without the Crew rating the rules cannot be resolved.
    no_crew = client.post("/v1/ram", {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 2, "rammer_mass": 3})
    assert no_crew.status == 422
    assert conforms(doc, "post", "/v1/ram", no_crew)["error"]["field"] == "crew"
    bad_type = client.post("/v1/attack", {"dice": "twelve"})
    assert bad_type.status == 400
    conforms(doc, "post", "/v1/attack", bad_type)


def test_unit_profiles_when_served(live):
    client, doc = live
    if "/v1/unit" not in doc["paths"]:
        pytest.skip("this build has no unit profiles")
    names = conforms(doc, "get", "/v1/units", client.get("/v1/units", prefix="Bo"))
    listed = names.get("units") or names.get("names") or []
    assert listed
    unit = conforms(doc, "get", "/v1/unit", client.get("/v1/unit", name=listed[0]))
    assert unit["units"] and unit["units"][0]["name"] == listed[0]
