"""The API contract without the index: the request schemas accept exactly what the server
accepts, the per-client rate limit, the Server header, /v1/sources' public keys, auth.

Every test here runs in well under a second: nothing loads the model or builds the index
(auth, the rate limit and request validation all answer before a handler needs either).
"""
from __future__ import annotations

import jsonschema_rs
import pytest

from bot.http.app import ROUTES, create_app
from bot.http.client import ApiClient
from bot.http.openapi import build_openapi
from bot.http.ratelimit import client_key
from bot.http.server import ServerThread
from bot.http.validation import validate_body
from bot.rate_limit import RateLimiter
from bot.service import Admiralty, UserInputError, referee_actions, referee_params
from core.settings import Settings
from index.manifest import load_manifest, resolve_edition

DOC = build_openapi("test", ROUTES)


def _validator(schema: dict) -> jsonschema_rs.Draft202012Validator:
    return jsonschema_rs.Draft202012Validator({**schema, "components": DOC["components"]})


def _body_schema(path: str) -> dict:
    return DOC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]


def _server_accepts(specs, body: dict) -> bool:
    try:
        validate_body(body, specs)
    except UserInputError:
        return False
    return True


# Values at and across every limit a spec can carry; each must get the same verdict from
# the OpenAPI schema and from the server's own validation.
def _probes(spec) -> list[object]:
    values: list[object] = [None, True, "", "   ", " x ", "a\x00b", "tab\tok", [], {}, 1.5, "12"]
    if spec.minimum is not None:
        values += [spec.minimum, spec.minimum - 1, int(spec.minimum)]
    if spec.maximum is not None:
        values += [spec.maximum, spec.maximum + 1, int(spec.maximum)]
    values += ["x" * spec.max_length, "x" * (spec.max_length + 1), ["x"] * spec.max_items,
               ["x"] * (spec.max_items + 1), [1] * (spec.max_items + 1), 3, [3], [3, 4],
               3.0, [3.0, 4], 2.5, [2.5]]  # JSON Schema: 3.0 is an integer, 2.5 is not
    values += [choice for choice in spec.choices[:2]]
    return values


@pytest.mark.parametrize("action", list(referee_actions()))
def test_referee_request_schema_accepts_exactly_what_the_server_accepts(action):
    schema = _body_schema(f"/v1/{action}")
    validator = _validator(schema)
    disagreements = []
    for spec in referee_params(action):
        for value in _probes(spec):
            body = {spec.name: value}
            if validator.is_valid(body) != _server_accepts(referee_params(action), body):
                disagreements.append((spec.name, spec.kind.name, repr(value)[:40], validator.is_valid(body)))
    assert not disagreements, disagreements[:10]


def test_ask_request_schema_matches_the_server_on_its_limits():
    from bot.http import specs

    validator = _validator(_body_schema("/v1/ask"))
    cases = [
        {"question": "x" * 500}, {"question": "x" * 501}, {"question": ""}, {"question": " "},
        {"question": "ram", "k": 0}, {"question": "ram", "k": 1}, {"question": "ram", "k": 20},
        {"question": "ram", "k": 21}, {"question": "ram", "k": "5"}, {"question": "ram", "extra": 1},
        {"question": "ram", "k": None}, {}, {"question": "a\x07b"},
    ]
    for body in cases:
        assert validator.is_valid(body) == _server_accepts(specs.ASK, body), body


def test_edition_accepts_what_the_docs_promise():
    # README and the API help: "short names such as dw4, qrs, 3.03 work too"; the API help adds 3 and 4.
    docs = load_manifest()
    assert resolve_edition("4", docs) == "dw4-glossary"
    assert resolve_edition("dw4", docs) == "dw4-glossary"
    assert resolve_edition("qrs", docs) == "dw3-quick-reference"
    assert resolve_edition("3.03", docs) == "dw3-rulebook"
    assert resolve_edition("3", docs) == "dw3-rulebook"  # like "dw3": the full 3.03 rulebook
    enum = _body_schema("/v1/ask")["properties"]["edition"]["enum"]
    assert {"3", "4", "dw4", "qrs", "3.03"} <= set(enum)
    for value in enum:  # everything the schema lists is accepted
        if value is not None:
            assert resolve_edition(value, docs)


