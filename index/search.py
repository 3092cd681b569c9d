"""Answer a question: lexical (stemmed BM25 over FTS5) + dense (FAISS), fused, routed, filtered.

Measured on the dev set (see bench/retrieval.py): an English-only model must not vote on
Cyrillic questions, and an edition the question names is applied before the lists are cut.
"""
from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from index.build import ensure_index
from index.config import DEFAULT_MODEL, Settings
from index.errors import QueryError
from index.manifest import DocumentInfo, load_manifest, resolve_edition, resolve_game, resolve_language
from index.routing import named_editions
from index.store import DB_NAME, VECTORS_NAME, open_db
from index.termmap import load_synonyms
from index.text import is_cyrillic, normalise, stems

MAX_QUESTION_CHARS = 500
MAX_K = 50
RRF_K = 60
CANDIDATES = 100
MODES = ("hybrid", "lexical", "dense")
TYPO_MIN_CHARS = 8  # stems this long also match spellings up to two edits away, even when known
TITLE_WEIGHT = 3.0  # a word in a rule's own heading is stronger evidence than one in its body


@dataclass
class Hit:
    rank: int
    score: float
    chunk_id: str
    document: str
    document_title: str
    game: str
    edition: str
    edition_label: str
    language: str
    section: str
    text: str


@dataclass
class AskResult:
    question: str
    results: list[Hit] = field(default_factory=list)
    routed_editions: list[str] = field(default_factory=list)
    editions_disagree: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "results": [asdict(h) for h in self.results],
            "routed_editions": self.routed_editions,
            "editions_disagree": self.editions_disagree,
        }


def validate_question(question: object) -> str:
    if not isinstance(question, str):
        raise QueryError("the question must be text", "question")
    text = " ".join(question.split())
    if not text:
        raise QueryError("the question is empty", "question")
    if len(text) > MAX_QUESTION_CHARS:
        raise QueryError(f"the question is {len(text)} characters; the limit is {MAX_QUESTION_CHARS}", "question")
    return text


def validate_k(k: object) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise QueryError(f"k must be a whole number from 1 to {MAX_K}", "k")
    return k


