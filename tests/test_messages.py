"""The message catalogue (issue 21): every user-facing message declared once with English and
Russian texts taking the same parameters, Russian plural forms, and the player's language
chosen from a request the way browsers and clients send it."""
from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

from core.messages import CATALOGUE, Plural, accept_language, choose_lang, fields, plural_form, text

ROOT = Path(__file__).resolve().parents[1]
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Words a Russian text may keep in Latin letters: JSON words, abbreviations the Russian book prints
# as they are (SRS, ADV), and the probability sign P(...).
LATIN_KEPT = re.compile(r"\b(?:true|false|null|Unicode|U\+[0-9A-F]+|params|[A-Z]{2,}|P)\b")


def _import_every_module() -> None:
    """Messages are declared by the modules that use them: import them all (no front-end servers)."""
    for package in ("core", "index", "referee", "units", "bot"):
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            if info.name.startswith("bot.http.referee_child") or info.name.endswith("__main__"):
                continue
            importlib.import_module(info.name)


def _forms(template: str | Plural) -> tuple[str, ...]:
    return template.forms if isinstance(template, Plural) else (template,)


def test_every_message_has_russian_with_the_same_parameters() -> None:
    _import_every_module()
    assert len(CATALOGUE) >= 30
    problems = []
    for key, message in sorted(CATALOGUE.items()):
        if fields(message.en) != fields(message.ru):
            problems.append(f"{key}: parameters differ {sorted(fields(message.en))} vs {sorted(fields(message.ru))}")
        for form in _forms(message.ru):
            words = LATIN_KEPT.sub("", re.sub(r"\{[a-z_]+\}", "", form))
            if re.search(r"[A-Za-z]{3,}", words) and not CYRILLIC.search(form):
                problems.append(f"{key}: no Russian text: {form!r}")
            elif not form.strip() and _forms(message.en)[0].strip():
                problems.append(f"{key}: empty Russian text")
        if isinstance(message.ru, Plural) and len(message.ru.forms) != 3:
            problems.append(f"{key}: Russian plurals take three forms (one, few, many)")
        if isinstance(message.en, Plural) and len(message.en.forms) != 2:
            problems.append(f"{key}: English plurals take two forms (one, other)")
    assert problems == []


@pytest.mark.parametrize(("n", "form"), [(1, 0), (21, 0), (101, 0), (2, 1), (4, 1), (22, 1), (5, 2), (11, 2),
                                         (12, 2), (14, 2), (0, 2), (111, 2), (25, 2)])
def test_russian_plural_forms_follow_the_cldr_rule(n: int, form: int) -> None:
    """CLDR, Russian integers: one — n%10=1 and n%100≠11; few — n%10=2..4 and n%100≠12..14; many — the rest."""
    assert plural_form("ru", n) == form


def test_a_count_picks_its_russian_form() -> None:
    from core.messages import error_text
    from core.params import Kind, ParamError, ParamSpec, coerce

    spec = ParamSpec("term", Kind.TEXT, "a rule name", max_length=20)
    with pytest.raises(ParamError) as caught:
        coerce(spec, "x" * 21)
    assert error_text(caught.value, "ru") == "«term»: 21 символ, а можно не больше 20."
    assert error_text(caught.value, "en") == "'term' is 21 characters long; the limit is 20."
    with pytest.raises(ParamError) as caught:
        coerce(ParamSpec("term", Kind.TEXT, "a rule name", max_length=20), "x" * 25)
    assert error_text(caught.value, "ru") == "«term»: 25 символов, а можно не больше 20."


def test_an_error_about_a_type_names_the_type_in_the_players_language() -> None:
    from core.messages import error_text
    from core.params import Kind, ParamError, ParamSpec, coerce

    with pytest.raises(ParamError) as caught:
        coerce(ParamSpec("dice", Kind.INT, "dice", minimum=0, maximum=200), True, strict=True)
    assert error_text(caught.value, "ru") == "«dice» должно быть целым числом, а не логическое значение."
    assert str(caught.value) == "'dice' must be a whole number, not a boolean."


@pytest.mark.parametrize(("header", "lang"), [
    ("ru", "ru"), ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"), ("en-GB,en;q=0.9,ru;q=0.8", "en"),
    ("de-DE,de;q=0.9,ru;q=0.5", "ru"), ("fr", None), ("", None), (None, None), ("ru;q=0, en;q=0.1", "en"),
    ("en;q=0.5, ru;q=0.8", "ru"), ("*", None), ("ru;q=abc", None), ("ru_RU", "ru"),
])
def test_accept_language_picks_the_preferred_language_we_speak(header: str | None, lang: str | None) -> None:
    """RFC 9110 §12.5.4: q-values rank the tags; q=0 means "not acceptable"."""
    assert accept_language(header) == lang


def test_the_first_language_given_wins() -> None:
    assert choose_lang(None, "RU-ru", "en") == "ru"
    assert choose_lang("xx", None) == "en"


def test_a_key_is_declared_once() -> None:
    from core.messages import declare

    declare({"test.once": ("one", "один")})
    declare({"test.once": ("one", "один")})  # the same declaration again (a re-import) is harmless
    with pytest.raises(ValueError, match="declared twice"):
        declare({"test.once": ("other", "другой")})
    del CATALOGUE["test.once"]
    assert text("param.empty", "ru", name="term") == "«term» не может быть пустым."


def test_numbers_are_rounded_once_without_float_noise() -> None:
    """Issue 21: "HTTP numbers carry float noise (11.999999999997456)"."""
    from core.numbers import tidy

    assert tidy({"expected": 11.999999999997456, "p": [0.1 + 0.2, 3.2e-14], "n": 3, "s": "x"}) == \
        {"expected": 12.0, "p": [0.3, 3.2e-14], "n": 3, "s": "x"}


def test_a_referee_result_has_no_float_noise() -> None:
    from bot.service import Admiralty

    def floats(value: object) -> list[float]:
        if isinstance(value, float):
            return [value]
        if isinstance(value, dict):
            return [f for item in value.values() for f in floats(item)]
        if isinstance(value, list):
            return [f for item in value for f in floats(item)]
        return []

    result = Admiralty().referee("attack", {"dice": 21, "armour": 6, "citadel": 9, "quality": ["devastating"]})
    numbers = floats(result)
    assert numbers and all(float(f"{f:.10g}") == f for f in numbers)


def test_an_unknown_edition_lists_the_short_names_players_type() -> None:
    from index.manifest import load_manifest, resolve_edition

    with pytest.raises(ValueError) as caught:
        resolve_edition("dw5", load_manifest())
    message = str(caught.value)
    assert "dw3 (dw3-rulebook)" in message and "dw4 (dw4-glossary)" in message
    assert resolve_edition("dw4", load_manifest()) == "dw4-glossary"  # and the short name works
