"""Settings-store latency, SQLite against PostgreSQL, and what it means for a question's latency.

    .venv/bin/python bench/store.py                          # starts a private PostgreSQL (tests/pg_server.py)
    .venv/bin/python bench/store.py --url postgresql://…     # an existing database (its tables are used as is)
    .venv/bin/python bench/store.py --load --requests 300    # also bench/load.py (ask only), without and
                                                             # with ADMIRALTY_DATABASE_URL, and compare

Every Discord command reads its server's settings once (`SettingsStore.get`), so the store's
p95 is what a shared PostgreSQL adds to a command; the HTTP API does not read the store at all,
so its ask latency must not move when the server is configured with PostgreSQL (`--load`).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

# Run as a script, bench/ comes first on sys.path: put the project root there instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bot.store import Store, open_store  # noqa: E402
from core.settings import Settings  # noqa: E402

GUILDS = 200  # distinct servers written and read


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_calls(store: Store, reads: int, threads: int) -> dict[str, float]:
    """`reads` settings lookups spread over `threads` threads; milliseconds per call."""
    latencies: list[float] = []
    lock = threading.Lock()

    def worker(offset: int) -> None:
        mine: list[float] = []
        for n in range(offset, reads, threads):
            started = time.perf_counter()
            store.settings.get(1 + n % GUILDS, 1000 + n % 7)
            mine.append((time.perf_counter() - started) * 1000)
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    elapsed = time.perf_counter() - started
    return {
        "calls": len(latencies),
        "p50_ms": round(statistics.median(latencies), 3),
        "p95_ms": round(percentile(latencies, 0.95), 3),
        "max_ms": round(max(latencies), 3),
        "per_second": round(len(latencies) / elapsed, 1),
    }


def bench_store(store: Store, reads: int) -> dict[str, Any]:
    writes: list[float] = []
    for guild in range(1, GUILDS + 1):
        started = time.perf_counter()
        store.settings.set(guild, "ruleset", ("dw3", "dw3-qrs", "dw4")[guild % 3])
        writes.append((time.perf_counter() - started) * 1000)
        store.settings.set(guild, "language", "ru", channel_id=1000 + guild % 7)
    return {
        "set_p50_ms": round(statistics.median(writes), 3),
        "set_p95_ms": round(percentile(writes, 0.95), 3),
        "get_1_thread": time_calls(store, reads, 1),
        "get_8_threads": time_calls(store, reads, 8),
    }


def run_load(url: str | None, data_dir: str | None, requests: int) -> dict[str, Any]:
    """bench/load.py, questions only, in a child process with or without the database URL."""
    env = dict(os.environ)
    env.pop("ADMIRALTY_DATABASE_URL", None)
    if url:
        env["ADMIRALTY_DATABASE_URL"] = url
    if data_dir:
        env["ADMIRALTY_DATA_DIR"] = data_dir
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "load.json"
        done = subprocess.run(
            [sys.executable, str(_HERE / "load.py"), "--requests", str(requests), "--concurrency", "10",
             "--mix", "ask=1", "--baseline", "10", "--workers", "4", "--json", str(out)],
            env=env, check=False, capture_output=True, text=True,
        )
        if not out.exists():
            raise SystemExit("bench/store.py: bench/load.py failed (is the index built? `admiralty index build`)\n"
                             + done.stdout[-2000:] + done.stderr[-2000:])
        result = dict(json.loads(out.read_text()))
        result["error_samples"] = [line.strip() for line in done.stdout.splitlines() if "error sample" in line][:5]
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="PostgreSQL URL to use instead of starting a private server")
    parser.add_argument("--reads", type=int, default=2000)
    parser.add_argument("--load", action="store_true", help="also run bench/load.py without and with PostgreSQL")
    parser.add_argument("--requests", type=int, default=300, help="questions per bench/load.py run")
    parser.add_argument("--rounds", type=int, default=2, help="bench/load.py runs of each set-up, alternated")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    args = parser.parse_args(argv)

    server = None
    url = args.url
    if url is None:
        from tests.pg_server import PgServer

        server = PgServer()
        server.start()
        url = server.url
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS settings, feedback, schema_version")
    results: dict[str, Any] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings.from_env().with_data_dir(Path(tmp))
            for name, database_url in (("sqlite", ""), ("postgresql", url)):
                with open_store(settings, database_url=database_url) as store:
                    results[name] = bench_store(store, args.reads)
        if args.load:  # alternate the two set-ups, so drift in the machine's load hits both alike
            data_dir = os.environ.get("ADMIRALTY_DATA_DIR")
            for round_ in range(args.rounds):
                results[f"load_without_database_{round_}"] = run_load(None, data_dir, args.requests)
                results[f"load_with_postgresql_{round_}"] = run_load(url, data_dir, args.requests)
    finally:
        if server is not None:
            server.destroy()

    for name in ("sqlite", "postgresql"):
        row = results[name]
        print(f"{name:<11} set p50 {row['set_p50_ms']:.2f} ms p95 {row['set_p95_ms']:.2f} ms | "
              f"get p50 {row['get_1_thread']['p50_ms']:.2f} ms p95 {row['get_1_thread']['p95_ms']:.2f} ms "
              f"| 8 threads p95 {row['get_8_threads']['p95_ms']:.2f} ms, {row['get_8_threads']['per_second']:.0f}/s")
    if args.load:
        for name in sorted(key for key in results if key.startswith("load_")):
            ask, errors = results[name]["load"]["ask"], results[name]["errors"]
            print(f"{name:<26} ask p50 {ask['p50_ms']:.0f} ms p95 {ask['p95_ms']:.0f} ms errors {errors}")
            for sample in results[name]["error_samples"]:
                print("    ", sample[:200])
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
