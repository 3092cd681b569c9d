"""Why a players'-words question misses, word by word: what each question word is read as (its
expansion through glossary.toml and synonyms.toml), whether the answering rule prints it, where the
answering rule ranks, and which sentence the answer quotes instead of the gold one.

    python bench/vocab_causes.py bench/data/vocab7_own.jsonl [...] [--dev3-style vocab]

Only our own sets and the development folds: never a held-out set."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import DEV_SETS, load_jsonl, norm, quote_ok  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.rules import document_of  # noqa: E402
from index.search import Searcher  # noqa: E402

HIDDEN = ("fresh", "players_", "unanswerable", "vocab2_made", "referee_text_holdout")


def _gold_rules(searcher: Searcher, golds: list[str], source: str | None) -> list[str]:
    keys = []
    for key, rule in searcher.rules.items():
        doc = searcher.docs.get(document_of(key))
        if source and doc is not None and doc.file != source:
            continue
        if any(g in norm(rule.text) for g in golds):
            keys.append(key)
    return keys


def explain(searcher: Searcher, q: dict[str, Any]) -> dict[str, Any] | None:
    golds = [norm(g) for g in q["gold"]]
    if not golds:
        return None
    result = searcher.ask(q["question"], k=10).to_json()
    texts = [norm(r["text"]) for r in result["results"]]
    quote = (result.get("answer") or {}).get("quote", "")
    h1 = bool(texts) and any(g in texts[0] for g in golds)
    ok = quote_ok(golds, quote)
    nf = result["status"] == "not_found"
    if h1 and ok and not nf:
        return None
    rank = next((i + 1 for i, t in enumerate(texts) if any(g in t for g in golds)), None)
    query = searcher.parse(q["question"])
    keys = _gold_rules(searcher, golds, q.get("source"))
    rule_stems: frozenset[str] = frozenset().union(*(searcher._stems_of_rule(k) for k in keys)) if keys else frozenset()
    words = []
    for stem in query.topic:
        variants = query.variants[stem]
        extra = sorted(variants - {stem})
        held = sorted(v for v in variants if v in rule_stems)
        near = set(searcher._near_spellings(stem)) if stem not in searcher._vocabulary else set()
        words.append({"stem": stem, "w": round(query.weights.get(stem, 0.0), 2), "read": extra, "rule_prints": held,
                      "typo": sorted(set(extra) & near), "printed": stem in searcher._vocabulary})
    return {"id": q["id"], "question": q["question"], "tag": "NF" if nf else ("R@1" if not h1 else "QUOTE"),
            "gold_rank": rank, "first": result["results"][0]["section"] if result["results"] else "-",
            "gold_rule": [searcher.rules[k].section for k in keys][:2], "quote": quote[:160], "words": words}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--dev", action="append", default=[], help="dev fold name (dev1..dev3)")
    parser.add_argument("--style", default=None, help="only questions of this style")
    args = parser.parse_args()
    questions: list[dict[str, Any]] = []
    for name in args.files:
        if Path(name).name.startswith(HIDDEN):
            raise SystemExit(f"{name} is held out")
        questions += load_jsonl(Path(name))
    for name in args.dev:
        questions += load_jsonl(DEV_SETS[name])
    if args.style:
        questions = [q for q in questions if q.get("style") == args.style]
    searcher = Searcher(Settings.from_env())
    for q in questions:
        found = explain(searcher, q)
        if found:
            print(json.dumps(found, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
