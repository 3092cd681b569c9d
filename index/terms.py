"""`admiralty rule TERM`: exact, alias, cross-language, then fuzzy lookup of rule names.

SQLite and rapidfuzz only: this path never imports torch, so it starts fast.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from core.params import coerce, spec_named
from core.settings import Settings
from index.freshness import fresh_build
from index.manifest import DocumentInfo, load_manifest, resolve_edition
from index.params import RULE_PARAMS
from index.rules import PART_SEPARATOR, Rule, document_of, join_rules, rule_of_chunk
from index.store import DB_NAME, open_db
from index.text import stems
from index.vocabulary import load_vocabulary

FUZZY_CUTOFF = 80.0
LEAD_IN = 200  # a rule whose own text is shorter than this is a lead-in to the sections under it
CLEAR_MARGIN = 6.0  # a fuzzy winner must beat the runner-up by this much, or we list both


@dataclass
class RuleEntry:
    term: str
    edition: str
    edition_label: str
    document: str
    document_title: str
    language: str
    section: str
    text: str
    chunk_id: str


@dataclass
class RuleLookup:
    query: str
    status: str  # "found" | "ambiguous" | "not_found"
    matched: str | None = None
    entries: list[RuleEntry] = field(default_factory=list)
    candidates: list[str] = field(default_factory=list)
    how: str | None = None  # "exact" | "alias" | "translation" | "player word" | "fuzzy"

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query, "status": self.status, "matched": self.matched, "how": self.how,
            # its fields are strings: a copy of each, not `asdict`'s generic deep copy (half a lookup's CPU)
            "entries": [dict(vars(e)) for e in self.entries], "candidates": self.candidates,
        }


def term_key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace("ё", "е").replace("Ё", "Е").casefold().split())


def validate_term(term: object) -> str:
    """The rule name with its spaces folded, held to the one spec every front end uses."""
    text: str = coerce(spec_named(RULE_PARAMS, "term"), term, strict=True)
    return " ".join(text.split())


def _pair_groups(pairs: list[tuple[str, str]]) -> tuple[dict[str, int], list[list[int]]]:
    """Each name of `pairs` -> its group (names linked through pairs sharing a name), and each
    group's pair places in order."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while (up := parent.setdefault(name, name)) != name:
            name = up
        return name

    for en, ru in pairs:
        parent[root(en)] = root(ru)
    group: dict[str, int] = {}
    places: list[list[int]] = []
    for place, (en, _) in enumerate(pairs):
        number = group.setdefault(root(en), len(group))
        if number == len(places):
            places.append([])
        places[number].append(place)
    return {name: group[root(name)] for name in parent}, places


def _lead_ins_with_children(rules: dict[str, Rule]) -> dict[str, str]:
    """The text shown for a rule that is only a lead-in to the sections under it: a table printed
    as one section per row ("Vehicle Damage Table" and its six results), a phase and its numbered
    steps, "GENERATORS" and its generators. Asked for by name, the player wants those rows too; the
    lead-in alone ("- No additional effect.") answers nothing. Only the direct children, each under
    its own heading unless its text already starts with it."""
    by_parent: dict[tuple[str, str], list[Rule]] = {}
    for key in sorted(rules):  # chunk ids sort in document order
        rule = rules[key]
        parent, _, _ = rule.section.rpartition(" › ")
        if parent:
            by_parent.setdefault((document_of(key), parent), []).append(rule)
    shown: dict[str, str] = {}
    for key, rule in rules.items():
        children = by_parent.get((document_of(key), rule.section), [])
        if not children or len(rule.text) >= LEAD_IN:
            continue
        parts = [rule.text]
        for child in children:
            name = child.section.rpartition(" › ")[2]
            has_name = child.text.lstrip("⊕■◆●○ -").startswith(name)
            parts.append(child.text if has_name else f"{name}\n{child.text}")
        shown[key] = PART_SEPARATOR.join(parts)
    return shown


