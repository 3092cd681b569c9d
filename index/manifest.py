"""The corpus manifest: which documents exist and what game/edition/language each is."""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from corpus import CORPUS_DIR
from index.errors import CorpusError, QueryError

FORMATS = ("battlescribe-cat", "caps-text", "markdown", "markdown-table")


@dataclass(frozen=True)
class DocumentInfo:
    id: str
    file: str
    title: str
    game: str
    edition: str
    edition_label: str
    language: str
    format: str
    version: str
    dedupe: bool = False
    skip_sections: tuple[str, ...] = field(default_factory=tuple)
    corpus_dir: Path = CORPUS_DIR
    lost_icons: bool = False  # the export lost die-face icons: read through corpus.icons.mark_lost_icons

    @property
    def path(self) -> Path:
        return self.corpus_dir / self.file

    def read_text(self) -> str:
        """The document's text; where its export lost die-face icons, each gap is marked (corpus.icons)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CorpusError(f"cannot read corpus file {self.file}: {exc}") from exc
        if self.lost_icons:
            from corpus.icons import mark_lost_icons

            text = mark_lost_icons(text)
        return text

    def sha256(self) -> str:
        try:
            return hashlib.sha256(self.path.read_bytes()).hexdigest()
        except OSError as exc:
            raise CorpusError(f"cannot read corpus file {self.file}: {exc}") from exc

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("corpus_dir")
        data["skip_sections"] = list(self.skip_sections)
        return data


_REQUIRED = ("id", "file", "title", "game", "edition", "edition_label", "language", "format", "version")


def load_manifest(corpus_dir: Path | None = None) -> list[DocumentInfo]:
    """Read manifest.toml; a malformed entry is a CorpusError naming the entry and field."""
    corpus_dir = corpus_dir or CORPUS_DIR
    path = corpus_dir / "manifest.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CorpusError(f"cannot read corpus manifest {path.name}: {exc}") from exc
    docs: list[DocumentInfo] = []
    for n, entry in enumerate(raw.get("document", []), start=1):
        missing = [key for key in _REQUIRED if not entry.get(key)]
        if missing:
            raise CorpusError(f"manifest entry {n} is missing {', '.join(missing)}")
        if entry["format"] not in FORMATS:
            raise CorpusError(f"manifest entry {entry['id']}: unknown format {entry['format']!r}")
        docs.append(
            DocumentInfo(
                **{key: entry[key] for key in _REQUIRED},
                dedupe=bool(entry.get("dedupe", False)),
                skip_sections=tuple(entry.get("skip_sections", ())),
                corpus_dir=corpus_dir,
                lost_icons=bool(entry.get("lost_icons", False)),
            )
        )
    ids = [doc.id for doc in docs]
    if len(set(ids)) != len(ids):
        raise CorpusError("manifest has duplicate document ids")
    return docs


# Names players use for an edition or game -> canonical id (filters and routing).
EDITION_ALIASES: dict[str, str] = {
    "dw4": "dw4-glossary", "v4": "dw4-glossary", "4e": "dw4-glossary", "4th": "dw4-glossary",
    # Bare numbers, as the API docs promise ("edition": "3" or "4"); "3" is the 3.03 rulebook, like "dw3".
    "4": "dw4-glossary", "4.0": "dw4-glossary", "3": "dw3-rulebook", "3e": "dw3-rulebook",
    "3rd": "dw3-rulebook", "v3": "dw3-rulebook",
    "glossary": "dw4-glossary",
    "dw3-qrs": "dw3-quick-reference", "qrs": "dw3-quick-reference", "quick-reference": "dw3-quick-reference",
    "dw3-rulebook-ru": "dw3-rulebook", "3.03": "dw3-rulebook", "rulebook": "dw3-rulebook",
    "dw3": "dw3-rulebook", "ru": "dw3-rulebook",
    "dust": "dust-warfare", "usr": "usr", "skirmish": "usr",
}
GAME_ALIASES: dict[str, str] = {
    "dw": "dystopian-wars", "dystopian": "dystopian-wars", "dust": "dust-warfare",
    "usr": "skirmish-usr", "skirmish": "skirmish-usr",
}


def _resolve(value: str | None, known: set[str], aliases: dict[str, str], field_name: str) -> str | None:
    if value is None or value == "":
        return None
    key = value.strip().lower()
    if key in known:
        return key
    if key in aliases and aliases[key] in known:
        return aliases[key]
    raise QueryError(f"unknown {field_name} {value!r}; choose one of: {', '.join(_with_short_names(known, aliases))}",
                     field_name)


def _with_short_names(known: set[str], aliases: dict[str, str]) -> list[str]:
    """Each id with the short name players type for it: "dw4 (dw4-glossary)", "qrs (dw3-quick-reference)"."""
    out = []
    for name in sorted(known):
        short = sorted((a for a, target in aliases.items() if target == name and len(a) < len(name)
                        and any(ch.isalpha() for ch in a)), key=lambda a: (not a.startswith("dw"), len(a), a))
        out.append(f"{short[0]} ({name})" if short else name)
    return out


def resolve_edition(value: str | None, docs: list[DocumentInfo]) -> str | None:
    return _resolve(value, {d.edition for d in docs}, EDITION_ALIASES, "edition")


def resolve_game(value: str | None, docs: list[DocumentInfo]) -> str | None:
    return _resolve(value, {d.game for d in docs}, GAME_ALIASES, "game")


def resolve_language(value: str | None, docs: list[DocumentInfo]) -> str | None:
    return _resolve(value, {d.language for d in docs}, {"english": "en", "russian": "ru"}, "lang")
