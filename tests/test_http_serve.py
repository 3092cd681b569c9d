"""`admiralty serve` as a user runs it: a real process, a real port, clean start and stop."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from bot.http.client import ApiClient
from bot.http.server import is_loopback

pytestmark = pytest.mark.slow  # every test here starts the CLI in a subprocess


CLI = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())"]


def _wait_for_url(process: subprocess.Popen, deadline: float = 60.0) -> str:
    """Read stderr until the server announces its address."""
    assert process.stderr is not None
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        line = process.stderr.readline()
        if not line:
            break
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if match:
            return match.group(1)
    process.kill()
    raise AssertionError(f"server never announced its address; rc={process.poll()}")


def test_serve_starts_answers_and_stops_on_sigterm():
    process = subprocess.Popen(
        [*CLI, "serve", "--lazy", "--port", "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    try:
        url = _wait_for_url(process)
        with ApiClient(url) as client:
            assert client.get("/health").json()["status"] == "ok"
            assert client.post("/v1/ask", {"question": ""}).status == 400
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=60, env=env)


def test_refuses_a_public_address_without_an_api_key():
    result = _run(["serve", "--host", "0.0.0.0", "--lazy"])
    assert result.returncode == 2
    assert "--api-key-env" in result.stderr
    assert "Traceback" not in result.stderr


def test_api_key_variable_must_be_set_and_long_enough():
    env = {k: v for k, v in os.environ.items() if k != "ADMIRALTY_TEST_KEY"}
    missing = _run(["serve", "--lazy", "--api-key-env", "ADMIRALTY_TEST_KEY"], env)
    assert missing.returncode == 2 and "ADMIRALTY_TEST_KEY" in missing.stderr
    short = _run(["serve", "--lazy", "--api-key-env", "ADMIRALTY_TEST_KEY"], {**env, "ADMIRALTY_TEST_KEY": "abc"})
    assert short.returncode == 2 and "too short" in short.stderr


def test_port_in_use_is_a_one_line_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _run(["serve", "--lazy", "--port", str(port)])
    assert result.returncode == 2
    assert f"127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


def test_with_bot_needs_a_token_and_says_so_before_loading_anything():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_TOKEN") and k != "ADMIRALTY_CONFIG"}
    result = _run(["serve", "--with-bot", "--port", "0"], env)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "serving" not in result.stderr and "Traceback" not in result.stderr


def test_with_bot_failure_stops_the_api_with_one_line():
    """A token Discord cannot accept (or no network, as in CI): the bot fails, serve exits 2."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token"}
    result = _run(["serve", "--with-bot", "--lazy", "--port", "0"], env)
    assert "serving the API and the Discord bot on http://127.0.0.1:" in result.stderr
    assert result.returncode == 2
    assert "admiralty: error: the Discord bot stopped" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("bad", ["-1", "65536", "http"])
def test_bad_port_is_refused_by_argparse(bad):
    result = _run(["serve", "--port", bad])
    assert result.returncode == 2 and "--port" in result.stderr


@pytest.mark.parametrize(
    ("host", "expected"),
    [("127.0.0.1", True), ("127.5.0.1", True), ("::1", True), ("[::1]", True), ("localhost", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.10", False), ("example.org", False)],
)
def test_loopback_detection(host, expected):
    assert is_loopback(host) is expected
