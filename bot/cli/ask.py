"""`admiralty ask`: top passages for a question, one at a time or a JSON-lines batch."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.boundary import describe_failure
from bot.cli.output import citation, print_json, wrap
from bot.service import ASK_PARAMS, Admiralty, UserInputError, spec_named
from core.messages import declare, text, text_lang


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("ask", help="search the rules for a question", description="Search the rules.")
    p.add_argument("question", nargs="?", help="the question, in English or Russian")
    k = spec_named(ASK_PARAMS, "k")
    p.add_argument("--k", type=int, default=5, help=f"how many passages ({k.minimum:g}-{k.maximum:g}, default 5)")
    p.add_argument("--game", help="dystopian-wars | dust-warfare | skirmish-usr")
    p.add_argument("--edition",
                   help="dw4-glossary | dw3-quick-reference | dw3-rulebook | dust-warfare | usr (or dw4, qrs, 3.03…)")
    p.add_argument("--lang", help="en | ru: only passages in this language")
    p.add_argument("--mode", default="hybrid", choices=("hybrid", "lexical", "dense"), help=argparse.SUPPRESS)
    p.add_argument("--batch", type=Path, metavar="FILE", help="JSON lines with a 'question' field; '-' for stdin")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def _validate_before_loading(service: Admiralty, args: argparse.Namespace) -> None:
    """Bad input fails in milliseconds, not after the model has loaded."""
    question = args.question if args.question is not None else "batch"
    service.validate_ask(question, k=args.k, game=args.game, edition=args.edition, lang=args.lang)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        if args.question:
            raise UserInputError("give either a question or --batch FILE, not both")
        return _run_batch(args)
    if args.question is None:
        raise UserInputError("no question given: admiralty ask \"how do rams work in dw4?\"")
    service = Admiralty(progress=sys.stderr.isatty())
    _validate_before_loading(service, args)
    result = service.ask(args.question, k=args.k, game=args.game, edition=args.edition,
                         lang=args.lang, mode=args.mode)
    if args.json:
        print_json(result)
    else:
        _print_human(result, text_lang(args.question) or "en")
    return 0


declare({
    "ask.not_found": ("Not in the rules: no rule passage answers that question.",
                      "В правилах этого нет: ни один отрывок правил не отвечает на этот вопрос."),
    "ask.suggestions": ("Closest rule names (try `admiralty rule NAME`): {names}",
                        "Ближайшие названия правил (попробуйте `admiralty rule НАЗВАНИЕ`): {names}"),
    "ask.closest": ("Closest passages:", "Ближайшие отрывки:"),
    "ask.routed": ("Searched only the edition your question names: {labels}",
                   "Искали только в редакции, которую называет вопрос: {labels}"),
    "ask.read_as": ("Read as the rule name “{name}”.", "Прочитано как название правила «{name}»."),
    "ask.answer": ("Answer", "Ответ"),
    "ask.note": ("Note: {note}", "Примечание: {note}"),
    "ask.parts": ("({n} parts)", "(частей: {n})"),
    "ask.terms_en": ("English terms: {terms}", "Термины по-английски: {terms}"),
})


def _print_human(result: dict[str, Any], lang: str = "en") -> None:
    """The answer line(s) first, each with its citation; then the whole rules they quote. The fixed
    texts are in `lang`, the language the question was written in (the rules are quoted as printed)."""
    if result["status"] == "not_found":
        print(text("ask.not_found", lang))
        if result["suggestions"]:
            print(text("ask.suggestions", lang, names="; ".join(result["suggestions"])))
        if result["results"]:
            print("\n" + text("ask.closest", lang) + "\n")
            _print_results(result, lang)
        return
    if result.get("read_as"):
        print(text("ask.read_as", lang, name=result["read_as"]))
    if result["routed_editions"]:
        labels = sorted({hit["edition_label"] for hit in result["results"]})
        print(text("ask.routed", lang, labels="; ".join(labels)) + "\n")
    for answer in result["answers"]:
        label = f"[{answer['edition_label']}] " if len(result["answers"]) > 1 else ""
        print(f"{text('ask.answer', lang)} {label}\u201c{answer['quote']}\u201d")
        print(f"    \u2014 {answer['document_title']} \u203a {answer['section']}")
    if result["editions_disagree"]:
        print(text("ask.note", lang, note=result["editions_disagree"]))
    print()
    _print_results(result, lang)


def _print_results(result: dict[str, Any], lang: str = "en") -> None:
    for hit in result["results"]:
        parts = " " + text("ask.parts", lang, n=hit["parts"]) if hit["parts"] > 1 else ""
        print(f"[{hit['rank']}] {citation(hit)}{parts}")  # fusion scores mean nothing to a reader; --json has them
        print(wrap(hit["text"]))
        if hit["terms_en"]:
            terms = "; ".join(f"{t['term']} = {t['en']}" for t in hit["terms_en"])
            print(wrap(text("ask.terms_en", lang, terms=terms)))
        print()


def _read_batch(path: Path) -> list[bytes]:
    """The batch's non-blank lines as bytes: each is decoded on its own, so one bad line stays one line."""
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read()
        else:
            if path.exists() and not path.is_file():
                raise UserInputError(f"cannot read batch file {path}: not a regular file", "batch")
            data = path.read_bytes()
    except OSError as exc:
        raise UserInputError(f"cannot read batch file {path}: {exc.strerror or exc}", "batch") from exc
    return [line for line in data.splitlines() if line.strip()]


def _question_of(raw: bytes) -> str:
    """The `question` of one batch line, or ValueError naming what is wrong with the line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not valid UTF-8") from None
    try:
        item = json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    question = item.get("question") if isinstance(item, dict) else None
    if not isinstance(question, str):
        raise ValueError("no 'question' text field")
    return question


def _emit(out: dict[str, Any]) -> None:
    """One JSON line; text that cannot be written as UTF-8 (a lone surrogate) is escaped instead."""
    try:
        line = json.dumps(out, ensure_ascii=False)
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(out, ensure_ascii=True)
    print(line, flush=True)


def _run_batch(args: argparse.Namespace) -> int:
    """One output line per input line, same order; a bad line gets an `error`, not a crash.

    Exit 0 when every line was answered or refused as bad input; 1 when a line met an
    unexpected failure (it still gets its error line and the batch goes on)."""
    service = Admiralty(progress=sys.stderr.isatty())
    _validate_before_loading(service, args)
    lines = _read_batch(args.batch)
    failed = False
    for n, raw in enumerate(lines, start=1):
        try:
            question = _question_of(raw)
        except ValueError as exc:
            _emit({"question": None, "line": n, "error": f"line {n}: {exc}", "results": []})
            continue
        try:
            out = service.ask(question, k=args.k, game=args.game, edition=args.edition, lang=args.lang,
                              mode=args.mode)  # exactly what `ask --json` gives for this question alone
        except Exception as exc:  # noqa: BLE001 - one line's failure must not end the batch
            message, code = describe_failure(exc)
            failed = failed or code == 1
            out = {"question": question, "line": n, "error": message, "results": []}
        _emit(out)
    return 1 if failed else 0
