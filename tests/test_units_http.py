"""HTTP: GET /v1/unit, GET /v1/units, the unit fields of POST /v1/attack, and the OpenAPI document."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.http.app import create_app
from bot.service import Admiralty
from core.settings import Settings

pytestmark = pytest.mark.slow  # the app starts its referee worker processes


async def _calls(settings: Settings, calls: list[tuple[str, str, Any]]) -> list[tuple[int, Any]]:
    app = create_app(Admiralty(settings))
    out = []
    async with TestClient(TestServer(app)) as client:
        for method, url, body in calls:
            response = await client.request(method, url, json=body)
            out.append((response.status, await response.json()))
    return out


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> list[tuple[int, Any]]:
    settings = Settings.from_env().with_data_dir(tmp_path_factory.mktemp("units-http"))
    return asyncio.run(_calls(settings, [
        ("GET", "/v1/unit?name=kutsov", None),
        ("GET", "/v1/unit", None),
        ("GET", "/v1/unit?name=cruiser&extra=1", None),
        ("GET", "/v1/units?prefix=lo", None),
        ("GET", "/v1/units?limit=26", None),
        ("POST", "/v1/attack", {"attacker": "Borodino", "weapon": "heavy gun battery", "target": "Kutsov",
                                "distance": 5}),
        ("POST", "/v1/attack", {"attacker": "Borodino", "weapon": "heavy gun battery", "distance": "5"}),
        ("GET", "/openapi.json", None),
    ]))


def test_unit_lookup(answers):
    status, body = answers[0]
    assert status == 200 and body["status"] == "found"
    assert body["units"][0]["name"] == "Kutsov Cruiser"


def test_unit_errors_name_the_field(answers):
    assert answers[1][0] == 400 and answers[1][1]["error"]["field"] == "name"
    assert answers[2][0] == 400 and answers[2][1]["error"]["code"] == "unknown_field"
    assert answers[4][0] == 400 and answers[4][1]["error"]["field"] == "limit"


def test_unit_names(answers):
    assert answers[3] == (200, {"prefix": "lo", "units": ["Lovelace Cruiser"]})


def test_attack_with_unit_fields(answers):
    status, body = answers[5]
    assert status == 200
    # Borodino heavy gun battery at 5" (Point Blank) "8 (4)": lead 8; Kutsov card ARM 5, CIT 10, and its
    # Ablative Armour (issue 20): "Remove 1 action die from the attack dice pool" -> 7
    assert body["inputs"]["dice"] == 7 and body["inputs"]["citadel"] == 10
    assert any(p["param"] == "lead" for p in body["inputs_from_profiles"])
    assert answers[6][0] == 400  # strict JSON types: "5" is not a number


def test_openapi_lists_unit_endpoints_and_fields(answers):
    document = answers[7][1]
    assert {"/v1/unit", "/v1/units"} <= set(document["paths"])
    fields = document["paths"]["/v1/attack"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"attacker", "weapon", "target", "attacker_models", "attacker_crippled", "target_crippled"} <= \
        set(fields["properties"])
