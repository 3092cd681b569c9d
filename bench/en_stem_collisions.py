"""Which English stems the documents print does the typo tolerance join (issue 16, helper "enstem").

Read from the documents' side, before any question: the index's English vocabulary (the build's
`lexical_vocab`, the stems its passages hold, with the words that stem so from its `word_stems`), and
the near spellings `index.search.Searcher._near_spellings` gives each (the same reach: a stem of 8+
letters matches up to three printed stems two edits away, a stem of 5-7 letters one edit away, which
an unprinted question word of that length reaches as well). Each pair is listed with its words, and
marked where `index.ru_derivation.derived_apart` reads it as one root's two derivations.

    python bench/en_stem_collisions.py            # counts and every pair
    python bench/en_stem_collisions.py --short    # also the 5-7 letter stems one edit apart
"""
from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from rapidfuzz import process  # noqa: E402
from rapidfuzz.distance import OSA  # noqa: E402

from core.settings import Settings  # noqa: E402
from index.ru_derivation import derived_apart  # noqa: E402
from index.search import NEAR_MIN_CHARS, TYPO_MIN_CHARS, typo_edits  # noqa: E402
from index.store import current_build  # noqa: E402

ENGLISH_STEM = re.compile(r"[a-z]+")  # letters only: numbers and Cyrillic are no English word
LONG = TYPO_MIN_CHARS  # two edits from here
SHORT = NEAR_MIN_CHARS  # the shortest stem `_near_spellings` reads
REACH = 3  # `_near_spellings` keeps the three nearest


def printed(build: Path) -> tuple[list[str], dict[str, set[str]]]:
    """The build's vocabulary (sorted, as the searcher holds it) and each English stem's printed words."""
    with sqlite3.connect(build / "index.db") as db:
        vocabulary = sorted(term for (term,) in db.execute("select term from lexical_vocab"))
        words: dict[str, set[str]] = defaultdict(set)
        for word, its_stem in db.execute("select word, stem from word_stems"):
            words[its_stem].add(word)
    return vocabulary, words


def near_pairs(vocabulary: list[str], shortest: int) -> list[tuple[str, str, int]]:
    """(stem, near spelling, edits) for every English stem of `shortest`+ letters, as the search reaches them."""
    found = []
    for one in vocabulary:
        if len(one) < shortest or not ENGLISH_STEM.fullmatch(one):
            continue
        limit = typo_edits(len(one))
        band = [w for w in vocabulary if abs(len(w) - len(one)) <= limit]
        for other, edits, _ in process.extract(one, band, scorer=OSA.distance, score_cutoff=limit, limit=REACH):
            if other != one:
                found.append((one, other, int(edits)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", help="also list 5-7 letter stems one edit apart")
    args = parser.parse_args()
    build = current_build(Settings.from_env().data_dir)
    if build is None:
        print("no index built: run `admiralty index build` first")
        return 1
    vocabulary, words = printed(build)
    english = [s for s in vocabulary if ENGLISH_STEM.fullmatch(s)]
    long_pairs = near_pairs(vocabulary, LONG)
    print(f"{len(english)} English stems in the index, {sum(len(s) >= LONG for s in english)} of {LONG}+ letters")
    print(f"{LONG}+ letter stems with a printed stem within two edits: {len(long_pairs)} pairs")
    for one, other, edits in long_pairs:
        mark = "  derived apart" if derived_apart(one, other) else ""
        print(f"  {one} ({', '.join(sorted(words[one])[:3])})  ~{edits}  "
              f"{other} ({', '.join(sorted(words[other])[:3])}){mark}")
    if args.short:
        short_pairs = [p for p in near_pairs(vocabulary, SHORT) if len(p[0]) < LONG]
        print(f"{SHORT}-{LONG - 1} letter stems one edit from a printed stem: {len(short_pairs)} pairs")
        for one, other, edits in short_pairs:
            print(f"  {one} ({', '.join(sorted(words[one])[:3])})  ~{edits}  "
                  f"{other} ({', '.join(sorted(words[other])[:3])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
