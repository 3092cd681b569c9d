"""Load benchmark for the HTTP API: start `admiralty serve` on loopback, send a bounded
mix of ask/rule/attack requests, report throughput, latency percentiles and errors.

    .venv/bin/python bench/load.py                       # 2 000 requests, concurrency 50
    .venv/bin/python bench/load.py --mix ask=1.0         # questions only
    .venv/bin/python bench/load.py --requests 500 --concurrency 10 --json out.json
    .venv/bin/python bench/load.py --url http://127.0.0.1:8080   # an already running server
    .venv/bin/python bench/load.py --new-connections     # no keep-alive: a connection per request

By default the same requests go to two servers started one after the other, one process
(`serve --processes 1`) and one per core (`serve`, gunicorn workers), and their figures are
printed side by side; `--servers 1,2,4` chooses the process counts, `--rounds R` alternates
them R times (the machine's drift then hits each alike).

Needs a built index (`admiralty index build`). First a sequential baseline is measured
in the same run (one request at a time), so the concurrent numbers are also shown as a
ratio to it: absolute milliseconds depend on the machine, ratios much less. The server's
CPU time per request (with its referee processes) is printed too: on a shared machine
latency follows the share of the cores the server gets, CPU per request much less. The referee's
child processes work for the attacks alone: their CPU is printed per attack, the workers' per request.
Each run also prints how many of the client's connections each server worker held at the fullest
moment, each worker's own ask latency, and each worker's share of the workers' CPU (counts from
/proc, not timings: they show whether the workers were busy alike whatever the machine's load).
Target (issue #18): 0 errors and p95 <= 150 ms for `ask` at concurrency 50 on 2 cores, serving
on every core, asking >= 1000 distinct questions (the dev set, rule-name templates), never a
handful repeated.
"""
from __future__ import annotations

import sys
from pathlib import Path

# bench/ holds scripts named like our packages (bench/referee.py): import the real ones.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import asyncio  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from typing import Any  # noqa: E402

import aiohttp  # noqa: E402

from core.settings import DEFAULT_SEARCH_THREADS  # noqa: E402

ASK_TARGET_P95_MS = 150.0

# A few hand-written questions; the pool asked under load is built by question_pool():
# these, the dev set, and templates over every rule name in the index (>= 1000 distinct).
SEED_QUESTIONS = [
    "How does ramming work?",
    "How many dice do I roll for a ram in 4th edition?",
    "What does the Devastating quality do?",
    "Can a model that rammed still shoot this activation?",
    "How does boarding work and what does the defender roll?",
    "What happens when a model is Crippled?",
    "How do critical damage markers work?",
    "What is the range of Point Blank?",
    "Does a shield generator stop torpedoes?",
    "When do exploding dice roll again?",
    "What does Piercing do to armour?",
    "How do aerial units attack submerged targets?",
    "What is the Citadel value used for?",
    "How many escorts can protect a capital ship?",
    "Как работает таран?",
    "What is a Fusillade?",
]
TERMS = ["Fusillade", "Devastating", "Piercing", "Sustained", "Ramming", "Boarding", "Obscured",
         "Aerial", "Submerged", "Shield Generator", "Escort", "Crippled", "Heavy Prow", "Ablative Armour"]
ATTACKS: list[dict[str, Any]] = [
    {"dice": 12, "armour": 5, "citadel": 8},
    {"dice": 21, "armour": 6, "citadel": 9, "defence": 7, "quality": ["devastating"]},
    {"dice": 8, "armour": 4, "citadel": 6, "range": "long"},
    {"description": "10 dice against armour 5 citadel 7"},
]

CLI = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())"]


EN_TEMPLATES = [
    "what does {} do?", "how does {} work?", "explain {} in dw4", "{} rules in 3rd edition?",
    "when does {} apply", "is there a limit on {}?", "can {} be used twice in one turn?",
]
RU_TEMPLATES = ["что делает {}?", "как работает {}?", "правила для {} в 3.03"]
DEV_SET = _HERE.parent.parent / "shared" / "eval" / "retrieval_dev.jsonl"
MIN_DISTINCT = 1000


