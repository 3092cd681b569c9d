"""The player's language in the referee (issue 21): chosen by the front end, not guessed from a
description. Numbers typed in fields with `lang="ru"` give Russian verdicts, notes, assumptions,
steps and errors; every message written in the referee has its Russian text beside the English."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import Admiralty
from core.errors import UserInputError
from core.messages import CATALOGUE, error_text
from referee.api import resolve
from tests.test_referee_contract import CASES, ERRORS

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
REFEREE = Path(__file__).resolve().parents[1] / "referee"


def _texts(r: dict) -> list[str]:
    steps = r.get("steps", r.get("trace", []))
    return [r["verdict"], *r["assumptions"], *r["notes"], *(s["detail"] for s in steps)]


def _english_only(texts: list[str]) -> list[str]:
    return [t for t in texts if LATIN_WORD.search(t) and not CYRILLIC.search(t)]


@pytest.mark.parametrize(("action", "params"), CASES, ids=[f"{a}-{i}" for i, (a, _) in enumerate(CASES)])
def test_fields_only_with_lang_ru_get_no_english_only_sentence(action, params):
    params = {k: v for k, v in params.items() if k != "description"}
    r = resolve(action, params, lang="ru")
    assert r["lang"] == "ru"
    assert _english_only(_texts(r)) == []


@pytest.mark.parametrize(("action", "params"), CASES[:3], ids=[f"{a}-{i}" for i, (a, _) in enumerate(CASES[:3])])
def test_the_players_language_beats_the_descriptions(action, params):
    """A Russian player who types the description in English still reads Russian, and the other way round."""
    english_text = {k: v for k, v in params.items() if k != "description"}
    assert resolve(action, {**english_text, "description": "in English"}, lang="ru")["lang"] == "ru"
    assert resolve(action, {**english_text, "description": "по-русски"}, lang="en")["lang"] == "en"
    assert resolve(action, {**english_text, "description": "по-русски"})["lang"] == "ru"  # none chosen: the text's


@pytest.mark.parametrize(("action", "params"), ERRORS, ids=[f"{a}-{i}" for i, (a, _) in enumerate(ERRORS)])
def test_errors_come_in_russian(action, params):
    with pytest.raises(UserInputError) as info:
        resolve(action, params, lang="ru")
    message = error_text(info.value, "ru")
    assert CYRILLIC.search(message), message
    assert error_text(info.value, "en") == str(info.value) and not CYRILLIC.search(str(info.value))


REPORT_CALLS = {"say": 2, "assume": 2, "note": 2, "warn": 2}


def _literal(node: ast.expr) -> bool:
    return isinstance(node, (ast.Constant, ast.JoinedStr))


def test_every_message_written_in_the_referee_has_its_russian_text():
    """Report.say/assume/note/warn(en, ru) and Report.step(..., ru=): a literal English text without
    its Russian one would reach a Russian player in English."""
    missing = []
    for path in sorted(REFEREE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            name, keywords = node.func.attr, {k.arg for k in node.keywords}
            if name in REPORT_CALLS and node.args and _literal(node.args[0]) and len(node.args) < 2 \
                    and "ru" not in keywords:
                missing.append(f"{path.name}:{node.lineno} {name}")
            if name == "step" and len(node.args) >= 2 and _literal(node.args[1]) and "ru" not in keywords:
                detail = node.args[1]
                words = "".join(v.value for v in getattr(detail, "values", [detail]) if isinstance(v, ast.Constant))
                if LATIN_WORD.search(str(words)):
                    missing.append(f"{path.name}:{node.lineno} step")
    assert missing == []


def test_every_step_the_referee_names_has_a_russian_label():
    """A step's name heads its line in Discord and the CLI: each literal name has its Russian label."""
    from referee.labels import STEP_LABELS_RU

    names = {node.args[0].value for path in REFEREE.glob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step"
             and node.args and isinstance(node.args[0], ast.Constant)}
    assert len(names) > 30
    assert sorted(names - set(STEP_LABELS_RU)) == []
    r = resolve("attack", {"dice": 12, "armour": 4, "citadel": 7}, lang="ru")
    assert r["steps"][0]["step"] == "pool" and r["steps"][0]["label"] == "набор кубов"


