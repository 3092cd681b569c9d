"""`admiralty serve --processes N` (gunicorn, one aiohttp worker per process): requests that land on
different workers get the same answers, one rate limit and one /metrics; connections spread evenly
over the workers (least-connections accept, bot.http.balance); and the tables the workers share
(bot.rate_limit.SharedBuckets, bot.http.balance.ConnectionTable) hold across forked processes."""
from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.http.balance import Balancer, ConnectionTable
from bot.rate_limit import RateLimiter, SharedBuckets
from core.settings import REFEREE_CHILDREN, referee_children_per_process

CLI = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())"]
NO_REFILL = 0.001  # per minute: no token comes back while a test runs


def _take(limiter: RateLimiter, key: str, times: int, results: multiprocessing.Queue) -> None:
    results.put(sum(limiter.acquire(key) == 0 for _ in range(times)))


@pytest.mark.slow  # forks processes
def test_shared_buckets_limit_a_client_once_across_forked_processes():
    limiter = RateLimiter(NO_REFILL, burst=5, table=SharedBuckets(slots=64))
    context = multiprocessing.get_context("fork")
    results: multiprocessing.Queue = context.Queue()
    children = [context.Process(target=_take, args=(limiter, "addr:192.0.2.1", 4, results)) for _ in range(3)]
    for child in children:
        child.start()
    allowed = [results.get(timeout=30) for _ in children]
    for child in children:
        child.join(timeout=30)
    assert sum(allowed) == 5  # 12 tries in three processes, one burst of 5
    assert limiter.acquire("addr:192.0.2.2") == 0  # another client still has its own


def test_shared_buckets_stay_bounded_under_a_flood_of_clients():
    limiter = RateLimiter(NO_REFILL, burst=2, table=SharedBuckets(slots=64))
    limiter.acquire("addr:victim")
    limiter.acquire("addr:victim")
    for n in range(1000):
        limiter.acquire(f"addr:10.0.{n // 256}.{n % 256}")
    assert limiter.clients() <= 64


def _open_three(balancer: Balancer, done: multiprocessing.Queue) -> None:
    balancer.start()
    for _ in range(3):
        balancer.opened()
    done.put(balancer.may_accept())


@pytest.mark.slow  # forks a process
def test_a_forked_workers_connection_count_is_seen_by_the_others():
    table = ConnectionTable(3)
    here = Balancer(table, 0)
    here.start()
    context = multiprocessing.get_context("fork")
    done: multiprocessing.Queue = context.Queue()
    child = context.Process(target=_open_three, args=(Balancer(table, 1), done))
    child.start()
    assert done.get(timeout=30) is False  # 3 open there, 0 here: it must leave the next one to us
    child.join(timeout=30)
    assert table.counts() == [0, 3, None]  # slot 2: no worker, counts for nothing
    assert here.may_accept()
    here.opened()
    table.vacate(1)  # that worker died: its connections went with it
    assert table.fewest() == 1 and here.may_accept()


def test_the_least_loaded_worker_always_may_accept_and_a_tie_lets_both():
    table = ConnectionTable(2)
    first, second = Balancer(table, 0), Balancer(table, 1)
    assert table.fewest() is None and first.may_accept()  # nobody serving yet: nothing to wait for
    first.start()
    second.start()
    first.opened()
    assert not first.may_accept() and second.may_accept()
    second.opened()
    assert first.may_accept() and second.may_accept()
    first.closed()
    first.closed()  # a close reported twice never makes a count negative
    assert table.counts() == [0, 1]


class _CountedBalancer(Balancer):
    """A worker's balancer that also counts how often its site asked whether it may accept."""

    asked = 0

    def may_accept(self) -> bool:
        self.asked += 1
        return super().may_accept()


def test_a_worker_ahead_leaves_a_waiting_connection_without_spinning_and_takes_it_once_behind():
    import asyncio
    import socket

    from aiohttp import web

    from bot.http.balance import RETRY_S, LeastConnectionsSite
    from bot.http.protocol import make_runner

    async def main() -> None:
        table = ConnectionTable(2)
        other, here = Balancer(table, 1), _CountedBalancer(table, 0)
        runner = make_runner(web.Application())
        await runner.setup()
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        site = LeastConnectionsSite(runner, listener, here)
        await site.start()
        other.start()
        here.opened()  # one connection here, none there: the next one is the other worker's
        with socket.create_connection(listener.getsockname()):
            await asyncio.sleep(0.3)
            assert here.open == 1  # left in the backlog
            # Rechecked after a pause each time, not at every turn of the loop (thousands a second).
            assert 0 < here.asked <= 0.3 / RETRY_S + 10
            other.opened()
            other.opened()  # now the other worker is ahead: this one takes the waiting connection
            for _ in range(200):
                if here.open == 2:
                    break
                await asyncio.sleep(0.01)
            assert here.open == 2
        await site.stop()
        await runner.cleanup()
        listener.close()
        assert table.counts()[0] is None  # a stopped worker counts for nothing

    asyncio.run(main())


