"""Every known unit profile, looked up by name: the quick reference's cards plus imports.

Loads the quick reference's cards from the corpus (parsed on first use, never stored) and
the imported profiles from `<data dir>/units.sqlite`. Imports rapidfuzz and sqlite3 only.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from core.messages import Phrase
from units import store
from units.errors import UnitLookupError
from units.messages import refusal
from units.model import Unit, lookup_keys, name_key, transliterations, unit_label
from units.quickref import SOURCE as QR_SOURCE
from units.quickref import load_quick_reference

FOUND_SCORE = 86  # a fuzzy match at least this good, with no close rival, is the unit meant
CANDIDATE_SCORE = 60
CLEAR_MARGIN = 6
MAX_QUERY = 100
def check_query(text: object, field: str = "name") -> str:
    if not isinstance(text, str) or not text.strip():
        raise refusal("units.err.empty_name", field, "empty")
    text = " ".join(text.split())
    if len(text) > MAX_QUERY:
        raise refusal("units.err.long_name", field, "too_long", length=len(text), limit=MAX_QUERY)
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
            self.records.append({"rowid": None, "name": unit["name"], "keys": keys, "edition": "dw3",
                                 "faction": unit.get("faction"), "source": unit["source"],
                                 "version": unit["version"], "unit": unit})
        self._factions: list[str] | None = None
        self._by_key: dict[str, list[int]] = {}
        for index, record in enumerate(self.records):
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
    def _class(self, index: int) -> str:
        """A card's class key (its shortest key: 'lovelace' for every Lovelace card of any source)."""
        keys: list[str] = self.records[index]["keys"] or [name_key(self.records[index]["name"])]
        return min(keys, key=len)

    def _faction_prefix(self, key: str) -> tuple[str | None, str]:
        """'union columbia' -> ('union', 'columbia'): a leading faction name chooses the faction."""
        if self._factions is None:
            self._factions = sorted({name_key(r["faction"]) for r in self.records if r.get("faction")},
                                    key=len, reverse=True)
        for faction in self._factions:
            if faction and key.startswith(faction + " ") and len(key) > len(faction) + 1:
                return faction, key[len(faction) + 1:]
        return None, key

    def find(self, query: str, edition: str | None = None) -> tuple[str, list[str], list[int]]:
        """(status, candidate card names, record indices of the card class found)."""
        key = name_key(query)
        faction, key = self._faction_prefix(key)
        allowed = [i for i, r in enumerate(self.records)
                   if (edition is None or r["edition"] == edition)
                   and (faction is None or name_key(r.get("faction") or "") == faction)]
        keys = [key, *transliterations(key)]
        allowed_set = set(allowed)
        for k in keys:
            hits = [i for i in self._by_key.get(k, []) if i in allowed_set]
            # a card whose whole name is the key beats one found by its name without type words (dw4's
            # 'Philadelphia Heavy Arc Cruiser', not dw3's '… Cruiser Squadron'), whatever the edition
            named = [i for i in hits if name_key(self.records[i]["name"]) == k]
            hits = named or hits
            if hits:
                classes = {self._class(i) for i in hits}
                # one class, or one card name from several sources whose aliases differ (a quick-reference
                # card's alias makes its class another key): the same card, not a choice to ask about
                if len(classes) == 1 or len(self._cards(hits)) == 1:
                    return "found", self._cards(hits), hits
                # one key, several classes: the class whose own key it is, else ambiguous
                own = [i for i in hits if self._class(i) == k]
                if own:
                    return "found", self._cards(own), own
                return "ambiguous", self._cards(hits), []
        from rapidfuzz import fuzz, process  # only when the name is not exact: a faster start

        by_key: dict[str, list[int]] = {}
        for i in allowed:
            for k in self.records[i]["keys"]:
                by_key.setdefault(k, []).append(i)
        scorer = fuzz.WRatio if len(key) > 4 else fuzz.ratio  # 'dao' must not match inside 'zhanmadao'
        scored: dict[str, float] = {}
        for k in keys:
            for matched, score, _ in process.extract(k, list(by_key), scorer=scorer, limit=20,
                                                     score_cutoff=CANDIDATE_SCORE - 10):
                for i in by_key[matched]:
                    cls = self._class(i)
                    scored[cls] = max(scored.get(cls, 0.0), score)
        ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
        members = {cls: [i for i in allowed if self._class(i) == cls] for cls, _ in ranked[:10]}
        names = {cls: self.records[members[cls][0]]["name"] for cls in members}
        if not ranked or ranked[0][1] < CANDIDATE_SCORE:
            return "not_found", [names[c] for c, _ in ranked[:5]], []
        best, best_score = ranked[0]
        rivals = [c for c, score in ranked[1:] if best_score - score < CLEAR_MARGIN]
        if best_score >= FOUND_SCORE and not rivals:
            return "found", self._cards(members[best]), members[best]
        return "ambiguous", [names[c] for c, score in ranked[:10] if score >= CANDIDATE_SCORE], []

    def _cards(self, indices: list[int]) -> list[str]:
        """Distinct card names (one per name, whatever the source), in order."""
        return list(dict.fromkeys(self.records[i]["name"] for i in indices))

    def _ordered(self, indices: list[int]) -> list[int]:
        """Imported profiles first, the newest import first; the quick reference's cards last."""
        return sorted(indices, key=lambda i: (self.records[i]["rowid"] is None, -(self.records[i]["rowid"] or 0)))

    def _named_exactly(self, query: str, indices: list[int]) -> bool:
        """Whether the query is a key (name, alias, name without type words) of one of these cards."""
        key = name_key(query)
        keys = {key, *transliterations(key), self._faction_prefix(key)[1]}
        return any(k in self.records[i]["keys"] for i in indices for k in keys)

    def match(self, query: str) -> tuple[str, list[str]]:
        """('found'|'ambiguous'|'not_found', card names): exact name or alias, else fuzzy."""
        status, cards, _ = self.find(query)
        return status, cards

    def lookup(self, query: str) -> dict[str, Any]:
        """The `unit --json` answer: every source's profile of the card found (both editions, every
        faction), each labelled; the newest import first, the quick reference's card last."""
        query = check_query(query)
        status, cards, indices = self.find(query)
        units = self._load(self._ordered(indices)) if status == "found" else []
        return {"query": query, "status": status, "candidates": cards if status != "found" else [],
                "units": units}

    def get(self, query: str, field: str = "unit", edition: str | None = None) -> Unit:
        """One profile for the referee, of `edition` when given: imported data before the quick
        reference; a name in several factions, or only in the other edition, is refused with the reason."""
        query = check_query(query, field)
        status, cards, indices = self.find(query, edition)
        # a fuzzy likeness in this edition does not stand for another edition's card of exactly that name
        fuzzy_here = status == "found" and not self._named_exactly(query, indices)
        if (status != "found" or fuzzy_here) and edition is not None:
            other = self.find(query)
            if other[0] == "found" and all(self.records[i]["edition"] != edition for i in other[2]):
                editions = sorted({self.records[i]["edition"] for i in other[2]})
                raise refusal("units.err.wrong_edition", field, "wrong_edition", name=other[1][0],
                              editions=Phrase(f"units.edition.{editions[0]}"),  # two editions: the other one
                              edition=Phrase(f"units.edition.{edition}"))
        if status == "not_found":
            near = Phrase("units.err.did_you_mean", {"names": ", ".join(cards[:3])}) if cards else ""
            raise refusal("units.err.not_found", field, query=query, near=near)
        if status == "ambiguous":
            raise refusal("units.err.ambiguous", field, "ambiguous", query=query, names=", ".join(cards[:5]))
        imported = [i for i in indices if self.records[i]["rowid"] is not None]  # the quick reference is a fallback
        factions = list(dict.fromkeys(self.records[i].get("faction") or "?" for i in imported or indices))
        if len(factions) > 1:
            raise refusal("units.err.factions", field, "ambiguous", query=query, factions=", ".join(factions),
                          example=f"{factions[0]} {query}")
        key = name_key(query)
        ordered = self._ordered(indices)
        ordered.sort(key=lambda i: name_key(self.records[i]["name"]) != key)  # stable: the exact name first
        found = self._load(ordered)
        unit = found[0]
        if len(found) > 1:
            others = ", ".join(dict.fromkeys(f"{u['source']} {u['version']}" for u in found[1:]))
            unit.setdefault("notes", []).append(f"{unit_label(unit)} used; also known from {others}")
            unit["also_known_from"] = [others]  # for the referee's note, in the player's language
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


