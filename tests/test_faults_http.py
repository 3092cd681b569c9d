"""Fault suite, HTTP: what a client sends or does (broken compressed bodies, malformed messages,
hang-ups, slow or idle connections) and what happens to the referee's processes (killed idle or
mid-call) never ends in a 500, a traceback in the log, or a pool left short.

A real server on a loopback port; none of these requests needs the index, so it is not built.
"""
from __future__ import annotations

import gzip
import json
import logging
import os
import signal
import socket
import threading
import time
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

from bot.http.app import REFEREE_POOL, create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty, referee_actions
from core.settings import Settings

pytestmark = pytest.mark.slow

POST_ENDPOINTS = ["/v1/ask", *(f"/v1/{action}" for action in referee_actions())]
QUICK_ATTACK = {"dice": 12, "armour": 5, "citadel": 8}
SLOW_ATTACK = {"dice": 104, "armour": 1, "citadel": 1, "quality": ["sustained"]}  # ~2 s of exact maths


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    settings = Settings.from_env().with_data_dir(tmp_path_factory.mktemp("http-faults"))
    # No ask rate limit: a 429 would answer before the body is read, and the body is what is tested.
    app = create_app(Admiralty(settings, build_if_stale=False), referee_processes=2, referee_timeout=60,
                     ask_rate_per_minute=0, header_timeout=1.0, body_timeout=1.0)
    with ServerThread(app) as url:
        yield url, app


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _raw(url: str, data: bytes, *, wait: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes; (status, headers, body) of the answer, read until the server closes."""
    with socket.create_connection(("127.0.0.1", _port(url)), timeout=wait) as sock:
        sock.sendall(data)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def _post(path: str, body: bytes, headers: dict[str, str]) -> bytes:
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return (f"POST {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n{head}"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


def _error_shape(status: int, headers: dict[str, str], body: bytes, expected: int) -> dict[str, Any]:
    assert status == expected, (status, body)
    assert headers["content-type"].startswith("application/json"), headers
    assert headers["server"] == "admiralty", headers
    error: dict[str, Any] = json.loads(body)["error"]
    assert set(error) == {"code", "message", "field"} and error["message"]
    return error


def _metric(url: str, endpoint: str, status: int) -> float:
    with ApiClient(url) as client:
        text = client.get("/metrics").body.decode()
    total = 0.0
    for line in text.splitlines():
        if line.startswith("admiralty_http_requests_total{") and f'endpoint="{endpoint}"' in line \
                and f'status="{status}"' in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def _tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.exc_info or "Traceback" in record.getMessage()]


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
def test_broken_compressed_bodies_are_400_on_every_post_endpoint(server, encoding, caplog) -> None:
    url, _ = server
    caplog.set_level(logging.DEBUG)
    packed = gzip.compress(b'{"dice": 3}') if encoding == "gzip" else zlib.compress(b'{"dice": 3}')
    broken = (b'{"question": "ram"}', b"\x1f\x8b\x08\x00garbage", packed[:-6], packed[:8] + b"\xff" * 4 + packed[12:])
    for path in POST_ENDPOINTS:
        for body in broken:
            started = time.monotonic()
            status, headers, reply = _raw(url, _post(path, body, {"Content-Encoding": encoding}))
            assert _error_shape(status, headers, reply, 400)["code"] == "malformed_body"
            assert time.monotonic() - started < 0.9  # answered at once, not after the body timeout
    assert not _tracebacks(caplog)


def test_a_compression_bomb_is_413(server) -> None:
    url, _ = server
    bomb = gzip.compress(b'{"description": "' + b" " * 10_000_000 + b'"}')  # 10 MB in ~10 kB
    assert len(bomb) < 16 * 1024  # under the wire limit: the decoded-size cap is what refuses it
    status, headers, reply = _raw(url, _post("/v1/attack", bomb, {"Content-Encoding": "gzip"}))
    assert _error_shape(status, headers, reply, 413)["code"] == "body_too_large"


def test_a_valid_compressed_body_still_works(server) -> None:
    url, _ = server
    status, _, reply = _raw(url, _post("/v1/attack", zlib.compress(json.dumps(QUICK_ATTACK).encode()),
                                       {"Content-Encoding": "deflate"}))
    assert status == 200 and json.loads(reply)["action"] == "attack"


@pytest.mark.parametrize("encoding", ["br", "zstd"])
def test_undecodable_encodings_are_415_in_the_json_shape(server, encoding, caplog) -> None:
    url, _ = server
    caplog.set_level(logging.DEBUG)
    status, headers, reply = _raw(url, _post("/v1/attack", b"\x00\x01\x02", {"Content-Encoding": encoding}))
    assert _error_shape(status, headers, reply, 415)["code"] == "unsupported_content_encoding"
    assert "install" not in reply.decode()  # aiohttp's advice to the server's owner stays out
    assert not _tracebacks(caplog)


@pytest.mark.parametrize("message", [
    b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n",
])
def test_malformed_messages_get_the_json_shape_one_warning_and_no_version(server, message, caplog) -> None:
    url, _ = server
    caplog.set_level(logging.DEBUG)
    status, headers, reply = _raw(url, message)
    _error_shape(status, headers, reply, status)
    assert 400 <= status < 500
    assert "aiohttp" not in headers["server"] and "Python" not in headers["server"]
    assert not _tracebacks(caplog)
    refusals = [r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot.http")
                and "workers" not in r.name]
    assert len(refusals) == 1, [r.getMessage() for r in refusals]


def test_a_client_hanging_up_mid_body_is_counted_apart_from_server_errors(server, caplog) -> None:
    url, _ = server
    caplog.set_level(logging.DEBUG)
    errors_before = _metric(url, "/v1/ask", 500)
    hangups_before = _metric(url, "/v1/ask", 499)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", _port(url))) as sock:
            sock.sendall(b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 500\r\n\r\n{\"question\": \"ra")
            time.sleep(0.1)
    deadline = time.monotonic() + 10  # the server notices each hang-up on its own schedule
    while _metric(url, "/v1/ask", 499) < hangups_before + 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _metric(url, "/v1/ask", 499) == hangups_before + 3
    assert _metric(url, "/v1/ask", 500) == errors_before
    assert not _tracebacks(caplog)


def test_idle_and_slow_header_connections_are_closed(server) -> None:
    url, _ = server
    idle = [socket.create_connection(("127.0.0.1", _port(url))) for _ in range(50)]
    slow = socket.create_connection(("127.0.0.1", _port(url)))
    slow.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # never finishes its headers
    try:
        started = time.monotonic()
        for sock in [*idle, slow]:
            sock.settimeout(10)
            assert sock.recv(1024) == b""  # closed by the server
        assert time.monotonic() - started < 8
    finally:
        for sock in [*idle, slow]:
            sock.close()
    with ApiClient(url) as client:
        assert client.get("/health").status == 200


def test_a_body_that_never_arrives_is_408(server) -> None:
    url, _ = server
    with socket.create_connection(("127.0.0.1", _port(url)), timeout=10) as sock:
        sock.sendall(b"POST /v1/attack HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 200\r\n\r\n{\"dice\":")
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
            if b"}}" in reply:
                break
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.split()[1] == b"408"
    assert json.loads(body)["error"]["code"] == "request_timeout"


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_killed_idle_workers_are_replaced_before_the_next_request(server) -> None:
    url, app = server
    pool = app[REFEREE_POOL]
    with ApiClient(url) as client:
        assert client.post("/v1/attack", QUICK_ATTACK).status == 200
        for worker in list(pool._idle):
            _kill(worker.process.pid)
        reply = client.post("/v1/attack", QUICK_ATTACK)
        assert reply.status == 200 and reply.json()["action"] == "attack"
    deadline = time.monotonic() + 15
    while pool.alive() < pool.size and time.monotonic() < deadline:
        time.sleep(0.1)
    assert pool.alive() == pool.size  # back to full size


def test_a_call_whose_worker_dies_is_retried_once(server) -> None:
    url, app = server
    pool = app[REFEREE_POOL]
    killed: list[int] = []

    def kill_the_first_busy_worker() -> None:
        deadline = time.monotonic() + 20
        while not killed and time.monotonic() < deadline:
            for pid in pool.busy_pids():
                _kill(pid)
                killed.append(pid)
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_the_first_busy_worker)
    killer.start()
    with ApiClient(url) as client:
        reply = client.post("/v1/attack", SLOW_ATTACK)
    killer.join()
    assert killed and reply.status == 200, reply.body
    assert reply.json()["action"] == "attack"


def test_a_call_whose_workers_keep_dying_is_503_with_retry_after(server) -> None:
    url, app = server
    pool = app[REFEREE_POOL]
    stop = threading.Event()

    def kill_every_busy_worker() -> None:
        while not stop.is_set():
            for pid in pool.busy_pids():
                _kill(pid)
            time.sleep(0.02)

    killer = threading.Thread(target=kill_every_busy_worker)
    killer.start()
    try:
        with ApiClient(url) as client:
            reply = client.post("/v1/attack", SLOW_ATTACK)
    finally:
        stop.set()
        killer.join()
    assert reply.status == 503, reply.body
    assert {k.lower(): v for k, v in reply.headers.items()}["retry-after"] == "1"
    assert reply.json()["error"]["code"] == "referee_unavailable"
    with ApiClient(url) as client:  # and the pool heals afterwards
        assert client.post("/v1/attack", QUICK_ATTACK).status == 200



def test_an_index_that_cannot_be_built_here_is_503_with_how_to_fix(tmp_path) -> None:
    """The data directory's place is taken by a file: no build can be written. A client learns
    it in the API's words (503), not as a 500."""
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the data directory should be")
    settings = Settings.from_env().with_data_dir(blocker / "data")
    app = create_app(Admiralty(settings), referee_processes=1)
    with ServerThread(app) as url, ApiClient(url) as client:
        reply = client.get("/v1/rule", term="ram")
    assert reply.status == 503, reply.body
    error = reply.json()["error"]
    assert error["code"] == "index_missing" and "admiralty index build" in error["message"]


def test_a_damaged_unit_database_is_503_not_the_clients_fault(tmp_path) -> None:
    settings = Settings.from_env().with_data_dir(tmp_path)
    (tmp_path / "units.sqlite").write_bytes(b"not a database" * 500)
    app = create_app(Admiralty(settings, build_if_stale=False), referee_processes=1)
    with ServerThread(app) as url, ApiClient(url) as client:
        for reply in (client.get("/v1/unit", name="Borodino"), client.get("/v1/units", prefix="B")):
            assert reply.status == 503, reply.body
            assert reply.json()["error"]["code"] == "unit_data_unavailable"
