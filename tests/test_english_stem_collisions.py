"""English stems the typo tolerance joins across meanings (issue 16, helper "enstem"; bench/en_stem_collisions.py,
bench/data/enstem_own.jsonl): a printed word's negation or agent noun is no typo of it, while a document's own
misspelling ("redployed", "withdewing") is still read as the word it misspells."""
from __future__ import annotations

import pytest

from corpus import CORPUS_DIR
from index.ru_derivation import derived_apart, english_derived_apart, verb_of_agent_noun
from index.text import stem, words

ENGLISH_DOCUMENTS = ("dust-warfare-rules-summary.md", "dw3-quick-reference.txt", "dw4-rules-glossary.cat",
                     "skirmish-universal-special-rules.md")


@pytest.fixture(scope="module")
def forms() -> dict[str, set[str]]:
    """Each stem of the English documents' words -> the words printed with it."""
    found: dict[str, set[str]] = {}
    for name in ENGLISH_DOCUMENTS:
        for w in words((CORPUS_DIR / name).read_text(encoding="utf-8")):
            if w.isascii():
                found.setdefault(stem(w), set()).add(w)
    return found


@pytest.fixture(scope="module")
def printed(forms: dict[str, set[str]]) -> set[str]:
    """Every stem of the English documents' words."""
    return set(forms)


def test_unsuppressed_is_the_opposite_of_suppressed(printed: set[str]) -> None:
    """Dust Warfare, COVER: "Soft cover: Other *unsuppressed* soldier units, craters, fences"; SUPPRESSION &
    RETREAT: "A unit with one or more suppression markers is **suppressed**." Both printed, two edits apart:
    the negation is another word, not a typo of the word it negates."""
    assert stem("suppressed") in printed and stem("unsuppressed") in printed
    assert derived_apart(stem("suppressed"), stem("unsuppressed"))
    assert derived_apart(stem("unsuppressed"), stem("suppressed"))  # either way round
    # 4th edition: "are unaffected by Markers of any kind", "the Ram is unsuccessful"
    assert derived_apart(stem("unaffected"), stem("affected"))
    assert derived_apart(stem("unsuccessful"), stem("successful"))


def test_the_survivor_is_no_typo_of_survives(printed: set[str]) -> None:
    """Quick Reference, SOLE SURVIVOR: "It then acts as a single model unit"; the stemmer leaves "-or" on the
    agent noun ("survivor") and cuts the verb to "surviv": two edits, another word."""
    assert stem("survivor") in printed and stem("survives") in printed
    assert english_derived_apart(stem("survivor"), stem("survives"))


def test_a_documents_misspelling_is_still_the_word(printed: set[str]) -> None:
    """Quick Reference, ESCORTS: "any attached escorts are redployed within 3"": a misspelling of
    "redeployed", not another word; nor is a stem another derivation of itself."""
    assert stem("redployed") in printed and stem("redeploy") in printed
    assert not derived_apart(stem("redeploy"), stem("redployed"))
    assert not derived_apart(stem("withdraw"), stem("withdewing"))
    assert not derived_apart(stem("temporary"), stem("temporarily"))
    assert not derived_apart("suppress", "suppress")


def test_prefixes_measured_and_left_joined() -> None:
    """"re-" is "again" as often as another word ("Redeploy": "deploys it again, following all of the
    standard rules for deployment"; a reaction is no action), and "in-" reads "not" and "into": both were
    measured (docs/retrieval.md, enstem) and left to the typo tolerance; so is the "-er" the stemmer cuts."""
    assert not derived_apart(stem("redeploy"), stem("deploy"))
    assert not derived_apart(stem("reaction"), stem("action"))
    assert not derived_apart(stem("indirect"), stem("direct"))
    assert not derived_apart("defender", "defend")


def test_an_agent_noun_reads_the_printed_action(forms: dict[str, set[str]]) -> None:
    """4th edition: "its unit can make a Boarding action", "the moving model is referred to as the Ramming
    Model"; Dust Warfare: "which altitude an aircraft unit is flying at". A player's unprinted "boarders",
    "rammers", "flyer" are those actions' doers, not "border" or "hammer" one edit away."""
    def forms_of(word_stem: str) -> list[str]:
        return sorted(forms.get(word_stem, ()))

    assert stem("boarders") not in forms and stem("rammers") not in forms
    assert verb_of_agent_noun(stem("boarders"), stem, forms_of) == stem("boarding")
    assert verb_of_agent_noun(stem("rammers"), stem, forms_of) == stem("ramming")
    assert verb_of_agent_noun(stem("flyer"), stem, forms_of) == stem("flying")
    # "-er" that is no doer of a printed action: a comparative, a word of its own
    assert verb_of_agent_noun(stem("slower"), stem, forms_of) is None
    assert verb_of_agent_noun(stem("bother"), stem, forms_of) is None
    assert verb_of_agent_noun(stem("defending"), stem, forms_of) is None


def test_a_question_reads_its_own_word(searcher) -> None:
    """Read by the index's search: a printed "suppressed" keeps to itself; a player's misspelling
    ("supressed", unprinted) still reads the printed word."""
    suppressed = searcher.parse("what does being suppressed do to a unit in dust warfare?")
    assert stem("unsuppressed") not in suppressed.variants[stem("suppressed")]
    misspelt = searcher.parse("what does being supressed do to a unit in dust warfare?")
    assert stem("suppressed") in misspelt.variants[stem("supressed")]
    boarders = searcher.parse("how many dice do my boarders roll?")
    assert stem("boarding") in boarders.variants[stem("boarders")]
    assert stem("border") not in boarders.variants[stem("boarders")]