def import_files(data_dir: Path, paths: list[str], wait: float = store.LOCK_WAIT) -> dict[str, Any]:
    """Import BattleScribe files or folders; all or nothing, one import at a time. Catalogues imported
    earlier that link an imported file are rebuilt with it (listed with "rebuilt": true)."""
    from units.battlescribe import load

    if not paths:
        raise refusal("units.err.no_paths", "paths", "empty")
    path = store.db_path(Path(data_dir))
    with store.import_lock(Path(data_dir), wait):
        names = {row["id"]: row["file"] for row in store.read_sources(path)}
        result = load(paths, context=store.read_xml(path), context_names=names)
        store.write_import(path, result.sources, result.units, result.xml)
    return {"imported": [{k: s[k] for k in ("file", "name", "revision", "units", "rebuilt")} for s in result.sources],
            "units": sum(s["units"] for s in result.sources)}


def remove_source(data_dir: Path, source: str, wait: float = store.LOCK_WAIT) -> dict[str, Any]:
    """Remove one imported file (by file name, catalogue name or id) and its units; refused while
    another imported catalogue links it (remove that one first, or re-import both)."""
    from units.battlescribe import parse_bytes

    path = store.db_path(Path(data_dir))
    with store.import_lock(Path(data_dir), wait):
        rows = store.read_sources(path)
        key = name_key(source)
        found = [r for r in rows if key in (name_key(r["file"]), name_key(r["name"] or ""), name_key(r["id"]))]
        if not found:
            known: object = ", ".join(r["file"] for r in rows) or Phrase("units.nothing_imported")
            raise refusal("units.err.no_source", "source", source=source, known=known)
        target = found[0]
        xml = store.read_xml(path)
        users = []
        for row in rows:
            if row["id"] == target["id"] or row["id"] not in xml:
                continue
            root = parse_bytes(xml[row["id"]], row["file"]).root
            links = {link.get("targetId") for link in root.iter("catalogueLink")}
            if target["id"] in links or root.get("gameSystemId") == target["id"]:
                users.append(row["file"])
        if users:
            raise refusal("units.err.source_linked", "source", "in_use", file=target["file"], users=", ".join(users),
                          count=len(users))
        store.write_import(path, [], {}, {}, drop={target["id"]})
    return {"removed": {k: target[k] for k in ("file", "name", "revision", "units")}}


