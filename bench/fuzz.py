"""Fuzz the HTTP API with random and hostile input: 0 crashes, 0 500s expected.

    .venv/bin/python bench/fuzz.py                 # about 300 examples per target
    .venv/bin/python bench/fuzz.py --examples 2000 # longer run

Every endpoint gets: arbitrary JSON (nested, huge numbers, NaN), objects with the real
field names and wrong or extreme values, plausible referee inputs (which reach the dice
maths), free text in English/Russian/garbage for the description and question parsers,
raw bytes with random content types, random query strings, and random paths and
methods. The targets and their oracle live in tests/fuzz_targets.py, which
tests/test_http_fuzz.py runs with fewer examples.
"""
from __future__ import annotations

import sys
from pathlib import Path

# bench/ holds scripts named like our packages (bench/referee.py): import the real ones.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import time  # noqa: E402

from bot.http.client import ApiClient  # noqa: E402
from tests.fuzz_targets import run_targets  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=300, help="examples per target")
    parser.add_argument("--only", action="append", help="run only this target (repeatable)")
    parser.add_argument("--referee-timeout", type=float, default=2.0)
    args = parser.parse_args(argv)

    from bot.http.app import create_app
    from bot.http.server import ServerThread
    from bot.service import Admiralty

    service = Admiralty()
    print("loading the index and the model (building it first if needed)…", flush=True)
    service.warm()
    app = create_app(service, referee_timeout=args.referee_timeout)
    started = time.perf_counter()
    with ServerThread(app) as url, ApiClient(url) as client:
        try:
            checker = run_targets(client, args.examples, args.only)
        except AssertionError as exc:
            print(f"\nFAILED: {exc}")
            return 1
    elapsed = time.perf_counter() - started
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(checker.statuses.items()))
    print(f"\n{checker.sent} requests in {elapsed:.1f} s; statuses {{{statuses}}}")
    crashes = sum(count for status, count in checker.statuses.items() if status >= 500 and status != 503)
    print(f"500s: {crashes}; contract breaks: {len(checker.failures)}")
    return 0 if not checker.failures and not crashes else 1


if __name__ == "__main__":
    sys.exit(main())
