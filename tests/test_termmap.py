"""The English<->Russian term map mined from the Russian rulebook."""
from __future__ import annotations

import pytest

from index.manifest import load_manifest
from index.parsing import parse_document
from index.termmap import build_term_map, load_synonyms, mine_index_pairs
from index.text import stems as stems_of

RU = next(d for d in load_manifest() if d.language == "ru")


@pytest.fixture(scope="module")
def pairs():
    text = RU.read_text()
    term_map = build_term_map(text, parse_document(RU), load_synonyms())
    return {(p.english.casefold(), p.russian.casefold()): p for p in term_map}


@pytest.mark.parametrize("english, russian", [
    ("armour", "броня"), ("ramming", "таран"), ("citadel", "цитадель"),
    ("action dice", "боевые кубы"), ("hull", "корпус"), ("obscured", "скрытый"),
])
def test_known_pairs_are_mined(pairs, english, russian):
    assert (english, russian) in pairs
    assert pairs[(english, russian)].source in {"index", "inline"}


def test_index_pages_are_mined_with_abbreviations_stripped():
    found = {(p.english, p.russian) for p in mine_index_pairs(RU.read_text())}
    assert ("Action Dice", "Боевые кубы") in found
    assert ("Aerial Defence", "Противовоздушная оборона") in found
    assert len(found) > 150


def test_curated_pairs_are_marked_and_never_duplicate_mined_ones(pairs):
    assert pairs[("storm", "буря")].source == "curated"
    keys = list(pairs)
    assert len(keys) == len(set(keys))


def test_expansions_are_one_way():
    expansions = load_synonyms().expansions
    assert "assault" in expansions["boarding"]
    assert "assault" not in expansions, "rule words must not be expanded back into slang"


def test_every_curated_pair_names_something_the_russian_book_says():
    """A curated pair whose Russian never occurs in the book would only add noise."""
    from index.text import stems

    book = " ".join(stems(RU.read_text()))
    missing = [p.russian for p in load_synonyms().pairs if " ".join(stems(p.russian)) not in book]
    assert missing == []


def test_every_mined_pair_is_two_whole_terms_printed_in_the_book() -> None:
    """Issue 16: pairs cut to one common word ("Minefields = поля", "Sustained = огонь",
    "SRS = дальности") were shown to users. Each mined Russian side is printed in the book as a
    term: at a word boundary, starting with a capital letter there; the English side is printed too."""
    import re

    from index.manifest import load_manifest
    from index.parsing import parse_document
    from index.termmap import build_term_map, load_synonyms

    doc = next(d for d in load_manifest() if d.language == "ru")
    text = doc.read_text().replace("*", "")
    pairs = [p for p in build_term_map(doc.read_text(), parse_document(doc), load_synonyms())
             if p.source != "curated"]
    assert len(pairs) > 150
    for pair in pairs:
        assert re.search(rf"(?<!\w){re.escape(pair.english)}(?!\w)", text, re.IGNORECASE), pair
        printed = [m.group(0) for m in re.finditer(rf"(?<!\w){re.escape(pair.russian)}(?!\w)", text, re.IGNORECASE)]
        assert any(p[:1].isupper() for p in printed), pair
    mined = {(p.english, p.russian) for p in pairs}
    assert ("Minefields", "Минные поля") in mined and ("Minefields", "поля") not in mined
    assert ("Sustained", "Непрерывный огонь") in mined and ("Sustained", "огонь") not in mined
    # a bold name is the whole term: "**Военные Соединения (Force)**", not "Соединения"
    assert ("Force", "Военные Соединения") in mined and ("Force", "Соединения") not in mined
    # the index pairs a name of several words with one common word the book never prints as a
    # name ("Into the Fray (В атаку)", "Measuring Range (Дистанции)"): not a term pair
    assert ("Into the Fray", "В атаку") not in mined and ("Measuring Range", "Дистанции") not in mined
    assert ("Measuring Range", "Категории дистанции") in mined and ("Repair", "Ремонт") in mined


def test_every_expansion_names_words_the_rules_use() -> None:
    """A player's word is expanded into the rules' own words (synonyms.toml, "difficult terrain" ->
    "treacherous water"): each target, stemmed, is printed in some document of the corpus, so an
    expansion can never point at a word no rule says."""
    from index.manifest import load_manifest
    from index.text import stems

    corpus = " ".join(" ".join(stems(d.read_text().replace("\u00a0", " "))) for d in load_manifest())
    synonyms = load_synonyms()
    unknown = [(player, target) for player, targets in [*synonyms.expansions.items(), *synonyms.translations.items()]
               for target in targets if f" {' '.join(stems(target))} " not in f" {corpus} "]
    assert unknown == []
    assert synonyms.translations["бортовой залп"] == ["broadside"]


