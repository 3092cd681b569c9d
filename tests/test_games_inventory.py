"""The sweep of other games' core vocabularies (bench/data/games_inventory.tsv): every term of twenty games
with its verdict. The table is a claim about the glossary and the rules documents; these tests hold it to
them, so a later edit of index/data/glossary.toml that drops a mapped word or an absent one shows here."""
from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from corpus import CORPUS_DIR
from index.glossary import absent_words, read_glossary
from index.termmap import SYNONYMS_FILE
from index.text import stems, words

INVENTORY = Path(__file__).resolve().parent.parent / "bench" / "data" / "games_inventory.tsv"
VERDICTS = {"DW rule", "absent", "already covered", "too generic"}
RULES_DOCUMENTS = ("dw4-rules-glossary.cat", "dw3-quick-reference.txt")


def _rows() -> list[dict[str, str]]:
    with INVENTORY.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


ROWS = _rows()


def _spellings(term: str) -> list[tuple[str, ...]]:
    """'attack dice (ad)' is the term and its abbreviation; 'sail settings (battle sails, full sails)' three."""
    found = re.match(r"^(.*?)\s*\((.*)\)\s*$", term)
    names = [found.group(1), *(part.strip() for part in found.group(2).split(","))] if found else [term]
    return [tuple(words(name)) for name in names if words(name)]


@pytest.fixture(scope="module")
def glossary_words() -> dict[tuple[str, ...], dict[str, object]]:
    return {tuple(words(w)): entry for entry in read_glossary()["term"] for w in entry["words"]}


def test_twelve_games_or_more_with_thirty_core_terms_each() -> None:
    per_game = Counter(row["game"] for row in ROWS)
    assert len([game for game, n in per_game.items() if n >= 30]) >= 12, per_game
    assert {row["verdict"] for row in ROWS} == VERDICTS
    assert len({(row["game"], row["term"]) for row in ROWS}) == len(ROWS)


def test_a_mapped_term_is_a_glossary_word_backed_by_the_sentence_the_table_quotes(glossary_words) -> None:
    # e.g. Firestorm Armada's "damage rating" -> ARMOUR; quick reference: "If the attack has enough hits to
    # equal or exceed the initial target's ARMOUR, the target suffers 1 damage."
    wrong = []
    for row in (r for r in ROWS if r["verdict"] == "DW rule"):
        entries = [glossary_words[s] for s in _spellings(row["term"]) if s in glossary_words]
        quotes = {f'{e["document"]}: "{e["quote"]}"' for entry in entries for e in entry["evidence"]}  # type: ignore[attr-defined]
        if not entries or row["evidence (document: printed sentence)"] not in quotes:
            wrong.append(row["term"])
    assert wrong == []


def test_an_absent_term_is_declared_absent() -> None:
    absent = absent_words()
    assert [r["term"] for r in ROWS if r["verdict"] == "absent"
            and not any(s in absent for s in _spellings(r["term"]))] == []


def test_a_covered_term_is_a_player_word_already_or_printed_in_the_rules(glossary_words) -> None:
    slang = {tuple(words(k)) for k in tomllib.loads(SYNONYMS_FILE.read_text(encoding="utf-8"))["expansions"]}
    # a question's words are matched by stem: "stun" is the glossary's "stunned"
    known = {tuple(stems(" ".join(w))) for w in set(glossary_words) | set(absent_words()) | slang}
    printed_stems = set()
    for name in RULES_DOCUMENTS:
        printed_stems |= set(stems((CORPUS_DIR / name).read_text(encoding="utf-8")))
    def covered(spelling: tuple[str, ...]) -> bool:  # "wounds characteristic": "wounds" is a glossary word
        stemmed = tuple(stems(" ".join(spelling)))
        runs = {stemmed[i:j] for i in range(len(stemmed)) for j in range(i + 1, len(stemmed) + 1)}
        return bool(runs & known) or bool(set(stems(" ".join(spelling))) & printed_stems)

    uncovered = [r["term"] for r in ROWS if r["verdict"] == "already covered"
                 and not any(covered(s) for s in _spellings(r["term"]))]
    assert uncovered == []


def test_a_term_left_alone_is_neither_mapped_nor_absent(glossary_words) -> None:
    # "warlord" stays out: Warlord Games publishes Cruel Seas and Victory at Sea ("Armada by Warlord")
    absent = absent_words()
    assert [r["term"] for r in ROWS if r["verdict"] == "too generic"
            and any(s in glossary_words or s in absent for s in _spellings(r["term"]))] == []
    assert "warlord" in {r["term"] for r in ROWS if r["verdict"] == "too generic"}
