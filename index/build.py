"""Build (or rebuild) the index: parse, chunk, mine terms, embed, write, swap in atomically."""
from __future__ import annotations

import errno
import hashlib
import json
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
import sqlite_utils

from core.settings import Settings
from index.chunking import Chunk, chunk_sections
from index.errors import IndexMissingError
from index.freshness import expected_meta, index_status, record_digests
from index.manifest import DocumentInfo, load_manifest
from index.parsing.sections import Section
from index.store import DB_NAME, VECTORS_NAME, new_build_dir, open_db, publish_build, write_meta
from index.termmap import TermPair, build_term_map
from index.text import stems
from index.unitcards import rule_sections, unit_words
from index.vocabulary import Vocabulary, parse_files, store_russian_spelling, store_vocabulary, vocabulary

MAX_ENRICHMENT_TERMS = 16  # MiniLM reads 256 word pieces: keep the English additions short


def _enrich(chunk: Chunk, pairs: list[TermPair]) -> tuple[list[str], list[str]]:
    """English names of the Russian terms a chunk is about: (its own heading's terms, the
    terms its text uses, most used first). Search-only text, kept short: parent headings
    are left out (the Russian book nests whole chapters under "Collisions and Rams")."""
    title_stems = set(stems(chunk.heading_path[-1]))
    context_stems = Counter(stems(chunk.text))
    title: list[str] = []
    scored: dict[str, float] = {}
    for pair in pairs:
        term_stems = stems(pair.russian)
        if not term_stems:
            continue
        if all(s in title_stems for s in term_stems):
            if pair.english not in title:
                title.append(pair.english)
        elif all(s in context_stems for s in term_stems):
            score = min(context_stems[s] for s in term_stems) * len(term_stems)
            scored[pair.english] = max(scored.get(pair.english, 0.0), score)
    ranked = [e for e in sorted(scored, key=lambda e: (-scored[e], e)) if e not in title]
    return title, ranked[:MAX_ENRICHMENT_TERMS]


def passage_for_embedding(chunk: Chunk) -> str:
    if chunk.enrichment:
        return f"{chunk.section}\n{chunk.enrichment}\n{chunk.text}"
    return f"{chunk.section}\n{chunk.text}"


def _open_embedding_cache(path: Path) -> sqlite_utils.Database:
    """The embedding cache; a damaged one is only a cache, so it is deleted and started afresh
    (a read-only or full disk is not damage: that error goes up)."""
    for attempt in (1, 2):
        cache = open_db(path)
        try:
            cache.table("vectors").create({"model": str, "hash": str, "vector": bytes}, pk=("model", "hash"),
                                          if_not_exists=True)
            cache.execute("select count(*) from vectors").fetchone()
            return cache
        except sqlite3.DatabaseError as exc:
            cache.close()
            if isinstance(exc, sqlite3.OperationalError) or attempt == 2:
                raise
            print(f"admiralty: the embedding cache {path} is damaged ({exc}); starting a new one", file=sys.stderr)
            path.unlink()
    raise AssertionError("unreachable")


def _embed_with_cache(settings: Settings, chunks: list[Chunk], progress: bool) -> np.ndarray:
    from index.embed import Embedder

    cache = _open_embedding_cache(settings.data_dir / "embeddings.db")
    keys = [hashlib.sha256((settings.passage_prefix + passage_for_embedding(c)).encode()).hexdigest() for c in chunks]
    found: dict[str, np.ndarray] = {}
    for i in range(0, len(keys), 500):
        part = keys[i:i + 500]
        rows = cache.query(
            f"select hash, vector from vectors where model = ? and hash in ({','.join('?' * len(part))})",
            [settings.model, *part],
        )
        found.update({r["hash"]: np.frombuffer(r["vector"], dtype="float32") for r in rows})
    missing = [i for i, k in enumerate(keys) if k not in found]
    if missing:
        embedder = Embedder(settings)
        if progress:
            print(f"embedding {len(missing)} new passages with {settings.model}", file=sys.stderr)
        vectors = embedder.passages([passage_for_embedding(chunks[i]) for i in missing], show_progress=progress)
        cache.table("vectors").insert_all(
            ({"model": settings.model, "hash": keys[i], "vector": v.tobytes()}
             for i, v in zip(missing, vectors, strict=True)),
            replace=True,
        )
        found.update({keys[i]: v for i, v in zip(missing, vectors, strict=True)})
    cache.close()
    return np.vstack([found[k] for k in keys]).astype("float32")


def _term_rows(chunks: list[Chunk], pairs: list[TermPair]) -> list[dict[str, str | None]]:
    rows = []
    for chunk in chunks:
        doc = chunk.document
        for term in chunk.terms:
            for name, kind in [(term.name, "name"), *((a, "alias") for a in term.aliases)]:
                rows.append({
                    "term": name, "term_key": name.casefold(), "kind": kind, "english": term.english,
                    "chunk_id": chunk.chunk_id, "document": doc.id, "edition": doc.edition,
                    "language": doc.language,
                })
    return rows


