"""The API refuses bad requests with a 4xx and the one error shape, over real HTTP.

These tests need neither the built index nor the model: every request here is
refused before it reaches the index, or only reads the corpus manifest.
"""
from __future__ import annotations

import json

import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient, Reply
from bot.http.server import ServerThread
from bot.http.validation import MAX_BODY_BYTES
from bot.service import Admiralty

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def api():
    with ServerThread(create_app(Admiralty(), ask_rate_per_minute=0)) as url, ApiClient(url) as client:
        yield client


def error_of(reply: Reply, status: int) -> dict:
    assert reply.status == status, reply.body[:300]
    assert reply.headers["content-type"].startswith("application/json")
    payload = reply.json()
    assert set(payload) == {"error"}
    assert set(payload["error"]) == {"code", "message", "field"}
    assert b"Traceback" not in reply.body
    return payload["error"]


def test_health(api):
    reply = api.get("/health")
    assert reply.status == 200
    assert reply.json()["status"] == "ok"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_wrong_content_type_is_415(api, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    error = error_of(api.request("POST", "/v1/ask", b'{"question": "ram"}', headers), 415)
    assert error["code"] == "unsupported_media_type"


@pytest.mark.parametrize(
    "body",
    [b'{"question": "ram"', b"", b"   ", b'{"question": NaN}', b'{"k": Infinity}', b"\xff\xfe{}",
     b"[" * 5000 + b"]" * 5000],
)
def test_malformed_json_is_400(api, body):
    error = error_of(api.request("POST", "/v1/ask", body, JSON), 400)
    assert error["code"] == "malformed_json"


@pytest.mark.parametrize("body", [[], "question", 5, None, [{"question": "ram"}]])
def test_body_must_be_an_object(api, body):
    error = error_of(api.post("/v1/ask", body), 400)
    assert error["code"] == "invalid_body"


def test_unknown_field_is_named_with_a_suggestion(api):
    error = error_of(api.post("/v1/ask", {"question": "ramming", "kk": 3}), 400)
    assert error["code"] == "unknown_field"
    assert error["field"] == "kk"
    assert "'k'" in error["message"]


def test_duplicate_field_is_refused(api):
    body = b'{"question": "ram", "question": "board"}'
    error = error_of(api.request("POST", "/v1/ask", body, JSON), 400)
    assert (error["code"], error["field"]) == ("duplicate_field", "question")


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, "missing_field", "question"),
        ({"question": ""}, "empty", "question"),
        ({"question": "   \n"}, "empty", "question"),
        ({"question": "x" * 501}, "too_long", "question"),
        ({"question": "ram\x00ming"}, "invalid_text", "question"),
        ({"question": "ram\x1b[31m"}, "invalid_text", "question"),
        ({"question": 42}, "invalid_type", "question"),
        ({"question": ["ram"]}, "invalid_type", "question"),
        ({"question": "ram", "k": 10_000}, "out_of_range", "k"),
        ({"question": "ram", "k": 0}, "out_of_range", "k"),
        ({"question": "ram", "k": 10**300}, "out_of_range", "k"),
        ({"question": "ram", "k": 2.5}, "invalid_type", "k"),
        ({"question": "ram", "k": True}, "invalid_type", "k"),
        ({"question": "ram", "k": "5"}, "invalid_type", "k"),
        ({"question": "ram", "edition": "x" * 65}, "too_long", "edition"),
        ({"question": "ram", "game": {"a": 1}}, "invalid_type", "game"),
    ],
)
def test_ask_fields_are_checked(api, body, code, field):
    error = error_of(api.post("/v1/ask", body), 400)
    assert (error["code"], error["field"]) == (code, field)


def test_lone_surrogate_is_refused(api):
    body = b'{"question": "ram \\ud800 now"}'
    error = error_of(api.request("POST", "/v1/ask", body, JSON), 400)
    assert (error["code"], error["field"]) == ("invalid_text", "question")


def test_oversize_body_is_413(api):
    body = json.dumps({"question": "x" * (MAX_BODY_BYTES + 10)}).encode()
    error = error_of(api.request("POST", "/v1/ask", body, JSON), 413)
    assert error["code"] == "body_too_large"


@pytest.mark.parametrize(
    ("path", "code", "field"),
    [
        ("/v1/rule", "missing_field", "term"),
        ("/v1/rule?term=", "empty", "term"),
        ("/v1/rule?term=a&term=b", "duplicate_field", "term"),
        ("/v1/rule?term=ram&colour=blue", "unknown_field", "colour"),
        ("/v1/rule?term=" + "x" * 121, "too_long", "term"),
        ("/v1/complete?prefix=ra&limit=26", "out_of_range", "limit"),
        ("/v1/complete?prefix=ra&limit=lots", "invalid_type", "limit"),
        ("/v1/complete", "missing_field", "prefix"),
        ("/v1/sources?x=1", "unknown_field", "x"),
    ],
)
def test_query_parameters_are_checked(api, path, code, field):
    error = error_of(api.request("GET", path), 400)
    assert (error["code"], error["field"]) == (code, field)


