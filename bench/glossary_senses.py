"""How often each players'-word mapping is read in a context where the game has the mechanic.

    python bench/glossary_senses.py --hide fresh --hide players --hide unanswerable --hide vocab2_made [--list]

For every visible question (the dev folds with their off-topic lines, our sets not hidden) it finds the
glossary entries (index/data/glossary.toml [[term]]) and synonyms.toml expansions whose player words
the question's stems print, as `Searcher._expand` reads them (a phrase inside a longer one the question
also prints counts as the longer one); an entry read outside its declared context (glossary [[sense]],
`index.senses`) is counted apart, as "[out of context]". Per entry: answerable questions (first result
right, wrong, refused) and unanswerable ones (answered, refused). `--list` prints each question too.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.retrieval import folds, norm  # noqa: E402
from core.settings import Settings  # noqa: E402
from index.glossary import load_glossary, matchable  # noqa: E402
from index.search import Searcher  # noqa: E402
from index.text import phrase_stems  # noqa: E402
from index.vocabulary import parse_files  # noqa: E402


def _runs(stems: list[str], key: list[str]) -> list[int]:
    n = len(key)
    return [i for i in range(len(stems) - n + 1) if stems[i:i + n] == key] if n else []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX")
    parser.add_argument("--list", action="store_true", help="print each question read through an entry")
    args = parser.parse_args()
    glossary = load_glossary()
    label_of: dict[str, str] = {}  # player phrase (as stems, joined) -> its entry's label
    for entry in glossary:
        label = f"glossary: {entry.words[0]}"
        for word in entry.words:
            label_of.setdefault(" ".join(phrase_stems(matchable(word))), label)
    for word in parse_files().synonyms.expansions:
        label_of.setdefault(" ".join(phrase_stems(word)), f"synonyms: {word}")
    keys = {k: k.split() for k in label_of if k}
    by_first: dict[str, list[str]] = defaultdict(list)
    for key, parts in keys.items():
        by_first[parts[0]].append(key)
    searcher = Searcher(Settings.from_env())
    table: dict[str, list[int]] = defaultdict(lambda: [0] * 5)  # right, wrong, refused | answered, refused
    questions = 0
    for name, fold in folds(tuple(args.hide)).items():
        for q in fold:
            stems = list(searcher.parse(q["question"]).stems)
            found = [(i, i + len(keys[k]), k) for s in dict.fromkeys(stems) for k in by_first.get(s, ())
                     for i in _runs(stems, keys[k])]
            kept = {label_of[k] + ("" if searcher._senses.holds(keys[k], stems) else " [out of context]")
                    for s, e, k in found if not any(s2 <= s and e <= e2 and e2 - s2 > e - s for s2, e2, _ in found)}
            if not kept:
                continue
            questions += 1
            result = searcher.ask(q["question"], k=5).to_json()
            golds = [norm(g) for g in q["gold"]]
            refused = result["status"] == "not_found"
            if golds:
                right = not refused and any(g in norm(result["results"][0]["text"]) for g in golds)
                column = 2 if refused else (0 if right else 1)
                verdict = ("refused", "right", "wrong")[0 if refused else (1 if right else 2)]
            else:
                column = 4 if refused else 3
                verdict = "abstained" if refused else "ANSWERED"
            for label in kept:
                table[label][column] += 1
            if args.list:
                print(f"{name:<14} {verdict:<9} {'; '.join(sorted(kept))[:60]:<60} {q['question'][:90]}")
    print(f"\n{questions} questions read through a players' word")
    print(f"{'entry':<48} {'ans: right':>10} {'wrong':>6} {'refused':>8} | {'unans: answered':>15} {'refused':>8}")
    for label, row in sorted(table.items(), key=lambda item: -sum(item[1])):
        print(f"{label[:48]:<48} {row[0]:>10} {row[1]:>6} {row[2]:>8} | {row[3]:>15} {row[4]:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
