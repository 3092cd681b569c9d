"""Rule texts from the corpus for a unit's special rules, through the index's TermBook.

A rule whose name is a glossary or rulebook term (exact name or alias, not a fuzzy guess)
gets the corpus entries under `corpus`; a rule with no text of its own takes the first
one as its text. Without a built index every rule keeps its own text (or null) and the
answer says the corpus was not consulted.
"""
from __future__ import annotations

from typing import Any

from core.errors import UserInputError

MAX_CORPUS_TEXT = 1500


def add_corpus_texts(result: dict[str, Any], termbook: Any | None) -> None:
    """Fill `result["units"][*]["rules"]` in place; `termbook` None means the index is not built.

    `result["rules_from_corpus"]`: True when looked up, False when the index is not built
    (absent when the caller did not ask)."""
    result["rules_from_corpus"] = termbook is not None
    if termbook is None:
        for unit in result.get("units", []):
            if any(rule.get("text") is None for rule in unit["rules"]):
                unit.setdefault("notes", []).append(
                    "rule texts not in the unit data are null: the search index is not built "
                    "(run `admiralty index build` to look them up in the glossary and rulebook)")
        return
    cache: dict[str, list[dict[str, Any]]] = {}
    for unit in result.get("units", []):
        for rule in unit["rules"]:
            name = rule["name"]
            if name not in cache:
                cache[name] = _entries(termbook, name)
            entries = cache[name]
            if not entries:
                continue
            rule["corpus"] = entries
            if rule.get("text") is None:
                rule["text"] = entries[0]["text"]
                rule["citation"] = entries[0]["citation"]


def _entries(termbook: Any, name: str) -> list[dict[str, Any]]:
    try:
        found = termbook.lookup(name).to_json()
    except UserInputError:
        return []
    if found["status"] != "found" or found.get("how") not in ("exact", "alias", "translation"):
        return []
    return [{"edition": e["edition"], "section": e["section"],
             "text": e["text"][:MAX_CORPUS_TEXT],
             "citation": f"{e['document_title']} [{e['edition_label']}, {e['language']}] › {e['section']}"}
            for e in found["entries"]]