def build_index(settings: Settings, progress: bool = True) -> Path:
    """Build into a temporary directory and publish it only when complete."""
    docs = load_manifest(settings.corpus_dir)
    meta = expected_meta(settings, docs)
    files = parse_files()
    synonyms = files.synonyms
    chunks: list[Chunk] = []
    sections_by_doc: dict[str, list[Section]] = {}
    for doc in docs:
        sections = rule_sections(doc)
        sections_by_doc[doc.id] = sections
        chunks += chunk_sections(doc, sections)
    pairs: list[TermPair] = []
    for doc in docs:
        if doc.language == "ru":
            pairs += build_term_map(doc.read_text(), sections_by_doc[doc.id], synonyms)
    if not pairs:
        pairs = list(synonyms.pairs)
    for chunk in chunks:
        if chunk.document.language == "ru":
            chunk.title_terms, other = _enrich(chunk, pairs)
            chunk.enrichment = "; ".join([*chunk.title_terms, *other])
    if not chunks:
        raise IndexMissingError("the corpus produced no passages; check corpus/manifest.toml")

    words = vocabulary(files, pairs)
    vectors = _embed_with_cache(settings, chunks, progress)
    tmp = new_build_dir(settings.data_dir)
    try:
        _write(tmp, docs, chunks, words, pairs, vectors, meta)
        record_digests(tmp)
    except BaseException:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return publish_build(settings.data_dir, tmp)


def _write(
    tmp: Path, docs: list[DocumentInfo], chunks: list[Chunk], words: Vocabulary, pairs: list[TermPair],
    vectors: np.ndarray, meta: dict[str, object],
) -> None:
    import faiss

    db = open_db(tmp / DB_NAME)
    db.table("documents").insert_all(
        ({**doc.to_json(), "sha256": meta["documents"][doc.id], "skip_sections": None} for doc in docs),  # type: ignore[index]
        pk="id",
    )
    db.table("chunks").insert_all(
        (
            {
                "row": i, "chunk_id": c.chunk_id, "document": c.document.id, "game": c.document.game,
                "edition": c.document.edition, "language": c.document.language, "section": c.section,
                "heading_path": json.dumps(c.heading_path, ensure_ascii=False), "text": c.text,
                "terms": json.dumps([t.name for t in c.terms], ensure_ascii=False), "enrichment": c.enrichment,
            }
            for i, c in enumerate(chunks)
        ),
        pk="row",
    )
    db.table("chunks").create_index(["chunk_id"], unique=True)
    db.execute(
        "create virtual table lexical using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')"
    )
    db.conn.executemany(
        "insert into lexical(rowid, title, body) values (?, ?, ?)",
        [
            (i, " ".join(stems(" ".join([c.heading_path[-1], *c.title_terms]))),
             " ".join(stems(" ".join([*c.heading_path[1:-1], c.text, c.enrichment]))))
            for i, c in enumerate(chunks)
        ],
    )
    db.execute("create virtual table lexical_vocab using fts5vocab(lexical, 'row')")
    db.table("terms").insert_all(_term_rows(chunks, pairs))
    db.table("terms").create_index(["term_key"])
    db.table("term_pairs").insert_all({"english": p.english, "russian": p.russian, "source": p.source} for p in pairs)
    names = [n for c in chunks for t in c.terms for n in (t.name, *t.aliases, t.english or "")]
    store_vocabulary(db, words, [*names, *(" ".join([*c.heading_path, c.text, c.enrichment, *c.title_terms])
                                           for c in chunks)])
    store_russian_spelling(db, words, [c.text for c in chunks if c.document.language == "ru"])
    db.table("unit_words").create({"stem": str, "game": str}, pk="stem")
    db.table("unit_words").insert_all(
        ({"stem": stem, "game": doc.game} for doc in docs for stem in sorted(unit_words(doc))), replace=True)
    write_meta(db, {**meta, "dimension": int(vectors.shape[1]), "chunks": len(chunks)})
    db.conn.commit()
    db.close()
    index = faiss.IndexFlatIP(int(vectors.shape[1]))
    index.add(vectors)
    try:
        faiss.write_index(index, str(tmp / VECTORS_NAME))
    except RuntimeError as exc:  # FAISS reports a failed write (disk full) as RuntimeError
        raise OSError(errno.EIO, f"cannot write {VECTORS_NAME} ({' '.join(str(exc).split())[:120]})",
                      str(tmp / VECTORS_NAME)) from exc


def ensure_index(settings: Settings, progress: bool = True) -> Path:
    """The live build, rebuilding first when it is missing, stale or damaged. Where the data
    directory cannot be written, one line says why and how to rebuild (IndexMissingError)."""
    status = index_status(settings)
    if status.fresh and status.build_dir is not None:
        return status.build_dir
    why = "; ".join(status.reasons)
    try:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=settings.data_dir):  # can a build be written here at all?
            pass
        if progress or status.damage:  # damage is news even to a script: say it in one line
            print(f"admiralty: building the index ({why})", file=sys.stderr)
        return build_index(settings, progress=progress)
    except (OSError, sqlite3.Error) as exc:
        cause = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise IndexMissingError(
            f"the index must be rebuilt ({why}) but {settings.data_dir} cannot be written ({cause}): "
            "make it writable and free some space (or set ADMIRALTY_DATA_DIR to another directory), "
            "then run `admiralty index build`"
        ) from exc
