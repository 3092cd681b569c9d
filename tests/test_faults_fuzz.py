"""bench/fuzz.py end to end, briefly: both fuzzers over every endpoint of a real server, and its
closing figures (tried / tracebacks / 5xx / hangs) all zero but the first."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.fault_tools import ROOT


def test_bench_fuzz_finds_no_traceback_5xx_or_hang(built_settings) -> None:
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(built_settings.data_dir), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "bench/fuzz.py", "--examples", "8", "--schemathesis", "1"],
                            capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    figures = re.search(r"tried (\d+) / tracebacks (\d+) / 5xx (\d+) / hangs (\d+)", result.stdout)
    assert figures is not None, result.stdout[-3000:] + result.stderr[-2000:]
    tried, tracebacks, server_errors, hangs = map(int, figures.groups())
    assert tried > 100 and (tracebacks, server_errors, hangs) == (0, 0, 0), result.stdout[-3000:]
    assert result.returncode == 0, result.stdout[-3000:]
