"""The `admiralty ask|rule|index` commands as a user runs them (real processes)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.settings import Settings
from index.embed import load_model, verify_weights
from index.errors import ModelError


def run(settings: Settings, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(settings.data_dir)}
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=300)


def test_rule_human_output_labels_each_edition(built_settings):
    out = run(built_settings, "rule", "таран")
    assert out.returncode == 0, out.stderr
    assert "4th edition (Rules Glossary)" in out.stdout and "3rd edition rulebook v3.03 (Russian)" in out.stdout
    assert "they may differ" in out.stdout


def test_rule_does_not_import_torch(built_settings):
    code = ("import sys; from bot.cli import main; rc = main(['rule', 'piercing', '--json']); "
            "print('TORCH' if 'torch' in sys.modules else 'NO-TORCH', file=sys.stderr)")
    env = {**os.environ, "ADMIRALTY_DATA_DIR": str(built_settings.data_dir)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert "NO-TORCH" in out.stderr
    assert json.loads(out.stdout)["status"] == "found"


def test_ask_human_output_is_in_the_language_of_the_question(built_settings):
    """A Russian player asking in the terminal reads the fixed texts in Russian, as an English one in English."""
    ru = run(built_settings, "ask", "в 4ке сколько кубов добавляет таран за каждый дюйм?")
    assert ru.returncode == 0, ru.stderr
    assert "Искали только в редакции, которую называет вопрос" in ru.stdout and "Ответ “" in ru.stdout
    assert "Searched only" not in ru.stdout and "Answer “" not in ru.stdout
    en = run(built_settings, "ask", "how many dice per inch does a ram add in dw4?")
    assert "Searched only the edition your question names" in en.stdout and "Answer “" in en.stdout
    refused = run(built_settings, "ask", "кто выиграл чемпионат мира по футболу?")
    assert "В правилах этого нет" in refused.stdout
    # issue 16: say which rule name it was read as ("rev" is no word the rules print; "gen" became one)
    read_as = run(built_settings, "ask", "full rev lol")
    assert "Read as the rule name “Full Reverse”." in read_as.stdout


def test_ask_json(built_settings):
    out = run(built_settings, "ask", "how do rams work in dw4", "--k", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["results"]) == 3 and data["results"][0]["edition"] == "dw4-glossary"


def test_ask_batch_keeps_order_and_survives_bad_lines(built_settings, tmp_path: Path):
    batch = tmp_path / "q.jsonl"
    batch.write_text("\n".join([
        json.dumps({"id": "a", "question": "what does piercing do in dw4?"}),
        "not json",
        json.dumps({"question": "сколько кубов на таран?"}),
    ]), encoding="utf-8")
    out = run(built_settings, "ask", "--batch", str(batch), "--k", "2", "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [bool(line.get("error")) for line in lines] == [False, True, False]
    assert lines[0]["question"] == "what does piercing do in dw4?"
    # Issue 9: a batch line is the whole single-question JSON (titles, labels, answer, status).
    assert {"status", "answer", "answers", "routed_editions"} <= set(lines[0])
    assert {"rank", "score", "chunk_id", "document", "document_title", "game", "edition", "edition_label",
            "language", "section", "text", "parts", "highlight", "terms_en"} <= set(lines[0]["results"][0])
    assert lines[2]["results"][0]["language"] == "ru"


@pytest.mark.parametrize("args, message", [
    (("ask", ""), "'question' must not be empty"),
    (("ask", "x" * 600), "limit is 500"),
    (("ask", "ram", "--edition", "dw9"), "unknown edition 'dw9'"),
    (("ask", "ram", "--k", "0"), "'k' is 0; it must be between 1 and 20"),
    (("rule", ""), "'term' must not be empty"),
    (("ask", "--batch", "/nonexistent/file.jsonl"), "cannot read batch file"),
])
def test_bad_input_is_one_line_and_exit_2(built_settings, args, message):
    out = run(built_settings, *args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_index_status(built_settings):
    out = run(built_settings, "index", "status", "--json")
    data = json.loads(out.stdout)
    assert data["fresh"] is True and {d["id"] for d in data["documents"]} >= {"dw4-glossary", "dw3-rulebook"}


def test_weights_with_wrong_checksum_are_refused(tmp_path: Path):
    (tmp_path / "model.safetensors").write_bytes(b"not the real weights")
    with pytest.raises(ModelError, match="SHA-256"):
        verify_weights(tmp_path)


def test_missing_model_is_a_clear_error(tmp_path: Path):
    settings = Settings(data_dir=tmp_path, model=str(tmp_path / "no-such-model"))
    with pytest.raises(ModelError, match="cannot load embedding model"):
        load_model(settings)


def test_ask_says_which_edition_the_question_named(built_settings):
    out = run(built_settings, "ask", "how many dice for a ram in 4th ed?", "--k", "2")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Searched only the edition your question names: 4th edition (Rules Glossary)")
    assert "Dystopian Wars Rules Glossary" in out.stdout
