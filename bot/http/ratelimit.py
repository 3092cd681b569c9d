"""The per-client limit on the expensive endpoint (`POST /v1/ask`): its defaults and the client key.

A search costs an embedding pass and a FAISS query; one client looping on it would
starve everyone else. Each client (its API key when it sends one, else its address)
gets a `bot.rate_limit.RateLimiter` bucket; an empty bucket answers 429 with
`Retry-After` in whole seconds.
"""
from __future__ import annotations

import hashlib

# Defaults, documented in the OpenAPI description: 30 questions a minute, bursts of 10.
DEFAULT_RATE_PER_MINUTE = 30.0
DEFAULT_BURST = 10


def client_key(authorization: str, remote: str | None) -> str:
    """The bucket's key: a hash of the bearer key when one is sent (never the key itself), else the address."""
    scheme, _, given = authorization.partition(" ")
    if scheme.lower() == "bearer" and given.strip():
        return "key:" + hashlib.sha256(given.strip().encode()).hexdigest()[:32]
    return "addr:" + (remote or "unknown")
