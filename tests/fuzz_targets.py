"""Fuzz targets for the HTTP API: hostile and random input, with the oracle that judges replies.

A reply passes when its status is below 500 (503 allowed) and its body is JSON in the
documented shape, with no traceback. tests/test_http_fuzz.py runs every target with a few
examples; bench/fuzz.py runs them long. The server runs in-process on loopback over real HTTP.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.http.client import ApiClient, Reply
from bot.service import ASK_PARAMS, Kind, ParamSpec, referee_actions, referee_params

REFEREE_ACTIONS = tuple(referee_actions())
POST_ENDPOINTS = ("/v1/ask", *(f"/v1/{action}" for action in REFEREE_ACTIONS))
WORDS = [
    "dice", "armour", "citadel", "vs", "against", "devastating", "sustained", "piercing", "homing",
    "hull", "mass", "fray", "ram", "inches", "crew", "point", "blank", "long", "range", "dw4", "dw3",
    "кубов", "броня", "цитадель", "таран", "против", "shield", "escorts", "crippled", "-", ":", "\"",
    "12", "0", "-3", "200", "1e9", "99999999999999999999", "½", "٣", "Ⅻ", "🎲", "\u202e", "\u200b",
]
HOSTILE_BODIES = [
    b'{"question": "\\ud800"}', b'{"question": "a\\u0000b"}', b'{"dice": 1e999}', b'{"dice": -1e999}',
    b'{"k": 1' + b"0" * 5000 + b"}", b"[" * 10000, b'{"a":' * 3000, b"\x00" * 100, b"\xef\xbb\xbf{}",
    b'{"question": "ram"}' * 3, b'{"question": "ram",}', b"{'question': 'ram'}", b"null", b'"\\u0000"',
    b'{"quality": [[[[["devastating"]]]]]}', b'{"roll": ' + b"[1," * 500 + b"1" + b"]" * 500 + b"}",
    b'{"__proto__": {"admin": true}}', b'{"description": "' + "🎲".encode() * 400 + b'"}',
]
HOSTILE_QUERIES = [
    "term=%ff%fe", "term=%00", "term=%E2%80%AE", "term=" + "a" * 5000, "term=a&term=b", "prefix=%",
    "prefix=%25%5F", "term=%C0%AF", "=", "&&&", "term", "term=%", "prefix=" + "%F0%9F%8E%B2" * 50,
]

# Content-Encoding values a client may send: decodable (gzip, deflate), ones aiohttp cannot decode
# here (br, zstd: 415), and names it does not know (treated as identity).
CONTENT_ENCODINGS = ["gzip", "deflate", "br", "zstd", "identity", "x-gzip", "compress", "gzip, deflate", "bogus"]


def encoded_body(body: bytes, encoding: str, how: str) -> bytes:
    """`body` compressed for `encoding` (gzip/deflate) and then broken `how`; other encodings as is."""
    import gzip
    import zlib

    if how == "as is" or encoding not in ("gzip", "deflate", "x-gzip"):
        return body
    packed = zlib.compress(body) if encoding == "deflate" else gzip.compress(body)
    if how == "truncated":
        return packed[: max(1, len(packed) // 2)]
    if how == "corrupted":
        middle = len(packed) // 2
        return packed[:middle] + bytes(b ^ 0x5A for b in packed[middle:middle + 4]) + packed[middle + 4:]
    return packed


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=60),
)
json_values = st.recursive(
    _scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=6), st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=25,
)
free_text = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FFF), max_size=80),
)


def referee_value(spec: ParamSpec) -> st.SearchStrategy:
    """Values that are mostly valid for one referee parameter, sometimes at or past its bounds."""
    low = int(spec.minimum) if spec.minimum is not None else 0
    high = min(int(spec.maximum) if spec.maximum is not None else 50, 40)  # keep the dice maths fast
    edge = st.sampled_from([low - 1, low, high + 1, 10**12])
    qualities = st.sampled_from(["devastating", "piercing", "sustained", "homing", "piercing:2", "2:3", "reactor-leak"])
    faces = st.one_of(st.integers(0, 7), st.sampled_from(["hit", "blank", "heavy", "exploding", "counter", "x"]))
    strategies: dict[Kind, st.SearchStrategy] = {
        Kind.INT: st.one_of(st.integers(low, high), edge),
        Kind.FLOAT: st.one_of(st.floats(low, high, allow_nan=False), edge),
        Kind.BOOL: st.booleans(),
        Kind.CHOICE: st.one_of(st.sampled_from(spec.choices or ("x",)), st.text(max_size=12)),
        Kind.TEXT: free_text,
        Kind.INTS: st.lists(st.one_of(st.integers(low, high), edge), max_size=4),
        Kind.TEXTS: st.lists(st.one_of(qualities, st.text(max_size=10)), max_size=4),
        Kind.FACES: st.lists(faces, max_size=8),
    }
    return strategies[spec.kind]


# Complete inputs for each action and ruleset; the fuzzer varies them and adds a few extra fields.
VALID_BASES: dict[str, list[dict[str, Any]]] = {
    "attack": [
        {"dice": 12, "armour": 5, "citadel": 8},
        {"ruleset": "dw4", "dice": 12, "armour": 4, "defence": 3},
        {"ruleset": "dw3-qrs", "dice": 12, "armour": 5, "citadel": 8},
    ],
    "assault": [
        {"fray": 6, "target_citadel": 8, "target_adv": 2, "target_sdv": 2},
        {"ruleset": "dw4", "boarding": [3, 2], "target_defences": 3, "target_crew": 4},
    ],
    "ram": [
        {"hull": 8, "inches": 6, "target_armour": 5, "target_citadel": 8},
        {"ruleset": "dw4", "hull": 8, "inches": 6, "crew": 4, "target_armour": 5, "target_mass": 2},
    ],
    # the newer actions, from tests/test_referee_actions.py
    "srs": [{"tokens": 4, "interceptors": 1, "target_adv": 0, "target_armour": 4}],
    "collision": [{"mover_mass": 2, "impact_mass": 3}, {"ruleset": "dw4", "mover_mass": 2, "impact_mass": 3}],
    "broadside": [{"ruleset": "dw4", "broadside": [2, 1], "target_hull": 3}],
}
DESCRIPTIONS = {
    "attack": ["{a} dice against armour {b} citadel {c}", "{a} кубов против брони {b} цитадель {c}",
               "{a} dice vs armour {b}, citadel {c}, {q}"],
    "assault": ["fray {a} vs citadel {c} adv {b} sdv {b}"],
    "ram": ["hull {a} moved {b} inches into armour {b} citadel {c}"],
    "srs": ["{a} srs tokens against adv {b} armour {c}"],
    "collision": ["mass {a} collides with mass {b} after {c} inches"],
    "broadside": ["dw4 broadside {a} dice against hull {b}"],
}


def referee_body(action: str) -> st.SearchStrategy:
    """A complete input with its numbers varied, plus up to two extra random fields."""
    by_name = {spec.name: spec for spec in referee_params(action)}

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        body = dict(draw(st.sampled_from(VALID_BASES[action])))
        for name in list(body):
            if name != "ruleset" and draw(st.booleans()):
                body[name] = draw(referee_value(by_name[name]))
        extras = draw(st.lists(st.sampled_from(sorted(by_name)), max_size=2, unique=True))
        for name in extras:
            body[name] = draw(referee_value(by_name[name]))
        return body

    return build()


def description(action: str) -> st.SearchStrategy:
    numbers = st.integers(0, 40).map(str) | st.sampled_from(["-1", "1000", "½", "٣", "1e9", ""])
    return st.builds(
        lambda template, a, b, c, q: template.format(a=a, b=b, c=c, q=q),
        st.sampled_from(DESCRIPTIONS[action]), numbers, numbers, numbers,
        st.sampled_from(["devastating", "sustained", "piercing", "homing", "", "🎲"]),
    )


def known_field_body(names: list[str]) -> st.SearchStrategy:
    return st.dictionaries(st.sampled_from(names), json_values, max_size=5)


class Checker:
    """Sends requests and counts statuses; remembers every reply that breaks the contract."""

    def __init__(self, client: ApiClient) -> None:
        self.client = client
        self.statuses: Counter[int] = Counter()
        self.failures: list[str] = []
        self.sent = 0

    def check(self, what: str, reply: Reply) -> None:
        self.sent += 1
        self.statuses[reply.status] += 1
        problem = None
        if reply.status >= 500 and reply.status != 503:
            problem = f"status {reply.status}"
        else:
            try:
                payload = reply.json()
            except (ValueError, UnicodeDecodeError):
                problem = "body is not JSON"
            else:
                if reply.status >= 400 and (
                    not isinstance(payload, dict) or set(payload.get("error", {})) != {"code", "message", "field"}
                ):
                    problem = "error body not in the documented shape"
        if b"Traceback" in reply.body:
            problem = "traceback in the body"
        if problem:
            self.failures.append(f"{problem}: {what[:300]} -> {reply.status} {reply.body[:200]!r}")
        assert problem is None, self.failures[-1]

    def post_json(self, path: str, payload: Any) -> None:
        body = json.dumps(payload).encode("utf-8", "surrogatepass")
        reply = self.client.request("POST", path, body, {"Content-Type": "application/json"})
        self.check(f"POST {path} {body[:200]!r}", reply)

    def raw(self, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> None:
        reply = self.client.request(method, path, body, headers)
        self.check(f"{method} {path} {headers} {(body or b'')[:120]!r}", reply)


def targets(checker: Checker) -> dict[str, Callable[[], None]]:
    """One zero-argument Hypothesis test per kind of hostile input."""
    ask_fields = [spec.name for spec in ASK_PARAMS]

    @given(st.sampled_from(POST_ENDPOINTS), json_values)
    def any_json(path: str, payload: Any) -> None:
        checker.post_json(path, payload)

    @given(st.sampled_from(REFEREE_ACTIONS), st.data())
    def referee_fields_any_values(action: str, data: st.DataObject) -> None:
        names = [spec.name for spec in referee_params(action)]
        checker.post_json(f"/v1/{action}", data.draw(known_field_body(names)))

    @given(st.sampled_from(REFEREE_ACTIONS), st.data())
    def referee_plausible(action: str, data: st.DataObject) -> None:
        checker.post_json(f"/v1/{action}", data.draw(referee_body(action)))

    @given(st.sampled_from(REFEREE_ACTIONS), st.data())
    def referee_description(action: str, data: st.DataObject) -> None:
        text = data.draw(st.one_of(free_text, description(action)))
        checker.post_json(f"/v1/{action}", {"description": text})

    @given(known_field_body(ask_fields))
    def ask_fields_any_values(payload: dict[str, Any]) -> None:
        checker.post_json("/v1/ask", payload)

    @given(free_text, st.integers(1, 20))
    def ask_question(text: str, k: int) -> None:
        checker.post_json("/v1/ask", {"question": text, "k": k})

    @given(
        st.sampled_from(POST_ENDPOINTS),
        st.one_of(st.binary(max_size=300), st.sampled_from(HOSTILE_BODIES)),
        st.sampled_from(["application/json", "application/json; charset=latin-1", "text/plain", "",
                         "multipart/form-data; boundary=x", "application/json; charset=utf-8"]),
    )
    def raw_bodies(path: str, body: bytes, content_type: str) -> None:
        headers = {"Content-Type": content_type} if content_type else {}
        checker.raw("POST", path, body, headers)

    @given(
        st.sampled_from(POST_ENDPOINTS),
        st.sampled_from(CONTENT_ENCODINGS),
        st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode())),
        st.sampled_from(["as is", "compressed", "truncated", "corrupted"]),
    )
    def compressed_bodies(path: str, encoding: str, body: bytes, how: str) -> None:
        checker.raw("POST", path, encoded_body(body, encoding, how),
                    {"Content-Type": "application/json", "Content-Encoding": encoding})

    @given(
        st.sampled_from(["/v1/rule", "/v1/complete", "/v1/sources", "/v1/unit", "/v1/units", "/health",
                         "/openapi.json"]),
        st.one_of(
            st.dictionaries(st.sampled_from(["term", "edition", "prefix", "limit", "name", "x"]),
                            st.text(max_size=40), max_size=3)
            .map(lambda q: urllib.parse.urlencode(q)),
            st.sampled_from(HOSTILE_QUERIES),
        ),
    )
    def queries(path: str, query: str) -> None:
        checker.raw("GET", f"{path}?{query}", None, {})

    @given(
        st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]),
        st.one_of(
            st.sampled_from(["/", "/health", "/metrics", "/openapi.json", "/static/app.js", "/static/../app.py",
                             "/v1/ask", "/v1/attack", "/v1/", "/v1/rule/..", "//", "/%2e%2e/%2e%2e/etc/passwd"]),
            st.text(alphabet="abcdefgh/%.1-_", max_size=30).map(lambda s: "/" + s),
        ),
    )
    def paths(method: str, path: str) -> None:
        reply = checker.client.request(method, path, b"{}" if method in ("POST", "PUT", "PATCH") else None,
                                       {"Content-Type": "application/json"})
        checker.statuses[reply.status] += 1
        checker.sent += 1
        if reply.status >= 500 and reply.status != 503:
            checker.failures.append(f"status {reply.status}: {method} {path}")
        assert reply.status < 500 or reply.status == 503, (method, path, reply.status)

    return {
        "any_json": any_json, "referee_fields_any_values": referee_fields_any_values,
        "referee_plausible": referee_plausible, "referee_description": referee_description,
        "ask_fields_any_values": ask_fields_any_values, "ask_question": ask_question,
        "raw_bodies": raw_bodies, "compressed_bodies": compressed_bodies, "queries": queries, "paths": paths,
    }


def run_targets(
    client: ApiClient, examples: int, only: list[str] | None = None, derandomize: bool = False
) -> Checker:
    """Run every target with `examples` examples; raise on the first contract break."""
    checker = Checker(client)
    profile = settings(
        max_examples=examples, deadline=None, database=None, derandomize=derandomize,
        suppress_health_check=list(HealthCheck),
    )
    for name, target in targets(checker).items():
        if only and name not in only:
            continue
        started = time.perf_counter()
        before = checker.sent
        seen = Counter(checker.statuses)
        profile(target)()
        mix = " ".join(f"{status}:{count}" for status, count in sorted((checker.statuses - seen).items()))
        took = time.perf_counter() - started
        print(f"  {name:<28}{checker.sent - before:>6} requests {took:6.1f} s  {mix}", flush=True)
    return checker


# -- schemathesis: the off-the-shelf OpenAPI fuzzer (tests/test_http_schemathesis.py, bench/fuzz.py) --

SCHEMATHESIS = shutil.which("schemathesis", path=str(Path(sys.executable).parent)) or shutil.which("schemathesis")

SCHEMATHESIS_CONFIG = """
# A body over 16 KiB is refused before it is parsed, schema-valid or not (lists of 400 faces
# or re-rolls can exceed it): 413 is a rejection, and an honest answer to a valid request.
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "413", "429", "5xx"]

[[operations]]
include-tag = "referee"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "401", "403", "404", "409", "413", "422", "429", "5xx",
]
"""


def run_schemathesis(url: str, tmp_path: Path, examples: int, extra: list[str],
                     timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """schemathesis over every operation /openapi.json documents, every check on (fixed seed)."""
    config = tmp_path / "schemathesis.toml"
    config.write_text(SCHEMATHESIS_CONFIG, encoding="utf-8")
    command = [
        SCHEMATHESIS or "schemathesis", "--config-file", str(config), "run", f"{url}/openapi.json",
        "--checks", "all", "--max-examples", str(examples), "--seed", "20261122",
        "--generation-database", "none", "--request-timeout", "30", *extra,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=tmp_path)
