"""The one CPU queue per server process (bot/http/admission.py): requests start in the order they
arrived whatever their kind, and a slow calculation gives its place up instead of holding questions."""
from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.http.admission import FairQueue
from core.settings import DEFAULT_CPU_SLOTS


async def _arrive_in_order(queue: FairQueue, names: list[str], seconds: float) -> list[str]:
    started: list[str] = []

    async def request(name: str) -> str:
        async def work() -> str:
            started.append(name)
            await asyncio.sleep(seconds)
            return name

        return await queue.run(work)

    tasks = []
    for name in names:
        tasks.append(asyncio.ensure_future(request(name)))
        await asyncio.sleep(0)  # each arrives (and queues) before the next
    assert await asyncio.gather(*tasks) == names  # each caller gets its own result
    return started


def test_requests_start_in_the_order_they_arrived():
    names = [f"{kind}-{n}" for n in range(6) for kind in ("ask", "rule", "attack")]
    assert asyncio.run(_arrive_in_order(FairQueue(slots=2), names, 0.002)) == names


def test_no_more_than_the_slots_run_at_once():
    running = peak = 0

    async def main() -> None:
        queue = FairQueue(slots=3)

        async def work() -> None:
            nonlocal running, peak
            running += 1
            peak = max(peak, running)
            await asyncio.sleep(0.002)
            running -= 1

        await asyncio.gather(*(queue.run(work) for _ in range(20)))

    asyncio.run(main())
    assert peak == 3


def test_a_slow_request_lets_the_next_one_in_after_its_hold():
    async def main() -> tuple[float, list[str]]:
        queue = FairQueue(slots=1)
        done: list[str] = []

        async def slow() -> None:
            await asyncio.sleep(1.0)
            done.append("slow")

        async def quick() -> None:
            done.append("quick")

        started = time.perf_counter()
        slow_task = asyncio.ensure_future(queue.run(slow, hold=0.05))
        await asyncio.sleep(0)
        await queue.run(quick)
        waited = time.perf_counter() - started
        await slow_task
        return waited, done

    waited, done = asyncio.run(main())
    assert done == ["quick", "slow"]
    assert waited < 0.5  # the slot came back after the hold, not after the slow second


def test_a_request_whose_client_went_away_leaves_the_queue():
    async def main() -> list[str]:
        queue = FairQueue(slots=1)
        order: list[str] = []

        async def work(name: str) -> None:
            order.append(name)
            await asyncio.sleep(0.01)

        first = asyncio.ensure_future(queue.run(lambda: work("first")))
        await asyncio.sleep(0)
        gone = asyncio.ensure_future(queue.run(lambda: work("gone")))
        last = asyncio.ensure_future(queue.run(lambda: work("last")))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.gather(first, last)
        assert queue.waiting == 0
        return order

    assert asyncio.run(main()) == ["first", "last"]


def test_a_queue_needs_a_slot():
    with pytest.raises(ValueError):
        FairQueue(slots=0)


# The most expensive attack the referee accepts: seconds of exact Sustained maths.
SLOW_ATTACK = {"dice": 104, "armour": 1, "citadel": 1, "quality": ["sustained"]}


@pytest.mark.slow
def test_a_slow_calculation_does_not_hold_up_questions(built_settings):
    """Issue 18: "a slow calculation must not delay asks" — with every CPU slot taken by an exact
    Sustained attack, a question still starts after the hold and is answered while they run."""
    from bot.http.app import create_app
    from bot.http.client import ApiClient
    from bot.http.server import ServerThread
    from bot.service import Admiralty

    service = Admiralty(built_settings)
    service.warm()
    app = create_app(service, ask_rate_per_minute=0, referee_timeout=5.0, cpu_slots=1)
    with ServerThread(app) as url, ApiClient(url) as client, ApiClient(url) as other:
        client.post("/v1/attack", {"dice": 12, "armour": 5, "citadel": 8})  # the referee child is up
        slow = threading.Thread(target=lambda: other.post("/v1/attack", SLOW_ATTACK), daemon=True)
        slow.start()
        time.sleep(0.3)
        started = time.perf_counter()
        reply = client.post("/v1/ask", {"question": "How does ramming work?"})
        took = time.perf_counter() - started
        still_running = slow.is_alive()
        slow.join(timeout=30)
    assert reply.status == 200 and reply.json()["results"]
    assert still_running, "the slow attack ended first: the test proves nothing"
    assert took < 2.0