def test_unknown_route_and_method_use_the_error_shape(api):
    assert error_of(api.get("/v2/ask"), 404)["code"] == "not_found"
    reply = api.request("DELETE", "/v1/ask")
    assert error_of(reply, 405)["code"] == "method_not_allowed"
    assert "POST" in reply.headers["allow"]


def test_sources_lists_the_corpus_manifest(api):
    reply = api.get("/v1/sources")
    assert reply.status == 200
    documents = reply.json()["documents"]
    by_file = {doc["file"]: doc for doc in documents}
    assert "dw4-rules-glossary.cat" in by_file
    assert by_file["dw3-rulebook-ru.md"]["language"] == "ru"
    assert all(doc["edition"] and doc["edition_label"] for doc in documents)


class _BrokenService(Admiralty):
    """A service whose sources() has a bug, to prove the last-resort handler hides it."""

    def sources(self):
        raise RuntimeError("secret internal detail /etc/passwd")


def test_unexpected_exception_is_a_json_500_without_details(caplog):
    with ServerThread(create_app(_BrokenService(), ask_rate_per_minute=0)) as url, ApiClient(url) as client:
        reply = client.get("/v1/sources")
    error = error_of(reply, 500)
    assert error["code"] == "internal_error"
    assert b"secret" not in reply.body and b"RuntimeError" not in reply.body
    assert "secret internal detail" in caplog.text  # logged server-side for the operator


def test_openapi_describes_every_endpoint(api):
    spec = api.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    assert {"/health", "/v1/ask", "/v1/rule", "/v1/complete", "/v1/sources"} <= set(spec["paths"])
    ask_schema = spec["paths"]["/v1/ask"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert ask_schema["required"] == ["question"]
    assert ask_schema["additionalProperties"] is False
    assert ask_schema["properties"]["k"] == {  # null is accepted too: it means "not given"
        "type": ["integer", "null"], "description": ask_schema["properties"]["k"]["description"],
        "minimum": 1, "maximum": 20,
    }
    assert ask_schema["properties"]["question"]["maxLength"] == 500
    rule_params = {p["name"]: p for p in spec["paths"]["/v1/rule"]["get"]["parameters"]}
    assert rule_params["term"]["required"] is True and rule_params["edition"]["required"] is False


def test_page_and_its_assets(api):
    page = api.get("/")
    assert page.status == 200
    assert page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'none'" in csp
    assert b'id="ask-form"' in page.body and b'id="referee-form"' in page.body
    assert b"http://" not in page.body and b"https://" not in page.body  # no CDN
    script = api.get("/static/app.js")
    assert script.status == 200 and script.headers["content-type"].startswith("text/javascript")
    assert b"innerHTML" not in script.body
    assert api.get("/static/style.css").headers["content-type"].startswith("text/css")
    for path in ("/static/app.py", "/static/..%2fapp.py", "/static/%2e%2e/errors.py", "/static/"):
        assert api.get(path).status == 404


def test_api_key_is_required_on_v1_when_configured():
    key = "k" * 32
    with ServerThread(create_app(Admiralty(), api_key=key, ask_rate_per_minute=0)) as url, ApiClient(url) as client:
        refused = client.get("/v1/sources")
        assert error_of(refused, 401)["code"] == "unauthorized"
        assert refused.headers["www-authenticate"].startswith("Bearer")
        spec = client.get("/openapi.json").json()
        assert spec["paths"]["/v1/ask"]["post"]["security"] == [{"bearer": []}]
        assert "security" not in spec["paths"]["/health"]["get"]
        wrong = client.request("GET", "/v1/sources", headers={"Authorization": "Bearer " + "x" * 32})
        assert error_of(wrong, 401)["code"] == "unauthorized"
        basic = client.request("GET", "/v1/sources", headers={"Authorization": "Basic " + key})
        assert basic.status == 401
        good = client.request("GET", "/v1/sources", headers={"Authorization": "Bearer " + key})
        assert good.status == 200
        assert client.get("/health").status == 200  # liveness stays open
        assert client.get("/").status == 200


def test_cors_is_off_unless_configured(api):
    reply = api.request("GET", "/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in reply.headers
    preflight = api.request(
        "OPTIONS", "/v1/ask", headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}
    )
    assert "access-control-allow-origin" not in preflight.headers
    assert preflight.status >= 400


def test_cors_allows_only_the_configured_origin():
    app = create_app(Admiralty(), cors_origins=["https://tables.example"], ask_rate_per_minute=0)
    with ServerThread(app) as url, ApiClient(url) as client:
        ok = client.request("GET", "/health", headers={"Origin": "https://tables.example"})
        assert ok.headers["access-control-allow-origin"] == "https://tables.example"
        other = client.request("GET", "/health", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers
        preflight = client.request(
            "OPTIONS",
            "/v1/ask",
            headers={"Origin": "https://tables.example", "Access-Control-Request-Method": "POST"},
        )
        assert preflight.status == 204
        assert "POST" in preflight.headers["access-control-allow-methods"]
        refused = client.request("GET", "/v1/rule", headers={"Origin": "https://tables.example"})
        assert refused.status == 400  # errors carry the CORS header too, so the page can read them
        assert refused.headers["access-control-allow-origin"] == "https://tables.example"