def test_a_fleeting_vowel_does_not_hide_a_players_word() -> None:
    """"авианосец" (a carrier: a model launching SRS) is "авианосца" in "от авианосца": its stem
    there drops the е, and the player's word must still be read."""
    expansions = load_synonyms().expansions
    assert "авианосец" in expansions
    read_as = {tuple(stems_of(key)) for key in expansions}
    assert tuple(stems_of("на каком расстоянии от авианосца")[-1:]) in read_as
    assert tuple(stems_of("броска")) in {tuple(stems_of(k)) for k in load_synonyms().translations}


def test_an_index_name_the_pages_never_print_reaches_the_pages_name() -> None:
    """The book's index names some rules in words its pages never use ("Escort Tokens (Фишки эскорта)",
    "Building a Force (Формирование Военных Сил)", "Sturginium Flare (Возгорание Сургениума)"); an English
    question then got the index's words, which no passage holds. Each curated pair for such an English
    name has that English printed in the index and its Russian printed on the pages as a rule's name
    (a heading, a defined term, a bold name, or a paragraph's run-in "Name:"): "## ФОРМИРОВАНИЕ ВОЕННЫХ
    СОЕДИНЕНИЙ", "### Возгорание Стургениума:", "Выберите свои Военные Соединения: игроки должны ..."."""
    import re

    from index.termmap import _printed_names
    from index.translate import Translator

    text = RU.read_text()
    index_part = text[text.find("# INDEX"):].replace("*", "")
    pages = f" {' '.join(stems_of(text[:text.find('# INDEX')].replace('*', '')))} "
    sections = parse_document(RU)
    names = _printed_names(text, sections)
    unprinted = {p.english for p in mine_index_pairs(text) if f" {' '.join(stems_of(p.russian))} " not in pages}
    curated = [p for p in load_synonyms().pairs if p.english in unprinted]
    assert len(curated) >= 10
    for pair in curated:
        assert re.search(rf"^\s*{re.escape(pair.english)}\b", index_part, re.MULTILINE), pair
        run_in = re.search(rf"^{re.escape(pair.russian)}:", text.replace("*", ""), re.MULTILINE)
        russian = tuple(stems_of(pair.russian))  # the name, or its head ("ОКРУГЛЕНИЕ В БОЛЬШУЮ СТОРНУ", sic)
        assert any(name[:len(russian)] == russian for name in names) or run_in, pair
    term_map = build_term_map(text, sections, load_synonyms())
    to_russian = Translator([(p.english, p.russian) for p in term_map], source="en")
    for question, page_name in [("what does a sturginium flare do in 3.03", "Возгорание Стургениума"),
                                ("3.03 building a force: how many flagships", "Формирование Военных Соединений")]:
        words = stems_of(question)
        rendering = to_russian.render(words, {w: frozenset({w}) for w in words})
        assert set(stems_of(page_name)) <= set(rendering.stems), question


@pytest.mark.parametrize("heading, english", [
    ("ОБЕДИНЕННЫЕ ПОДРАЗДЕЛЕНИЯ", "Attached Units"),  # the text: "Объединенные Подразделения (*Attached Units*)"
    ("СТОЛКНАВЕНИЯ И ТАРАНЫ", "Collisions and Rams"),  # the index: "Collisions and Rams (Столкновение и Тараны)"
    ("ЭТАП СРЕЛЬБЫ", "Shooting Step"),  # the index: "Shooting Step (Этап стрельбы)"
])
def test_a_heading_the_book_misspells_still_carries_its_english_name(heading: str, english: str) -> None:
    """A passage's English names come from the pairs whose Russian its heading prints; a heading the book
    prints misspelt matched no pair, so an English question could not find the passage by its name."""
    from index.build import _enrich
    from index.chunking import chunk_sections
    from index.unitcards import rule_sections

    sections = rule_sections(RU)
    term_map = build_term_map(RU.read_text(), sections, load_synonyms())
    chunks = [c for c in chunk_sections(RU, sections) if c.heading_path[-1].split(" (part ")[0] == heading]
    assert chunks
    for chunk in chunks:
        title, _ = _enrich(chunk, term_map)
        assert english in title, (heading, title)


def test_a_players_word_for_a_thing_reads_every_editions_word_for_it() -> None:
    """A sub is what the 3rd edition calls Submerged ("Submerged units only block LOS to to and from other
    submerged units") and the 4th Underwater ("Underwater models follow these addition Rules"); every
    spelling of the player's word reads both, as "submarine" does. A player's planes are SRS tokens in
    both editions ("SRS tokens represent fighters, raiding craft, and bombers carrying torpedoes.")."""
    from index.glossary import glossary_expansions

    words = {**glossary_expansions(), **load_synonyms().expansions}
    for word in ("sub", "subs", "submarine", "submarines"):
        assert {"submerged", "underwater"} <= {w.casefold() for w in words[word]}, word
    for word in ("plane", "planes"):
        assert "srs" in {w.casefold() for w in words[word]}, word
