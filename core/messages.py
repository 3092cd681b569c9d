"""The message catalogue: every user-facing sentence declared once, in English and Russian.

Why: a player's language is chosen once per request (Discord locale, the page's language, HTTP
`lang` or `Accept-Language`, CLI `--lang`) and every text the answer carries must follow it. Texts
are templates with named parameters (`{n}`, `{name}`), never words spliced into a sentence, and a
count that changes a word takes a `Plural`: English has two forms, Russian three (1 куб, 2 куба,
5 кубов). Each package declares its own messages with `declare` in one module; `text(key, lang,
**params)` renders one. tests/test_messages.py walks the whole catalogue: a message without its
Russian text, or whose two texts take different parameters, fails.
"""
from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field

LANGS = ("en", "ru")
DEFAULT_LANG = "en"


@dataclass(frozen=True)
class Plural:
    """Forms chosen by the integer parameter `count`: English (one, other), Russian (one, few, many)."""

    count: str
    forms: tuple[str, ...]


Text = str | Plural


@dataclass(frozen=True)
class Message:
    key: str
    en: Text
    ru: Text

    def template(self, lang: str) -> Text:
        return self.ru if lang == "ru" else self.en


CATALOGUE: dict[str, Message] = {}


@dataclass(frozen=True)
class Phrase:
    """A catalogue message used as a parameter of another (a type name inside an error, say):
    rendered in the same language as the message around it."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)


def declare(messages: Mapping[str, tuple[Text, Text]]) -> None:
    """Add `{key: (english, russian)}` to the catalogue. A key is declared once: the same key
    with other texts is a programming error, caught at import."""
    for key, (en, ru) in messages.items():
        message = Message(key, en, ru)
        known = CATALOGUE.get(key)
        if known is not None and known != message:
            raise ValueError(f"message {key!r} is declared twice with different texts")
        CATALOGUE[key] = message


def plural_form(lang: str, n: int) -> int:
    """The index of the form a count takes (CLDR rules for integers)."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def text(key: str, lang: str | None = DEFAULT_LANG, /, **params: object) -> str:
    """The message `key` in `lang` (English for anything else) with its parameters filled in."""
    lang = normalise_lang(lang) or DEFAULT_LANG
    chosen = CATALOGUE[key].template(lang)
    if isinstance(chosen, Plural):
        count = params[chosen.count]
        chosen = chosen.forms[plural_form(lang, int(count) if isinstance(count, (int, float)) else 0)]
    shown = {name: text(value.key, lang, **value.params) if isinstance(value, Phrase) else value
             for name, value in params.items()}
    return chosen.format(**shown)


def error_text(error: BaseException, lang: str | None = DEFAULT_LANG) -> str:
    """A user error in the player's language: from the catalogue when it was raised with a
    message key (`UserInputError(..., key=, params=)`), else its own (English) text. Without a
    player's language (None), the language of the request it answers (`error.lang`), else English."""
    lang = lang or getattr(error, "lang", None)
    key = getattr(error, "key", None)
    if isinstance(key, str) and key in CATALOGUE:
        return text(key, lang, **dict(getattr(error, "params", None) or {}))
    russian = getattr(error, "ru", None)
    if normalise_lang(lang) == "ru" and isinstance(russian, str) and russian:
        return russian
    return str(error)


_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def text_lang(text: object) -> str | None:
    """"ru" for a text a player wrote in Cyrillic (a question, a description, a unit's name), else None
    (the caller's default): with no language chosen, a player is answered in the language they wrote."""
    return "ru" if isinstance(text, str) and _CYRILLIC.search(text) else None


def normalise_lang(value: object) -> str | None:
    """"ru" or "en" for a language tag ("ru", "ru-RU", "en_GB", "RU"); None for anything else."""
    if not isinstance(value, str):
        return None
    primary = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGS else None


_ACCEPT_ITEM = re.compile(r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?\s*$")


def accept_language(header: str | None) -> str | None:
    """The supported language a browser or client prefers most (RFC 9110 `Accept-Language`,
    q-values honoured, order breaking ties); None when it names none we speak."""
    if not header:
        return None
    best: tuple[float, int, str] | None = None
    for position, item in enumerate(header.split(",")[:32]):
        match = _ACCEPT_ITEM.match(item)
        if not match:
            continue
        lang = normalise_lang(match.group(1))
        try:
            quality = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        if lang is None or quality <= 0:
            continue
        candidate = (-quality, position, lang)
        if best is None or candidate < best:
            best = candidate
    return best[2] if best else None


def choose_lang(*candidates: object) -> str:
    """The first supported language among the candidates, in the caller's order of preference."""
    for candidate in candidates:
        lang = normalise_lang(candidate)
        if lang:
            return lang
    return DEFAULT_LANG


def fields(template: Text) -> set[str]:
    """The parameter names a template (or every form of a plural) uses."""
    forms = template.forms if isinstance(template, Plural) else (template,)
    names = {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}
    if isinstance(template, Plural):
        names.add(template.count)
    return names
