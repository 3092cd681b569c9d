"""Search endpoints over HTTP against a real index built from the real corpus."""
from __future__ import annotations

import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty


@pytest.fixture(scope="module")
def service(built_settings) -> Admiralty:
    return Admiralty(built_settings)


@pytest.fixture(scope="module")
def api(service):
    with ServerThread(create_app(service, ask_rate_per_minute=0)) as url, ApiClient(url) as client:
        yield client


def test_ask_returns_the_same_json_as_the_service(api, service):
    body = {"question": "How many dice does a ram roll in the 4th edition?", "k": 3, "edition": "dw4-glossary"}
    reply = api.post("/v1/ask", body)
    assert reply.status == 200
    payload = reply.json()
    assert payload == service.ask(**body)
    assert len(payload["results"]) == 3
    for rank, result in enumerate(payload["results"], start=1):
        assert result["rank"] == rank
        assert result["edition"] == "dw4-glossary"
        assert result["document"] == "dw4-rules-glossary.cat"
        assert result["section"] and result["text"]


def test_ask_finds_a_rule_by_its_words_with_citation(api):
    question = "Fusillade: can the Admiral re-roll Blank results in a Broadside?"
    payload = api.post("/v1/ask", {"question": question, "edition": "dw4-glossary"}).json()
    sections = [result["section"] for result in payload["results"]]
    assert any("Fusillade" in section for section in sections), sections


@pytest.mark.parametrize(("field", "value"), [("edition", "dw9"), ("game", "chess"), ("lang", "xx")])
def test_unknown_filters_are_400_naming_the_field(api, field, value):
    reply = api.post("/v1/ask", {"question": "ramming", field: value})
    assert reply.status == 400
    error = reply.json()["error"]
    assert error["field"] == field
    assert value in error["message"]


def test_rule_lookup(api, service):
    reply = api.get("/v1/rule", term="Fusillade")
    assert reply.status == 200
    payload = reply.json()
    assert payload == service.rule("Fusillade")
    assert payload["status"] == "found"
    entry = payload["entries"][0]
    assert entry["term"] == "Fusillade" and entry["document"] and entry["edition"] and entry["section"]


def test_rule_not_found_is_200_with_status(api):
    payload = api.get("/v1/rule", term="Zzyzx Qwerty").json()
    assert payload["status"] == "not_found"
    assert payload["entries"] == []


def test_rule_with_unknown_edition_is_400(api):
    reply = api.get("/v1/rule", term="Fusillade", edition="nope")
    assert reply.status == 400
    assert reply.json()["error"]["field"] == "edition"


def test_complete_is_capped_and_prefix_matched(api):
    payload = api.get("/v1/complete", prefix="Fu").json()
    assert "Fusillade" in payload["terms"]
    assert all(term.lower().startswith("fu") for term in payload["terms"])
    many = api.get("/v1/complete", prefix="a", limit=3).json()["terms"]
    assert len(many) <= 3
    assert api.get("/v1/complete", prefix="%_*").json()["terms"] == []


def test_concurrent_asks_all_succeed(service):
    """Many requests in flight at once: all answered, none lost or mixed up."""
    import asyncio

    import aiohttp

    questions = [f"What does the {name} quality do?" for name in ("Devastating", "Piercing", "Sustained", "Homing")]

    async def run(url: str) -> list[tuple[str, dict]]:
        async with aiohttp.ClientSession(url) as session:

            async def one(question: str) -> tuple[str, dict]:
                async with session.post("/v1/ask", json={"question": question, "k": 2}) as response:
                    assert response.status == 200
                    return question, await response.json()

            return await asyncio.gather(*(one(q) for q in questions * 8))

    with ServerThread(create_app(service, ask_rate_per_minute=0)) as url:
        answers = asyncio.run(run(url))
    assert len(answers) == 32
    for question, payload in answers:
        assert payload["question"] == question
        assert len(payload["results"]) == 2
