"""A token bucket per key (a Discord user, an API client), so no one can monopolise the model or the
dice engine. One implementation for every front end: Discord keys it by user id, HTTP by client.

The buckets live in one of two tables: `MemoryBuckets` (a dict: one process) or `SharedBuckets`
(a shared memory map: every worker process forked from the one that made it sees the same
buckets, so `admiralty serve --processes N` limits a client once, not N times).
"""
from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import tempfile
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class BucketRule:
    """`burst` tokens at most, refilled at `rate` tokens a second."""

    rate: float
    burst: int

    def take(self, tokens: float, updated: float, now: float) -> tuple[float, float]:
        """Refill a bucket last seen at `updated` and take one token: (tokens left, seconds to wait; 0 = allowed)."""
        tokens = min(self.burst, tokens + max(0.0, now - updated) * self.rate)
        if tokens >= 1:
            return tokens - 1, 0.0
        return tokens, (1 - tokens) / self.rate

    def is_full(self, tokens: float, updated: float, now: float) -> bool:
        """A bucket that has refilled is the same as no bucket: its slot may be reused."""
        return tokens + (now - updated) * self.rate >= self.burst


class BucketTable(Protocol):
    def take(self, key: Hashable, rule: BucketRule, now: float) -> float:
        """Take one token from `key`'s bucket (a new key starts full): 0.0 or the seconds to wait."""

    def __len__(self) -> int:
        """Buckets held now (bounded: the memory a flood of new keys can take)."""


class MemoryBuckets:
    """Buckets in this process's memory; at most `max_keys`, forgetting full (then oldest) ones."""

    def __init__(self, max_keys: int = 10_000) -> None:
        self._max_keys = max_keys
        self._buckets: dict[Hashable, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: Hashable, rule: BucketRule, now: float) -> float:
        with self._lock:
            tokens, updated = self._buckets.get(key) or (float(rule.burst), now)
            if key not in self._buckets and len(self._buckets) >= self._max_keys:
                self._forget_full(rule, now)
            tokens, wait = rule.take(tokens, updated, now)
            self._buckets[key] = (tokens, now)
            return wait

    def __len__(self) -> int:
        return len(self._buckets)

    def _forget_full(self, rule: BucketRule, now: float) -> None:
        for key in [k for k, (tokens, updated) in self._buckets.items() if rule.is_full(tokens, updated, now)]:
            del self._buckets[key]
        if len(self._buckets) >= self._max_keys:  # still full: forget the oldest
            del self._buckets[min(self._buckets, key=lambda k: self._buckets[k][1])]


_SLOT = struct.Struct("<Qdd")  # key digest (0 = empty), tokens, updated (CLOCK_MONOTONIC, machine-wide)
_PROBES = 8


class SharedBuckets:
    """Buckets in a shared memory map that forked worker processes inherit.

    Each slot holds a key's 64-bit digest, so keys must be strings or bytes (their digest is the
    same in every process, unlike `hash()`). Processes exclude each other with a POSIX record
    lock, which the kernel releases if a worker dies holding it; threads with a lock of their own.
    A key probes `_PROBES` slots; when all hold other live buckets the oldest is reused (that
    client gets a full bucket again): with the default 65,536 slots that needs thousands of
    clients limited at the same moment.
    """

    def __init__(self, slots: int = 65_536) -> None:
        self._slots = slots
        self._file = tempfile.TemporaryFile(prefix="admiralty-rate-")  # unlinked: gone with the last process
        self._file.truncate(slots * _SLOT.size)
        self._map = mmap.mmap(self._file.fileno(), slots * _SLOT.size, mmap.MAP_SHARED)
        self._thread_lock = threading.Lock()
        self._pid = os.getpid()

    def take(self, key: Hashable, rule: BucketRule, now: float) -> float:
        if not isinstance(key, str | bytes):
            raise TypeError("SharedBuckets keys are str or bytes")
        raw = key.encode() if isinstance(key, str) else key
        digest = int.from_bytes(hashlib.blake2b(raw, digest_size=8).digest(), "little") or 1
        first = digest % self._slots
        with self._locked():
            chosen, tokens, updated = -1, float(rule.burst), now
            free, oldest, oldest_time = -1, first, float("inf")
            for probe in range(_PROBES):
                slot = (first + probe) % self._slots
                held, slot_tokens, slot_updated = _SLOT.unpack_from(self._map, slot * _SLOT.size)
                if held == digest:
                    chosen, tokens, updated = slot, slot_tokens, slot_updated
                    break
                if free < 0 and (held == 0 or rule.is_full(slot_tokens, slot_updated, now)):
                    free = slot
                if slot_updated < oldest_time:
                    oldest, oldest_time = slot, slot_updated
            if chosen < 0:
                chosen = free if free >= 0 else oldest
            tokens, wait = rule.take(tokens, updated, now)
            _SLOT.pack_into(self._map, chosen * _SLOT.size, digest, tokens, now)
            return wait

    def __len__(self) -> int:
        return sum(1 for slot in range(self._slots) if _SLOT.unpack_from(self._map, slot * _SLOT.size)[0])

    def _locked(self) -> _BothLocks:
        if self._pid != os.getpid():  # a forked child: a fresh thread lock (the parent's may be held)
            self._thread_lock, self._pid = threading.Lock(), os.getpid()
        return _BothLocks(self._thread_lock, self._file.fileno())


class _BothLocks:
    """This process's threads first, then the other processes (fcntl locks are per process)."""

    def __init__(self, thread_lock: threading.Lock, fd: int) -> None:
        self._thread_lock, self._fd = thread_lock, fd

    def __enter__(self) -> None:
        self._thread_lock.acquire()
        try:
            fcntl.lockf(self._fd, fcntl.LOCK_EX)
        except BaseException:
            self._thread_lock.release()
            raise

    def __exit__(self, *exc_info: object) -> None:
        fcntl.lockf(self._fd, fcntl.LOCK_UN)
        self._thread_lock.release()


class RateLimiter:
    """Allow `burst` requests at once, refilled at `per_minute` per minute, per key; thread-safe."""

    def __init__(
        self,
        per_minute: float = 12,
        burst: int = 4,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
        table: BucketTable | None = None,
    ) -> None:
        if per_minute <= 0 or burst < 1:
            raise ValueError("per_minute must be > 0 and burst >= 1")
        self.rule = BucketRule(per_minute / 60.0, burst)
        self._clock = clock
        self._table: BucketTable = table if table is not None else MemoryBuckets(max_keys)

    @property
    def rate(self) -> float:
        """Tokens a second."""
        return self.rule.rate

    @property
    def burst(self) -> int:
        return self.rule.burst

    def acquire(self, key: Hashable) -> float:
        """Take one token: 0.0 if allowed, else the seconds to wait before retrying."""
        return self._table.take(key, self.rule, self._clock())

    def clients(self) -> int:
        """Clients with a bucket now (a method, not `len`: an empty limiter must still be truthy)."""
        return len(self._table)
