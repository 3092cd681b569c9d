"""Property tests: hostile input to every endpoint never gives a 500, a traceback or a non-JSON reply.

Runs the fuzz targets of tests/fuzz_targets.py (bench/fuzz.py runs them long) against a real
server with a real index; `bench/fuzz.py --examples 2000` is the long run.
"""
from __future__ import annotations

import pytest

from bot.http.app import create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty
from tests import fuzz_targets as fuzz

EXAMPLES = 40


@pytest.fixture(scope="module")
def client(built_settings):
    app = create_app(Admiralty(built_settings), referee_timeout=2.0, ask_rate_per_minute=0)
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