class Searcher:
    """Loads the index and the model once; `ask` is safe to call from several threads."""

    def __init__(self, settings: Settings, progress: bool = True) -> None:
        import faiss

        from index.embed import Embedder

        self.settings = settings
        build = ensure_index(settings, progress=progress)
        self.docs: dict[str, DocumentInfo] = {d.id: d for d in load_manifest(settings.corpus_dir)}
        self._db = open_db(build / DB_NAME, readonly=True)
        self._lock = threading.Lock()
        rows = list(self._db.query("select row, chunk_id, document, game, edition, language, section, text from chunks order by row"))
        self.rows = rows
        self._game = np.array([r["game"] for r in rows])
        self._edition = np.array([r["edition"] for r in rows])
        self._language = np.array([r["language"] for r in rows])
        self._vectors = faiss.read_index(str(build / VECTORS_NAME))
        self._embedder = Embedder(settings)
        self._expansions = [(stems(k, keep_stopwords=True), v) for k, v in load_synonyms().expansions.items()]
        self._vocabulary = {term for (term,) in self._db.execute("select term from lexical_vocab").fetchall()}
        self._vocabulary_list = sorted(self._vocabulary)
        self.multilingual = settings.model != DEFAULT_MODEL and "multilingual" in settings.model.lower()
        self.build_dir: Path = build

    # -- candidate lists -------------------------------------------------
    def _lexical(self, question: str, allowed: np.ndarray) -> list[int]:
        terms = self._query_stems(question)
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in dict.fromkeys(terms))
        with self._lock:
            ranked = [r[0] for r in self._db.execute(
                "select rowid from lexical where lexical match ? order by bm25(lexical, ?, 1.0) limit ?",
                [match, TITLE_WEIGHT, CANDIDATES * 4],
            ).fetchall()]
        return [r for r in ranked if allowed[r]][:CANDIDATES]

    def _dense(self, question: str, allowed: np.ndarray) -> list[int]:
        vector = self._embedder.query(question)
        _, ids = self._vectors.search(vector.reshape(1, -1), self._vectors.ntotal)
        ranked = ids[0][ids[0] >= 0]
        return ranked[allowed[ranked]][:CANDIDATES].tolist()

    def _query_stems(self, question: str) -> list[str]:
        """Stems of the question, plus rule words for player words (one way, matched on
        stems so every inflection counts), plus spellings the books use that are one edit
        away (two for stems of 8+ letters): typos on either side, "peircing", "Деорганизации"."""
        base = stems(question)
        extra: list[str] = []
        present = set(base)
        for key, words in self._expansions:
            if key and key[0] in present and _contains_run(base, key):
                extra += [s for w in words for s in stems(w)]
        for stem in base:
            if len(stem) >= TYPO_MIN_CHARS or stem not in self._vocabulary:
                extra += self._near_spellings(stem)
        return list(dict.fromkeys([*base, *extra]))

    def _near_spellings(self, stem: str) -> list[str]:
        if len(stem) < 5:
            return []
        limit = 1 if len(stem) < 8 else 2
        matches = process.extract(stem, self._vocabulary_list, scorer=Levenshtein.distance,
                                  score_cutoff=limit, limit=3)
        return [m[0] for m in matches if m[0] != stem]

    # -- the public call -------------------------------------------------
    def ask(
        self, question: str, k: int = 5, game: str | None = None,
        edition: str | None = None, lang: str | None = None, mode: str = "hybrid",
    ) -> AskResult:
        """mode: "hybrid" (the product), or "lexical"/"dense" alone for measurement."""
        question = validate_question(question)
        k = validate_k(k)
        docs = list(self.docs.values())
        game, edition, lang = resolve_game(game, docs), resolve_edition(edition, docs), resolve_language(lang, docs)
        allowed = np.ones(len(self.rows), dtype=bool)
        if game:
            allowed &= self._game == game
        if edition:
            allowed &= self._edition == edition
        if lang:
            allowed &= self._language == lang
        routed = sorted(named_editions(question)) if not edition else []
        if routed:
            narrowed = allowed & np.isin(self._edition, routed)
            if narrowed.any():
                allowed = narrowed
        if not allowed.any():
            return AskResult(question, [], routed, None)

        if mode not in MODES:
            raise QueryError(f"unknown search mode {mode!r}; choose one of: {', '.join(MODES)}", "mode")
        lexical = self._lexical(question, allowed) if mode != "dense" else []
        if mode == "lexical":
            fused = fuse([(lexical, 1.0)])
        elif mode == "dense":
            fused = fuse([(self._dense(question, allowed), 1.0)])
        elif is_cyrillic(question) and not self.multilingual:
            # An English-only model only adds noise to Russian questions (measured): it sits out.
            fused = fuse([(lexical, 2.0)])
        else:
            fused = self._fuse_hybrid(question, lexical, allowed)
        top = diversify(fused, self._edition, self._game, k)
        hits = [self._hit(rank, row, fused[row]) for rank, row in enumerate(top, start=1)]
        return AskResult(question, hits, routed, disagreement_note(hits))

    def _fuse_hybrid(self, question: str, lexical: list[int], allowed: np.ndarray) -> dict[int, float]:
        """RRF of both lists. Passages the model cannot read (Russian, for an English-only
        model) get their lexical rank in place of a dense vote instead of a meaningless one."""
        if self.multilingual:
            return fuse([(lexical, 1.0), (self._dense(question, allowed), 1.0)])
        readable = allowed & (self._language != "ru")
        dense = self._dense(question, readable)
        unreadable_lexical = [r for r in lexical if self._language[r] == "ru"]
        return fuse([(lexical, 1.0), (dense, 1.0), (unreadable_lexical, 1.0)])

    def _hit(self, rank: int, row: int, score: float) -> Hit:
        r = self.rows[row]
        doc = self.docs[r["document"]]
        return Hit(rank, round(score, 6), r["chunk_id"], doc.file, doc.title, r["game"], r["edition"],
                   doc.edition_label, r["language"], r["section"], r["text"])


def _contains_run(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def fuse(rankings: list[tuple[list[int], float]]) -> dict[int, float]:
    """Reciprocal rank fusion; returns row -> score in descending score order."""
    scores: dict[int, float] = {}
    for ranked, weight in rankings:
        for rank, row in enumerate(ranked):
            scores[row] = scores.get(row, 0.0) + weight / (RRF_K + rank + 1)
    return dict(sorted(scores.items(), key=lambda kv: -kv[1]))


def diversify(fused: dict[int, float], editions: np.ndarray, games: np.ndarray, k: int) -> list[int]:
    """Top k by score, but no single edition of a game may take every slot while another
    edition of the same game has a strong candidate (editions differ: show each)."""
    order = list(fused)
    top = order[:k]
    if k < 3 or not top:
        return top
    game = games[top[0]]
    present = {editions[r] for r in top}
    pool = order[: max(3 * k, 15)]
    for row in pool:
        if games[row] == game and editions[row] not in present:
            # replace the lowest-ranked passage of the most represented edition
            counts = {e: sum(1 for r in top if editions[r] == e) for e in present}
            crowded = max(counts, key=lambda e: counts[e])
            if counts[crowded] < 2:
                break
            victim = max((i for i, r in enumerate(top) if editions[r] == crowded))
            top[victim] = row
            present.add(editions[row])
    return sorted(top, key=lambda r: -fused[r])


def disagreement_note(hits: list[Hit]) -> str | None:
    by_game: dict[str, list[str]] = {}
    for h in hits:
        labels = by_game.setdefault(h.game, [])
        if h.edition_label not in labels:
            labels.append(h.edition_label)
    mixed = {g: labels for g, labels in by_game.items() if len(labels) > 1}
    if not mixed:
        return None
    parts = [", ".join(labels) for labels in mixed.values()]
    return ("These passages come from different editions (" + "; ".join(parts) +
            "), which disagree on several rules and numbers; use the one for the edition you play.")
