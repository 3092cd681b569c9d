"""parse_query skips reading edition and game names when one scan of all the manifest's phrases finds
none (index.query._any_phrase): that scan must find one exactly when some phrase is in the text."""
from __future__ import annotations

import json
from pathlib import Path

from index.manifest import corpus_names
from index.query import _any_phrase, _opens_with_boundary

QUESTIONS = (
    "how far can a ship move at full reverse?", "ram in dw4 vs 3rd edition", "квикреф: сколько кубов на таран?",
    "в 4ке можно стрелять после тарана?", "Dust: how do soldiers take cover?", "skirmish leadership check",
    "what does the russian rulebook say about fog of war", "в третьей редакции", "tro ika?", "3.03 broadside",
    "drop the tank in Dystopian Wars", "does warhammer have stratagems", "новые правила абордажа", "",
)


def test_one_scan_finds_a_phrase_exactly_when_one_of_them_does() -> None:
    names = corpus_names()
    combined = _any_phrase(names)
    assert combined is not None
    phrases = [route.pattern for route in names.routes] + [pattern for _, pattern in names.game_phrases]
    found = 0
    for question in QUESTIONS:
        any_one = any(pattern.search(question) for pattern in phrases)
        assert (combined.search(question) is not None) == any_one, question
        found += any_one
    assert 0 < found < len(QUESTIONS)  # both answers occur


def test_one_scan_agrees_on_every_question_of_our_own_sets() -> None:
    """The shared "\\b" of the patterns that open with one changes no answer on real questions."""
    names = corpus_names()
    combined = _any_phrase(names)
    assert combined is not None
    phrases = [route.pattern for route in names.routes] + [pattern for _, pattern in names.game_phrases]
    own = [path for path in (Path(__file__).parent.parent / "bench" / "data").glob("*.jsonl")
           if not path.name.startswith("fresh")]  # held-out sets stay unread
    questions = [json.loads(line).get("question") or "" for path in own
                 for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(questions) > 500
    differ = [q for q in questions
              if (combined.search(q) is not None) != any(pattern.search(q) for pattern in phrases)]
    assert differ == []


def test_a_boundary_is_shared_only_by_a_pattern_of_one_alternative() -> None:
    assert _opens_with_boundary(r"\b(dw4|v4)(\s*ed)?")
    assert _opens_with_boundary(r"\bdust\b")
    assert _opens_with_boundary(r"\b[|]x")  # "|" inside a class is a character
    assert _opens_with_boundary(r"\b[]|]x")  # so is a "]" that opens a class
    assert _opens_with_boundary(r"\b\|x")  # and an escaped one
    assert not _opens_with_boundary(r"\bdust|war")  # "war" needs no boundary
    assert not _opens_with_boundary(r"\b[^]]|war")
    assert not _opens_with_boundary(r"глоссари\w*")
