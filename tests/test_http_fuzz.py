"""Property tests: hostile input to every endpoint never gives a 500, a traceback or a non-JSON reply.

Runs the fuzz targets of bench/fuzz.py (the same code, fewer examples) against a real
server with a real index; `bench/fuzz.py --examples 2000` is the long run.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("hypothesis")

from bot.http.app import create_app  # noqa: E402
from bot.http.client import ApiClient  # noqa: E402
from bot.http.server import ServerThread  # noqa: E402
from bot.service import Admiralty  # noqa: E402

FUZZ_SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "fuzz.py"
EXAMPLES = 40


def _load_fuzz_module():
    spec = importlib.util.spec_from_file_location("admiralty_bench_fuzz", FUZZ_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz_module()


@pytest.fixture(scope="module")
def client(built_settings):
    app = create_app(Admiralty(built_settings), referee_timeout=2.0)
    with ServerThread(app) as url, ApiClient(url) as api:
        yield api


@pytest.mark.parametrize("target", list(fuzz.targets(fuzz.Checker(None))))
def test_no_hostile_input_gives_a_500(client, target):
    checker = fuzz.run_targets(client, EXAMPLES, only=[target], derandomize=True)
    assert checker.sent >= EXAMPLES // 2
    assert checker.failures == []
    assert all(status < 500 for status in checker.statuses), checker.statuses


def test_checker_catches_a_500():
    """The fuzzer's oracle itself: a 500 reply must count as a failure."""
    from bot.http.client import Reply

    checker = fuzz.Checker(None)
    with pytest.raises(AssertionError):
        checker.check("GET /", Reply(500, {}, b'{"error": {"code": "x", "message": "y", "field": null}}'))
    with pytest.raises(AssertionError):
        checker.check("GET /", Reply(400, {}, b"<html>Bad Request</html>"))
    checker.check("GET /", Reply(400, {}, b'{"error": {"code": "x", "message": "y", "field": null}}'))
    assert len(checker.failures) == 2
