"""Does the way a question is capitalised change its answer?

Players type on phones that capitalise every word, in headline case ("Can A Crippled Ship Still Fire
Torpedoes?"), or in capitals. The rules mark their names by capitals ("Full Reverse"), so the relevance
test reads a capitalised run as a name and refuses one printed nowhere (index.relevance.read_names);
a question capitalised throughout marks nothing. This asks every answerable question of the three
shared dev sets as typed, in headline case and in capitals, and counts how often the first passage and
the status stay the same, and how many answered questions are refused once re-cased.

    .venv/bin/python bench/case_robustness.py
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import json  # noqa: E402
import re  # noqa: E402
from collections.abc import Callable  # noqa: E402

from bench.answer_identity import DEV_SETS, SHARED_EVAL  # noqa: E402
from bot.service import Admiralty  # noqa: E402

_SMALL = frozenset("a an the of to in on at for and or".split())


def headline(question: str) -> str:
    """Every word capitalised but the small joining ones, as headline case writes them ("(Like")."""
    return " ".join(w if w.casefold() in _SMALL else re.sub(r"^(\W*)(\w)", lambda m: m[1] + m[2].upper(), w)
                    for w in question.split())


def capitals(question: str) -> str:
    return question.upper()


def terms_capitaliser(name_words: frozenset[str]) -> Callable[[str], str]:
    """Each word that is a word of some rule's name capitalised, as players capitalise the game's terms
    mid-sentence ("What happens when a Battleship With Disorder Rams?"); other words as typed."""
    def change(question: str) -> str:
        return " ".join(re.sub(r"^(\W*)(\w)", lambda m: m[1] + m[2].upper(), w)
                        if re.sub(r"\W", "", w).casefold() in name_words else w for w in question.split())
    return change


def _first(answer: dict[str, object]) -> tuple[object, object]:
    results = answer["results"]
    assert isinstance(results, list)
    return answer["status"], results[0]["chunk_id"] if results else None


def main() -> int:
    questions = [json.loads(line)["question"] for name in DEV_SETS
                 for line in (SHARED_EVAL / name).read_text(encoding="utf-8").splitlines()
                 if json.loads(line).get("gold")]
    service = Admiralty()
    typed = {q: _first(service.ask(q)) for q in questions}
    names = {name for names in service.searcher._rule_names.values() for name in names}
    name_words = frozenset(w.casefold() for name in names for w in re.findall(r"\w+", name)
                           if len(w) > 2 and w.casefold() not in _SMALL)
    recase: dict[str, Callable[[str], str]] = {"headline case": headline, "capitals": capitals,
                                                "terms": terms_capitaliser(name_words)}
    print(f"{len(questions)} answerable dev questions")
    for label, change in recase.items():
        same = refused = 0
        for q in questions:
            status, first = _first(service.ask(change(q)))
            same += (status, first) == typed[q]
            refused += typed[q][0] == "answered" and status != "answered"
        print(f"  {label:14} same status and first passage {same}/{len(questions)}, "
              f"answered as typed but refused {refused}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
