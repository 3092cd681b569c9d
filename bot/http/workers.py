"""Child processes for the referee's dice maths, each call with a time limit.

Some inputs are exact but expensive (e.g. 200 dice with Sustained runs for minutes).
In a thread such a call would hold the GIL and one pool slot until it ended; in a
child process it cannot slow the search down, and past its time limit the child is
killed and replaced. Children are fresh interpreters (not forks), so they never
inherit the server's threads or the loaded model.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import select
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from bot.service import UserInputError

log = logging.getLogger(__name__)

# Where the `bot` package lives, so the child imports the same code as the parent.
_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])


class CallTimedOut(Exception):
    """The call ran past its time limit and its process was killed."""


class WorkerCrashed(Exception):
    """The child failed unexpectedly (a bug, or it died); details are in the server log."""


class _Worker:
    """One child process and its pipes."""

    def __init__(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PROJECT_ROOT, env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.http.referee_child"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
            env=env,
            start_new_session=True,  # Ctrl-C goes to the server, which then stops its children
        )

    def send(self, action: str, params: dict[str, Any], lang: str | None = None) -> None:
        assert self.process.stdin is not None
        request = {"action": action, "params": params, "lang": lang}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()

    def receive(self, timeout: float) -> dict[str, Any] | None:
        """The reply, or None if none started within `timeout` seconds."""
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.process.stdout.readline()
        if not line:
            raise EOFError("the referee process exited")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=5)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


class RefereeProcessPool:
    """At most `size` child processes; `call` blocks the calling thread, never the event loop."""

    def __init__(self, size: int = 2, timeout: float = 10.0) -> None:
        self.size = size
        self.timeout = timeout
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(size)
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = False

    def start(self, count: int | None = None) -> None:
        """Spawn children now so the first requests do not wait for them."""
        for _ in range(self.size if count is None else count):
            self._idle.put(self._new_worker())

    def _new_worker(self) -> _Worker:
        worker = _Worker()
        with self._lock:
            self._all.add(worker)
        return worker

    def _discard(self, worker: _Worker) -> None:
        worker.kill()
        with self._lock:
            self._all.discard(worker)

    def call(self, action: str, params: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
        """The referee's result in the player's `lang`; a user error comes back already in that language."""
        if self._closed:
            raise WorkerCrashed("the referee pool is shut down")
        with self._slots:
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                worker = self._new_worker()
            try:
                worker.send(action, params, lang)
                reply = worker.receive(self.timeout)
                if reply is None:
                    self._discard(worker)
                    raise CallTimedOut(f"took longer than {self.timeout:g} s")
            except (EOFError, OSError, ValueError) as exc:
                self._discard(worker)
                raise WorkerCrashed(f"referee process died: {exc!r}") from None
            except CallTimedOut:
                raise
            except BaseException:
                self._discard(worker)
                raise
            self._idle.put(worker)
        if "ok" in reply:
            result: dict[str, Any] = reply["ok"]
            return result
        if "input_error" in reply:
            raise UserInputError(str(reply["input_error"]), reply.get("field"),
                                 status=int(reply.get("status", 400)), code=str(reply.get("code", "invalid_input")))
        log.error("referee bug for %s %r:\n%s", action, params, reply.get("bug"))
        raise WorkerCrashed("the referee failed unexpectedly")

    def close(self) -> None:
        self._closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.kill()
