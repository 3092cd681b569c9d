"""The corpus manifest: which documents exist, what game/edition/language each is, and the
names players use for them (filter aliases, the phrases that route a question to an edition).
Every name is declared in corpus/manifest.toml, so a new document is routed without code changes."""
from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import asdict, dataclass, field
from functools import lru_cache
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
    aliases: tuple[str, ...] = field(default_factory=tuple)  # other names of `edition` for filters
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
        data["aliases"] = list(self.aliases)
        return data


_REQUIRED = ("id", "file", "title", "game", "edition", "edition_label", "language", "format", "version")


def _version(corpus_dir: Path) -> tuple[int, int]:
    """(modification time, size) of the manifest: the cache key of one version of the file."""
    try:
        stat = (corpus_dir / "manifest.toml").stat()
    except OSError as exc:
        raise CorpusError(f"cannot read corpus manifest manifest.toml: {exc}") from exc
    return stat.st_mtime_ns, stat.st_size


def _read_toml(corpus_dir: Path) -> dict[str, Any]:
    return _parse_toml(corpus_dir, _version(corpus_dir))


@lru_cache(maxsize=8)
def _parse_toml(corpus_dir: Path, version: tuple[int, int]) -> dict[str, Any]:
    """Parsed once per version of the file."""
    path = corpus_dir / "manifest.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CorpusError(f"cannot read corpus manifest {path.name}: {exc}") from exc


def load_manifest(corpus_dir: Path | None = None) -> list[DocumentInfo]:
    """Read manifest.toml; a malformed entry is a CorpusError naming the entry and field."""
    corpus_dir = corpus_dir or CORPUS_DIR
    raw = _read_toml(corpus_dir)
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
                aliases=tuple(str(a).lower() for a in entry.get("aliases", ())),
                corpus_dir=corpus_dir,
                lost_icons=bool(entry.get("lost_icons", False)),
            )
        )
    ids = [doc.id for doc in docs]
    if len(set(ids)) != len(ids):
        raise CorpusError("manifest has duplicate document ids")
    return docs


@dataclass(frozen=True)
class Route:
    """A phrase that names editions inside a question ("3rd ed" -> both 3rd-edition documents)."""

    pattern: re.Pattern[str]
    editions: frozenset[str]
    # A phrase asking what changed between editions ("did they change", "раньше … а сейчас"): it
    # adds its editions to those the question names instead of naming one, and stays in the text.
    compares: bool = False


@dataclass(frozen=True)
class CorpusNames:
    """The names the manifest declares: filter aliases of editions and games, and routes."""

    edition_aliases: dict[str, str]
    game_aliases: dict[str, str]
    routes: tuple[Route, ...]
    other_games: re.Pattern[str] | None  # names of games the corpus does not hold
    game_phrases: tuple[tuple[str, re.Pattern[str]], ...] = ()  # (game id, a phrase naming it)
    # other games named in passing (where a player's words come from): cut from an English question
    # that names an edition, and Russian nicknames cut from every question (manifest [other_games])
    games_in_passing: re.Pattern[str] | None = None
    games_in_passing_ru: re.Pattern[str] | None = None


def corpus_names(corpus_dir: Path | None = None) -> CorpusNames:
    """The manifest's names for editions and games (parsed once per version of the file)."""
    corpus_dir = corpus_dir or CORPUS_DIR
    return _names(corpus_dir, _version(corpus_dir))


@lru_cache(maxsize=8)
def _names(corpus_dir: Path, version: tuple[int, int]) -> CorpusNames:
    raw = _parse_toml(corpus_dir, version)
    docs = load_manifest(corpus_dir)
    editions = {doc.edition for doc in docs}
    edition_aliases: dict[str, str] = {}
    for doc in docs:
        for alias in doc.aliases:
            edition_aliases.setdefault(alias, doc.edition)
    game_aliases = {str(a).lower(): str(g["id"]) for g in raw.get("game", []) for a in g.get("aliases", ())}
    routes: list[Route] = []
    for table, compares in (("route", False), ("comparison", True)):
        for n, entry in enumerate(raw.get(table, []), start=1):
            named = frozenset(str(e) for e in entry.get("editions", ()))
            unknown = sorted(named - editions)
            if unknown or not named:
                listed = ", ".join(unknown) or "(none)"
                raise CorpusError(f"manifest {table} {n} names no edition of the corpus: {listed}")
            for phrase in entry.get("phrases", ()):
                try:
                    routes.append(Route(re.compile(phrase, re.IGNORECASE), named, compares))
                except re.error as exc:
                    raise CorpusError(f"manifest {table} {n}: bad phrase {phrase!r}: {exc}") from exc
    game_phrases: list[tuple[str, re.Pattern[str]]] = []
    for entry in raw.get("game", []):
        for phrase in entry.get("phrases", ()):
            try:
                game_phrases.append((str(entry["id"]), re.compile(phrase, re.IGNORECASE)))
            except re.error as exc:
                raise CorpusError(f"manifest game {entry['id']}: bad phrase {phrase!r}: {exc}") from exc
    listed = raw.get("other_games", {})
    others = [str(p) for p in listed.get("phrases", ())]
    in_passing = [str(p) for p in listed.get("in_passing", ())]
    return CorpusNames(edition_aliases, game_aliases, tuple(routes), _one_pattern(others, "phrases"),
                       tuple(game_phrases), _one_pattern(in_passing + others, "in_passing"),
                       _one_pattern([str(p) for p in listed.get("in_passing_ru", ())], "in_passing_ru"))


def _one_pattern(phrases: list[str], key: str) -> re.Pattern[str] | None:
    """The manifest's phrases as one pattern (case ignored; the first listed wins where two match)."""
    try:
        return re.compile("|".join(f"(?:{p})" for p in phrases), re.IGNORECASE) if phrases else None
    except re.error as exc:
        raise CorpusError(f"manifest other_games {key}: bad phrase: {exc}") from exc


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


def _corpus_dir(docs: list[DocumentInfo]) -> Path:
    return docs[0].corpus_dir if docs else CORPUS_DIR


def resolve_edition(value: str | None, docs: list[DocumentInfo]) -> str | None:
    if value is None or value == "":  # none asked: the manifest's names (and route patterns) stay unread
        return None
    aliases = corpus_names(_corpus_dir(docs)).edition_aliases
    return _resolve(value, {d.edition for d in docs}, aliases, "edition")


def resolve_game(value: str | None, docs: list[DocumentInfo]) -> str | None:
    return _resolve(value, {d.game for d in docs}, corpus_names(_corpus_dir(docs)).game_aliases, "game")


def resolve_language(value: str | None, docs: list[DocumentInfo]) -> str | None:
    return _resolve(value, {d.language for d in docs}, {"english": "en", "russian": "ru"}, "lang")
