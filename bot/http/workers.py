"""Child processes for the referee's dice maths, each call with a time limit.

Some inputs are exact but expensive (e.g. 200 dice with Sustained runs for minutes).
In a thread such a call would hold the GIL and one pool slot until it ended; in a
child process it cannot slow the search down, and past its time limit the child is
killed and replaced. Children are fresh interpreters (not forks), so they never
inherit the server's threads or the loaded model.
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from bot.http.referee_child import FAILURE, RESULT
from bot.service import UserInputError
from core.settings import Settings

log = logging.getLogger(__name__)

_RESULT, _FAILURE = RESULT.encode(), FAILURE.encode()
# Where the `bot` package lives, so the child imports the same code as the parent.
_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])


class CallTimedOut(Exception):
    """The call ran past its time limit and its process was killed."""


class WorkerCrashed(Exception):
    """The child failed unexpectedly (a bug, or it died); details are in the server log."""


class _Worker:
    """One child process and its pipes."""

    def __init__(self, settings: Settings | None) -> None:
        env = dict(os.environ)
        if settings is not None:  # the server's data and corpus dirs, not whatever the environment says
            env.update(settings.as_environment())
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PROJECT_ROOT, env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            # -P: `-m` would put the working directory first on the path, so a directory holding another
            # `bot` package (another checkout) would answer the attacks with its code instead of this one's
            [sys.executable, "-P", "-m", "bot.http.referee_child"],
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

    def receive(self, timeout: float) -> bytes | None:
        """The reply line, or None if none started within `timeout` seconds."""
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.process.stdout.readline()
        if not line.endswith(b"\n"):
            raise EOFError("the referee process exited")
        if not line.startswith((_RESULT, _FAILURE)):
            raise ValueError(f"not a referee reply: {line[:80]!r}")
        return line

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=5)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):  # a broken pipe's unsent bytes: nobody to read them
                    stream.close()


class WorkersLost(Exception):
    """The call's worker died, and so did the one it was retried on: answer 503, retry later."""


