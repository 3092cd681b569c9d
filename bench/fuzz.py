"""Fuzz every HTTP endpoint with random and hostile input: 0 tracebacks, 0 5xx, 0 hangs expected.

    .venv/bin/python bench/fuzz.py                      # ~300 examples per target + schemathesis (minutes)
    .venv/bin/python bench/fuzz.py --examples 2000      # longer run
    .venv/bin/python bench/fuzz.py --schemathesis 0     # our targets only

Two fuzzers against one real server. Ours (tests/fuzz_targets.py): arbitrary JSON (nested,
huge numbers, NaN), objects with the real field names and wrong or extreme values, plausible
referee inputs (which reach the dice maths), free text for the description and question
parsers, raw bytes with random content types, gzip/deflate/br/zstd bodies (valid, truncated,
corrupted), random query strings on every GET endpoint, random paths and methods. Then
schemathesis over every operation /openapi.json documents, every check on. The closing line
counts, server side (the /metrics counters and the log): requests tried, tracebacks logged,
5xx answered (503 included), hangs (a request without an answer in 30 s).
tests/test_http_fuzz.py runs our targets with fewer examples, tests/test_http_schemathesis.py
runs schemathesis, and tests/test_faults_fuzz.py runs this script briefly, all in CI.
"""
from __future__ import annotations

import sys
from pathlib import Path

# bench/ holds scripts named like our packages (bench/referee.py): import the real ones.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import logging  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402

from bot.http.client import ApiClient  # noqa: E402
from tests.fuzz_targets import SCHEMATHESIS, run_schemathesis, run_targets  # noqa: E402

REQUEST_TIMEOUT = 30.0  # seconds without an answer: a hang


class _TracebackCounter(logging.Handler):
    """Counts log records that carry a traceback (the server must log none for client input)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.tracebacks = 0
        self.examples: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or "Traceback" in record.getMessage():
            self.tracebacks += 1
            self.examples.append(f"{record.name}: {record.getMessage()[:200]}")


def _answered() -> Counter[str]:
    """Requests answered so far in this process, by status (the server's own /metrics counter)."""
    from bot.metrics import HTTP_REQUESTS

    counts: Counter[str] = Counter()
    for metric in HTTP_REQUESTS.collect():
        for sample in metric.samples:
            if sample.name.endswith("_total"):
                counts[sample.labels["status"]] += int(sample.value)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=300, help="examples per target of ours")
    parser.add_argument("--only", action="append", help="run only this target of ours (repeatable)")
    parser.add_argument("--schemathesis", type=int, default=25, metavar="N",
                        help="schemathesis examples per operation (0: skip it)")
    parser.add_argument("--referee-timeout", type=float, default=2.0)
    args = parser.parse_args(argv)

    from bot.http.app import create_app
    from bot.http.server import ServerThread
    from bot.service import Admiralty

    service = Admiralty()
    print("loading the index and the model (building it first if needed)…", flush=True)
    service.warm()
    app = create_app(service, referee_timeout=args.referee_timeout, ask_rate_per_minute=60000, ask_burst=10000)
    counter = _TracebackCounter()
    logging.getLogger().addHandler(counter)
    before = _answered()
    started = time.perf_counter()
    hangs, broken = 0, []
    with ServerThread(app) as url:
        with ApiClient(url, timeout=REQUEST_TIMEOUT) as client:
            try:
                checker = run_targets(client, args.examples, args.only)
                broken += checker.failures
            except AssertionError as exc:
                broken.append(str(exc))
            except TimeoutError as exc:
                hangs += 1
                broken.append(f"no answer in {REQUEST_TIMEOUT:g} s: {exc}")
        if args.schemathesis and SCHEMATHESIS is None:
            print("schemathesis is not installed (pip install schemathesis==4.32.5): skipped")
        elif args.schemathesis:
            print(f"schemathesis, {args.schemathesis} examples per operation…", flush=True)
            with tempfile.TemporaryDirectory() as work:
                result = run_schemathesis(url, Path(work), args.schemathesis, [],
                                          timeout=1800)
            print("\n".join(result.stdout.strip().splitlines()[-6:]))
            if result.returncode != 0:
                broken.append("schemathesis found problems:\n" + result.stdout[-4000:])
    elapsed = time.perf_counter() - started
    logging.getLogger().removeHandler(counter)
    answered = _answered() - before
    tried = sum(answered.values())
    server_errors = sum(count for status, count in answered.items() if status.startswith("5"))
    mix = ", ".join(f"{status}: {count}" for status, count in sorted(answered.items()))
    print(f"\n{tried} requests in {elapsed:.1f} s; statuses {{{mix}}}")
    print(f"tried {tried} / tracebacks {counter.tracebacks} / 5xx {server_errors} / hangs {hangs}")
    for line in counter.examples[:5] + broken[:5]:
        print(f"  {line}")
    return 0 if not (broken or counter.tracebacks or server_errors or hangs) else 1


if __name__ == "__main__":
    sys.exit(main())