def test_an_english_player_is_cited_the_english_text_and_a_russian_player_the_book():
    """dw3 follows the Russian 3.03 book: an English player also gets the quick reference's English
    text of the same rule (first), a Russian player the book only; each names its document."""
    params = {"dice": 12, "armour": 5, "citadel": 8}
    english = [(c["document_title"], c["section"]) for c in resolve("attack", params, lang="en")["citations"]]
    russian = [(c["document_title"], c["section"]) for c in resolve("attack", params, lang="ru")["citations"]]
    assert english[0] == ("Dystopian Wars Quick Reference", "1. DETERMINE ACTION DICE")
    assert set(russian) < set(english)
    assert {title for title, _ in russian} == {"Dystopian Wars Rulebook (Russian translation)"}
    qrs = resolve("attack", {**params, "ruleset": "dw3-qrs"}, lang="en")["citations"]
    assert {c["document_title"] for c in qrs} == {"Dystopian Wars Quick Reference"}  # no twin of its own


def test_every_error_written_in_the_referee_has_its_russian_text():
    """InputError("…", field, ru="…"): a literal English error without its Russian would reach a Russian
    player in English (a message passed in as a value, such as a registry refusal, is said where written)."""
    missing = []
    for path in sorted(REFEREE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "InputError" and node.args \
                    and _literal(node.args[0]) and "ru" not in {k.arg for k in node.keywords}:
                missing.append(f"{path.name}:{node.lineno}")
    assert missing == []


@pytest.mark.parametrize(("action", "description"), [
    ("attack", "10 кубов"),  # the referee's own refusal: no Armour
    ("attack", "Бородино стреляет по Ловеласу"),  # the unit profiles' refusal: which weapon
])
def test_with_no_language_chosen_a_refusal_follows_the_russian_description(action, description, tmp_path,
                                                                          monkeypatch, capsys):
    """ARCHITECTURE: "without one the referee follows the language of the free-text description" —
    its one-line refusals as well as its answers, in the service and in the CLI."""
    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(tmp_path))
    with pytest.raises(UserInputError) as info:
        Admiralty().referee(action, {"description": description})
    assert CYRILLIC.search(error_text(info.value, None)), error_text(info.value, None)
    assert not CYRILLIC.search(error_text(info.value, "en").replace(description, ""))  # a chosen language wins
    assert main([action, description]) == 2
    line = capsys.readouterr().err
    assert CYRILLIC.search(line.replace(description, "")), line


@pytest.mark.parametrize(("action", "description"), [
    ("assault", "assault w/ fray 7, 2 escorts, target citadel 9 adv 3"),  # whose escorts? asked, never guessed
    ("attack", "armour 5 armour 6 lead 8"),  # one input given twice
    ("attack", "lead 800 armour 5"),  # a value over its limit
    ("attack", "lead 8 armour 6,4,3"),  # a list where one number goes
])
def test_a_question_about_the_description_is_in_the_players_language(action, description):
    """README: `--lang ru` gives "… and errors in Russian" — whatever language the description is typed in."""
    with pytest.raises(UserInputError) as info:
        resolve(action, {"description": description}, lang="ru")
    assert CYRILLIC.search(error_text(info.value, "ru").replace(description, "")), error_text(info.value, "ru")
    assert error_text(info.value, "ru").startswith("описание: ")
    assert error_text(info.value, "en").startswith("description: ")


@pytest.mark.parametrize(("action", "params"), [
    ("broadside", {"description": "dw4 broadside 6 vs hull 8", "ruleset": "dw4"}),  # ⟨face_damage⟩, a dict
    ("srs", {"description": "srs: 6 tokens vs ADV 3, armour 5, citadel 9, mass 3, hull 8"}),  # Weight of Fire
    *CASES,
], ids=lambda value: value if isinstance(value, str) else "")
def test_every_row_of_the_understood_box_has_its_russian_label(action, params):
    """labels.py: "What each referee input is called in the player's language" — every row, every key of
    a row's value, never the input's English name shown to a Russian player."""
    inputs = resolve(action, params, lang="ru")["inputs"]
    named = [*inputs, *(k for v in inputs.values() if isinstance(v, dict) for k in v)]
    assert [name for name in named if f"input.{name}" not in CATALOGUE] == []
