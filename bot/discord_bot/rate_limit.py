"""Per-user token bucket, so one user cannot monopolise the model or the dice engine."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """Allow `burst` requests at once, refilled at `per_minute` per minute, per user id."""

    def __init__(
        self,
        per_minute: float = 12,
        burst: int = 4,
        clock: Callable[[], float] = time.monotonic,
        max_users: int = 10_000,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("per_minute must be > 0 and burst >= 1")
        self.rate = per_minute / 60.0
        self.burst = burst
        self._clock = clock
        self._max_users = max_users
        self._buckets: dict[int, _Bucket] = {}
        self._lock = threading.Lock()

    def acquire(self, user_id: int) -> float:
        """Take one token: 0.0 if allowed, else the seconds to wait before retrying."""
        now = self._clock()
        with self._lock:
            bucket = self._buckets.get(user_id)
            if bucket is None:
                if len(self._buckets) >= self._max_users:
                    self._forget_full(now)
                bucket = self._buckets[user_id] = _Bucket(self.burst, now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
            bucket.updated = now
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        """Drop users whose bucket has refilled: they are indistinguishable from new users."""
        full = [
            uid
            for uid, b in self._buckets.items()
            if b.tokens + (now - b.updated) * self.rate >= self.burst
        ]
        for uid in full:
            del self._buckets[uid]
        if len(self._buckets) >= self._max_users:  # still full: forget the oldest
            oldest = min(self._buckets, key=lambda uid: self._buckets[uid].updated)
            del self._buckets[oldest]