def referee_inputs(book: UnitBook, action: str, values: dict[str, Any], band: str | None = None,
                   ruleset: str | None = None, default: str | None = None, lang: str = "en"
                   ) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """(referee params, provenance, notes) for the unit inputs in `values` (names resolved here).

    Profiles are taken from one edition: the explicit `ruleset`'s; else the named units' own when
    they exist in one edition only (said in a note, and the params carry that ruleset); else the
    `default` ruleset's (a server's setting), else the 3rd edition (the referee's default)."""
    from core.messages import text
    from units.messages import unit_label_text
    from units.referee_inputs import profile_inputs

    names = [(values[k], k) for k in ("attacker", "target") if values.get(k)]
    notes: list[str] = []
    inferred = None
    if ruleset is not None:
        edition = ruleset_edition(ruleset)
    else:
        edition = ruleset_edition(default) if default else "dw3"
        found = [editions for editions in (_editions(book, name) for name, _ in names) if editions]
        common = set.intersection(*found) if found else set()
        if len(common) == 1 and edition not in common:
            edition = inferred = common.pop()
            notes.append(text("units.inferred_default" if default else "units.inferred", lang,
                              edition=text(f"units.edition.{edition}", lang), ruleset=edition, default=default))
    attacker = book.get(values["attacker"], "attacker", edition) if values.get("attacker") else None
    target = book.get(values["target"], "target", edition) if values.get("target") else None
    params, provenance = profile_inputs(
        action, attacker, values.get("weapon"), target, values.get("distance"), values.get("attacker_models"),
        bool(values.get("attacker_crippled")), bool(values.get("target_crippled")), band, edition, notes, lang)
    if inferred is not None:
        params["ruleset"] = inferred
    for unit in (attacker, target):
        if unit is not None:
            notes.extend(text("units.also_known", lang, unit=unit["name"], label=unit_label_text(unit, lang),
                              others=others) for others in unit.get("also_known_from", []))
    for role, unit in (("attacker", attacker), ("target", target)):
        if unit is not None:
            notes.append(text(f"units.role.{role}", lang, label=unit_label_text(unit, lang)))
    return params, provenance, notes


def ruleset_edition(ruleset: str) -> str:
    """The edition whose profiles a ruleset uses ('dw3-qrs' -> 'dw3')."""
    return "dw4" if ruleset.startswith("dw4") else "dw3"


def _editions(book: UnitBook, name: str) -> set[str]:
    """The editions of the card a name finds (empty when it finds none, or several cards)."""
    try:
        status, _, indices = book.find(check_query(name))
    except UnitLookupError:
        return set()
    return {book.records[i]["edition"] for i in indices} if status == "found" else set()
