"""A token bucket per key (a Discord user, an API client), so no one can monopolise the model or the
dice engine. One implementation for every front end: Discord keys it by user id, HTTP by client."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Allow `burst` requests at once, refilled at `per_minute` per minute, per key; thread-safe."""

    def __init__(
        self,
        per_minute: float = 12,
        burst: int = 4,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("per_minute must be > 0 and burst >= 1")
        self.rate = per_minute / 60.0
        self.burst = burst
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[Hashable, _Bucket] = {}
        self._lock = threading.Lock()

    def acquire(self, key: Hashable) -> float:
        """Take one token: 0.0 if allowed, else the seconds to wait before retrying."""
        now = self._clock()
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= self._max_keys:
                    self._forget_full(now)
                bucket = self._buckets[key] = _Bucket(self.burst, now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
            bucket.updated = now
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        """Drop keys whose bucket has refilled: they are indistinguishable from new ones."""
        full = [
            key
            for key, b in self._buckets.items()
            if b.tokens + (now - b.updated) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= self._max_keys:  # still full: forget the oldest
            oldest = min(self._buckets, key=lambda k: self._buckets[k].updated)
            del self._buckets[oldest]
