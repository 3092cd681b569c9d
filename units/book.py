"""Every known unit profile, looked up by name: the quick reference's cards plus imports.

Loads the quick reference's cards from the corpus (parsed on first use, never stored) and
the imported profiles from `<data dir>/units.sqlite`. Imports rapidfuzz and sqlite3 only.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from units import store
from units.errors import UnitLookupError
from units.model import Unit, lookup_keys, name_key, unit_label
from units.quickref import SOURCE as QR_SOURCE
from units.quickref import load_quick_reference

FOUND_SCORE = 86  # a fuzzy match at least this good, with no close rival, is the unit meant
CANDIDATE_SCORE = 60
CLEAR_MARGIN = 6
MAX_QUERY = 100
def check_query(text: object, field: str = "name") -> str:
    if not isinstance(text, str) or not text.strip():
        raise UnitLookupError(f"{field}: give a unit name", field, code="empty")
    text = " ".join(text.split())
    if len(text) > MAX_QUERY:
        raise UnitLookupError(f"{field}: the name is {len(text)} characters; the limit is {MAX_QUERY}", field,
                              code="too_long")
    return text


class UnitBook:
    """Unit profiles by name; `lookup` returns the `unit --json` shape.

    Start-up reads only names (the quick reference's few cards come whole, from a JSON cache);
    an imported profile is read from SQLite when a lookup returns it."""

    def __init__(self, data_dir: Path, corpus_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.corpus_dir = Path(corpus_dir)
        self._db = store.db_path(self.data_dir)
        self._stamp = store.stamp(self._db)
        # Imported (later) data first: the referee prefers it over the early quick reference.
        self.records: list[dict[str, Any]] = [dict(r, unit=None) for r in store.read_index(self._db)]
        for unit in load_quick_reference(self.corpus_dir, self.data_dir):
            keys = lookup_keys(unit["name"], unit["aliases"])
            self.records.append({"rowid": None, "name": unit["name"], "keys": keys,
                                 "source": unit["source"], "version": unit["version"], "unit": unit})
        self._by_key: dict[str, list[int]] = {}
        self._by_name: dict[str, list[int]] = {}
        for index, record in enumerate(self.records):
            self._by_name.setdefault(name_key(record["name"]), []).append(index)
            for key in record["keys"]:
                self._by_key.setdefault(key, []).append(index)
        self._keys = list(self._by_key)

    def stale(self) -> bool:
        """True when another process has imported since this book was loaded."""
        return store.stamp(self._db) != self._stamp

    @property
    def units(self) -> list[Unit]:
        """Every profile, loaded (for tests and small sets; lookups load only what they return)."""
        return self._load(list(range(len(self.records))))

    def _load(self, indices: list[int]) -> list[Unit]:
        rowids = [self.records[i]["rowid"] for i in indices if self.records[i]["unit"] is None]
        stored = store.read_profiles(self._db, rowids) if rowids else {}
        out = []
        for i in indices:
            record = self.records[i]
            unit = record["unit"] if record["unit"] is not None else stored.get(record["rowid"])
            if unit is not None:
                out.append(copy.deepcopy(unit))
        return out

    # -- lookup ------------------------------------------------------------------------------
    def _cards(self, indices: list[int]) -> list[str]:
        """Distinct card names (one per name, whatever the source), in order."""
        return list(dict.fromkeys(self.records[i]["name"] for i in indices))

    def _with_name(self, card: str) -> list[Unit]:
        return self._load(self._by_name.get(name_key(card), []))

    def match(self, query: str) -> tuple[str, list[str]]:
        """('found'|'ambiguous'|'not_found', card names): exact name or alias, else fuzzy."""
        key = name_key(query)
        if key in self._by_key:
            cards = self._cards(self._by_key[key])
            return ("found" if len(cards) == 1 else "ambiguous"), cards
        from rapidfuzz import fuzz, process  # only when the name is not exact: a faster start

        scored: dict[str, float] = {}
        for matched, score, _ in process.extract(key, self._keys, scorer=fuzz.WRatio, limit=20,
                                                 score_cutoff=CANDIDATE_SCORE - 10):
            for card in self._cards(self._by_key[matched]):
                scored[card] = max(scored.get(card, 0.0), score)
        ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
        if not ranked or ranked[0][1] < CANDIDATE_SCORE:
            return "not_found", [card for card, _ in ranked[:5]]
        best, best_score = ranked[0]
        rivals = [card for card, score in ranked[1:] if best_score - score < CLEAR_MARGIN]
        if best_score >= FOUND_SCORE and not rivals:
            return "found", [best]
        return "ambiguous", [card for card, score in ranked if score >= CANDIDATE_SCORE][:10]

    def lookup(self, query: str) -> dict[str, Any]:
        """The `unit --json` answer: every source's profile of the card found, each labelled."""
        query = check_query(query)
        status, cards = self.match(query)
        units = self._with_name(cards[0]) if status == "found" else []
        return {"query": query, "status": status, "candidates": cards if status != "found" else [],
                "units": units}

    def get(self, query: str, field: str = "unit") -> Unit:
        """One profile for the referee: imported data before the quick reference; refuses ambiguity."""
        query = check_query(query, field)
        status, cards = self.match(query)
        if status == "not_found":
            near = f"; did you mean {', '.join(cards[:3])}?" if cards else ""
            raise UnitLookupError(f"{field}: no unit named {query!r}{near}", field)
        if status == "ambiguous":
            raise UnitLookupError(f"{field}: {query!r} could be {', '.join(cards[:5])}; name one", field,
                                  code="ambiguous")
        found = self._with_name(cards[0])
        unit = found[0]
        if len(found) > 1:
            others = ", ".join(f"{u['source']} {u['version']}" for u in found[1:])
            unit.setdefault("notes", []).append(f"{unit_label(unit)} used; also known from {others}")
        return unit

    def complete(self, prefix: str, limit: int = 25) -> list[str]:
        """Unit names for autocomplete: prefix matches, then substring, then fuzzy; at most `limit`."""
        limit = max(1, min(int(limit), 25))
        names = sorted(dict.fromkeys(r["name"] for r in self.records), key=lambda n: (len(n), n))
        key = name_key(prefix or "")
        if not key:
            return names[:limit]
        starts = [n for n in names if name_key(n).startswith(key)]
        contains = [n for n in names if key in name_key(n) and n not in starts]
        result = list(dict.fromkeys([*starts, *contains]))
        if len(result) < limit:
            from rapidfuzz import fuzz, process

            fuzzy = process.extract(key, names, scorer=fuzz.WRatio, processor=name_key, limit=limit,
                                    score_cutoff=CANDIDATE_SCORE)
            result.extend(n for n, _, _ in fuzzy if n not in result)
        return result[:limit]

    def weapons(self, unit: str) -> list[str]:
        """Distinct weapon names of a unit (for autocomplete); [] when the unit is not clearly named."""
        try:
            found = self.get(unit)
        except UnitLookupError:
            return []
        return list(dict.fromkeys(w["name"] for w in found["weapons"]))

    def status(self) -> dict[str, Any]:
        """`{"units", "sources": [{"file", "name", "revision", "units"}]}`, the quick reference first."""
        qr = [r["unit"] for r in self.records if r["unit"] is not None and r["source"] == QR_SOURCE]
        sources = [{"file": qr[0]["source_file"], "name": QR_SOURCE, "revision": qr[0]["version"],
                    "units": len(qr), "kind": "corpus"}] if qr else []
        for row in store.read_sources(self._db):
            sources.append({"file": row["file"], "name": row["name"], "revision": row["revision"],
                            "units": row["units"], "kind": row["kind"], "imported_at": row["imported_at"]})
        return {"units": len(self.records), "sources": sources}


def import_files(data_dir: Path, paths: list[str]) -> dict[str, Any]:
    """Import BattleScribe files or folders; all or nothing. Returns what was imported."""
    from units.battlescribe import load

    if not paths:
        raise UnitLookupError("paths: give at least one BattleScribe file or folder", "paths", code="empty")
    path = store.db_path(Path(data_dir))
    result = load(paths, context=store.read_xml(path))
    store.write_import(path, result.sources, result.units, result.xml)
    return {"imported": [{k: s[k] for k in ("file", "name", "revision", "units")} for s in result.sources],
            "units": sum(s["units"] for s in result.sources)}


def referee_inputs(book: UnitBook, action: str, values: dict[str, Any],
                   band: str | None = None) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """(referee params, provenance, notes) for the unit inputs in `values` (names resolved here)."""
    from units.referee_inputs import profile_inputs

    attacker = book.get(values["attacker"], "attacker") if values.get("attacker") else None
    target = book.get(values["target"], "target") if values.get("target") else None
    params, provenance = profile_inputs(
        action, attacker, values.get("weapon"), target, values.get("distance"), values.get("attacker_models"),
        bool(values.get("attacker_crippled")), bool(values.get("target_crippled")), band)
    notes: list[str] = []
    for unit in (attacker, target):
        if unit is not None:
            notes.extend(f"{unit['name']}: {n}" for n in unit.get("notes", []) if " used; also known from " in n)
    return params, provenance, notes
