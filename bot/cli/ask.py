"""`admiralty ask`: top passages for a question, one at a time or a JSON-lines batch."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.output import citation, print_json, wrap

BATCH_FIELDS = ("rank", "score", "chunk_id", "document", "game", "edition", "language", "section", "text")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("ask", help="search the rules for a question", description="Search the rules.")
    p.add_argument("question", nargs="?", help="the question, in English or Russian")
    p.add_argument("--k", type=int, default=5, help="how many passages (1-50, default 5)")
    p.add_argument("--game", help="dystopian-wars | dust-warfare | skirmish-usr")
    p.add_argument("--edition", help="dw4-glossary | dw3-quick-reference | dw3-rulebook | dust-warfare | usr (or dw4, qrs, 3.03…)")
    p.add_argument("--lang", help="en | ru: only passages in this language")
    p.add_argument("--mode", default="hybrid", choices=("hybrid", "lexical", "dense"), help=argparse.SUPPRESS)
    p.add_argument("--batch", type=Path, metavar="FILE", help="JSON lines with a 'question' field; '-' for stdin")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def _validate_before_loading(args: argparse.Namespace) -> None:
    """Bad input fails in milliseconds, not after the model has loaded."""
    from index.config import Settings
    from index.manifest import load_manifest, resolve_edition, resolve_game, resolve_language
    from index.search import validate_k, validate_question

    if args.question is not None:
        validate_question(args.question)
    validate_k(args.k)
    docs = load_manifest(Settings.from_env().corpus_dir)
    resolve_game(args.game, docs), resolve_edition(args.edition, docs), resolve_language(args.lang, docs)


def _searcher():
    from bot.errors import UserError
    from index.config import Settings
    from index.search import Searcher

    try:
        return Searcher(Settings.from_env())
    except OSError as exc:
        raise UserError(f"cannot open the index: {exc}") from exc


def run(args: argparse.Namespace) -> int:
    from bot.errors import UserError

    if args.batch is not None:
        if args.question:
            raise UserError("give either a question or --batch FILE, not both")
        return _run_batch(args)
    if args.question is None:
        raise UserError("no question given: admiralty ask \"how do rams work in dw4?\"")
    _validate_before_loading(args)
    result = _searcher().ask(args.question, k=args.k, game=args.game, edition=args.edition,
                             lang=args.lang, mode=args.mode).to_json()
    if args.json:
        print_json(result)
    else:
        _print_human(result)
    return 0


def _print_human(result: dict[str, Any]) -> None:
    if not result["results"]:
        print("No passage matches that question with these filters.")
        return
    if result["routed_editions"]:
        labels = sorted({hit["edition_label"] for hit in result["results"]})
        print(f"Searched only the edition your question names: {'; '.join(labels)}\n")
    if result["editions_disagree"]:
        print(f"Note: {result['editions_disagree']}\n")
    for hit in result["results"]:
        print(f"[{hit['rank']}] {citation(hit)}  (score {hit['score']:.4f})")
        print(wrap(hit["text"]))
        print()


def _read_batch(path: Path) -> list[str]:
    from bot.errors import UserError

    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read batch file {path}: {exc}") from exc
    return [line for line in text.splitlines() if line.strip()]


def _run_batch(args: argparse.Namespace) -> int:
    """One output line per input line, same order; a bad line gets an `error`, not a crash."""
    from index.errors import AdmiraltyError
    _validate_before_loading(args)
    lines = _read_batch(args.batch)
    searcher = _searcher()
    for n, line in enumerate(lines, start=1):
        try:
            item = json.loads(line)
            question = item.get("question") if isinstance(item, dict) else None
            if not isinstance(question, str):
                raise ValueError("no 'question' text field")
        except ValueError as exc:
            print(json.dumps({"question": None, "line": n, "error": f"line {n}: {exc}", "results": []}), flush=True)
            continue
        try:
            result = searcher.ask(question, k=args.k, game=args.game, edition=args.edition, lang=args.lang, mode=args.mode)
            out = {"question": question, "results": [{f: h[f] for f in BATCH_FIELDS} for h in result.to_json()["results"]]}
        except AdmiraltyError as exc:
            out = {"question": question, "error": str(exc), "results": []}
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0
