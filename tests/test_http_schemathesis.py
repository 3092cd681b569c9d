"""An off-the-shelf OpenAPI fuzzer (schemathesis) against the live server, every check on.

It reads /openapi.json, generates schema-valid and schema-violating requests for every
operation and fails on any 5xx, undeclared status, body or header not matching the
document, schema-valid request refused with 400, schema-violating request accepted, auth
ignored, and so on (`--checks all`).

Two documented relaxations. A body over 16 KiB is answered 413 whatever it holds. And, for
the operations tagged "referee": the referee's rules tie fields together
(dw4 has no Citadel, a Ram needs 3" of movement, a unit name must exist) in ways JSON
Schema cannot state, so a schema-valid referee request may be answered 422
"unprocessable" — never 400, which stays reserved for requests that break the schema.

Bounded: a fixed seed and a few examples per operation keep it under two minutes.
"""
from __future__ import annotations

import pytest

from bot.http.app import create_app
from bot.http.server import ServerThread
from bot.service import Admiralty
from tests.fuzz_targets import SCHEMATHESIS
from tests.fuzz_targets import run_schemathesis as _fuzz

pytestmark = pytest.mark.slow

API_KEY = "fuzzing-key-0123456789"


@pytest.mark.skipif(SCHEMATHESIS is None, reason="schemathesis is not installed (pip install schemathesis==4.32.5)")
def test_schemathesis_finds_nothing(built_settings, tmp_path):
    service = Admiralty(built_settings)
    # A rate limit high enough that the fuzzer exercises search rather than the 429 path.
    app = create_app(service, referee_processes=1, referee_timeout=5, ask_rate_per_minute=60000, ask_burst=10000)
    with ServerThread(app) as url:
        result = _fuzz(url, tmp_path, 12, [])
    report = result.stdout[-6000:] + result.stderr[-2000:]
    assert result.returncode == 0, report
    assert "No issues found" in result.stdout or " passed" in result.stdout, report


@pytest.mark.skipif(SCHEMATHESIS is None, reason="schemathesis is not installed (pip install schemathesis==4.32.5)")
def test_schemathesis_with_an_api_key(built_settings, tmp_path):
    """With a key configured, every /v1 operation must refuse requests without it (check ignored_auth)."""
    app = create_app(Admiralty(built_settings), api_key=API_KEY, referee_processes=1, referee_timeout=5,
                     ask_rate_per_minute=60000, ask_burst=10000)
    with ServerThread(app) as url:
        result = _fuzz(url, tmp_path, 3, ["-H", f"Authorization: Bearer {API_KEY}"])
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
