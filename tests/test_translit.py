"""Russian typed in Latin letters is read in Cyrillic (dev3 has such questions: "skolko kubov
kidat' na remont v 3.03?"); English questions are left alone."""
from __future__ import annotations

from functools import lru_cache

from corpus import CORPUS_DIR
from index.text import stem, stems
from index.translit import one_alphabet, read_latin_russian, to_cyrillic


@lru_cache(maxsize=1)
def corpus_stems() -> frozenset[str]:
    """Stems of the real corpus: the Russian rulebook and the English quick reference."""
    text = (CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    text += (CORPUS_DIR / "dw3-quick-reference.txt").read_text(encoding="utf-8")
    return frozenset(stems(text, keep_stopwords=True))


def test_chat_transliteration_letters() -> None:
    assert to_cyrillic("vysokaya") == "высокая"
    assert to_cyrillic("skorost'") == "скорость"
    assert to_cyrillic("otrazheniyami") == "отражениями"
    assert to_cyrillic("kakoy") == "какой"
    assert to_cyrillic("shchit") == "щит"


def test_russian_in_latin_letters_is_read_in_cyrillic() -> None:
    reading = read_latin_russian("torpedy s kakogo rasstoyaniya mozhno puskat'?", corpus_stems(), stem)
    assert reading == "торпеды с какого расстояния можно пускать?"


def test_capital_abbreviations_stay_as_typed() -> None:
    reading = read_latin_russian("skolko VP daet flagman protivniku?", corpus_stems(), stem)
    assert reading is not None and "VP" in reading and "флагман" in reading


def test_english_questions_are_not_transliterated() -> None:
    for question in ("how far can torpedoes be launched?", "what does the Storm scenario do to drift",
                     "can a ship ram in 3rd edition?"):
        assert read_latin_russian(question, corpus_stems(), stem) is None


def test_a_word_typed_on_two_keyboard_layouts_is_read_in_one_alphabet() -> None:
    """A look-alike letter from the other layout ("rаm" with a Cyrillic а) made a word the corpus
    never prints: "rаm" was not in the rules while "ram" was."""
    cases = (("r\u0430m", "ram"), ("Fusill\u0430de", "Fusillade"), ("\u0442a\u0440\u0430\u043d", "таран"),
             ("\u0441o\u0440", "сор"), ("bo\u0430rding", "boarding"),
             ("\u0430\u0431o\u0440\u0434\u0430\u0436", "абордаж"))
    for typed, meant in cases:
        assert one_alphabet(typed) == meant, typed
    assert one_alphabet("dw4 таран, 4е и ram") == "dw4 таран, 4е и ram"  # words in one alphabet stay as typed
