"""`GET /metrics`: request counts and latency per route pattern and status, referee timeouts,
ask answered/not_found, build info labels; and the bot's command counts in the same process.

The registry is per process, so each test compares two scrapes (after minus before).
"""
from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.http.app import create_app
from bot.http.client import ApiClient
from bot.http.server import ServerThread
from bot.service import Admiralty
from core.settings import Settings

# The tests that start a server (with its referee child processes) are marked slow.

Labels = tuple[tuple[str, str], ...]


def scrape(client: ApiClient) -> dict[tuple[str, Labels], float]:
    reply = client.get("/metrics")
    assert reply.status == 200
    assert reply.headers["content-type"].startswith("text/plain; version=")
    samples: dict[tuple[str, Labels], float] = {}
    for family in text_string_to_metric_families(reply.body.decode("utf-8")):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: dict[tuple[str, Labels], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def bare_service(tmp_path) -> Admiralty:
    """A service over an empty data directory (no index: these tests never search)."""
    return Admiralty(Settings.from_env().with_data_dir(tmp_path))


@pytest.mark.slow
def test_requests_are_counted_by_route_pattern_and_status(bare_service):
    with ServerThread(create_app(bare_service)) as url, ApiClient(url) as client:
        before = scrape(client)
        assert client.get("/health").status == 200
        assert client.get("/health").status == 200
        assert client.get("/static/no-such-file.js").status == 404  # matched /static/{name}, refused
        assert client.get("/wp-admin/setup.php").status == 404  # no route at all
        assert client.post("/health", {}).status == 405
        after = scrape(client)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    requests = "admiralty_http_requests_total"
    assert delta(requests, endpoint="/health", method="GET", status="200") == 2
    assert delta(requests, endpoint="/static/{name}", method="GET", status="404") == 1
    assert delta(requests, endpoint="unmatched", method="GET", status="404") == 1
    assert delta(requests, endpoint="unmatched", method="POST", status="405") == 1
    assert delta("admiralty_http_request_duration_seconds_count", endpoint="/health", method="GET") == 2
    # raw paths never become labels: a scanner cannot create new series
    assert not any("wp-admin" in v or "no-such-file" in v for (_, labels) in after for _, v in labels)
    # the first scrape itself was counted before the second one was taken
    assert delta(requests, endpoint="/metrics", method="GET", status="200") == 1


@pytest.mark.slow
def test_build_info_names_release_index_and_model(bare_service):
    with ServerThread(create_app(bare_service)) as url, ApiClient(url) as client:
        samples = scrape(client)
        version = client.get("/health").json()["version"]
    info = [labels for (name, labels) in samples if name == "admiralty_build_info"]
    assert len(info) == 1
    assert dict(info[0]) == {"version": version, "index": "none", "model": bare_service.settings.model}


@pytest.mark.slow
def test_refused_input_is_counted_with_its_status(bare_service):
    with ServerThread(create_app(bare_service)) as url, ApiClient(url) as client:
        before = scrape(client)
        assert client.post("/v1/attack", {"dice": "many"}).status == 400
        after = scrape(client)
    labels = {"endpoint": "/v1/attack", "method": "POST", "status": "400"}
    assert value(after, "admiralty_http_requests_total", **labels) - value(
        before, "admiralty_http_requests_total", **labels) == 1


@pytest.mark.slow
def test_referee_timeouts_are_counted(bare_service):
    # 104 dice with Sustained re-rolls cannot be worked out exactly in 0.2 s (tests/test_http_referee.py).
    slow_attack = {"dice": 104, "armour": 1, "citadel": 1, "quality": ["sustained"]}
    with ServerThread(create_app(bare_service, referee_timeout=0.2)) as url, ApiClient(url) as client:
        before = scrape(client)
        assert client.post("/v1/attack", slow_attack).status == 422
        after = scrape(client)
    assert value(after, "admiralty_referee_timeouts_total", action="attack") - value(
        before, "admiralty_referee_timeouts_total", action="attack") == 1
    labels = {"endpoint": "/v1/attack", "method": "POST", "status": "422"}
    assert value(after, "admiralty_http_requests_total", **labels) - value(
        before, "admiralty_http_requests_total", **labels) == 1


@pytest.mark.slow
def test_ask_answered_and_not_found_are_counted(built_settings):
    service = Admiralty(built_settings)
    with ServerThread(create_app(service)) as url, ApiClient(url) as client:
        before = scrape(client)
        found = client.post("/v1/ask", {"question": "How many dice does a ram roll?", "edition": "dw4"}).json()
        # corpus/manifest.toml: the only dust-warfare document is in English, so a Russian-only
        # filter on that game leaves no passage at all.
        nothing = client.post("/v1/ask", {"question": "ram dice", "game": "dust-warfare", "lang": "ru"}).json()
        after = scrape(client)
    assert found["status"] == "answered" and found["results"]
    assert nothing["status"] == "not_found" and nothing["results"] == []
    for status in ("answered", "not_found"):
        assert value(after, "admiralty_ask_answers_total", status=status) - value(
            before, "admiralty_ask_answers_total", status=status) == 1
    info = [dict(labels) for (name, labels) in after if name == "admiralty_build_info"]
    assert info[0]["index"].startswith("build-")  # index/store.py names each build build-<time>-…


def test_bot_commands_are_counted_in_the_process_registry(tmp_path):
    """With `serve --with-bot` the bot shares this registry, so /metrics shows its commands."""
    from bot.metrics import REGISTRY
    from bot.rate_limit import RateLimiter
    from tests.discord_fakes import interaction_for, invoke, make_bot, run

    def count(outcome: str) -> float:
        labels = {"command": "sources", "outcome": outcome}
        return REGISTRY.get_sample_value("admiralty_bot_commands_total", labels) or 0.0

    before = {outcome: count(outcome) for outcome in ("answered", "rate_limited")}

    async def go() -> None:
        bot = make_bot(tmp_path, limiter=RateLimiter(per_minute=1, burst=1))
        for _ in range(2):  # a burst of one: the second is refused
            await invoke(bot, "sources", interaction_for(bot, user_id=1))

    run(go())
    assert count("answered") - before["answered"] == 1
    assert count("rate_limited") - before["rate_limited"] == 1
