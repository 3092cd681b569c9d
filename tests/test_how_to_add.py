"""docs/ARCHITECTURE.md's "How to add …" lists, done once each: the files it names are all a new
document, referee action or Discord command needs (adding an endpoint: tests/test_http_routes.py)."""
from __future__ import annotations

import shutil
import sys
import types
from typing import Any

import pytest
from discord import app_commands
from discord.ext import commands

from bot.cli import build_parser
from bot.discord_bot import i18n
from bot.http import openapi
from core.params import Kind, ParamSpec
from core.settings import CORPUS_DIR
from referee.action_common import DW4, common, only
from referee.actions import ACTIONS, Action
from referee.api import resolve
from tests.discord_fakes import make_bot, run

DOCS = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md"


def _how_to(what: str) -> str:
    text = DOCS.read_text(encoding="utf-8")
    return text.split(f"### How to add {what}", 1)[1].split("###", 1)[0]


# -- a referee action: referee/<action>.py plus one entry in referee/actions.py (+ its Russian names) --------

def _dummy_module() -> types.ModuleType:
    module = types.ModuleType("referee.dummy_action")
    module.PARAMS = [*common(), ParamSpec("dice", Kind.INT, "dice rolled", 0, 10),  # type: ignore[attr-defined]
                     *only(DW4, "a dw4 input", ParamSpec("crew", Kind.INT, "dw4: Crew rating", 0, 10))]

    def resolve_dw3(p: dict[str, Any], rs: Any, report: Any, rolled: bool) -> tuple[dict[str, Any], str]:
        return {"pool": p.get("dice", 0)}, f"{p.get('dice', 0)} dice"

    module.resolve_dw3 = resolve_dw3  # type: ignore[attr-defined]
    module.resolve_dw4 = resolve_dw3  # type: ignore[attr-defined]
    return module


@pytest.fixture
def dummy_action(monkeypatch):
    monkeypatch.setitem(sys.modules, "referee.dummy_action", _dummy_module())
    monkeypatch.setitem(ACTIONS, "dummy", Action("dummy", "A dummy action for the how-to test.", "dummy_action"))
    return "dummy"


def test_the_action_list_names_the_files(dummy_action):
    steps = _how_to("a referee action")
    for file in ("referee/<action>.py", "referee/actions.py", "bot/discord_bot/i18n.py"):
        assert file in steps


def test_a_new_action_is_served_by_the_referee_the_cli_the_api_document_and_discord(dummy_action, tmp_path,
                                                                                    monkeypatch):
    result = resolve("dummy", {"dice": 3, "crew": 4})  # dw3 by default: the dw4-only input is named
    assert result["verdict"].startswith("3 dice")
    assert "⟨crew⟩ not used: a dw4 input" in " ".join(result["notes"])
    parser = build_parser("dummy")
    assert parser.parse_args(["dummy", "--dice", "3"]).dice == "3"
    operation = openapi.referee_operation("dummy", ACTIONS["dummy"].help)(openapi.DocContext())
    assert set(operation["requestBody"]["content"]["application/json"]["schema"]["properties"]) >= {"dice", "crew"}
    bot = make_bot(tmp_path)
    assert bot.tree.get_command("dummy") is not None
    assert "/dummy" in i18n.untranslated(bot.tree)  # …until its Russian names are added:
    monkeypatch.setitem(i18n.COMMAND_NAMES_RU, "dummy", "пустышка")
    monkeypatch.setitem(i18n.COMMAND_DESCRIPTIONS_RU, "dummy", "Пустое действие.")
    assert i18n.untranslated(bot.tree) == []  # its options (description, ruleset, dice, crew) already have theirs


# -- a Discord command: a method of a cog (or a new cog added in runner.AdmiraltyBot.add_cogs) -------------

class DummyCog(commands.Cog):
    @app_commands.command(name="dummy", description="A dummy command.")
    async def dummy(self, interaction: Any) -> None:
        return None


def test_a_new_command_needs_a_cog_and_its_russian_names(tmp_path, monkeypatch):
    steps = _how_to("a Discord command")
    for file in ("bot/discord_bot/commands.py", "bot/discord_bot/runner.py", "bot/discord_bot/i18n.py"):
        assert file in steps
    bot = make_bot(tmp_path)
    run(bot.add_cog(DummyCog()))
    assert "/dummy" in i18n.untranslated(bot.tree)  # the translation test walks every command of the tree
    monkeypatch.setitem(i18n.COMMAND_NAMES_RU, "dummy", "пустышка")
    monkeypatch.setitem(i18n.COMMAND_DESCRIPTIONS_RU, "dummy", "Пустая команда.")
    assert i18n.untranslated(bot.tree) == []


# -- a document: the file in corpus/ and one entry in corpus/manifest.toml ----------------------------------

def test_a_new_document_is_read_parsed_and_makes_the_index_stale(tmp_path):
    from core.settings import Settings
    from index.chunking import chunk_sections
    from index.freshness import expected_meta
    from index.manifest import load_manifest
    from index.parsing import parse_document

    steps = _how_to("a document")
    assert "corpus/manifest.toml" in steps and "admiralty index build" in steps
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, corpus, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    (corpus / "house-rules.md").write_text("# House rules\n\n## Fog\n\nFog halves every range band.\n",
                                           encoding="utf-8")
    with (corpus / "manifest.toml").open("a", encoding="utf-8") as manifest:
        manifest.write('\n[[document]]\nid = "house-rules"\nfile = "house-rules.md"\ntitle = "House Rules"\n'
                       'game = "dystopian-wars"\nedition = "dw4-glossary"\nedition_label = "4th edition"\n'
                       'language = "en"\nformat = "markdown"\nversion = "1"\n')
    docs = load_manifest(corpus)
    doc = next(d for d in docs if d.id == "house-rules")
    chunks = chunk_sections(doc, parse_document(doc))
    assert any("Fog halves every range band." in c.text for c in chunks)
    before = expected_meta(Settings(data_dir=tmp_path), load_manifest(CORPUS_DIR))
    assert expected_meta(Settings(data_dir=tmp_path, corpus_dir=corpus), docs) != before  # a rebuild follows
