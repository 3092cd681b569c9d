"""What checking the index's digests costs on every load (issue 22), against the check without them.

`index_status` (run before every `admiralty rule` and on every service load) now hashes the
build's files and compares them with `DIGESTS.json`. Measured in one run, medians:
the whole check with digests, the same check with the digest step skipped (baseline), and the
raw cost of three digests over the same bytes (SHA-256 chosen; CRC-32 and BLAKE2b for scale).

    python bench/index_digest.py [--repeat 31]     # needs a built index (admiralty index build)
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed  # noqa: E402


def _interleaved(first: Callable[[], object], second: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median seconds of each, calls alternating so machine drift hits both alike."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, out in ((first, times[0]), (second, times[1])):
            started = time.perf_counter()
            fn()
            out.append(time.perf_counter() - started)
    return statistics.median(times[0]), statistics.median(times[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    args = parser.parse_args()

    from core.settings import Settings
    from index import freshness
    from index.store import DB_NAME, VECTORS_NAME, current_build

    settings = Settings.from_env()
    build = current_build(settings.data_dir)
    if build is None or not freshness.index_status(settings).fresh:
        print("no fresh index: run `admiralty index build` first")
        return 1
    data = [(build / name).read_bytes() for name in (DB_NAME, VECTORS_NAME)]
    size = sum(len(d) for d in data) / 1e6

    def without_digests() -> object:
        with mock.patch.object(freshness, "build_damage", lambda build: None):
            return freshness.index_status(settings)

    checked, skipped = _interleaved(lambda: freshness.index_status(settings), without_digests, args.repeat)
    rows = {
        "index_status, digests checked": checked,
        "index_status, digest step skipped (baseline)": skipped,
        f"SHA-256 of {size:.1f} MB": timed(lambda: [hashlib.sha256(d).digest() for d in data], args.repeat),
        f"BLAKE2b of {size:.1f} MB": timed(lambda: [hashlib.blake2b(d).digest() for d in data], args.repeat),
        f"CRC-32 of {size:.1f} MB": timed(lambda: [zlib.crc32(d) for d in data], args.repeat),
    }
    baseline = rows["index_status, digest step skipped (baseline)"]
    for name, seconds in rows.items():
        print(f"{name:<48} {seconds * 1000:7.2f} ms  ({seconds / baseline:4.2f}x baseline)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
