"""English rule names typed in Cyrillic by ear (index.sounded_names), against the real glossary's names."""
from __future__ import annotations

import re
from functools import lru_cache

from corpus import CORPUS_DIR
from index.sounded_names import SoundedNames, english_sound_readings, english_sounds, russian_sounds
from index.text import is_stopword, stem, stems


@lru_cache(maxsize=1)
def glossary_names() -> SoundedNames:
    """The 4th-edition glossary's rule names, as its catalogue prints them."""
    text = (CORPUS_DIR / "dw4-rules-glossary.cat").read_text(encoding="utf-8")
    return SoundedNames(re.findall(r'<rule [^>]*name="([^"]+)"', text))


@lru_cache(maxsize=1)
def book_stems() -> frozenset[str]:
    return frozenset(stems((CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")))


def unprinted(word: str) -> bool:
    return not is_stopword(word) and stem(word) not in book_stems()


def read(question: str) -> str | None:
    return glossary_names().read(question, unprinted, stem)


def test_both_sides_reduce_to_the_consonants_heard() -> None:
    assert english_sounds("Cloud") == russian_sounds("клауд") == "kld"
    assert english_sounds("Agitation") == russian_sounds("агитейшн") == "gtSn"
    assert english_sounds("Parties") == russian_sounds("пати") == "pt"  # the plural's s, the r unheard


def test_a_glossary_name_typed_by_ear_is_read_as_printed() -> None:
    # the glossary's names "Cloud Dive", "Ground Assault", "Flight Command"
    assert read("клауд дайв в 4ке, как далеко от зоны?") == "Cloud Dive в 4ке, как далеко от зоны?"
    assert read("граунд ассолт в 4ке: сколько ПО?") == "Ground Assault в 4ке: сколько ПО?"
    assert read("флайт командом в 4ке на сколько дюймов") == "Flight Command в 4ке на сколько дюймов"


def test_a_soft_g_is_heard_as_russian_writes_it() -> None:
    # the glossary's "Mirage Generator": Russian writes its g as ж in "мираж" and as г in "генератор"
    assert russian_sounds("мираж") in english_sound_readings("Mirage")
    assert russian_sounds("генератор") in english_sound_readings("Generator")
    assert russian_sounds("джинн") in english_sound_readings("gin")
    assert english_sound_readings("Ground") == {english_sounds("Ground")}  # a hard g is one sound
    assert read("мираж генератор - от чего зависит сколько доп кубов на резист?") == \
        "Mirage Generator - от чего зависит сколько доп кубов на резист?"


def test_russian_words_that_sound_like_a_name_are_left_alone() -> None:
    assert read("торпедами можно стрелять в упор?") is None  # a stopword in the run
    assert read("продуть балласт") is None  # one word alone: "Blast"
    assert read("лишние раны после переворота карты") is None


def test_a_heading_printed_in_capitals_is_written_as_a_name() -> None:
    # the glossary's Escort rule heads a paragraph "RAIDING PARTIES"
    names = SoundedNames(["RAIDING PARTIES", "SRS"])
    assert names.read("рейдинг пати в 4ке", unprinted, stem) == "Raiding Parties в 4ке"