def question_pool(rng: random.Random) -> list[str]:
    """Distinct questions, shuffled: seeds, the dev set, and rule-name templates (names read
    from the live index, so every template names a real rule in some wording)."""
    import sqlite3

    from core.settings import Settings
    from index.store import DB_NAME, current_build

    questions = list(SEED_QUESTIONS)
    if DEV_SET.exists():
        questions += [json.loads(line)["question"] for line in DEV_SET.read_text(encoding="utf-8").splitlines()
                      if line.strip()]
    build = current_build(Settings.from_env().data_dir)
    if build is not None:
        with sqlite3.connect(f"file:{build / DB_NAME}?mode=ro", uri=True) as db:
            names = sorted({row[0] for row in db.execute("select term from terms") if 2 < len(row[0]) <= 40})
        for name in names:
            cyrillic = any("а" <= c.lower() <= "я" for c in name)
            for template in (RU_TEMPLATES if cyrillic else EN_TEMPLATES):
                questions.append(template.format(name.lower() if cyrillic else name))
    pool = list(dict.fromkeys(questions))
    rng.shuffle(pool)
    return pool


SERVER_LOG: list[str] = []  # the started server's stderr, read while it runs
SERVER_PID: list[int] = []  # the started server's process id (none with --url)
_POOL: list[str] = []
_ASKED: set[str] = set()


def next_question(rng: random.Random) -> str:
    """Each ask takes the next unused question; the pool is reshuffled only when exhausted."""
    if not _POOL:
        _POOL.extend(question_pool(rng))
    question = _POOL.pop()
    _ASKED.add(question)
    return question


def make_request(kind: str, rng: random.Random) -> tuple[str, str, dict[str, Any] | None]:
    """(method, path, JSON body) for one request of this kind."""
    if kind == "ask":
        return "POST", "/v1/ask", {"question": next_question(rng), "k": 5}
    if kind == "rule":
        return "GET", "/v1/rule?" + _query(term=rng.choice(TERMS)), None
    if kind == "attack":
        return "POST", "/v1/attack", dict(rng.choice(ATTACKS))
    if kind == "health":
        return "GET", "/health", None
    raise ValueError(kind)


def _query(**params: str) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


