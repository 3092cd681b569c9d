"""A throw-away PostgreSQL server for the tests: a private cluster on a unix socket only.

Debian's server binaries live in /usr/lib/postgresql/<version>/bin; the tests run as root,
so initdb and pg_ctl run as the `postgres` user on a cluster in a temporary directory it
owns. `listen_addresses=''` means no TCP port is opened: only the socket in that directory.
`PgServer.start()` raises `PgUnavailable` with a plain reason when a server cannot be
started (no binaries, no `postgres` user, initdb failing), and the tests skip with it.
"""
from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

PG_ROOT = Path("/usr/lib/postgresql")
DATABASE = "admiralty_test"


class PgUnavailable(RuntimeError):
    """No PostgreSQL server could be started here; the message says why."""


def find_bin_dir() -> Path:
    """The newest installed server's bin directory (initdb, pg_ctl), or PgUnavailable."""
    env = os.environ.get("ADMIRALTY_PG_BIN")
    candidates = [Path(env)] if env else sorted(
        PG_ROOT.glob("*/bin"), key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0, reverse=True
    )
    for candidate in candidates:
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    raise PgUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin: "
        "install them with `apt-get install -y postgresql`"
    )


class PgServer:
    """One cluster: `start()`, `stop()`, `start()` again (same data), `destroy()`."""

    def __init__(self) -> None:
        self.bin_dir = find_bin_dir()
        self._as_postgres: list[str] = []
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise PgUnavailable("running as root and there is no `postgres` user to run the server") from None
            self._as_postgres = ["runuser", "-u", "postgres", "--"]
        self.root = Path(tempfile.mkdtemp(prefix="admiralty-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "socket"
        self.log = self.root / "server.log"
        self.socket_dir.mkdir()
        if self._as_postgres:
            for path in (self.root, self.socket_dir):
                shutil.chown(path, "postgres", "postgres")
        self.running = False
        self._initialised = False

    @property
    def url(self) -> str:
        """A libpq URL for the test database over the private socket."""
        return f"postgresql://postgres@/{DATABASE}?host={self.socket_dir}"

    def _run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self._as_postgres, *args], capture_output=True, text=True, timeout=timeout, check=False
        )

    def _fail(self, what: str, done: subprocess.CompletedProcess[str]) -> PgUnavailable:
        detail = (done.stderr or done.stdout).strip().splitlines()
        tail = detail[-1] if detail else f"exit code {done.returncode}"
        if self.log.exists():
            lines = self.log.read_text(errors="replace").strip().splitlines()
            tail += f" (log: {lines[-1]})" if lines else ""
        return PgUnavailable(f"{what} failed: {tail}")

    def start(self) -> None:
        if self.running:
            return
        if not self._initialised:
            done = self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres",
                             "--auth=trust", "--encoding=UTF8", "--no-locale")
            if done.returncode != 0:
                raise self._fail("initdb", done)
            self._initialised = True
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.socket_dir}' "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40 "
                   "-c shared_buffers=16MB")
        done = self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l", str(self.log),
                         "-o", options, "-w", "-t", "60", "start")
        if done.returncode != 0:
            raise self._fail("pg_ctl start", done)
        self.running = True
        created = self._run(str(self.bin_dir / "psql"), "-h", str(self.socket_dir), "-U", "postgres",
                            "-d", "postgres", "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'")
        if created.returncode != 0:
            raise self._fail("psql", created)
        if created.stdout.strip() != "1":
            done = self._run(str(self.bin_dir / "createdb"), "-h", str(self.socket_dir), "-U", "postgres", DATABASE)
            if done.returncode != 0:
                raise self._fail("createdb", done)

    def stop(self) -> None:
        """Stop at once (mode fast: open connections are cut, as in a real outage)."""
        if not self.running:
            return
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        self.running = False

    def destroy(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
