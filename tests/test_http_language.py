"""The player's language over HTTP (issue 21): `lang` in the body or `Accept-Language` gives the
referee's verdict, assumptions, notes and errors in Russian, with numbers typed in fields (no
Russian description to guess from)."""
from __future__ import annotations

import json
import re

import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty

pytestmark = pytest.mark.slow  # the app starts the referee's child processes

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
FIELDS_ONLY = {"dice": 12, "armour": 4, "citadel": 7}


@pytest.fixture(scope="module")
def api():
    with ServerThread(create_app(Admiralty(), referee_timeout=10.0)) as url, ApiClient(url) as client:
        yield client


def _post(api: ApiClient, path: str, body: dict[str, object], accept: str | None = None):
    headers = {"Content-Type": "application/json"}
    if accept:
        headers["Accept-Language"] = accept
    return api.request("POST", path, json.dumps(body).encode(), headers)


def _all_russian(payload: dict[str, object]) -> None:
    assert payload["lang"] == "ru"
    assert CYRILLIC.search(str(payload["verdict"])), payload["verdict"]
    for text in [*payload["assumptions"], *payload["notes"]]:  # type: ignore[misc]
        assert CYRILLIC.search(text), text


@pytest.mark.parametrize(("body", "accept"), [({**FIELDS_ONLY, "lang": "ru"}, None),
                                              (FIELDS_ONLY, "ru-RU,ru;q=0.9,en;q=0.8")])
def test_numbers_in_fields_get_a_russian_answer(api, body, accept):
    reply = _post(api, "/v1/attack", body, accept)
    assert reply.status == 200, reply.body[:300]
    _all_russian(reply.json())


def test_the_body_beats_the_header_and_english_stays_the_default(api):
    english = _post(api, "/v1/attack", {**FIELDS_ONLY, "lang": "en"}, "ru").json()
    assert english["lang"] == "en" and not CYRILLIC.search(english["verdict"])
    plain = _post(api, "/v1/attack", FIELDS_ONLY).json()
    assert plain["lang"] == "en" and plain["verdict"].startswith("12 dice: expected")


@pytest.mark.parametrize(("body", "accept"), [({"dice": 300, "armour": 4, "lang": "ru"}, None),
                                              ({"dice": 300, "armour": 4}, "ru")])
def test_an_error_comes_in_the_players_language(api, body, accept):
    reply = _post(api, "/v1/attack", body, accept)
    assert reply.status == 400
    error = reply.json()["error"]
    assert error == {"code": "out_of_range", "message": "«dice» = 300; допустимо от 0 до 200.", "field": "dice"}


def test_with_no_language_chosen_a_refusal_follows_the_russian_description(api):
    """"without one the referee follows the language of the free-text description" — its refusal too,
    said in the referee's child process."""
    reply = _post(api, "/v1/attack", {"description": "10 кубов"})
    assert reply.status == 422
    error = reply.json()["error"]
    assert error["field"] == "armour" and CYRILLIC.search(error["message"]), error


@pytest.mark.parametrize(("body", "field", "message"), [
    ({"description": "10 кубов против брони 5", "dice": "abc"}, "dice", "«dice» должно быть целым числом, а не 'abc'."),
    ({"description": "10 кубов против брони 5", "dice": -3}, "dice", "«dice» = -3; допустимо от 0 до 200."),
])
def test_a_field_refused_before_the_referee_follows_the_russian_description(api, body, field, message):
    """A field the API refuses before the referee sees it answers, with no language chosen, in the
    language the player wrote the description in — like the referee's own refusals."""
    reply = _post(api, "/v1/attack", body)
    assert reply.status == 400
    error = reply.json()["error"]
    assert error["field"] == field and CYRILLIC.search(error["message"]), error
    assert error["message"] == message


def test_an_english_description_keeps_english_field_errors(api):
    reply = _post(api, "/v1/attack", {"description": "10 dice against armour 5", "dice": "abc"})
    assert reply.json()["error"]["message"] == "'dice' must be a whole number, not 'abc'."


def test_an_unknown_language_is_refused_naming_the_field(api):
    reply = _post(api, "/v1/attack", {**FIELDS_ONLY, "lang": "de"})
    assert reply.status == 400
    assert reply.json()["error"]["field"] == "lang"


def test_openapi_documents_lang_and_accept_language(api):
    document = api.get("/openapi.json").json()
    operation = document["paths"]["/v1/attack"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert schema["properties"]["lang"]["enum"][:2] == ["en", "ru"]
    assert any(p["name"] == "Accept-Language" and p["in"] == "header" for p in operation["parameters"])


def test_a_cross_origin_client_can_read_retry_after_and_send_its_language():
    """Fetch hides response headers a CORS response does not expose: a page on another origin
    could not read how long a 429 asks it to wait."""
    origin = "https://tables.example"
    app = create_app(Admiralty(), cors_origins=[origin], ask_rate_per_minute=1, ask_burst=1)
    with ServerThread(app) as url, ApiClient(url) as client:
        preflight = client.request("OPTIONS", "/v1/attack", headers={
            "Origin": origin, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, accept-language"})
        assert "Accept-Language" in preflight.headers["access-control-allow-headers"]
        headers = {"Origin": origin, "Content-Type": "application/json"}
        replies = [client.request("POST", "/v1/ask", json.dumps({"question": ""}).encode(), headers)
                   for _ in range(3)]
        limited = [r for r in replies if r.status == 429]
        assert limited, [r.status for r in replies]
        assert limited[0].headers["retry-after"].isdigit()
        assert "Retry-After" in limited[0].headers["access-control-expose-headers"]