@contextmanager
def running_server(workers: int, processes: int | None = None, extra: tuple[str, ...] = ()) -> Iterator[str]:
    """`admiralty serve` on a free loopback port, model loaded before the first request
    (`processes`: worker processes; None: the server's default, one per core)."""
    SERVER_LOG.clear()
    SERVER_PID.clear()
    process = subprocess.Popen(
        [*CLI, "serve", "--port", "0", "--workers", str(workers), "--ask-rate", "0",  # one client, no limit
         *(["--processes", str(processes)] if processes else []), *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    url = None
    seen: list[str] = []
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        seen.append(line)
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if match:
            url = match.group(1)
            break
    if url is None:
        process.kill()
        raise SystemExit("bench/load.py: the server did not start:\n" + "".join(seen[-20:]))
    # Keep reading the server's log: a full pipe would stall it, and its tracebacks explain errors.
    reader = threading.Thread(target=lambda: SERVER_LOG.extend(process.stderr or ()), daemon=True)
    reader.start()
    SERVER_PID.append(process.pid)
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        reader.join(timeout=5)


async def run_phase(
    url: str, plan: list[tuple[str, str, str, dict[str, Any] | None]], concurrency: int,
    by_port: list[tuple[str, int, float]] | None = None, keep_alive: bool = True,
) -> tuple[dict[str, list[float]], dict[str, int], float, list[str]]:
    """Send the plan with at most `concurrency` requests in flight; latencies in ms per kind (and in
    `by_port`, if given: each request's kind, this side's port of its connection, latency)."""
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    samples: list[str] = []
    queue: asyncio.Queue[tuple[str, str, str, dict[str, Any] | None]] = asyncio.Queue()
    for item in plan:
        queue.put_nowait(item)
    timeout = aiohttp.ClientTimeout(total=120)
    connector = aiohttp.TCPConnector(limit=concurrency, force_close=not keep_alive)
    async with aiohttp.ClientSession(url, timeout=timeout, connector=connector) as session:

        async def worker() -> None:
            while True:
                try:
                    kind, method, path, body = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                start = time.perf_counter()
                try:
                    async with session.request(method, path, json=body) as response:
                        # The connection goes back to the pool as soon as a short body is in, so
                        # `response.connection` is often None by now; its protocol keeps the transport.
                        protocol = getattr(response, "_protocol", None)
                        transport = getattr(protocol, "transport", None)
                        port = transport.get_extra_info("sockname")[1] if transport is not None else 0
                        payload = await response.read()
                        ok = response.status == 200
                        if not ok and len(samples) < 5:
                            samples.append(f"{kind} {response.status} {payload[:200]!r}")
                except (TimeoutError, aiohttp.ClientError) as exc:
                    ok = False
                    if len(samples) < 5:
                        samples.append(f"{kind} {type(exc).__name__}: {exc}")
                latencies[kind].append((time.perf_counter() - start) * 1000)
                if by_port is not None and ok:
                    by_port.append((kind, port, latencies[kind][-1]))
                if not ok:
                    errors[kind] += 1

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    return latencies, errors, elapsed, samples


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def summarise(latencies: dict[str, list[float]], errors: dict[str, int]) -> dict[str, dict[str, float]]:
    table = {}
    for kind, values in sorted(latencies.items()):
        table[kind] = {
            "count": len(values),
            "errors": errors.get(kind, 0),
            "p50_ms": percentile(values, 50),
            "p95_ms": percentile(values, 95),
            "p99_ms": percentile(values, 99),
            "max_ms": max(values),
            "mean_ms": statistics.fmean(values),
        }
    return table


def print_table(title: str, table: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    print(f"{'endpoint':<10}{'count':>7}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for kind, row in table.items():
        print(
            f"{kind:<10}{row['count']:>7}{row['errors']:>8}{row['p50_ms']:>9.1f}{row['p95_ms']:>9.1f}"
            f"{row['p99_ms']:>9.1f}{row['max_ms']:>9.1f}"
        )


def build_plan(total: int, mix: dict[str, float], rng: random.Random) -> list[tuple[str, str, str, Any]]:
    kinds = list(mix)
    weights = [mix[kind] for kind in kinds]
    return [(kind, *make_request(kind, rng)) for kind in rng.choices(kinds, weights, k=total)]


def parse_mix(text: str) -> dict[str, float]:
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name.strip() not in {"ask", "rule", "attack", "health"}:
            raise argparse.ArgumentTypeError(f"unknown request kind {name!r}")
        mix[name.strip()] = float(weight or 1)
    return mix


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--mix", type=parse_mix, default=parse_mix("ask=0.6,rule=0.25,attack=0.15"))
    parser.add_argument("--baseline", type=int, default=20, help="sequential requests per kind for the baseline")
    parser.add_argument("--workers", type=int, default=DEFAULT_SEARCH_THREADS, help="server search threads per process")
    parser.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                        help="one more argument for `admiralty serve` (repeat it): --serve-arg=--keep-connections")
    parser.add_argument("--new-connections", action="store_true",
                        help="a new connection for every request under load (default: keep-alive connections)")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--servers", type=parse_servers, default=parse_servers("1,auto"),
                        help="process counts of the servers compared ('auto': one per core; default: 1,auto)")
    parser.add_argument("--rounds", type=int, default=1, help="times each server is measured, alternating")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    args = parser.parse_args(argv)

    print(f"bench/load.py: {args.requests} requests at concurrency {args.concurrency}, mix {args.mix}, "
          f"{os.cpu_count()} CPUs")
    servers: list[int | None] = [None] if args.url else args.servers
    runs: list[dict[str, Any]] = []
    for round_number in range(args.rounds):
        for processes in servers:
            name = "url" if args.url else ("processes=" + (str(processes) if processes else "auto"))
            print(f"\n=== {name}, round {round_number + 1} of {args.rounds} ===")
            runs.append({"server": name, **measure(args, processes)})
    if len(runs) > 1:
        print_comparison(runs)
    if args.json:
        args.json.write_text(json.dumps({
            "requests": args.requests, "concurrency": args.concurrency, "cpus": os.cpu_count(),
            "mix": args.mix, "runs": runs,
        }, indent=2))
    return 0 if all(run["errors"] == 0 for run in runs) else 1


def measure(args: argparse.Namespace, processes: int | None) -> dict[str, Any]:
    """One server: warm-up, the sequential baseline, then the load; printed and returned.
    Every server is sent the same requests (the same seed)."""
    rng = random.Random(args.seed)
    _POOL.clear()
    _ASKED.clear()
    extra = tuple(args.serve_arg)
    with running_server(args.workers, processes, extra) if args.url is None else _given(args.url) as url:
        warm = [(kind, *make_request(kind, rng)) for kind in args.mix for _ in range(3)]
        asyncio.run(run_phase(url, warm, 1))
        baseline_plan = [(kind, *make_request(kind, rng)) for kind in args.mix for _ in range(args.baseline)]
        base_lat, base_err, _, base_samples = asyncio.run(run_phase(url, baseline_plan, 1))
        plan = build_plan(args.requests, args.mix, rng)
        server_before = process_tree_cpu(SERVER_PID[0]) if SERVER_PID else None
        referee_before = process_tree_cpu(SERVER_PID[0], referee_only=True) if SERVER_PID else None
        workers_before = worker_cpu(SERVER_PID[0]) if SERVER_PID else {}
        client_before = time.process_time()
        by_port: list[tuple[str, int, float]] = []
        with ConnectionSampler(SERVER_PID[0] if SERVER_PID else None, int(url.rsplit(":", 1)[1])) as split:
            latencies, errors, elapsed, samples = asyncio.run(
                run_phase(url, plan, args.concurrency, by_port, keep_alive=not args.new_connections))
        client_cpu = time.process_time() - client_before
        server_after = process_tree_cpu(SERVER_PID[0]) if SERVER_PID else None
        referee_after = process_tree_cpu(SERVER_PID[0], referee_only=True) if SERVER_PID else None
        workers_after = worker_cpu(SERVER_PID[0]) if SERVER_PID else {}
    worker_cpu_s = sorted((workers_after[pid] - workers_before.get(pid, 0.0) for pid in workers_after), reverse=True)
    server_cpu = None if server_before is None or server_after is None else server_after - server_before
    referee_cpu = None if referee_before is None or referee_after is None else referee_after - referee_before
    attacks = sum(1 for kind, *_ in plan if kind == "attack")

    baseline = summarise(base_lat, base_err)
    loaded = summarise(latencies, errors)
    print_table("Baseline: one request at a time", baseline)
    print_table(f"Load: concurrency {args.concurrency}", loaded)
    total_errors = sum(errors.values()) + sum(base_err.values())
    throughput = args.requests / elapsed
    print(f"\nthroughput: {throughput:.1f} requests/s over {elapsed:.2f} s; errors: {total_errors}")
    if server_cpu is not None:
        print(f"server CPU under load: {server_cpu * 1000 / args.requests:.2f} ms per request "
              f"({server_cpu / elapsed * 100:.0f}% of one core); this client: "
              f"{client_cpu * 1000 / args.requests:.2f} ms per request")
    if server_cpu is not None and referee_cpu is not None and attacks:
        # The referee's children work for the attacks alone; the worker processes for every kind.
        print(f"  of it: the referee's child processes {referee_cpu * 1000 / attacks:.2f} ms per attack "
              f"({attacks} attacks), the worker processes {(server_cpu - referee_cpu) * 1000 / args.requests:.2f} "
              f"ms per request")
    per_worker = split.ask_latency_per_worker(by_port)
    if len(worker_cpu_s) > 1 and sum(worker_cpu_s) > 0:
        print("each worker's share of the workers' CPU under load: "
              + " / ".join(f"{share / sum(worker_cpu_s) * 100:.0f}%" for share in worker_cpu_s))
    if split.peak:
        print(f"open connections per worker process at the fullest moment: {split.describe()} "
              f"({split.samples} samples)")
        for row in per_worker:
            print(f"  worker holding {row['connections']} connections: {row['asks']} asks, "
                  f"ask p50 {row['p50_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms")
    print(f"distinct questions asked: {len(_ASKED)}" + ("" if len(_ASKED) >= MIN_DISTINCT else
                                                        f" (below {MIN_DISTINCT}: raise --requests)"))
    try:
        load1, load5, _ = os.getloadavg()
        print(f"machine load average during the run: {load1:.1f} (1 min), {load5:.1f} (5 min) on {os.cpu_count()} CPUs")
    except OSError:
        pass
    for sample in base_samples + samples:
        print("  error sample:", sample)
    if total_errors and SERVER_LOG:
        print("server log (last 40 lines):\n" + "".join(SERVER_LOG[-40:]).rstrip())
    for kind, row in loaded.items():
        ratio = row["p95_ms"] / baseline[kind]["p50_ms"] if kind in baseline else float("nan")
        print(f"{kind}: p95 under load is {ratio:.1f}x the sequential p50")
    verdict = "n/a"
    if "ask" in loaded:
        p95 = loaded["ask"]["p95_ms"]
        verdict = "met" if p95 <= ASK_TARGET_P95_MS and total_errors == 0 else "MISSED"
        print(f"target (0 errors, ask p95 <= {ASK_TARGET_P95_MS:.0f} ms): {verdict} (ask p95 {p95:.1f} ms)")
    return {
        "throughput_rps": throughput, "errors": total_errors, "baseline": baseline, "load": loaded,
        "target": verdict, "distinct_questions": len(_ASKED),
        "server_cpu_ms_per_request": None if server_cpu is None else server_cpu * 1000 / args.requests,
        "server_cores_used": None if server_cpu is None else server_cpu / elapsed,
        "referee_cpu_ms_per_attack": None if referee_cpu is None or not attacks else referee_cpu * 1000 / attacks,
        "client_cpu_ms_per_request": client_cpu * 1000 / args.requests,
        "connections_per_worker": split.peak,
        "worker_cpu_s": worker_cpu_s,
        "ask_per_worker": per_worker,
    }


def print_comparison(runs: list[dict[str, Any]]) -> None:
    """The servers side by side: ask latency under load, throughput, CPU per request, errors."""
    print(f"\n{'server':<16}{'ask p50':>9}{'ask p95':>9}{'req/s':>8}{'CPU ms/req':>12}{'cores':>7}{'errors':>8}"
          f"{'target':>8}  connections per worker")
    for run in runs:
        ask = run["load"].get("ask", {})
        cpu = run["server_cpu_ms_per_request"]
        cores = run["server_cores_used"]
        print(f"{run['server']:<16}{ask.get('p50_ms', float('nan')):>9.1f}{ask.get('p95_ms', float('nan')):>9.1f}"
              f"{run['throughput_rps']:>8.1f}{cpu if cpu is not None else float('nan'):>12.2f}"
              f"{cores if cores is not None else float('nan'):>7.2f}{run['errors']:>8}{run['target']:>8}  "
              + "/".join(str(n) for n in run["connections_per_worker"]))


def parse_servers(text: str) -> list[int | None]:
    """`1,auto` -> [1, None]: process counts for `serve --processes` (None: its default)."""
    servers: list[int | None] = []
    for part in text.split(","):
        part = part.strip()
        if part == "auto":
            servers.append(None)
        elif part.isdigit() and 1 <= int(part) <= 64:
            servers.append(int(part))
        else:
            raise argparse.ArgumentTypeError(f"{part!r} is not a process count (1-64) or 'auto'")
    return servers


def worker_cpu(server_pid: int) -> dict[int, float]:
    """CPU seconds used so far by each worker process of the server (gunicorn's workers: the master's
    children that are not referee processes; their own referee children are left out). Linux /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            pid = int(stat.parent.name)
            if int(fields[1]) == server_pid and not _is_referee(pid):
                used[pid] = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return used


def process_tree_cpu(pid: int, referee_only: bool = False) -> float | None:
    """CPU seconds used so far by `pid` and every process below it (worker processes, their referee
    processes), counting each one's reaped children too: a cost per request that a busy shared
    machine disturbs much less than latency. `referee_only`: the referee's child processes alone
    (the attacks' dice maths). Linux /proc; None elsewhere."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        parents: dict[int, int] = {}
        times: dict[int, int] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a process that just ended
            process = int(stat.parent.name)
            parents[process] = int(fields[1])
            times[process] = sum(int(field) for field in fields[11:15])  # utime, stime, cutime, cstime
        tree, grew = {pid}, True
        while grew:
            below = {process for process, parent in parents.items() if parent in tree} - tree
            tree |= below
            grew = bool(below)
        if referee_only:
            tree = {process for process in tree if _is_referee(process)}
        return sum(times.get(process, 0) for process in tree) / ticks
    except (OSError, ValueError, IndexError):
        return None


class ConnectionSampler:
    """While the load runs, finds which server worker process holds each open connection to the
    server's port, a few times a second (Linux /proc: socket inodes of ESTABLISHED entries, matched to
    each process's file descriptors). Keeps the split at the fullest moment: with keep-alive clients
    that split is the whole run's, and the worker with most connections has the longest queue. Counts,
    not timings; with `ask_latency_per_worker` the same run's asks are grouped by the worker that
    answered them, so a split's effect on latency shows within one run, whatever the machine's load."""

    def __init__(self, server_pid: int | None, port: int, every_s: float = 0.25) -> None:
        self._pid, self._port, self._every = server_pid, port, every_s
        self.peak: list[int] = []
        self.samples = 0
        self.owner: dict[int, int] = {}  # client port -> worker pid
        self._held: dict[int, int] = {}  # worker pid -> connections at the fullest moment
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="connection-sampler", daemon=True)

    def __enter__(self) -> ConnectionSampler:
        if self._pid is not None and Path("/proc/net/tcp").exists():
            self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def describe(self) -> str:
        return "/".join(str(n) for n in self.peak) + f" of {sum(self.peak)}"

    def ask_latency_per_worker(self, by_port: list[tuple[str, int, float]]) -> list[dict[str, Any]]:
        """Ask latency of each worker, most connections first."""
        asks: dict[int, list[float]] = defaultdict(list)
        for kind, port, latency in by_port:
            if kind == "ask" and port in self.owner:
                asks[self.owner[port]].append(latency)
        rows = [{"connections": held, "asks": len(asks[pid]), "p50_ms": percentile(asks[pid], 50),
                 "p95_ms": percentile(asks[pid], 95)} for pid, held in self._held.items() if asks[pid]]
        return sorted(rows, key=lambda row: -row["connections"])

    def _run(self) -> None:
        assert self._pid is not None
        while not self._stop.wait(self._every):
            held, owner = connection_owners(self._pid, self._port)
            self.samples += 1
            self.owner.update(owner)
            if sum(held.values()) > sum(self.peak):
                self._held = held
                self.peak = sorted(held.values(), reverse=True)


def connection_owners(server_pid: int, port: int) -> tuple[dict[int, int], dict[int, int]]:
    """({worker pid: open connections to `port`}, {client port: worker pid}) for the server's worker
    processes (gunicorn's workers, or the one serving process)."""
    client_port: dict[str, int] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                client_port[f"socket:[{fields[9]}]"] = int(fields[2].rsplit(":", 1)[1], 16)
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    # gunicorn's workers are the master's children that are not referee processes; one process serves alone.
    workers = [pid for pid, parent in parents.items() if parent == server_pid and not _is_referee(pid)]
    held: dict[int, int] = {}
    owner: dict[int, int] = {}
    for pid in workers or [server_pid]:
        held[pid] = 0
        try:
            descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in descriptors:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target in client_port:
                held[pid] += 1
                owner[client_port[target]] = pid
    return held, owner


def _is_referee(pid: int) -> bool:
    try:
        return b"referee_child" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url.rstrip("/")


if __name__ == "__main__":
    sys.exit(main())
