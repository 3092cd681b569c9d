"""Each unknown word's reading is remembered per searcher (index.word_memo): the memo is bounded, and a
remembered reading is the one reading the word again gives, whatever was asked before and in which order."""
from __future__ import annotations

from functools import lru_cache

from corpus import CORPUS_DIR
from index.ru_typos import RussianSpelling, SpellingEntry, spelling_entries, word_counts
from index.text import stem, stems, words
from index.translit import LoanwordMemo, read_english_loanwords
from index.word_memo import WordMemo

# Players' slang of one session, repeated as players repeat it: English rule names typed by sound ("фул
# реверс", "медик", "ралли"), slips ("ремнот", "првила"), run-together words, Russian words no one misreads.
QUESTIONS = [
    "какой фул реверс у линкора", "в дасте медик что умеет?", "условия для ралли", "у меня стоик на карте",
    "скока кубов на ремнот", "два разных првила дают перекидку", "кораль уехал за край стола",
    "фул реверс и ралли в одном ходу", "медик лечит после ремнот?", "сколько кубов кидать на таран?",
]


@lru_cache(maxsize=1)
def _book() -> tuple[list[SpellingEntry], frozenset[str]]:
    book = words((CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8"))
    return spelling_entries(word_counts(book), stem), frozenset(stem(w) for w in book)


def _spelling() -> RussianSpelling:
    """A new reader of the Russian book's spellings: nothing remembered yet."""
    entries, known = _book()
    return RussianSpelling((), known, stem, entries)


def _known() -> frozenset[str]:
    """The English stems of Dust Warfare's summary and the 4th-edition glossary (they print "Medic", "Stoic",
    "Rally", "Full Reverse") with the Russian book's."""
    text = "".join((CORPUS_DIR / name).read_text(encoding="utf-8")
                   for name in ("dust-warfare-rules-summary.md", "dw4-rules-glossary.cat", "dw3-rulebook-ru.md"))
    return frozenset(stems(text, keep_stopwords=True))


def test_the_memo_keeps_at_most_its_size_and_reads_each_kept_word_once() -> None:
    memo: WordMemo[str | None] = WordMemo(3)
    asked: list[str] = []

    def reader(word: str) -> str | None:
        asked.append(word)
        return word.upper() if len(word) > 2 else None

    for word in ("ab", "abc", "ab", "abcd", "ab", "abc"):
        assert memo.read(word, reader) == (word.upper() if len(word) > 2 else None)
    assert asked == ["ab", "abc", "abcd"]  # a remembered None is not read again either
    for word in ("x1", "x2", "x3", "x4", "x5"):
        memo.read(word, reader)
        assert len(memo) <= 3
    assert memo.read("abc", reader) == "ABC"  # forgotten when full, read again to the same reading


def test_remembered_readings_are_the_readings_in_any_order() -> None:
    """The loanword reader and the Russian spelling reader with one memo across a session's questions,
    asked forwards, backwards and twice, give what a reader without a memo gives each question alone;
    a memo of one word (forgetting at every new word) too."""
    known = _known()
    fresh = [read_english_loanwords(q, known, _spelling().knows, stem, {("full", "reverse")}) for q in QUESTIONS]
    assert "какой full reverse у линкора" in fresh and "в дасте medic что умеет?" in fresh  # the readers read
    for size in (4096, 1):
        spelling, memo = _spelling(), LoanwordMemo(size)
        for order in (QUESTIONS, QUESTIONS[::-1], QUESTIONS):
            read = {q: read_english_loanwords(q, known, spelling.knows, stem, {("full", "reverse")}, memo)
                    for q in order}
            assert [read[q] for q in QUESTIONS] == fresh
    alone = [_spelling().read(q) for q in QUESTIONS]
    assert "скока кубов на ремонт" in alone
    spelling = _spelling()
    for order in (QUESTIONS, QUESTIONS[::-1]):
        read = {q: spelling.read(q) for q in order}
        assert [read[q] for q in QUESTIONS] == alone