def test_a_client_going_away_as_its_slot_is_handed_over_ends_as_a_hang_up():
    """A queued request cancelled (its client hung up) in the same loop turns as the slot before it is
    released must end in CancelledError — counted as a hang-up (499) — never in another exception (a
    ValueError here was logged with a traceback and counted a 500); the slot goes to the next request."""
    async def trial(turns: int) -> list[str]:
        queue = FairQueue(slots=1)
        gate = asyncio.Event()

        async def holder() -> str:
            await gate.wait()
            return "first"

        async def quick() -> str:
            return "next"

        first = asyncio.ensure_future(queue.run(holder, hold=10))
        await asyncio.sleep(0)
        gone = asyncio.ensure_future(queue.run(quick))
        last = asyncio.ensure_future(queue.run(quick))
        await asyncio.sleep(0.01)
        gate.set()
        for _ in range(turns):  # the hang-up lands at each step of the first request's release
            await asyncio.sleep(0)
        gone.cancel()
        results = await asyncio.gather(first, gone, last, return_exceptions=True)
        assert queue.waiting == 0
        return [type(r).__name__ if isinstance(r, BaseException) else r for r in results]

    for turns in range(8):
        first, gone, last = asyncio.run(trial(turns))
        assert (first, last) == ("first", "next") and gone in ("CancelledError", "next"), (turns, gone)


