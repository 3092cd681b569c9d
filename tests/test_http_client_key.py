"""Who "the client" is for the ask rate limit (bot/http/ratelimit.py): the configured API key when
the request carries it, else the address — the connecting one, or, from a configured proxy only,
the one its X-Forwarded-For / Forwarded header names (read from the right, as gunicorn's and
uvicorn's forwarded_allow_ips do). Issue 22: a random Bearer token per request, or a forged
X-Forwarded-For, must not buy a fresh bucket."""
from __future__ import annotations

import pytest
from multidict import CIMultiDict, CIMultiDictProxy

from bot.http.ratelimit import ProxyTrust, client_address, client_key

KEY = "k" * 24
NGINX = ProxyTrust.parse("127.0.0.1")


def headers(*pairs: tuple[str, str]) -> CIMultiDictProxy[str]:
    return CIMultiDictProxy(CIMultiDict(pairs))


NONE = headers()


def test_random_bearer_tokens_share_the_address_bucket_when_no_key_is_configured():
    keys = {client_key(f"Bearer random-{n}", "203.0.113.7", headers=NONE) for n in range(20)}
    assert keys == {client_key("", "203.0.113.7", headers=NONE)}


def test_the_configured_key_is_one_client_whatever_the_address():
    from_a = client_key(f"Bearer {KEY}", "203.0.113.7", api_key=KEY, headers=NONE)
    from_b = client_key(f"bearer  {KEY} ", "198.51.100.9", api_key=KEY, headers=NONE)
    assert from_a == from_b
    assert KEY not in from_a  # a digest, never the key itself in memory dumps or logs


def test_a_wrong_key_falls_back_to_the_address():
    wrong = client_key("Bearer " + "x" * 24, "203.0.113.7", api_key=KEY, headers=NONE)
    assert wrong == client_key("", "203.0.113.7", api_key=KEY, headers=NONE)
    assert wrong != client_key(f"Bearer {KEY}", "203.0.113.7", api_key=KEY, headers=NONE)


def test_forwarded_for_is_ignored_unless_the_peer_is_a_configured_proxy():
    forged = headers(("X-Forwarded-For", "192.0.2.1"))
    assert client_address("203.0.113.7", forged) == "203.0.113.7"  # no proxy configured
    assert client_address("203.0.113.7", forged, NGINX) == "203.0.113.7"  # configured, but not this peer
    assert client_address("127.0.0.1", forged, NGINX) == "192.0.2.1"


def test_behind_the_proxy_each_client_has_its_own_bucket():
    first = client_key("", "127.0.0.1", headers=headers(("X-Forwarded-For", "192.0.2.1")), trust=NGINX)
    second = client_key("", "127.0.0.1", headers=headers(("X-Forwarded-For", "192.0.2.2")), trust=NGINX)
    assert first != second


def test_a_client_cannot_pick_its_address_through_the_proxy():
    # nginx's $proxy_add_x_forwarded_for appends the real peer to whatever the client sent.
    spoofed = headers(("X-Forwarded-For", "192.0.2.99, 127.0.0.1, 198.51.100.4"))
    assert client_address("127.0.0.1", spoofed, NGINX) == "198.51.100.4"


def test_a_chain_of_trusted_proxies_is_walked_from_the_right():
    trust = ProxyTrust.parse("127.0.0.1, 10.0.0.0/8")
    chain = headers(("X-Forwarded-For", "198.51.100.4, 10.1.2.3"), ("X-Forwarded-For", "10.0.0.9"))
    assert client_address("127.0.0.1", chain, trust) == "198.51.100.4"


def test_garbage_where_an_address_should_be_keeps_the_last_trusted_hop():
    assert client_address("127.0.0.1", headers(("X-Forwarded-For", "not-an-ip")), NGINX) == "127.0.0.1"


@pytest.mark.parametrize(
    ("value", "expected"),
    [('for=192.0.2.60;proto=http;by=203.0.113.43', "192.0.2.60"),
     ('for="[2001:db8:cafe::17]:4711"', "2001:db8:cafe::17"),
     ('for=198.51.100.1, for=192.0.2.43', "192.0.2.43"),
     ('for=unknown', "127.0.0.1")],
)
def test_rfc7239_forwarded_when_chosen(value, expected):
    trust = ProxyTrust.parse("127.0.0.1", "Forwarded")
    assert client_address("127.0.0.1", headers(("Forwarded", value)), trust) == expected
    # ...and then an X-Forwarded-For the proxy passed through untouched is not read
    assert client_address("127.0.0.1", headers(("X-Forwarded-For", "192.0.2.200")), trust) == "127.0.0.1"


def test_star_trusts_every_peer_and_ports_are_dropped():
    trust = ProxyTrust.parse("*")
    assert client_address("10.9.9.9", headers(("X-Forwarded-For", "192.0.2.8:5555")), trust) == "192.0.2.8"


@pytest.mark.parametrize("bad", ["localhost", "10.0.0.0/33", "1.2.3"])
def test_an_entry_that_is_no_address_is_named(bad):
    with pytest.raises(ValueError, match=bad.replace(".", r"\.")):
        ProxyTrust.parse(f"127.0.0.1,{bad}")
