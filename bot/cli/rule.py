"""`admiralty rule TERM`: a rule's text from every edition that defines it (no torch: fast)."""
from __future__ import annotations

import argparse
import sys

from bot.cli.output import citation, print_json, print_unmatched, wrap
from bot.service import Admiralty


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("rule", help="look up a rule by name (English or Russian)",
                              description="Exact, alias, translated, then fuzzy lookup of a rule name.")
    p.add_argument("term", help='e.g. "piercing", "таран", "Boarding Parties"')
    p.add_argument("--edition", help="only this edition (dw4, qrs, 3.03, …)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    result = Admiralty(progress=sys.stderr.isatty()).rule(args.term, edition=args.edition)
    if args.json:
        print_json(result)
        return 0 if result["status"] == "found" else 1
    if print_unmatched(result, "rule"):
        return 1
    how = {"fuzzy": " (closest match)", "translation": " (via the term map)",
           "player word": f" (read “{result['query']}” as this rule's name)"}.get(result["how"] or "", "")
    editions = len(result["entries"])
    print(f"{result['matched']}{how}: defined in {editions} edition{'s' if editions != 1 else ''}"
          + (" — they may differ; each is labelled." if editions > 1 else "."))
    for entry in result["entries"]:
        print(f"\n== {entry['term']} — {citation(entry)}")
        print(wrap(entry["text"]))
    return 0
