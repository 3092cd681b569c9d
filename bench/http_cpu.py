"""CPU per HTTP request, by kind, through the real app (issue 18): where the time outside search goes.

    .venv/bin/python bench/http_cpu.py                         # ask, rule, attack: 300 each
    .venv/bin/python bench/http_cpu.py --kinds ask --requests 500 --profile ask.prof

The app runs in this process (one worker, as `admiralty serve --processes 1` runs it) and a client
subprocess sends one kind of request at a time at a small concurrency. Measured per request with CPU
clocks, not wall time (a shared machine disturbs CPU time far less than latency): the whole server
process (event loop, search threads, and the referee children), the event loop thread alone (HTTP
parsing, validation, middlewares, JSON rendering — everything but the pool's work), and the referee
children alone. The event loop's kernel share is printed apart (sending an answer through the socket
is system time: an attack's or a question's ~10 kB cost the loop more than a rule's ~2 kB), and a last
line weighs the kinds as bench/load.py's default mix does (ask .6 / rule .25 / attack .15): the CPU a
mixed request costs, to set beside the `server CPU under load` bench/load.py prints.
`--profile FILE` writes a cProfile of the event loop thread (pstats format).
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import asyncio  # noqa: E402
import cProfile  # noqa: E402
import gc  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402

KINDS = ("ask", "rule", "attack")
DEFAULT_MIX = {"ask": 0.6, "rule": 0.25, "attack": 0.15}  # bench/load.py's default --mix


def loop_kernel_time() -> float:
    """System CPU seconds of the calling thread (the event loop's): socket reads and writes."""
    return resource.getrusage(resource.RUSAGE_THREAD).ru_stime


def children_cpu(pid: int) -> float:
    """CPU seconds of `pid`'s live child processes (the referee children), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def client(url: str, kind: str, count: int, concurrency: int, seed: int) -> int:
    """Send `count` requests of `kind`; exit non-zero on any error."""
    from bench import load

    rng = random.Random(seed)
    plan = [(kind, *load.make_request(kind, rng)) for _ in range(count)]
    _, errors, _, samples = asyncio.run(load.run_phase(url, plan, concurrency))
    for sample in samples:
        print("error:", sample, file=sys.stderr)
    return 1 if sum(errors.values()) else 0


def run_client(url: str, kind: str, count: int, concurrency: int, seed: int) -> None:
    subprocess.run([sys.executable, __file__, "--client", url, "--kinds", kind, "--requests", str(count),
                    "--concurrency", str(concurrency), "--seed", str(seed)], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--profile", type=Path, help="write a cProfile of the event loop thread here")
    parser.add_argument("--cpu-slots", type=int, help="the CPU queue's slots (default: the server's)")
    parser.add_argument("--workers", type=int, help="search threads (default: the server's, `serve --workers`)")
    parser.add_argument("--client", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    if args.client:
        return client(args.client, kinds[0], args.requests, args.concurrency, args.seed)

    # As one of `admiralty serve`'s two workers runs: metrics in multiprocess mode, one OpenMP thread,
    # a 1 ms switch interval, uvloop, the loaded objects frozen, one referee child.
    import tempfile

    from core.settings import METRICS_DIR_VARIABLE, referee_children_per_process

    metrics_dir = tempfile.TemporaryDirectory(prefix="admiralty-metrics-")
    os.environ[METRICS_DIR_VARIABLE] = metrics_dir.name
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sys.setswitchinterval(0.001)

    from bot.http.app import create_app
    from bot.http.event_loop import use_fast_event_loop
    from bot.http.heap import freeze_loaded_objects
    from bot.http.protocol import make_runner
    from bot.service import Admiralty

    use_fast_event_loop()
    service = Admiralty()
    service.warm()
    service.terms  # noqa: B018 - loads the term book too
    freeze_loaded_objects()
    app = create_app(service, ask_rate_per_minute=0, referee_processes=referee_children_per_process(2),
                     **({"cpu_slots": args.cpu_slots} if args.cpu_slots else {}),
                     **({"workers": args.workers} if args.workers else {}))

    async def run() -> None:
        from aiohttp import web

        runner = make_runner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        url = f"http://127.0.0.1:{port}"
        loop = asyncio.get_running_loop()
        profiler = cProfile.Profile() if args.profile else None
        print(f"{'kind':<8}{'requests':>9}{'process ms':>12}{'loop ms':>9}{'of it kernel':>14}{'threads ms':>12}"
              f"{'children ms':>13}{'gc runs (gen 0/1/2)':>22}  (CPU per request)")
        per_kind: dict[str, float] = {}
        for index, kind in enumerate(kinds):
            await loop.run_in_executor(None, run_client, url, kind, 20, 4, args.seed + 100 + index)  # warm-up
            process0, loop0, kids0 = time.process_time(), time.thread_time(), children_cpu(os.getpid())
            kernel0 = loop_kernel_time()
            gc0 = [stats["collections"] for stats in gc.get_stats()]
            if profiler is not None:
                profiler.enable()
            await loop.run_in_executor(None, run_client, url, kind, args.requests, args.concurrency,
                                       args.seed + index)
            if profiler is not None:
                profiler.disable()
            process1, loop1, kids1 = time.process_time(), time.thread_time(), children_cpu(os.getpid())
            kernel1 = loop_kernel_time()
            runs = "/".join(str(stats["collections"] - before)
                            for stats, before in zip(gc.get_stats(), gc0, strict=True))
            per = 1000 / args.requests
            per_kind[kind] = (process1 - process0 + kids1 - kids0) * per
            threads = (process1 - process0) - (loop1 - loop0)  # search, lookup and referee-waiting threads
            print(f"{kind:<8}{args.requests:>9}{per_kind[kind]:>12.2f}{(loop1 - loop0) * per:>9.2f}"
                  f"{(kernel1 - kernel0) * per:>14.2f}{threads * per:>12.2f}{(kids1 - kids0) * per:>13.2f}"
                  f"{runs:>22}", flush=True)
        if set(DEFAULT_MIX) <= set(per_kind):
            mixed = sum(weight * per_kind[kind] for kind, weight in DEFAULT_MIX.items())
            print(f"{'mix':<8}{'':>9}{mixed:>12.2f}  (bench/load.py's default mix, weighted)")
        if profiler is not None:
            profiler.dump_stats(args.profile)
        await runner.cleanup()

    asyncio.run(run())
    metrics_dir.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
