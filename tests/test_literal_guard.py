"""index.literal_guard: a guarded pattern answers exactly as the pattern does, only faster on texts
that cannot match; and index.text.stem_in answers exactly as `stem(word) in known`."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from index import answer_shape, query, relevance, routing
from index.literal_guard import FOLDED, Guarded, fold, requirement
from index.manifest import corpus_names
from index.text import _RU_VOWELS, stem, stem_in, stems

DATA = Path(__file__).resolve().parent.parent / "bench" / "data"
# characters `re` counts as other letters when ignoring case ("ſ" is "s", "ı" is "i", "ᲀ" is "в"),
# a capital whose lower case is two characters ("İ"), and the final sigma
RARE = "ſıİᲀᲁᲂᲃᲄᲅᲆᲇµΣςσẞßK"


def _questions() -> list[str]:
    """Our own sets' questions (never a held-out set), and each again with rare letters put in."""
    found = [json.loads(line)["question"] for path in sorted(DATA.glob("*_own.jsonl"))
             if not path.name.startswith("players")  # bench/data/players_*.jsonl are held out
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rng = random.Random(18)
    mutated = []
    for question in found:
        letters = list(question)
        for _ in range(3):
            place = rng.randrange(len(letters))
            letters[place] = rng.choice([letters[place].upper(), letters[place].lower(), rng.choice(RARE)])
        mutated.append("".join(letters))
    return found + mutated


def _guarded_patterns() -> list[Guarded]:
    names = corpus_names()
    found = [g for g in query._scans(names)[1:] if isinstance(g, Guarded)]
    found += [group.scan for group in routing.route_groups(names.routes) if group.scan is not None]
    found += [relevance._OFF_RULES_SCAN, relevance._KIND_NAMED_RU_LOWER, query._RULE_REQUEST]
    found += [value for value in vars(answer_shape).values() if isinstance(value, Guarded)]
    return found


def test_a_guarded_pattern_finds_what_the_pattern_finds() -> None:
    questions = _questions()
    patterns = _guarded_patterns()
    assert len(patterns) > 20
    for guarded in patterns:
        for question in questions:
            found, expected = guarded.search(question), guarded.pattern.search(question)
            assert (found and found.span()) == (expected and expected.span()), (guarded.pattern.pattern, question)
            assert guarded.sub(" ", question) == guarded.pattern.sub(" ", question)


def test_the_guard_skips_most_questions_for_the_manifest_phrases() -> None:
    """The point of it: most questions name no edition, game or other game (their scans never run)."""
    questions = _questions()
    scans = query._scans(corpus_names())
    phrases, others = scans.any_phrase, scans.other_game
    assert phrases is not None and others is not None
    assert sum(not others.possible(q) for q in questions) > 0.9 * len(questions)
    assert sum(not phrases.possible(q) for q in questions) > 0.3 * len(questions)


@pytest.mark.parametrize(("pattern", "needed"), [
    (r"3\s?ed\b", {frozenset({"3", "ed"})}),  # both literal runs, in any match
    (r"\b(price|prices|cheap)\b", {frozenset({"price"}), frozenset({"prices"}), frozenset({"cheap"})}),
    (r"хоу?м[- ]?рул\w*", {frozenset({"хо", "м", "рул"})}),  # an optional letter splits the run
    (r"(?<=[.?!])\s+(?=\S)", {frozenset()}),  # no literal at all: always run
    (r"\bHouse\b", {frozenset({"house"})}),  # ignoring case: folded
])
def test_requirement_reads_the_literals_every_match_holds(pattern: str, needed: set[frozenset[str]]) -> None:
    assert set(requirement(re.compile(pattern, re.IGNORECASE))) == needed


def test_a_scope_that_ignores_case_is_read_folded() -> None:
    """`(?i:…)` inside a pattern that keeps case: its literals are looked for in the folded text, the
    pattern's own literals as typed; the guard finds what the pattern finds either way."""
    pattern = re.compile(r"Rule (?i:house|табл)\w*")
    assert set(requirement(pattern)) == {frozenset({"Rule ", FOLDED + "house"}), frozenset({"Rule ", FOLDED + "табл"})}
    guarded = Guarded(pattern)
    for text in ("Rule HOUSE", "a Rule houſe", "Rule Таблица", "rule house", "Rule hose", "İ Rule HOUSE"):
        found, expected = guarded.search(text), pattern.search(text)
        assert (found and found.span()) == (expected and expected.span()), text
    assert not guarded.possible("rule house") and not guarded.possible("Rule hose")


def test_letters_re_counts_as_others_still_match() -> None:
    """"houſe" is "house" to `re` ignoring case (re._casefix), and "İ" lowers to two characters."""
    pattern = Guarded(re.compile(r"\bhouse rules?\b", re.IGNORECASE))
    for text in ("any HOUSE rules?", "a houſe rule", "a HOUSE RULE", "İ house rule"):
        assert pattern.search(text) is not None, text
    assert pattern.search("a hose rule") is None
    assert fold("HOUſE ᲀ") == "house в"


def test_stem_in_answers_as_stemming_does() -> None:
    """A Russian word's stem is one of its prefixes from its first vowel on: `stem_in` skips the stemmer
    only when none of them is known, so it answers as `stem(word) in known` for any word."""
    book = ("Корабль может Таранить цель, если она находится в пределах 4 дюймов; бросьте кубы Абордажа "
            "и Подрыва, повышенному вниманию обязана каждая модель")
    known = set(stems(book))
    rng = random.Random(7)
    alphabet = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
    words = [w.lower() for w in re.findall(r"\w+", book)]
    words += [w[:rng.randint(1, len(w))] + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4)))
              for w in words for _ in range(20)]
    words += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    for word in words:
        assert stem_in(word, known) == (stem(word) in known), word
        vowel = next((i for i, c in enumerate(word) if c in _RU_VOWELS), len(word) - 1)
        assert word.startswith(stem(word)) and len(stem(word)) > vowel, word