def test_every_operation_declares_its_error_statuses_with_the_error_shape():
    for path, operations in DOC["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for method, operation in operations.items():
            responses = operation["responses"]
            assert {"200", "400", "401", "405", "500", "503"} <= set(responses), (method, path)
            if method == "post":
                assert {"413", "415"} <= set(responses), path
            for status, response in responses.items():
                if status != "200":
                    assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert "429" in DOC["paths"]["/v1/ask"]["post"]["responses"]
    assert "Retry-After" in DOC["paths"]["/v1/ask"]["post"]["responses"]["429"]["headers"]
    for action in referee_actions():
        assert "422" in DOC["paths"][f"/v1/{action}"]["post"]["responses"]


def test_token_bucket_refills_at_its_rate():
    now = [0.0]
    limiter = RateLimiter(per_minute=30, burst=2, clock=lambda: now[0])
    assert limiter.acquire("a") == 0 and limiter.acquire("a") == 0
    assert limiter.acquire("a") == 2  # empty; 30 a minute is one token per 2 s
    assert limiter.acquire("b") == 0  # another client has its own bucket
    now[0] = 2.0
    assert limiter.acquire("a") == 0
    assert limiter.acquire("a") == 2


def test_client_key_never_holds_the_api_key():
    key = client_key("Bearer s3cret-key-of-sixteen+", "10.0.0.1", api_key="s3cret-key-of-sixteen+")
    assert "s3cret" not in key and key.startswith("key:")
    assert client_key("", "10.0.0.1") == "addr:10.0.0.1"


@pytest.fixture(scope="module")
def bare_service(tmp_path_factory) -> Admiralty:
    """A service over an empty data dir: the endpoints tested here never need the index."""
    settings = Settings.from_env().with_data_dir(tmp_path_factory.mktemp("no-index"))
    return Admiralty(settings, build_if_stale=False)


def test_ask_is_rate_limited_per_client_with_retry_after(bare_service):
    app = create_app(bare_service, ask_rate_per_minute=6, ask_burst=2, referee_processes=1)
    with ServerThread(app) as url, ApiClient(url) as client:
        # Invalid bodies still spend a token: the limit is checked first, before any work.
        first, second, third = (client.post("/v1/ask", {"question": ""}) for _ in range(3))
        assert first.status == second.status == 400
        assert third.status == 429
        assert third.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(third.headers["retry-after"]) <= 10  # 6 a minute: a token every 10 s
        with ApiClient(url, api_key="another-client-key-0001") as other:
            # No API key is configured: a Bearer token buys no bucket of its own (issue 22).
            assert other.post("/v1/ask", {"question": ""}).status == 429
        assert client.get("/v1/sources").status == 200  # only /v1/ask is limited


def test_server_header_sources_keys_and_auth(bare_service):
    app = create_app(bare_service, api_key="k" * 20, referee_processes=1)
    with ServerThread(app) as url, ApiClient(url) as anonymous:
        refused = anonymous.get("/v1/sources")
        assert refused.status == 401
        assert refused.headers["server"] == "admiralty"  # no aiohttp/Python version to fingerprint
        assert _validator({"$ref": "#/components/schemas/Error"}).is_valid(refused.json())
        with ApiClient(url, api_key="k" * 20) as client:
            reply = client.get("/v1/sources")
            assert reply.status == 200
            documents = reply.json()["documents"]
            # corpus/manifest.toml lists five documents; format/dedupe/skip_sections are ours alone.
            assert len(documents) == 5
            assert all(not {"format", "dedupe", "skip_sections"} & set(doc) for doc in documents)
            assert _validator({"$ref": "#/components/schemas/Sources"}).is_valid(reply.json())
            spec = client.get("/openapi.json").json()
            assert spec["paths"]["/v1/sources"]["get"]["security"] == [{"bearer": []}]
