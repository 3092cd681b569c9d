"""The same question gets the same answer in every process: nothing in ranking or quoting may follow
Python's per-process hash seed (set order). Found when the answers of one server restart differed from
the next on a near-tie ("fog of war mission …" swapped its 2nd and 3rd rules)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    "fog of war mission - is every ship obscured, and when does the fog lift?",
    "how many dice does a ram get in dw4?",
    "сколько кубов кидать на таран?",
    "can exploding hits add dice against an obscured target in 3e?",
    "how far can SRS tokens be launched?",
]
SCRIPT = (
    "import json, sys\n"
    "from bot.service import Admiralty\n"
    "service = Admiralty(build_if_stale=False)\n"
    "print(json.dumps([service.ask(q) for q in json.loads(sys.argv[1])], sort_keys=True))\n"
)


def _answers(settings: Settings, seed: str, questions: list[str] = QUESTIONS) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "ADMIRALTY_DATA_DIR": str(settings.data_dir),
           "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(questions)], capture_output=True, text=True,
                         env=env, timeout=300, check=True)
    answers: list[dict[str, object]] = json.loads(out.stdout)
    return answers


@pytest.mark.slow
def test_answers_do_not_depend_on_the_hash_seed(built_settings: Settings) -> None:
    assert _answers(built_settings, "0") == _answers(built_settings, "2")