# -- the multi-process server -------------------------------------------------------------------


def _start(data_dir: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(data_dir)}
    process = subprocess.Popen([*CLI, "serve", "--port", "0", *extra], env=env, text=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    end = time.monotonic() + 240
    while time.monotonic() < end:
        line = process.stderr.readline()
        if not line:
            break
        match = re.search(r"(http://127\.0\.0\.1:\d+)/ with \d+ processes", line)
        if match:
            return process, match.group(1)
    process.kill()
    raise AssertionError(f"the server never announced its address; rc={process.poll()}")


def _descendants(pid: int) -> set[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    tree = {pid}
    while below := {p for p, parent in parents.items() if parent in tree} - tree:
        tree |= below
    return tree - {pid}


def _worker_of(connection: http.client.HTTPConnection, server_pid: int) -> int:
    """The process holding the server side of this connection (Linux /proc: socket inodes)."""
    assert connection.sock is not None
    client_port = connection.sock.getsockname()[1]
    server_port = connection.sock.getpeername()[1]
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = int(fields[1].rsplit(":", 1)[1], 16), int(fields[2].rsplit(":", 1)[1], 16)
            if local == server_port and remote == client_port:
                inodes.add(f"socket:[{fields[9]}]")
    for pid in _descendants(server_pid):
        try:
            if any(os.readlink(fd) in inodes for fd in Path(f"/proc/{pid}/fd").iterdir()):
                return pid
        except OSError:
            continue
    raise AssertionError("no worker holds this connection")


def _request(connection: http.client.HTTPConnection, method: str, path: str, body: object = None,
             token: str | None = None) -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def _counts(body: bytes) -> dict[tuple[str, str], float]:
    """admiralty_http_requests_total by (endpoint, status)."""
    counts: dict[tuple[str, str], float] = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            if sample.name == "admiralty_http_requests_total":
                key = (sample.labels["endpoint"], sample.labels["status"])
                counts[key] = counts.get(key, 0) + sample.value
    return counts


def test_workers_answer_alike_and_share_the_rate_limit_and_metrics(built_settings):
    process, url = _start(built_settings.data_dir, "--processes", "2", "--ask-rate", str(NO_REFILL),
                          "--ask-burst", "4", "--workers", "2")
    host, port = url.removeprefix("http://").split(":")
    connections: dict[int, http.client.HTTPConnection] = {}
    try:
        # The kernel spreads new connections over the workers' sockets: open some until each has one.
        for _ in range(60):
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            assert _request(connection, "GET", "/health")[0] == 200
            worker = _worker_of(connection, process.pid)
            if worker in connections:
                connection.close()
            else:
                connections[worker] = connection
            if len(connections) == 2:
                break
        assert len(connections) == 2, "every connection landed on one worker"
        first, second = connections.values()

        question = {"question": "How many dice does a ram roll?", "edition": "dw4"}
        answers = []
        for connection in (first, second, first, second):  # a new random token each time buys nothing
            status, body = _request(connection, "POST", "/v1/ask", question, token=os.urandom(8).hex())
            assert status == 200
            answers.append(json.loads(body))
        # The same index and model in every worker: the same answer. (Lower ranks can swap near-ties
        # between workers — seen at rank 5, fused scores 0.0297 / 0.0295 — a search matter, not serving.)
        for other in answers[1:]:
            assert other["answer"] == answers[0]["answer"]
            assert other["results"][0] == answers[0]["results"][0]
        answer = answers[0]["answer"]
        assert answers[0]["status"] == "answered"
        assert answer["document_title"] and answer["edition"].startswith("dw4") and answer["section"]
        assert answer["quote"] in answers[0]["results"][answer["rank"] - 1]["text"]

        # The burst of 4 is spent across both workers: each now refuses this client.
        for connection in (first, second):
            status, body = _request(connection, "POST", "/v1/ask", question)
            assert status == 429, body
            assert json.loads(body)["error"]["code"] == "rate_limited"

        # Either worker's /metrics adds up both workers' counts.
        scrapes = [_counts(_request(connection, "GET", "/metrics")[1]) for connection in (first, second)]
        for counts in scrapes:
            assert counts[("/v1/ask", "200")] == 4
            assert counts[("/v1/ask", "429")] == 2
            assert counts[("/health", "200")] >= 2
        assert scrapes[1][("/metrics", "200")] == scrapes[0].get(("/metrics", "200"), 0) + 1
    finally:
        for connection in connections.values():
            connection.close()
        process.send_signal(signal.SIGTERM)
        try:
            assert process.wait(timeout=60) == 0
        finally:
            if process.poll() is None:
                process.kill()
    assert not any(pid for pid in _descendants(process.pid))  # no worker or referee process left


def _connections_per_worker(connections: list[http.client.HTTPConnection], server_pid: int) -> list[int]:
    held: dict[int, int] = dict.fromkeys(_workers(server_pid), 0)
    for connection in connections:
        held[_worker_of(connection, server_pid)] += 1
    return sorted(held.values())


def test_a_burst_of_keep_alive_connections_spreads_evenly_over_the_workers(built_settings):
    process, url = _start(built_settings.data_dir, "--processes", "2", "--lazy")
    host, port = url.removeprefix("http://").split(":")
    connections = [http.client.HTTPConnection(host, int(port), timeout=60) for _ in range(11)]
    try:
        for connection in connections:  # all eleven connect before any sends a request
            connection.connect()
        for connection in connections:
            assert _request(connection, "GET", "/health")[0] == 200
        assert _connections_per_worker(connections, process.pid) == [5, 6]
        for connection in connections[:4]:  # four leave; the next four go where there is room
            connection.close()
        connections = connections[4:] + [http.client.HTTPConnection(host, int(port), timeout=60) for _ in range(4)]
        for connection in connections[-4:]:
            assert _request(connection, "GET", "/health")[0] == 200
        assert _connections_per_worker(connections, process.pid) == [5, 6]
        # every worker answers on uvloop (bot/http/event_loop.py): its extension is mapped in each
        workers = {_worker_of(connection, process.pid) for connection in connections}
        assert len(workers) == 2
        assert all("uvloop/loop" in Path(f"/proc/{pid}/maps").read_text() for pid in workers)
        # the referee's children are split over the workers: one each, two in all (core.settings)
        children = [pid for pid in _descendants(process.pid)
                    if "bot.http.referee_child" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")]
        assert len(children) == referee_children_per_process(2) * 2 == REFEREE_CHILDREN
    finally:
        for connection in connections:
            connection.close()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def test_a_second_server_on_a_taken_port_is_one_line(built_settings):
    process, url = _start(built_settings.data_dir, "--processes", "2", "--lazy")
    try:
        port = url.rsplit(":", 1)[1]
        env = {**os.environ, "ADMIRALTY_DATA_DIR": str(built_settings.data_dir)}
        result = subprocess.run([*CLI, "serve", "--port", port, "--processes", "2", "--lazy"], env=env,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 2
        assert f"cannot serve on 127.0.0.1:{port}" in result.stderr
        assert "Traceback" not in result.stderr
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


# -- one process: the same limits over HTTP -----------------------------------------------------


@pytest.fixture
def bare_service(tmp_path):
    """A service over an empty data directory: the limits act before any search."""
    from bot.service import Admiralty
    from core.settings import Settings

    return Admiralty(Settings.from_env().with_data_dir(tmp_path))


@pytest.mark.slow  # starts a server and its referee processes
def test_a_new_bearer_token_per_request_does_not_bypass_the_limit(bare_service):
    from bot.http.app import create_app
    from bot.http.client import ApiClient
    from bot.http.server import ServerThread

    app = create_app(bare_service, ask_rate_per_minute=NO_REFILL, ask_burst=3)
    with ServerThread(app) as url, ApiClient(url) as client:
        statuses = [client.request("POST", "/v1/ask", b'{"question": ""}', {
            "Content-Type": "application/json", "Authorization": f"Bearer {os.urandom(8).hex()}"}).status
            for _ in range(6)]
    assert statuses == [400, 400, 400, 429, 429, 429]  # the bucket is taken before the body is read


@pytest.mark.slow  # starts servers and their referee processes
@pytest.mark.parametrize("metrics_token", [None, "m" * 20])
def test_metrics_need_the_key_or_their_own_token(bare_service, metrics_token):
    from bot.http.app import create_app
    from bot.http.client import ApiClient
    from bot.http.server import ServerThread

    api_key = "a" * 20
    opener = metrics_token or api_key
    with ServerThread(create_app(bare_service, api_key=api_key, metrics_token=metrics_token)) as url, \
            ApiClient(url) as client:
        refused = client.get("/metrics")
        wrong = client.request("GET", "/metrics", headers={"Authorization": "Bearer " + "x" * 20})
        allowed = client.request("GET", "/metrics", headers={"Authorization": f"Bearer {opener}"})
        other = client.request("GET", "/metrics", headers={"Authorization": f"Bearer {api_key}"})
    assert refused.status == 401 and refused.json()["error"]["code"] == "unauthorized"
    assert wrong.status == 401
    assert allowed.status == 200 and b"admiralty_build_info" in allowed.body
    assert other.status == (401 if metrics_token else 200)  # its own token replaces the API key there


def _workers(server_pid: int) -> set[int]:
    """The gunicorn workers: the master's direct children (their referee processes are theirs)."""
    children = set()
    for pid in _descendants(server_pid):
        try:
            if int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == server_pid:
                children.add(pid)
        except (OSError, IndexError, ValueError):
            continue
    return children


def test_a_killed_worker_is_replaced_and_its_counts_are_kept(built_settings):
    process, url = _start(built_settings.data_dir, "--processes", "2", "--lazy")
    host, port = url.removeprefix("http://").split(":")
    try:
        before = _workers(process.pid)
        assert len(before) == 2
        for _ in range(3):
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            assert _request(connection, "GET", "/health")[0] == 200
            connection.close()
        victim = sorted(before)[0]
        os.kill(victim, signal.SIGKILL)
        end = time.monotonic() + 120
        after = _workers(process.pid)
        while time.monotonic() < end and not (len(after) == 2 and victim not in after):
            time.sleep(0.2)
            after = _workers(process.pid)
        assert len(after) == 2 and victim not in after  # gunicorn started a new one
        newcomer = (after - before).pop()
        for _ in range(200):  # until the new worker has loaded and takes connections (the old one takes them till then)
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            status, body = _request(connection, "GET", "/metrics")
            assert status == 200
            assert _counts(body)[("/health", "200")] == 3  # whichever worker answers, the dead one's requests count
            landed = _worker_of(connection, process.pid)
            connection.close()
            if landed == newcomer:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the new worker never took a connection")
        kept = [http.client.HTTPConnection(host, int(port), timeout=60) for _ in range(4)]
        try:
            for connection in kept:
                assert _request(connection, "GET", "/health")[0] == 200
            # The new worker starts from an empty slot and takes its share: the old one is not held back.
            assert _connections_per_worker(kept, process.pid) == [2, 2]
        finally:
            for connection in kept:
                connection.close()
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


@pytest.mark.slow  # runs the CLI in a subprocess
@pytest.mark.parametrize(
    ("options", "said"),
    [(["--processes", "2", "--with-bot"], "--processes 1"),
     (["--forwarded-allow-ips", "10.0.0.1,proxy.local"], "'proxy.local' is not an IP address"),
     (["--metrics-token-env", "ADMIRALTY_NO_SUCH_VARIABLE"], "ADMIRALTY_NO_SUCH_VARIABLE"),
     (["--processes", "0"], "--processes")],
)
def test_bad_serving_options_are_one_line(options, said):
    env = {k: v for k, v in os.environ.items() if k != "ADMIRALTY_NO_SUCH_VARIABLE"}
    result = subprocess.run([*CLI, "serve", "--lazy", "--port", "0", *options], capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 2
    assert said in result.stderr.strip().splitlines()[-1]  # the last line says what is wrong
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("setting", "loop_module"), [("", "uvloop"), ("asyncio", "asyncio")])
def test_the_event_loop_is_uvloop_unless_told_otherwise(setting, loop_module):
    """A new process's loop after `use_fast_event_loop()`: uvloop's, or asyncio's own when
    ADMIRALTY_EVENT_LOOP=asyncio (the operator's way to rule the loop out)."""
    code = ("import asyncio; from bot.http.event_loop import use_fast_event_loop; "
            "print(use_fast_event_loop(), type(asyncio.new_event_loop()).__module__)")
    env = {**os.environ, "ADMIRALTY_EVENT_LOOP": setting}
    said = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    name, module = said.split()
    assert name == loop_module and module.split(".")[0] == loop_module


def test_the_referee_children_are_split_over_the_worker_processes():
    """One process keeps REFEREE_CHILDREN; N workers share them, never fewer than one each."""
    assert [referee_children_per_process(n) for n in (1, 2, 3, 8)] == [REFEREE_CHILDREN, REFEREE_CHILDREN // 2, 1, 1]
