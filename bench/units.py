"""Unit profiles: whole-set import of the real community data per edition, and `admiralty unit` cold start.

Targets (issue 17): each edition's whole set (BSData 3rd edition, New Recruit 4th edition, as in
/work/shared/data) imports in <= 3 s with <= 300 MB peak memory; `admiralty unit` starts in
<= 0.3 s cold with both sets imported. Each import runs in a fresh child process (time from
the first import to the stored result; peak RSS of the child); `--baseline DIR` also imports
with another checkout's code (e.g. the main branch) in the same run, for a before/after ratio.
Start-up is timed against a bare `python -c pass` in the same run (median of N, interleaved).

    python bench/units.py [--runs 7] [--data /work/shared/data] [--baseline /work/main]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.timing import process_times  # noqa: E402

SETS = {"dw3": "bsdata-dw3", "dw4": "newrecruit-dw4"}
IMPORT_SECONDS, IMPORT_MB, UNIT_SECONDS = 3.0, 300.0, 0.3

_IMPORT_CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from units.book import import_files
result = import_files(sys.argv[1], sys.argv[2:])
print(json.dumps({"seconds": time.perf_counter() - start, "units": result["units"],
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child_env(code: Path, pycache: Path, **extra: str) -> dict[str, str]:
    """The environment of a timed child: `code` first on the path; bytecode cached (in `pycache`) as in an
    installed package, even where the shell sets PYTHONDONTWRITEBYTECODE (else every start recompiles)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(code), PYTHONPYCACHEPREFIX=str(pycache), **extra)
    return env


def import_once(code: Path, data_dir: Path, folders: list[Path], pycache: Path) -> dict[str, float]:
    """One import in a fresh interpreter running `code`'s units package."""
    env = child_env(code, pycache)
    out = subprocess.run([sys.executable, "-c", _IMPORT_CHILD, str(data_dir), *map(str, folders)], cwd=code,
                         env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"),
                        help="folder holding bsdata-dw3/ and newrecruit-dw4/")
    parser.add_argument("--baseline", type=Path, help="another checkout to import with too (before/after)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="admiralty-units-bench-"))
    pycache = work / "pycache"
    ok = True
    try:
        print(f"{'edition':<8}{'code':<12}{'seconds':>9}{'peak MB':>9}{'units':>7}")
        for edition, folder in SETS.items():
            runs = [("this", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
            seconds: dict[str, float] = {}
            for label, code in runs:
                try:
                    import_once(code, work / f"{edition}-{label}-warm", [args.data / folder], pycache)  # bytecode
                    result = import_once(code, work / f"{edition}-{label}", [args.data / folder], pycache)
                except subprocess.CalledProcessError as exc:
                    print(f"{edition:<8}{label:<12}  failed: {exc.stderr.strip().splitlines()[-1][:80]}")
                    continue
                seconds[label] = result["seconds"]
                print(f"{edition:<8}{label:<12}{result['seconds']:>9.2f}{result['peak_mb']:>9.0f}"
                      f"{result['units']:>7.0f}")
                if label == "this":
                    good = result["seconds"] <= IMPORT_SECONDS and result["peak_mb"] <= IMPORT_MB
                    ok &= good
                    print(f"  target <= {IMPORT_SECONDS:g} s and <= {IMPORT_MB:g} MB: {'OK' if good else 'OVER'}")
            if "baseline" in seconds:
                print(f"  this / baseline time: {seconds['this'] / seconds['baseline']:.2f}")

        both = work / "both"
        import_once(ROOT, both, [args.data / folder for folder in SETS.values()], pycache)
        env = child_env(ROOT, pycache, ADMIRALTY_DATA_DIR=str(both))
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "admiralty --help": [sys.executable, "-m", "bot.cli", "--help"],
            "admiralty unit Borodino": [sys.executable, "-m", "bot.cli", "unit", "Borodino", "--json"],
            "admiralty unit Бородино": [sys.executable, "-m", "bot.cli", "unit", "Бородино", "--json"],
        }
        times = process_times(commands, args.runs, {name: env for name in commands}, cwd=str(ROOT))
        base = statistics.median(times["python -c pass"])
        print(f"\n{'command':<28}{'median s':>10}{'max s':>9}{'x python':>10}{'over python s':>15}")
        for name, values in times.items():
            med = statistics.median(values)
            print(f"{name:<28}{med:>10.3f}{max(values):>9.3f}{med / base:>10.1f}{med - base:>15.3f}")
        worst = max(statistics.median(times[n]) for n in commands if n.startswith("admiralty unit"))
        good = worst <= UNIT_SECONDS
        ok &= good
        print(f"\nadmiralty unit cold start with both editions imported: {worst:.2f} s "
              f"(target <= {UNIT_SECONDS:g} s): {'OK' if good else 'OVER'}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