class RefereeProcessPool:
    """`size` child processes kept alive; `call` blocks the calling thread, never the event loop.

    The pool heals: a child that dies (killed, out of memory) is replaced before the next
    request by a watcher thread and at every hand-out, so the pool returns to full size, and
    a call whose child died is retried once on a fresh one (the maths is pure: no side effect
    to repeat). Only when that one dies too does the call fail, with `WorkersLost`.
    """

    HEAL_INTERVAL = 0.5  # seconds between the watcher's looks at the idle children

    def __init__(self, size: int = 2, timeout: float = 10.0, settings: Settings | None = None) -> None:
        """`settings`: the server's, which each child's `Admiralty` then uses (None: the environment's)."""
        self.size = size
        self.settings = settings
        self.timeout = timeout
        self._idle: list[_Worker] = []
        self._slots = threading.BoundedSemaphore(size)
        self._busy: set[_Worker] = set()
        self._starting = 0  # children being started (slots reserved, not yet idle or busy)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._watcher: threading.Thread | None = None
        self.replaced = 0  # children found dead and replaced (for tests and the log)

    def start(self, count: int | None = None) -> None:
        """Spawn children now so the first requests do not wait for them, and start the watcher."""
        for _ in range(self.size if count is None else count):
            worker = _Worker(self.settings)
            with self._lock:
                self._idle.append(worker)
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, name="admiralty-referee-healer", daemon=True)
            self._watcher.start()

    def alive(self) -> int:
        """Children alive now (idle or busy)."""
        with self._lock:
            return sum(worker.process.poll() is None for worker in [*self._idle, *self._busy])

    def _watch(self) -> None:
        while not self._closed.wait(self.HEAL_INTERVAL):
            self.heal()

    def heal(self) -> None:
        """Replace dead idle children, and top the pool back up to `size`."""
        with self._lock:
            dead = [worker for worker in self._idle if worker.process.poll() is not None]
            self._idle = [worker for worker in self._idle if worker not in dead]
            missing = max(0, self.size - len(self._idle) - len(self._busy) - self._starting)
            self._starting += missing  # reserved under the lock: a request starting one meanwhile counts it
        for worker in dead:
            log.warning("referee process %d had exited (code %s); replacing it",
                        worker.process.pid, worker.process.returncode)
            worker.kill()
        for _ in range(missing):
            self._start_one(busy=False)

    def _start_one(self, busy: bool) -> _Worker | None:
        """A new child (its slot already reserved in `_starting`), put in the busy set or the idle list."""
        fresh: _Worker | None = None
        try:
            if not self._closed.is_set():
                fresh = _Worker(self.settings)
        finally:
            with self._lock:
                self._starting -= 1
                if fresh is not None and busy:
                    self._busy.add(fresh)
                elif fresh is not None:
                    self._idle.append(fresh)
                    self.replaced += 1
        return fresh

    def _take(self, fresh_only: bool = False) -> _Worker:
        """A live idle child, or a new one; dead ones met on the way are discarded. `fresh_only` (a retry)
        starts a new child: an idle one killed a moment ago may not look dead yet."""
        if self._closed.is_set():
            raise WorkersLost("the referee pool is shut down")
        with self._lock:
            while self._idle and not fresh_only:
                worker = self._idle.pop()
                if worker.process.poll() is None:
                    self._busy.add(worker)
                    return worker
                worker.kill()
            self._starting += 1
        fresh = self._start_one(busy=True)
        if fresh is None:
            raise WorkersLost("the referee pool is shut down")
        return fresh

    def busy_pids(self) -> list[int]:
        """Process ids of the children working on a call now (for the fault tests)."""
        with self._lock:
            return [worker.process.pid for worker in self._busy]

    def _give_back(self, worker: _Worker, alive: bool) -> None:
        """Return a child after a call; a dead one's replacement is the watcher's job."""
        with self._lock:
            self._busy.discard(worker)
            room = len(self._idle) + len(self._busy) + self._starting < self.size
            if alive and room and not self._closed.is_set():
                self._idle.append(worker)
                return
        worker.kill()  # dead, shut down, or one too many (a request and the watcher both started one)

    def _call_once(self, action: str, params: dict[str, Any], lang: str | None = None,
                   fresh_only: bool = False) -> bytes:
        worker = self._take(fresh_only)
        try:
            worker.send(action, params, lang)
            reply = worker.receive(self.timeout)
        except (EOFError, OSError, ValueError) as exc:
            self._give_back(worker, alive=False)
            raise _Died(repr(exc)) from None
        except BaseException:
            self._give_back(worker, alive=False)
            raise
        if reply is None:
            self._give_back(worker, alive=False)
            raise CallTimedOut(f"took longer than {self.timeout:g} s")
        self._give_back(worker, alive=True)
        return reply

    def call(self, action: str, params: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
        """The referee's result in the player's `lang`; a user error comes back already in that language."""
        result: dict[str, Any] = json.loads(self.call_json(action, params, lang))
        return result

    def call_json(self, action: str, params: dict[str, Any], lang: str | None = None) -> bytes:
        """`call`'s result as the child encoded it (`bot.http.render.json_bytes`, as the server encodes its
        other answers): the server passes it on without decoding and encoding it again."""
        if self._closed.is_set():
            raise WorkersLost("the referee pool is shut down")
        with self._slots:
            try:
                line = self._call_once(action, params, lang)
            except _Died as first:
                log.warning("referee process died during %s (%s); retrying once on a fresh one", action, first)
                try:
                    line = self._call_once(action, params, lang, fresh_only=True)
                except _Died as second:
                    log.error("referee process died again during %s (%s)", action, second)
                    raise WorkersLost(f"two referee processes died working out this {action}") from None
        if line.startswith(_RESULT):
            return line[len(_RESULT):-1]
        reply = json.loads(line[len(_FAILURE):])
        if "input_error" in reply:
            raise UserInputError(str(reply["input_error"]), reply.get("field"),
                                 status=int(reply.get("status", 400)), code=str(reply.get("code", "invalid_input")))
        log.error("referee bug for %s %r:\n%s", action, params, reply.get("bug"))
        raise WorkerCrashed("the referee failed unexpectedly")

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            workers, self._idle = [*self._idle, *self._busy], []
        for worker in workers:
            worker.kill()


class _Died(Exception):
    """The child died under a call (its pipe broke or closed)."""
