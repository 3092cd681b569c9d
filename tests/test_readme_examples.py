"""Every `admiralty …` line of README.md's Usage block runs as written (exit 0).

The lines are read from the README itself, so an example that drifts from the CLI fails
here. `serve` and `bot` need a port or a Discord token: those lines are only parsed by
the real argument parser (bad flags still fail). `--json` output must be valid JSON (one
document, or one per line for `--batch`). Slow: the `ask` examples load the model.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import build_parser

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "bot.cli"]
PARSE_ONLY = {"serve", "bot"}  # long-running: a port, a Discord token


def usage_examples() -> list[str]:
    """The `admiralty …` lines of the first ```sh block after '## Usage', comments removed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    usage = text.split("## Usage", 1)[1]
    block = re.search(r"```sh\n(.*?)```", usage, re.S)
    assert block, "README.md has no ```sh block under ## Usage"
    lines = []
    for line in block.group(1).splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command.startswith("admiralty "):
            lines.append(command)
    return lines


EXAMPLES = usage_examples()


def test_the_usage_block_has_examples():
    assert len(EXAMPLES) >= 10
    assert {"ask", "rule", "attack", "assault", "ram", "serve"} <= {shlex.split(e)[1] for e in EXAMPLES}


@pytest.mark.parametrize("example", EXAMPLES)
def test_readme_example_runs(example, built_settings, tmp_path):
    argv = shlex.split(example)[1:]
    if argv[0] in PARSE_ONLY:
        args = build_parser().parse_args(argv)  # SystemExit(2) on an unknown flag
        assert args.command == argv[0]
        return
    if "--batch" in argv:  # the README's batch example reads questions.jsonl from the working directory
        (tmp_path / argv[argv.index("--batch") + 1]).write_text(
            '{"question": "how many dice does a ram get?"}\n{"question": "таран"}\n', encoding="utf-8")
    data_dir = str(built_settings.data_dir)
    if argv[:2] == ["units", "import"]:  # the example's folder holds our own small BattleScribe fixture
        shutil.copytree(ROOT / "tests" / "fixtures" / "battlescribe", tmp_path / argv[2])
        data_dir = str(tmp_path / "data")  # an import must not change the index tests' data directory
    env = {**os.environ, "ADMIRALTY_DATA_DIR": data_dir, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([*CLI, *argv], capture_output=True, text=True, timeout=240, cwd=tmp_path, env=env)
    assert result.returncode == 0, f"{example}\n{result.stderr[-2000:]}"
    assert result.stdout.strip(), example
    assert "Traceback" not in result.stderr
    if "--json" in argv:
        documents = result.stdout.splitlines() if "--batch" in argv else [result.stdout]
        for document in documents:
            json.loads(document)
