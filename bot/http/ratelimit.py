"""The per-client limit on the expensive endpoint (`POST /v1/ask`): its defaults and who "the client" is.

A search costs an embedding pass and a vector search; one client looping on it would starve
everyone else. Each client gets a `bot.rate_limit.RateLimiter` bucket; an empty bucket answers
429 with `Retry-After` in whole seconds. The client is the configured API key when the request
carries it (whatever the address), else its address. A Bearer token that is not the configured
key buys nothing: with no key configured every token is ignored, so a new random token per
request still lands in its address's bucket.

The address is the connecting one, unless that is a proxy named in `--forwarded-allow-ips`
(the convention of gunicorn's and uvicorn's `forwarded_allow_ips`): then the proxy's
`X-Forwarded-For` (or RFC 7239 `Forwarded`) header is read from the right, skipping trusted
proxies, and the first address not trusted is the client. A header from anyone else is ignored,
so a client cannot choose its own bucket.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

# Defaults, documented in the OpenAPI description: 30 questions a minute, bursts of 10.
DEFAULT_RATE_PER_MINUTE = 30.0
DEFAULT_BURST = 10

X_FORWARDED_FOR = "x-forwarded-for"
FORWARDED = "forwarded"
PROXY_HEADERS = (X_FORWARDED_FOR, FORWARDED)

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class Headers(Protocol):
    """A request's headers (aiohttp's CIMultiDictProxy): every value of a repeated header."""

    def getall(self, key: str, default: Sequence[str]) -> Sequence[str]: ...


@dataclass(frozen=True)
class ProxyTrust:
    """Which connecting addresses are our proxies, and the header they write the client into."""

    networks: tuple[IPNetwork, ...] = ()
    everyone: bool = False  # "*": every peer is a proxy (only behind a private network)
    header: str = X_FORWARDED_FOR

    @classmethod
    def parse(cls, allow_ips: str, header: str = X_FORWARDED_FOR) -> ProxyTrust:
        """`allow_ips`: comma-separated addresses or networks (`127.0.0.1,10.0.0.0/8`), or `*`.
        Raises ValueError naming the entry that is neither."""
        if header.lower() not in PROXY_HEADERS:
            raise ValueError(f"unknown proxy header {header!r}: use X-Forwarded-For or Forwarded")
        entries = [entry.strip() for entry in allow_ips.split(",") if entry.strip()]
        if entries == ["*"]:
            return cls((), True, header.lower())
        networks = []
        for entry in entries:
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network (e.g. 10.0.0.5, 10.0.0.0/8, or *)") \
                    from None
        return cls(tuple(networks), False, header.lower())

    def trusts(self, address: str | None) -> bool:
        if address is None or not (self.everyone or self.networks):
            return False
        if self.everyone:
            return True
        parsed = _ip(address)
        return parsed is not None and any(parsed in network for network in self.networks)


NO_PROXY = ProxyTrust()


def client_address(remote: str | None, headers: Headers, trust: ProxyTrust = NO_PROXY) -> str:
    """The client's address: the connecting one, or what our trusted proxies say it was."""
    address = remote or "unknown"
    if not trust.trusts(remote):
        return address
    for hop in reversed(_hops(headers, trust.header)):
        parsed = _ip(hop)
        if parsed is None:  # garbage where a proxy's entry should be: keep the last address we trust
            return address
        address = str(parsed)
        if not trust.trusts(address):
            return address
    return address


def client_key(authorization: str, remote: str | None, *, api_key: str = "",
               headers: Headers | None = None, trust: ProxyTrust = NO_PROXY) -> str:
    """The bucket's key: a digest of the configured API key when the request carries it (never the
    key itself), else the client's address."""
    scheme, _, given = authorization.partition(" ")
    if api_key and scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), api_key.encode()):
        return "key:" + hashlib.sha256(api_key.encode()).hexdigest()[:32]
    if headers is None:
        return "addr:" + (remote or "unknown")
    return "addr:" + client_address(remote, headers, trust)


def _hops(headers: Headers, header: str) -> list[str]:
    """The addresses in the proxy header, in order (client first, the last proxy's peer last)."""
    values = headers.getall(header, [])
    if header == X_FORWARDED_FOR:
        return [hop.strip() for value in values for hop in value.split(",")]
    return list(_forwarded_for(values))


def _forwarded_for(values: Iterable[str]) -> Iterable[str]:
    """RFC 7239: `for=` of each element; an element without one stands for an unknown hop."""
    for value in values:
        for element in value.split(","):
            pairs = (pair.strip().partition("=") for pair in element.split(";"))
            found = [item.strip().strip('"') for name, _, item in pairs if name.strip().lower() == "for"]
            yield found[0] if found else "unknown"


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address from `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]:80` or `"[::1]"`; None for anything else."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1:text.find("]")] if "]" in text else text
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None
