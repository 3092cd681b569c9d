"""parse_query skips reading edition and game names when one scan of all the manifest's phrases finds
none (index.query._any_phrase): that scan must find one exactly when some phrase is in the text."""
from __future__ import annotations

import json
import re
from pathlib import Path

from index.manifest import corpus_names
from index.phrase_scan import alternatives, any_of
from index.query import _any_phrase, _scans
from index.relevance import _OFF_RULES, _OFF_RULES_SCAN

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
    # the other games' names and the off-rules phrases (index.relevance) are scanned so too
    assert names.other_games is not None
    for pattern, scan in ((names.other_games, _scans(names).other_game), (_OFF_RULES, _OFF_RULES_SCAN)):
        assert scan is not None and scan.pattern != pattern.pattern
        assert [q for q in questions if (scan.search(q) is None) != (pattern.search(q) is None)] == []
        assert any(pattern.search(q) for q in questions)  # both answers occur


def test_a_boundary_is_shared_only_by_a_pattern_of_one_alternative() -> None:
    assert alternatives(r"\b(dw4|v4)(\s*ed)?") == [r"\b(dw4|v4)(\s*ed)?"]
    assert alternatives(r"(?:\bdust\b)|(?:скирмиш\w*|\busr)") == [r"\bdust\b", r"скирмиш\w*", r"\busr"]
    assert alternatives(r"\b[|]x|[]|]y|\|z") == [r"\b[|]x", r"[]|]y", r"\|z"]  # "|" as a character
    assert alternatives(r"(?:a)(b)|c") == [r"(?:a)(b)", "c"]  # a group opening an alternative, not all of it
    assert alternatives(r"(a|b") is None


def test_one_scan_of_a_phrase_list_answers_as_its_phrases_do() -> None:
    """The shared boundary must not reach an alternative that has none ("war" inside "postwar")."""
    phrases = [re.compile(r"\bdust|war", re.IGNORECASE), re.compile(r"\b(?:ram|tow)\b", re.IGNORECASE)]
    scan = any_of(phrases)
    assert scan is not None
    for text in ("postwar", "DUSTy", "adust", "a ram!", "tram", "towing", "", "tow"):
        assert (scan.search(text) is not None) == any(p.search(text) for p in phrases), text
    assert any_of([re.compile("a"), re.compile("b", re.IGNORECASE)]) is None  # flags differ: each is tried
