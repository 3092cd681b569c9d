"""parse_query skips reading edition and game names when one scan of all the manifest's phrases finds
none (index.query._any_phrase): that scan must find one exactly when some phrase is in the text."""
from __future__ import annotations

from index.manifest import corpus_names
from index.query import _any_phrase

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
