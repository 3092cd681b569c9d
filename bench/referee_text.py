"""Free-text descriptions read by the referee: read right / asked / flagged / silent misread.

Usage: .venv/bin/python bench/referee_text.py [--set FILE ...] [--shared-dev] [--show misread]
(default: bench/data/referee_text.jsonl, written with the reader, and referee_text2.jsonl and referee_text3.jsonl,
written before it was run on them: players' own styles — card lines, fleet-app pastes, two actions in one message,
shorthand; set 3 the six classes of the blind set's misses; `--shared-dev`: the shared development set, read
through tests/referee_text_dev_adapter.py)

Each line of the set is {"id", "text", "action", "ruleset" (or null), "expect": {parameter: value}, "ask": bool,
optionally "class"}: the inputs a careful referee reads from the text, in the project's own parameter names;
"ask": true when a careful referee must ask before computing (whose escorts?). Outcomes:
- read right: exactly the expected values (and, for "ask", the reader asked);
- asked: the reader refused with a question although the text was clear enough;
- flagged: a value is missing but the words that held it are listed as not understood;
- silent misread (target 0): a value that differs from the expected one, one the text never gave,
  or a missing value with nothing flagged. A wrong number the player is not warned about.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.errors import UserInputError  # noqa: E402
from referee.describe import parse_description  # noqa: E402

DEFAULT_SET = Path(__file__).resolve().parent / "data" / "referee_text.jsonl"
DEFAULT_SETS = (DEFAULT_SET, DEFAULT_SET.with_name("referee_text2.jsonl"), DEFAULT_SET.with_name("referee_text3.jsonl"))
OUTCOMES = ("read right", "asked", "flagged", "silent misread")


@dataclass(frozen=True)
class Reading:
    """What the reader made of one description, and how that compares with the expected reading."""

    outcome: str
    got: dict[str, Any]
    detail: str


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return float(a) == float(b)
    return bool(a == b)


def _part_of(got: Any, whole: Any) -> bool:
    """A list read short ("broadside 3" of three ships' 3 each): a value missing, not a wrong one."""
    if not (isinstance(got, list) and isinstance(whole, list)):
        return False
    rest = [str(w) for w in whole]
    for g in map(str, got):
        if g not in rest:
            return False
        rest.remove(g)
    return True


def classify(action: str, text: str, ruleset: str | None, expect: dict[str, Any], ask: bool) -> Reading:
    """The outcome of reading `text` for `action` against the expected values."""
    try:
        parsed = parse_description(action, text, ruleset)
    except UserInputError as exc:
        return Reading("read right" if ask else "asked", {}, str(exc))
    ignored = parsed.pop("ignored", [])
    parsed.pop("lang", None)
    if "ruleset" not in expect:
        parsed.pop("ruleset", None)  # the edition the text names is checked only where the set states it
    wrong = {k: v for k, v in parsed.items()
             if k not in expect or not (_same(v, expect[k]) or _part_of(v, expect[k]))}
    missing = {k: v for k, v in expect.items() if k not in parsed or not _same(parsed[k], v)}
    if wrong:
        return Reading("silent misread", parsed, f"wrong or extra: {wrong}; missing: {missing}")
    if ask:
        return Reading("flagged" if ignored else "silent misread", parsed, "did not ask")
    if missing:
        return Reading("flagged" if ignored else "silent misread", parsed, f"missing: {missing}; ignored: {ignored}")
    return Reading("read right", parsed, "")


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", type=Path, action="append", help="a set to score (repeatable)")
    ap.add_argument("--shared-dev", action="store_true", help="also score the shared development set")
    ap.add_argument("--show", choices=OUTCOMES + ("all",), action="append", default=[])
    args = ap.parse_args(argv)
    misread = 0
    for path in args.set or ([] if args.shared_dev else DEFAULT_SETS):
        misread += _score(path.name, load(path), args.show)
    if args.shared_dev:
        from tests.referee_text_dev_adapter import DEV_SET, dev_items
        misread += _score(DEV_SET.name, dev_items(), args.show)
    return 1 if misread else 0


def _score(name: str, items: list[dict[str, Any]], show: list[str]) -> int:
    """Print one set's outcomes, by language and (where the set gives one) by class; returns its silent misreads."""
    counts: Counter[str] = Counter()
    by_lang: Counter[tuple[str, str]] = Counter()
    by_class: Counter[tuple[str, str]] = Counter()
    for it in items:
        r = classify(it["action"], it["text"], it.get("ruleset"), it["expect"], bool(it.get("ask")))
        counts[r.outcome] += 1
        by_lang[(it.get("lang", "en"), r.outcome)] += 1
        if "class" in it:
            by_class[(str(it["class"]), r.outcome)] += 1
        if r.outcome in show or "all" in show:
            print(f"[{r.outcome}] {it['id']} {it['text']!r}\n    got {r.got}\n    {r.detail}")
    print(f"{len(items)} descriptions ({name})")
    for o in OUTCOMES:
        langs = ", ".join(f"{lang} {by_lang[(lang, o)]}" for lang in ("en", "ru"))
        print(f"  {o:15} {counts[o]:4}  ({langs})")
    classes = sorted({c for c, _ in by_class})
    if classes:
        print("  by class: " + "; ".join(
            f"{c}: " + " ".join(str(by_class[(c, o)]) for o in OUTCOMES) for c in classes)
            + "  (read right asked flagged misread)")
    return counts["silent misread"]


if __name__ == "__main__":
    raise SystemExit(main())
