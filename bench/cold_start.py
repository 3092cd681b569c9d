"""Cold start of `admiralty rule` and `admiralty attack` (no torch; targets 0.4 s and 0.2 s on 2 quiet cores).

Times whole processes, median of N runs, against two baselines measured in the same run:
a bare `python -c pass` and `admiralty --help` (the CLI's own import cost). `admiralty ask`
(issue 21: <= 1 s and <= 250 MB, its question encoded without torch) also gets its peak
memory (median max RSS), and `admiralty serve` the time until it says it is serving.

`--baseline DIR --baseline-data DIR` also runs every command with another checkout's code and data
directory (e.g. `git archive main | tar -x -C /tmp/base`, its index built there), interleaved with
this checkout's runs, so a before -> after comparison shares the machine's load.

    python bench/cold_start.py [--runs 7] [--baseline /tmp/base --baseline-data /tmp/base-var]
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import process_times  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BEFORE = " (before)"  # the baseline checkout's runs are named so
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "admiralty --help": [sys.executable, "-m", "bot.cli", "--help"],
    "admiralty rule piercing": [sys.executable, "-m", "bot.cli", "rule", "piercing"],
    "admiralty rule таран --json": [sys.executable, "-m", "bot.cli", "rule", "таран", "--json"],
    "admiralty ask (ram dice)": [sys.executable, "-m", "bot.cli", "ask", "how many dice does a ram get?"],
    "admiralty attack 30 dice": [sys.executable, "-m", "bot.cli", "attack", "--dice", "30", "--armour", "5",
                                 "--citadel", "8", "--defence", "10", "--quality", "aerial"],
}


# Issue 18: cold starts back to these on a quiet 2-core machine (they had crept to 0.28 s and 0.49 s).
TARGETS_S = {"admiralty attack 30 dice": 0.2, "admiralty rule piercing": 0.4}
ASK = "admiralty ask (ram dice)"
ASK_SECONDS, ASK_MB, SERVE_SECONDS = 1.0, 250.0, 5.0  # issue 21's targets


def checkout_env(code: Path, data: Path | None = None) -> dict[str, str]:
    """The environment that runs `code`'s modules (not the working directory's: PYTHONSAFEPATH)."""
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONSAFEPATH": "1"}
    if data is not None:
        env["ADMIRALTY_DATA_DIR"] = str(data)
    return env


def peak_rss_mb(command: list[str], env: dict[str, str] | None = None) -> float:
    """The process's own peak resident memory (its rusage, not the whole family's)."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"{command} failed with {child.returncode}")
    return usage.ru_maxrss / 1024  # KiB on Linux


def serve_ready_seconds(env: dict[str, str] | None = None) -> float:
    """From start until `admiralty serve` announces it is serving (index and encoder loaded)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stderr is not None
        for line in server.stderr:
            if "serving the API" in line:
                return time.perf_counter() - start
        raise RuntimeError("admiralty serve stopped before it was ready")
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with (its code)")
    parser.add_argument("--baseline-data", type=Path, help="the baseline's data directory (its own index)")
    args = parser.parse_args()
    envs = {name: checkout_env(ROOT) for name in COMMANDS}
    commands = dict(COMMANDS)
    if args.baseline:
        for name, command in COMMANDS.items():
            commands[name + BEFORE] = command
            envs[name + BEFORE] = checkout_env(args.baseline.resolve(), args.baseline_data)
    cpu: dict[str, list[float]] = {}
    times = process_times(commands, args.runs, envs, cpu=cpu)  # the first round also builds the index if needed
    base = statistics.median(times["python -c pass"])
    print(f"{'command':<39}{'median s':>10}{'max s':>9}{'x python':>10}{'CPU s':>8}")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"{name:<39}{med:>10.3f}{max(values):>9.3f}{med / base:>10.1f}{statistics.median(cpu[name]):>8.3f}")
    print()
    for name, target in TARGETS_S.items():
        took, used = statistics.median(times[name]), statistics.median(cpu[name])
        # The targets are wall seconds on a quiet 2-core machine, where wall time is CPU time plus a
        # little; on a busy one the wall time waits for the cores, so the CPU time decides.
        verdict = "OK" if took <= target else "OK by CPU (busy machine)" if used <= target else "OVER"
        was = (f" (before: {statistics.median(times[name + BEFORE]):.3f} s wall, "
               f"{statistics.median(cpu[name + BEFORE]):.3f} s CPU)" if args.baseline else "")
        print(f"{name} cold start: {took:.3f} s wall, {used:.3f} s CPU (target <= {target} s): {verdict}{was}")
    for suffix in ([BEFORE, ""] if args.baseline else [""]):
        env = envs[ASK + suffix]
        ask = statistics.median(times[ASK + suffix])
        rss = statistics.median(peak_rss_mb(COMMANDS[ASK], env) for _ in range(args.runs))
        ready = statistics.median(serve_ready_seconds(env) for _ in range(min(args.runs, 3)))
        print(f"admiralty ask{suffix} cold start: {ask:.2f} s (target <= {ASK_SECONDS} s): "
              f"{'OK' if ask <= ASK_SECONDS else 'OVER'}; peak memory {rss:.0f} MB (target <= {ASK_MB:.0f} MB): "
              f"{'OK' if rss <= ASK_MB else 'OVER'}")
        print(f"admiralty serve{suffix} ready: {ready:.2f} s (target <= {SERVE_SECONDS} s): "
              f"{'OK' if ready <= SERVE_SECONDS else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
