"""The per-server settings: one `ParamSpec` per key, and the `GuildSettings` a lookup returns.

Semantics, applied only when the user leaves the matching option empty:
- `ruleset` (dw3 | dw3-qrs | dw4): the ruleset of `/attack`, `/assault`, `/ram`.
- `game`: the `game` filter of `/ask` (a manifest game id; aliases such as `dw` accepted).
- `edition`: the default edition of `/ask` (a manifest edition; `dw4`, `qrs`, `3.03` accepted).
- `language` (en | ru): the passage-language filter of `/ask`; unset means "any language".
- `locale` (en | ru): the language the bot speaks in (interface and answers).
Values are stored in their canonical form (`dw4` is stored as `dw4-glossary`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from bot.store.errors import SettingValueError
from core.errors import UserInputError
from core.params import Kind, ParamSpec, coerce
from index.manifest import DocumentInfo, resolve_edition, resolve_game

RULESETS = ("dw3", "dw3-qrs", "dw4")
LANGUAGES = ("en", "ru")
LOCALES = ("en", "ru")

SETTING_SPECS: tuple[ParamSpec, ...] = (
    ParamSpec("ruleset", Kind.CHOICE, "Default ruleset of /attack, /assault and /ram", choices=RULESETS),
    ParamSpec("game", Kind.TEXT, "Default game filter of /ask (a game id from /sources)", max_length=40),
    ParamSpec("edition", Kind.TEXT, "Default edition of /ask (an edition from /sources, or dw4, qrs, 3.03)",
              max_length=40),
    ParamSpec("language", Kind.CHOICE, "Only answer /ask from passages in this language", choices=LANGUAGES),
    ParamSpec("locale", Kind.CHOICE, "The language the bot answers in", choices=LOCALES),
)
SETTING_KEYS: tuple[str, ...] = tuple(spec.name for spec in SETTING_SPECS)
_BY_NAME = {spec.name: spec for spec in SETTING_SPECS}


@dataclass(frozen=True)
class GuildSettings:
    """A server's effective settings (a channel's own values already applied); None = not set."""

    guild_id: int
    ruleset: str | None = None
    game: str | None = None
    edition: str | None = None
    language: str | None = None
    locale: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def check_key(key: object) -> str:
    """The setting's name, or a `SettingValueError` listing the known names."""
    name = key.strip().lower().replace("-", "_") if isinstance(key, str) else ""
    if name not in _BY_NAME:
        shown = repr(key)[:40]
        raise SettingValueError(f"unknown setting {shown}; the settings are: {', '.join(SETTING_KEYS)}", "key")
    return name


def check_value(key: str, value: object, docs: Sequence[DocumentInfo]) -> str:
    """`value` for setting `key` in canonical form, or a `SettingValueError` naming the allowed values."""
    spec = _BY_NAME[check_key(key)]
    try:
        text = str(coerce(spec, value))
        if spec.name == "game":
            return _canonical(resolve_game(text, list(docs)), spec.name)
        if spec.name == "edition":
            return _canonical(resolve_edition(text, list(docs)), spec.name)
        return text
    except SettingValueError:
        raise
    except UserInputError as exc:
        raise SettingValueError(f"setting {spec.name!r}: {exc}", spec.name, code=exc.code) from None


def _canonical(value: str | None, name: str) -> str:
    if value is None:  # resolve_* returns None only for an empty value, which coerce already refused
        raise SettingValueError(f"setting {name!r} must not be empty", name)
    return value


def settings_from_values(guild_id: int, values: dict[str, str]) -> GuildSettings:
    return GuildSettings(guild_id, **{key: values.get(key) for key in SETTING_KEYS})
