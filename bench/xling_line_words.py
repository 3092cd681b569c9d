"""The Russian questions answered by an English document, missed at R@1 or in the line, with the words
the answer line's rendering dropped: for each miss, the question's Russian stems the English rendering has
no word for (`dropped`: left out of the weights; `kept`: weighed in Russian, which no English sentence
prints), the runs it did render, the quoted line and the gold. Readable sets only (our own and the three
development folds; the held-out sets are never opened). Usage: python bench/xling_line_words.py [SET ...]"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.settings import Settings  # noqa: E402
from index.search import Searcher  # noqa: E402
from index.text import is_cyrillic  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from retrieval import DEV_SETS, load_jsonl, norm, quote_ok  # noqa: E402

HELD_OUT = ("fresh", "players_", "unanswerable", "vocab2_made_up", "referee_text_holdout")
ENGLISH_SOURCES = ("dw4-rules-glossary.cat", "dw3-quick-reference.txt", "dust-warfare-rules-summary.md",
                   "skirmish-universal-special-rules.md")


def readable_sets(only: list[str]) -> dict[str, Path]:
    own = {p.stem: p for p in sorted((ROOT / "bench" / "data").glob("*_own.jsonl")) if not p.name.startswith(HELD_OUT)}
    sets = {**own, **DEV_SETS}
    return {k: v for k, v in sets.items() if not only or k in only}


def main() -> None:
    searcher = Searcher(Settings.from_env())
    for name, path in readable_sets(sys.argv[1:]).items():
        for q in load_jsonl(path):
            sources = q.get("gold_sources") or []
            if not (q.get("gold") and is_cyrillic(q["question"]) and sources and all(s in ENGLISH_SOURCES
                                                                                    for s in sources)):
                continue
            result = searcher.ask(q["question"], k=5).to_json()
            golds = [norm(g) for g in q["gold"]]
            texts = [norm(r["text"]) for r in result["results"]]
            h1 = bool(texts) and any(g in texts[0] for g in golds)
            quote = (result.get("answer") or {}).get("quote", "")
            if h1 and quote_ok(golds, quote):
                continue
            edition = result["results"][0]["edition"] if result["results"] else ""
            parsed = searcher.parse(q["question"])
            rows = searcher._rows_with("edition", (edition,))
            rendered = searcher._translated(parsed, searcher._to_english_line, rows)
            dropped = [s for s in parsed.stems if is_cyrillic(s) and s not in rendered.weights
                       and not any(s in r for r, _ in _runs(searcher, parsed, edition))]
            kept = [s for s in rendered.weights if is_cyrillic(s)]
            print(json.dumps({"set": name, "id": q.get("id"), "miss": "R@1" if not h1 else "LINE",
                              "question": q["question"], "first": result["results"][0]["section"] if texts else "",
                              "runs": [f"{' '.join(r)}={' '.join(e)}" for r, e in _runs(searcher, parsed, edition)],
                              "dropped": dropped, "kept": kept, "quote": quote[:160], "gold": q["gold"]},
                             ensure_ascii=False))


def _runs(searcher: Searcher, parsed, edition: str):  # type: ignore[no-untyped-def]
    return searcher._to_english_line.render(parsed.stems, parsed.variants).runs


if __name__ == "__main__":
    main()
