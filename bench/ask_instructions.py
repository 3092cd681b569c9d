"""Instructions per warm ask, counted by callgrind: our code's CPU, told apart from a shared machine's noise.

    .venv/bin/python bench/ask_instructions.py --record /tmp/vectors.pkl          # once, natively
    .venv/bin/python bench/ask_instructions.py --vectors /tmp/vectors.pkl         # this checkout
    .venv/bin/python bench/ask_instructions.py --vectors /tmp/vectors.pkl --baseline /tmp/main-copy --rounds 2

Wall and CPU clocks move by 10-20 % when other processes share the cores; an instruction count does not
(perf's hardware counters are not available here, so valgrind's callgrind counts them). The questions
are a fixed sample of the dev folds and our own sets (`*_own.jsonl` but `players_*`: no held-out set);
`--record` asks them once and keeps the question vectors the encoder made, and each measured process loads the index,
warms it as `serve` does, puts those vectors in the encoder's cache (the model is not what is measured:
an ask that still needs the encoder is counted and reported as a miss) and counts the instructions of
asking each question once (`Admiralty.ask`, the answer's JSON encoding included). `--baseline DIR` runs
another checkout's code (and its `var/` index) the same way, alternated with this one's, `--rounds` times.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import pickle  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

# the shared dev folds beside the checkout, as bench/answer_identity.py finds them
from bench.answer_identity import DEV_SETS, SHARED_EVAL  # noqa: E402

SAMPLE = 300
WARM_UP = 150  # asked first, uncounted: what a serving process has already met (stems, spellings, masks)
SEED = 13
HELD_OUT = ("players",)  # bench/data/players_*.jsonl are held out, players_own.jsonl too
# callgrind's client requests (valgrind/callgrind.h) as a tiny library Python calls through ctypes
SHIM_SOURCE = """#include <valgrind/callgrind.h>
void start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void stop(void) { CALLGRIND_DUMP_STATS_AT("asks"); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def sample_questions(count: int = SAMPLE) -> tuple[list[str], list[str]]:
    """WARM_UP questions to ask first and `count` others to count, distinct, of the dev folds and our own
    sets: the same every run."""
    found: list[str] = []
    paths = [SHARED_EVAL / name for name in DEV_SETS] + sorted(
        path for path in (_HERE / "data").glob("*_own.jsonl") if not path.name.startswith(HELD_OUT))
    for path in paths:
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip() and isinstance(question := json.loads(line).get("question"), str):
                    found.append(question)
    distinct = sorted(set(found))
    chosen = random.Random(SEED).sample(distinct, min(count + WARM_UP, len(distinct)))
    return chosen[:WARM_UP], chosen[WARM_UP:]


def record(path: Path, count: int) -> None:
    """Ask the sample natively and keep every question vector the encoder made."""
    from bot.service import Admiralty

    service = Admiralty(build_if_stale=False)
    service.warm()
    warm_up, counted = sample_questions(count)
    for question in warm_up + counted:
        service.ask(question)
    cache = service.searcher._embedder.query_cache
    vectors = dict(cache._items)
    path.write_bytes(pickle.dumps({"warm_up": warm_up, "questions": counted, "vectors": vectors}))
    print(f"{len(vectors)} question vectors kept in {path}")


def measure(path: Path, checkout: Path, parse_only: bool = False) -> None:
    """Run under callgrind (instrumentation off at start): load and warm `checkout`'s code and index,
    then count the asks."""
    import ctypes

    sys.path.insert(0, str(checkout))

    from bot.http.heap import freeze_loaded_objects
    from bot.http.render import json_bytes
    from bot.service import Admiralty

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "shim.c").write_text(SHIM_SOURCE)
        subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", f"{tmp}/shim.so", f"{tmp}/shim.c"], check=True)
        shim = ctypes.CDLL(f"{tmp}/shim.so")
    saved = pickle.loads(path.read_bytes())
    service = Admiralty(build_if_stale=False)
    service.warm()
    cache = service.searcher._embedder.query_cache
    for key, vector in saved["vectors"].items():
        cache.put(key, vector)
    for question in saved["warm_up"]:
        service.ask(question)
    freeze_loaded_objects()
    misses = cache.misses
    if parse_only:
        parse = service.searcher.parse
        shim.start()
        for question in saved["questions"]:
            parse(question)
        shim.stop()
    else:
        shim.start()
        for question in saved["questions"]:
            json_bytes(service.ask(question))
        shim.stop()
    print(f"encoder misses: {cache.misses - misses}", file=sys.stderr)
    sys.stderr.flush()
    os._exit(0)  # no teardown


def count(checkout: Path, vectors: Path, parse_only: bool = False) -> tuple[int, int]:
    """Instructions of the asks with `checkout`'s code and index, and the encoder misses."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "ADMIRALTY_DATA_DIR": str(checkout / "var")}
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={tmp}/cg.%p",
             sys.executable, __file__, "--measure", str(vectors), "--checkout", str(checkout),
             *(["--parse-only"] if parse_only else [])],
            cwd=checkout, env=env, capture_output=True, text=True)
        misses = re.search(r"encoder misses: (\d+)", done.stderr)
        # the dump the stop request wrote (cg.<pid>.1); the one at exit counts nothing
        totals = [int(m) for f in Path(tmp).glob("cg.*.1")
                  for m in re.findall(r"^totals: (\d+)", f.read_text(errors="replace"), re.M)]
        if done.returncode or misses is None or not totals:
            raise SystemExit(f"callgrind run failed in {checkout}:\n{done.stderr[-3000:]}")
        return max(totals), int(misses.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", type=Path, help="ask the sample natively and keep its question vectors here")
    parser.add_argument("--vectors", type=Path, help="count the asks with the vectors kept by --record")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the process callgrind runs
    parser.add_argument("--checkout", type=Path, default=_HERE.parent, help=argparse.SUPPRESS)
    parser.add_argument("--baseline", type=Path, help="another checkout (with its var/) to count alternately")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--parse-only", action="store_true", help="count `Searcher.parse` alone (the question read)")
    parser.add_argument("--questions", type=int, default=SAMPLE)
    args = parser.parse_args(argv)
    if args.measure:
        measure(args.measure, args.checkout, args.parse_only)
    if args.record:
        record(args.record, args.questions)
        return 0
    if not args.vectors:
        parser.error("--record FILE or --vectors FILE")
    here = _HERE.parent
    runs = [("baseline", args.baseline), ("this", here)] if args.baseline else [("this", here)]
    asked = len(pickle.loads(args.vectors.read_bytes())["questions"])
    for round_ in range(args.rounds):
        for name, checkout in runs:
            total, misses = count(checkout, args.vectors, args.parse_only)
            print(f"round {round_ + 1} {name:<9} {total / asked / 1e6:8.3f} M instructions per ask "
                  f"({total:,} for {asked}; encoder misses {misses})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
