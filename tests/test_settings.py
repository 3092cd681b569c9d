"""Configuration is read in one place (issue 15): core/settings.py reads every environment variable
and parses the config file once; the README's table lists every variable it declares."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from core.settings import ENVIRONMENT, Settings

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "index", "referee", "units", "bot")


def test_the_readme_lists_every_environment_variable():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Configuration", 1)[1]
    table = section[section.index("| setting"):].split("\n\n", 1)[0]
    listed = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", table))
    assert set(ENVIRONMENT) <= listed, set(ENVIRONMENT) - listed


def _reads_the_environment(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func
            if target.attr == "getenv" or (target.attr == "get" and ast.unparse(target.value) == "os.environ"):
                return True
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ" \
                and isinstance(node.ctx, ast.Load):
            return True
    return False


def test_only_core_settings_reads_the_environment():
    readers = [str(path.relative_to(ROOT)) for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
               if _reads_the_environment(ast.parse(path.read_text(encoding="utf-8")))]
    assert readers == ["core/settings.py"]


def test_one_config_file_gives_the_index_the_store_and_the_bot_their_values(tmp_path, monkeypatch):
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    config = tmp_path / "admiralty.toml"
    config.write_text(f'[index]\ndata_dir = "{tmp_path / "d"}"\nmodel = "m"\n[discord]\ntoken_file = "~/t"\n',
                      encoding="utf-8")
    monkeypatch.setenv("ADMIRALTY_CONFIG", str(config))
    monkeypatch.setenv("ADMIRALTY_DATABASE_URL", " postgresql://x/y ")
    settings = Settings.from_env()
    assert (settings.data_dir, settings.model) == (tmp_path / "d", "m")
    assert settings.discord_token_file == Path("~/t").expanduser()
    assert settings.database_url == "postgresql://x/y"
    monkeypatch.setenv("ADMIRALTY_EMBED_MODEL", "from-env")  # the environment beats the file
    assert Settings.from_env().model == "from-env"


def test_the_old_settings_module_is_gone_and_unused():
    """Settings moved to core/settings.py (issue 15); index/config.py, its alias while branches merged, is gone."""
    assert not (ROOT / "index" / "config.py").exists()
    users = [str(path.relative_to(ROOT)) for folder in (*PACKAGES, "tests", "bench")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if "index.config" in path.read_text(encoding="utf-8") and path.name != "test_settings.py"]
    assert users == []
