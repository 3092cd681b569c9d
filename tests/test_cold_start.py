"""Cold starts (issue 18, bench/cold_start.py): each command loads only what it uses, and loading
the index leaves the process as it found it."""
from __future__ import annotations

import ast
import gc
import os
import subprocess
import sys


def _modules_after(settings, argv: list[str], names: tuple[str, ...]) -> list[str]:
    """Which of `names` a whole `admiralty ARGV` process imported."""
    code = (f"import sys; from bot.cli import main; rc = main({argv!r}); "
            f"print('LOADED', sorted(m for m in {names!r} if m in sys.modules), file=sys.stderr)")
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(settings.data_dir)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return ast.literal_eval(out.stderr.strip().splitlines()[-1].removeprefix("LOADED "))


def test_rule_and_attack_load_only_what_they_use(built_settings) -> None:
    # cold starts (bench/cold_start.py): a lookup parses no documents, a referee call given flags
    # (no description) does not load the free-text parser
    heavy = ("lxml", "numpy", "index.parsing.formats", "sqlite_utils", "referee.describe")
    assert _modules_after(built_settings, ["rule", "piercing", "--json"], heavy) == []
    assert _modules_after(built_settings, ["attack", "--dice", "30", "--armour", "5", "--citadel", "8"],
                          heavy) == []


def test_loading_the_index_leaves_the_collector_on(built_settings) -> None:
    # the service pauses the cyclic collector while it loads; whatever happens, it is on again after
    from bot.service import Admiralty

    service = Admiralty(built_settings, build_if_stale=False)
    assert gc.isenabled()
    service.rule("piercing")
    service.ask("how many dice does a ram roll?", k=1)
    assert gc.isenabled()