def _server_side_open(server_port: int, client_port: int) -> bool:
    """The server still holds its end of this connection (Linux /proc: any state but CLOSE_WAIT,
    which is the client's hang-up not yet noticed by the server)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = int(fields[1].rsplit(":", 1)[1], 16), int(fields[2].rsplit(":", 1)[1], 16)
        if (local, remote) == (server_port, client_port):
            return fields[3] != "08"  # 08: CLOSE_WAIT
    return False


@pytest.mark.slow  # starts a server and its referee processes
def test_a_question_whose_client_hung_up_while_it_waited_is_never_worked_on(tmp_path):
    from prometheus_client.parser import text_string_to_metric_families

    from bot.http.app import CPU_QUEUE, create_app
    from bot.http.client import ApiClient
    from bot.http.server import ServerThread
    from bot.service import Admiralty
    from core.settings import Settings

    app = create_app(Admiralty(Settings.from_env().with_data_dir(tmp_path)), cpu_slots=1)
    queue = app[CPU_QUEUE]
    server = ServerThread(app)
    gate = threading.Event()
    with server as url:
        port = int(url.rsplit(":", 1)[1])

        async def hold_the_only_slot() -> None:
            await queue.run(lambda: asyncio.get_running_loop().run_in_executor(None, gate.wait), hold=3600)

        def asks() -> dict[str, float]:
            """/v1/ask requests counted by status (the counters are this test process's: other tests add to them)."""
            with ApiClient(url) as api:
                text = api.get("/metrics").body.decode()
            return {sample.labels["status"]: sample.value for family in text_string_to_metric_families(text)
                    for sample in family.samples
                    if sample.name == "admiralty_http_requests_total" and sample.labels["endpoint"] == "/v1/ask"}

        before = asks()
        holder = asyncio.run_coroutine_threadsafe(hold_the_only_slot(), server.loop)
        body = b'{"question": "How does ramming work?"}'
        with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
            client.sendall(b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            client_port = client.getsockname()[1]
            _wait_for(lambda: queue.waiting == 1, "the question never queued")
        _wait_for(lambda: not _server_side_open(port, client_port), "the server never saw the hang-up")
        gate.set()
        holder.result(timeout=10)
        _wait_for(lambda: asks() != before, "the question was never counted")
        after = asks()
        # 499: the client closed the request. Worked on, it would have been answered to nobody
        # and counted under that answer's status.
        assert {status: count - before.get(status, 0) for status, count in after.items()
                if count != before.get(status, 0)} == {"499": 1.0}


def _wait_for(condition: Callable[[], bool], failure: str, seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(failure)
        time.sleep(0.02)


async def _start_order(queue: FairQueue, arrivals: list[str]) -> list[str]:
    """Hold the only slot, queue `arrivals` one after another, free the slot: the order the waiting
    requests then start in."""
    started: list[str] = []
    gate = asyncio.Event()

    async def holder() -> None:
        await gate.wait()

    async def work(name: str) -> None:
        started.append(name)

    first = asyncio.ensure_future(queue.run(holder, hold=10))
    await asyncio.sleep(0)
    waiting = []
    for name in arrivals:
        waiting.append(asyncio.ensure_future(queue.run(lambda name=name: work(name))))
        await asyncio.sleep(0)
    gate.set()
    await asyncio.gather(first, *waiting)
    return started


def test_every_kind_starts_in_the_order_it_arrived():
    """No kind overtakes another: questions first cut the bench's ask tail only by parking the cheaper
    requests (admission.py's docstring has the measurement)."""
    arrivals = ["rule-1", "attack-1", "ask-1", "rule-2", "ask-2"]
    assert asyncio.run(_start_order(FairQueue(slots=1), arrivals)) == arrivals


@pytest.mark.parametrize(("given", "slots"), [([], DEFAULT_CPU_SLOTS), (["--cpu-slots", "3"], 3)])
def test_serve_gives_each_process_the_queue_slots_asked_for(tmp_path, given, slots):
    from bot.cli import build_parser
    from bot.cli.serve import _app_maker
    from bot.http.app import CPU_QUEUE
    from bot.http.ratelimit import NO_PROXY
    from bot.service import Admiralty
    from core.settings import Settings

    args = build_parser().parse_args(["serve", *given])
    app = _app_maker(args, None, None, NO_PROXY, None)(Admiralty(Settings.from_env().with_data_dir(tmp_path)))
    assert app[CPU_QUEUE].slots == slots


def test_serve_refuses_no_queue_slots(capsys):
    from bot.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--cpu-slots", "0"])
    assert "--cpu-slots" in capsys.readouterr().err


@pytest.mark.slow  # starts a server and its referee processes
def test_a_rule_lookup_waits_for_the_question_admitted_before_it(tmp_path):
    """Arrival order holds past the queue: every service call takes the one pool's threads in the order
    the queue let it in, so a rule look-up never runs ahead of a question waiting for a search thread
    (it had two threads of its own)."""
    from bot.http.app import EXECUTOR, create_app
    from bot.http.client import ApiClient
    from bot.http.server import ServerThread
    from bot.service import Admiralty
    from core.settings import Settings

    service = Admiralty(Settings.from_env().with_data_dir(tmp_path), build_if_stale=False)
    app = create_app(service, workers=1)  # one search thread, eight slots
    gate = threading.Event()
    answered = threading.Event()

    def look_up(url: str) -> None:
        with ApiClient(url) as api:
            api.get("/v1/rule?term=Ramming")  # no index here: a quick 503, once it has a thread
        answered.set()

    with ServerThread(app) as url:
        question = app[EXECUTOR].submit(gate.wait, 30)  # a question holds the one search thread
        try:
            threading.Thread(target=look_up, args=(url,), daemon=True).start()
            assert not answered.wait(0.5)  # let in (seven slots free), waiting for the thread
        finally:
            gate.set()
        question.result(timeout=10)
        assert answered.wait(10)
