"""HTTP attacks look unit names up in the server's data directory, not the environment's default.

The referee runs in child processes (bot/http/workers.py); each builds its own `Admiralty`, so it
must be handed the server's settings. A unit imported only into a temporary data directory proves
it: with the environment's settings the child would not know the unit at all.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty
from core.settings import Settings

pytestmark = pytest.mark.slow  # the app starts its referee worker processes

DW4_DATA = Path("/work/shared/data/newrecruit-dw4")


@pytest.mark.skipif(not DW4_DATA.is_dir(), reason="the shared BattleScribe data is not on this machine")
def test_http_attack_finds_a_unit_imported_into_the_servers_data_dir(tmp_path):
    assert os.environ.get("ADMIRALTY_DATA_DIR") != str(tmp_path)  # the environment points elsewhere
    service = Admiralty(Settings.from_env().with_data_dir(tmp_path))
    service.import_units([str(DW4_DATA)])
    body = {"ruleset": "dw4", "attacker": "Philadelphia Heavy Arc Cruiser", "weapon": "Heavy Electrocannon Battery",
            "target": "Norilsk Heavy Cruiser", "distance": 15}
    with ServerThread(create_app(service, referee_processes=1)) as url, ApiClient(url) as client:
        reply = client.post("/v1/attack", body)
    result = reply.json()
    assert reply.status == 200, result
    # Union.cat, Philadelphia Heavy Arc Cruiser, "Heavy Electrocannon Battery": Standard (10"-30") "7";
    # Commonwealth.cat, Norilsk Heavy Cruiser: Defence 5, Armour 4, Mass 3, Hull 10.
    inputs = result["inputs"]
    assert inputs["dice"] == 7 and inputs["band"] == "standard"
    assert (inputs["defence"], inputs["armour"], inputs["mass"], inputs["hull"]) == (5, 4, 3, 10)
    sources = {row["param"]: row["from"] for row in result["inputs_from_profiles"]}
    assert sources["lead"].startswith("Philadelphia Heavy Arc Cruiser (Union, 4th edition")
