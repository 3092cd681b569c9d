"""Which stems the Russian -> English rendering joins without their being spelt alike: every pair
(the question's spelling, the term map's stem) that index.translate matched only through `_same_word`,
over every readable Russian question (our own sets and the three development folds; the held-out
sets are never opened). Each pair is printed with the questions' words it came from and how many
questions made it, so a reader can tell forms of one word ("тара"/"таран") from two words
("стольк"/"стол": столько is no table).
Each join is marked kept or REFUSED by the root test of index.ru_same_root (the rendering runs on the
prefix test alone here, so the list is the same before and after it).
Usage: python bench/rendering_joins.py"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import index.translate as translate  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.search import Searcher  # noqa: E402
from index.text import is_cyrillic  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from retrieval import DEV_SETS  # noqa: E402

HELD_OUT = ("fresh", "players_", "unanswerable", "vocab2_made_up", "referee_text_holdout")


def readable_questions() -> list[tuple[str, str]]:
    """(set name, question) of every Russian question we may read."""
    own = [p for p in sorted((ROOT / "bench" / "data").glob("*_own.jsonl")) if not p.name.startswith(HELD_OUT)]
    found: list[tuple[str, str]] = []
    for path in [*own, *DEV_SETS.values()]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                question = json.loads(line).get("question", "")
                if is_cyrillic(question):
                    found.append((path.stem, question))
    return found


def main() -> None:
    searcher = Searcher(Settings.from_env())
    joins: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    current: list[str] = []
    plain_same_word = translate._same_word

    def recording(a: str, b: str) -> bool:
        """The prefix test alone decides the rendering (as before index.ru_same_root); noted is whether
        the root test keeps each join."""
        translate.ONE_ROOT_ONLY = False
        joined = plain_same_word(a, b)
        translate.ONE_ROOT_ONLY = True
        if joined and a != b:
            current.append(f"{a}|{b}|{'kept' if plain_same_word(a, b) else 'REFUSED'}")
        return joined

    translate._same_word = recording  # instrumentation of this run only
    for name, question in readable_questions():
        query = searcher.parse(question)
        current.clear()
        rendering = searcher._to_english.render(query.stems, query.variants)
        # only the joins of runs the rendering kept
        kept = {r for russian, _ in rendering.runs for r in russian}
        for pair in dict.fromkeys(current):
            a, b, verdict = pair.split("|")
            owners = [s for s in kept if a in query.variants.get(s, frozenset({s}))]
            if owners:
                joins[(a, b, verdict)].add(f"{name}: {question}")
    for (a, b, verdict), questions in sorted(joins.items(), key=lambda kv: (kv[0][2], -len(kv[1]))):
        print(f"{len(questions):4d}  {verdict:7s} {a} ~ {b}   e.g. {sorted(questions)[0][:100]}")
    for verdict in ("kept", "REFUSED"):
        pairs = [q for key, q in joins.items() if key[2] == verdict]
        print(f"{verdict}: {len(pairs)} pairs, {sum(len(q) for q in pairs)} question-joins")


if __name__ == "__main__":
    main()
