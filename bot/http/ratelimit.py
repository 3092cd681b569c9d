"""A per-client token bucket for the expensive endpoint (`POST /v1/ask`).

A search costs an embedding pass and a FAISS query; one client looping on it would
starve everyone else. Each client (its API key when it sends one, else its address)
gets a bucket of `burst` tokens refilled at `rate` tokens per second; an empty bucket
answers 429 with `Retry-After` in whole seconds.
"""
from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

# Defaults, documented in the OpenAPI description: 30 questions a minute, bursts of 10.
DEFAULT_RATE_PER_MINUTE = 30.0
DEFAULT_BURST = 10
MAX_CLIENTS = 10_000  # buckets kept; full (idle) ones are dropped first when over


@dataclass
class _Bucket:
    tokens: float
    updated: float


class TokenBucketLimiter:
    """Thread-safe; `take(client)` returns 0 when allowed, else the seconds to wait."""

    def __init__(
        self,
        rate_per_minute: float = DEFAULT_RATE_PER_MINUTE,
        burst: int = DEFAULT_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if rate_per_minute <= 0 or burst < 1:
            raise ValueError("rate_per_minute must be > 0 and burst >= 1")
        self.rate = rate_per_minute / 60.0
        self.burst = float(burst)
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> int:
        """Spend one token for `client`: 0 if there was one, else whole seconds until there is."""
        now = self._clock()
        with self._lock:
            bucket = self._buckets.get(client)
            if bucket is None:
                if len(self._buckets) >= MAX_CLIENTS:
                    self._forget_idle(now)
                bucket = self._buckets[client] = _Bucket(self.burst, now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
            bucket.updated = now
            if bucket.tokens >= 1.0:
                bucket.tokens -= 1.0
                return 0
            return max(1, math.ceil((1.0 - bucket.tokens) / self.rate))

    def _forget_idle(self, now: float) -> None:
        full_after = self.burst / self.rate
        idle = [key for key, b in self._buckets.items() if now - b.updated >= full_after]
        for key in idle or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[key]


def client_key(authorization: str, remote: str | None) -> str:
    """The bucket's key: a hash of the bearer key when one is sent (never the key itself), else the address."""
    scheme, _, given = authorization.partition(" ")
    if scheme.lower() == "bearer" and given.strip():
        return "key:" + hashlib.sha256(given.strip().encode()).hexdigest()[:32]
    return "addr:" + (remote or "unknown")
