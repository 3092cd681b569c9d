"""A small synchronous client for the API, for scripts, tests and the benchmarks (stdlib only)."""
from __future__ import annotations

import http.client
import json
import urllib.parse
from dataclasses import dataclass
from typing import Any


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


class ApiClient:
    """One keep-alive connection to an Admiralty server."""

    def __init__(self, base_url: str, api_key: str | None = None, timeout: float = 60.0) -> None:
        parts = urllib.parse.urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.api_key = api_key
        self.timeout = timeout
        self._conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Reply:
        sent = dict(headers or {})
        if self.api_key and "Authorization" not in sent:
            sent["Authorization"] = f"Bearer {self.api_key}"
        for attempt in range(2):  # the server may close an idle keep-alive connection
            conn = self._connection()
            try:
                conn.request(method, path, body=body, headers=sent)
                response = conn.getresponse()
                data = response.read()
            except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
                self.close()
                if attempt:
                    raise
                continue
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        raise AssertionError("unreachable")

    def get(self, path: str, **query: Any) -> Reply:
        if query:
            path += "?" + urllib.parse.urlencode(query, doseq=True)
        return self.request("GET", path)

    def post(self, path: str, payload: Any) -> Reply:
        body = json.dumps(payload).encode("utf-8")
        return self.request("POST", path, body, {"Content-Type": "application/json"})

    def _connection(self) -> http.client.HTTPConnection:
        if self._conn is None:
            self._conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> ApiClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