class TermBook:
    """All rule names and aliases (English and Russian) with the chunk that defines each."""

    def __init__(self, settings: Settings, build: Path | None = None) -> None:
        """Open `build` (default: the live build, which must be fresh); never builds."""
        build = build or fresh_build(settings)
        db = open_db(build / DB_NAME, readonly=True)
        self.docs: dict[str, DocumentInfo] = {d.id: d for d in load_manifest(settings.corpus_dir)}
        self._terms = list(db.query(
            "select term, term_key, kind, english, chunk_id, document, edition, language from terms"))
        self._chunks = {r["chunk_id"]: r for r in db.query("select chunk_id, section, text from chunks")}
        self._rules = join_rules(self._chunks.values())  # an entry shows its rule whole
        self._rule_of_chunk = rule_of_chunk(self._rules)
        self._shown = _lead_ins_with_children(self._rules)
        db.close()
        self.vocabulary = load_vocabulary(build)  # the players' words and the term map: the one object `ask` reads
        self._pairs = [(term_key(en), term_key(ru)) for en, ru in self.vocabulary.term_pairs]
        self._by_key: dict[str, list[dict[str, Any]]] = {}
        # chunk id -> the places in `_terms` of the names it defines; pair key -> its group of pairs
        # (the pairs linked through shared names): `_translations` reads only these, not every row
        self._names_of_chunk: dict[str, list[int]] = {}
        for place, row in enumerate(self._terms):
            self._by_key.setdefault(row["term_key"], []).append(row)
            self._names_of_chunk.setdefault(row["chunk_id"], []).append(place)
        self._pair_group, self._group_pairs = _pair_groups(self._pairs)
        for en, ru in self._pairs:  # pairs name things too ("таран" is in the map even if not a heading)
            self._by_key.setdefault(en, [])
            self._by_key.setdefault(ru, [])
        self._display = {k: (rows[0]["term"] if rows else k) for k, rows in self._by_key.items()}
        self._display.update({en: en.title() for en, _ in self._pairs if not self._by_key.get(en)})
        # Only names that lead to a rule text (directly or through the term map) can match.
        self._keys = [k for k, rows in self._by_key.items()
                      if rows or any(self._by_key.get(t) for t in self._translations(k))]
        self._known = frozenset(self._keys)  # `key in` a list of every name scanned it at each lookup
        self._by_stems: dict[tuple[str, ...], list[str]] = {}
        for k in self._keys:
            self._by_stems.setdefault(tuple(stems(k, keep_stopwords=True)), []).append(k)

    @cached_property
    def _player_words(self) -> dict[tuple[str, ...], list[str]]:
        """Players' words -> the rule names they mean, the vocabulary `ask` expands with (slang in
        synonyms.toml, other games' and everyday words in glossary.toml): "morale test" names
        Disorder and Crew Check, "flamer" Torrent, "crit" Critical Damage. Made on first use: a
        lookup of a printed name never needs it."""
        found: dict[tuple[str, ...], list[str]] = {}
        for word, means in self.vocabulary.expansions.items():
            known = found.setdefault(tuple(stems(word)), [])
            for m in means:
                for name in self._by_stems.get(tuple(stems(m, keep_stopwords=True)), []):
                    # one name per rule ("Crew Checks" is Crew Check's alias)
                    if self._by_key.get(name) and not any(self._same_rule(k, name) for k in known):
                        known.append(name)
        return found

    def _translations(self, key: str) -> dict[str, int]:
        """Names of the same rule -> how far from the key: 0 the key, 1 its aliases and its
        printed translations, 2 the translations of its aliases."""
        found = {key: 0}
        chunks = {r["chunk_id"] for r in self._by_key.get(key, [])}
        # every name of a chunk that defines the key names the same rule (in the terms' order)
        for place in sorted(p for chunk in chunks for p in self._names_of_chunk.get(chunk, [])):
            found.setdefault(self._terms[place]["term_key"], 1)
        for row in self._by_key.get(key, []):
            if row["english"]:
                found.setdefault(term_key(row["english"]), 1)
        # the pairs in order, as one pass over them all reads them: only a pair linked to a name
        # already found can add one (and what it adds is in the same group)
        groups = {self._pair_group[k] for k in found if k in self._pair_group}
        for place in sorted(p for g in groups for p in self._group_pairs[g]):
            en, ru = self._pairs[place]
            for a, b in ((en, ru), (ru, en)):
                if a in found:
                    found.setdefault(b, found[a] + 1 if a != key else 1)
        return found

    def _entries(self, keys: dict[str, int], edition: str | None) -> list[RuleEntry]:
        """One entry per edition: the nearest name's defining chunk, names before aliases."""
        rows = [r for k in keys for r in self._by_key.get(k, []) if not edition or r["edition"] == edition]
        rows.sort(key=lambda r: (keys[r["term_key"]], r["kind"] != "name",
                                 len(self._chunks[r["chunk_id"]]["text"]) < 40))
        by_edition: dict[str, RuleEntry] = {}
        for row in rows:
            if row["edition"] in by_edition:
                continue
            doc = self.docs[row["document"]]
            rule = self._rules[self._rule_of_chunk[row["chunk_id"]]]
            by_edition[row["edition"]] = RuleEntry(
                row["term"], doc.edition, doc.edition_label, doc.file, doc.title, doc.language,
                rule.section, self._shown.get(rule.key, rule.text), row["chunk_id"],
            )
        order = list(dict.fromkeys(d.edition for d in self.docs.values()))
        return sorted(by_edition.values(), key=lambda e: order.index(e.edition))

    def lookup(self, term: str, edition: str | None = None) -> RuleLookup:
        query = validate_term(term)
        edition = resolve_edition(edition, list(self.docs.values()))
        key = term_key(query)
        how = None
        same_stems = self._by_stems.get(tuple(stems(key, keep_stopwords=True)), [])
        if key in self._known:
            rows = self._by_key[key]
            how = "alias" if rows and all(r["kind"] == "alias" for r in rows) else "exact"
        elif same_stems:  # another inflection: "минное поле" -> "Минные поля"
            key, how = same_stems[0], "exact"
        elif named := self._distinct_rules(self._player_words.get(tuple(stems(key)), [])):
            if len(named) > 1:  # "morale test": Disorder or Crew Check
                return RuleLookup(query, "ambiguous", candidates=[self._display[n] for n in named])
            key, how = named[0], "player word"
        else:
            matches = process.extract(key, self._keys, scorer=fuzz.WRatio, limit=6, score_cutoff=FUZZY_CUTOFF)
            if not matches:
                named = self._distinct_rules(self._player_words_in(key))
                if len(named) == 1:  # "going backwards": no name is near, but "backwards" is Full Reverse
                    return self._found(query, named[0], "player word", edition)
                if named:
                    return RuleLookup(query, "ambiguous", candidates=[self._display[n] for n in named])
                return RuleLookup(query, "not_found", candidates=self._near(key))
            best, score, _ = matches[0]
            rivals = [m for m in matches[1:] if score - m[1] < CLEAR_MARGIN and not self._same_rule(best, m[0])]
            if rivals:
                names = [self._display[m[0]] for m in [matches[0], *rivals]]
                return RuleLookup(query, "ambiguous", candidates=list(dict.fromkeys(names)))
            key, how = best, "fuzzy"
        return self._found(query, key, how, edition)

    def _found(self, query: str, key: str, how: str, edition: str | None) -> RuleLookup:
        """The rule named `key`, from every edition (or `edition`) that defines it."""
        keys = self._translations(key)
        if how != "fuzzy" and set(keys) != {key}:
            how = how if self._by_key.get(key) else "translation"
        entries = self._entries(keys, edition)
        if not entries:
            return RuleLookup(query, "not_found", self._display.get(key), candidates=self._near(key))
        return RuleLookup(query, "found", self._display.get(key), entries, how=how)

    def _player_words_in(self, key: str) -> list[str]:
        """The rule names of the longest player word the name holds as a run of its words."""
        words = stems(key)
        for size in range(len(words) - 1, 0, -1):
            for start in range(len(words) - size + 1):
                named = self._player_words.get(tuple(words[start:start + size]))
                if named:
                    return named
        return []

    def _distinct_rules(self, names: list[str]) -> list[str]:
        """`names` less those that show the same passages as an earlier one ("Collision" and the quick
        reference's "COLLISIONS" are one rule in two editions)."""
        kept: list[tuple[str, set[str]]] = []
        for name in names:
            shown = {e.chunk_id for e in self._entries(self._translations(name), None)}
            if shown and not any(shown & other for _, other in kept):
                kept.append((name, shown))
        return [name for name, _ in kept]

    def _same_rule(self, a: str, b: str) -> bool:
        return b in self._translations(a)

    def _near(self, key: str) -> list[str]:
        matches = process.extract(key, self._keys, scorer=fuzz.WRatio, limit=5, score_cutoff=60)
        return list(dict.fromkeys(self._display[m[0]] for m in matches))

    def complete(self, prefix: str, limit: int = 25) -> list[str]:
        """Names for autocomplete: prefix matches first, then substring, then fuzzy; <= limit."""
        limit = max(1, min(limit, 25))
        key = term_key(prefix or "")
        names = sorted({self._display[k] for k in self._keys if self._by_key.get(k)}, key=lambda n: (len(n), n))
        if not key:
            return names[:limit]
        starts = [n for n in names if term_key(n).startswith(key)]
        contains = [n for n in names if key in term_key(n) and n not in starts]
        result = list(dict.fromkeys([*starts, *contains]))
        if len(result) < limit:
            fuzzy = process.extract(key, names, scorer=fuzz.WRatio, limit=limit, score_cutoff=86)
            result += [m[0] for m in fuzzy if m[0] not in result]
        return [n[:100] for n in result[:limit]]
