"""Check a question file of our own before it is used: every gold span is 25-90 characters and printed in its
source (after the metric's normalisation: NFKC, '*' dropped, spaces folded, casefold); a made-up question has
no gold and no source. Usage: python bench/validate_gold.py bench/data/games_own.jsonl [...]"""
from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

from corpus import CORPUS_DIR


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("*", "")
    return re.sub(r"\s+", " ", text).strip().casefold()


def problems(path: Path) -> list[str]:
    """One line per span that is too short, too long or not printed; empty when the file is sound."""
    found: list[str] = []
    sources: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        question = json.loads(line)
        if not question["gold"]:
            if question["gold_sources"] or question["source"] is not None:
                found.append(f"{question['id']}: a made-up question names a source")
            continue
        for span, source in zip(question["gold"], question["gold_sources"], strict=True):
            text = sources.setdefault(source, _norm((CORPUS_DIR / source).read_text(encoding="utf-8")))
            if not 25 <= len(span) <= 90:
                found.append(f"{question['id']}: {len(span)} characters: {span!r}")
            if _norm(span) not in text:
                found.append(f"{question['id']}: not printed in {source}: {span!r}")
    return found


def main() -> int:
    bad = [p for arg in sys.argv[1:] for p in problems(Path(arg))]
    print("\n".join(bad) or "every gold span is 25-90 characters and printed in its source")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
