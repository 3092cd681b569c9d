"""What users read is rule text (issue 16): no unit cards or stat rows in rule search (the cards'
special rules stay, one passage each), no Markdown bold markers or non-breaking spaces in passages
and quotes."""
from __future__ import annotations

import pytest

from corpus import CORPUS_DIR
from corpus.icons import mark_lost_icons
from index.chunking import is_rule_paragraph
from index.statrows import is_stat_block, is_stat_row
from index.unitcards import CARDS_HEADING, unit_words
from units.quickref import parse_cards

QUICK_REFERENCE = (CORPUS_DIR / "dw3-quick-reference.txt").read_text(encoding="utf-8")


def _line(start: str) -> str:
    """The quick reference's own line that begins with `start` (leading spaces ignored)."""
    return next(line for line in QUICK_REFERENCE.splitlines() if line.strip().startswith(start))


def test_the_quick_references_stat_rows_are_recognised() -> None:
    for start in ("MASS SPD TURN", "WEAPON FIRE ARC PT BLANK", "CRIPPLED  4 (3)", "Particle beamer F / P / S"):
        assert is_stat_row(_line(start)), start


def test_rule_sentences_are_not_stat_rows() -> None:
    for start in ("If the attack has enough hits to equal or exceed", "Once the initial target has received damage"):
        assert not is_stat_row(_line(start)) and not is_stat_block(_line(start)), start


def test_no_stat_rows_markup_or_nbsp_in_rule_search(searcher) -> None:
    for row in searcher.rows:
        for text in (row["text"], row["section"]):
            # no Markdown marker at all: not bold, and not a note in italics printed over several lines
            # (DW4 glossary, Boarding Parties: "*Note that this Property does not allow the model's unit to")
            assert "*" not in text and "\u00a0" not in text, row["chunk_id"]
        assert not any(is_stat_block(p) for p in row["text"].split("\n\n")), row["chunk_id"]


def test_a_crippled_question_is_not_answered_with_a_stat_row(searcher) -> None:
    """Issue 16: "CRIPPLED 4 (3) 3 (2) …" was quoted for "what happens when a ship is crippled"."""
    result = searcher.ask("what happens when a ship is crippled in 3rd ed qrs", k=5)
    assert result.answers and not is_stat_row(result.answers[0].quote)


# -- unit cards belong to units/, not to rule search (issue 16) -------------------------------

RUSSIAN_BOOK = (CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")


def _rows(searcher, document: str) -> list[dict]:
    return [row for row in searcher.rows if row["document"] == document]


def test_no_unit_card_block_is_a_rule_passage(searcher) -> None:
    """The cards' titles, keyword lines, stat blocks and weapon tables are units/' data: no quick
    reference passage is headed by a card ("MERIAN FRIGATE — ENLIGHTENED, FRIGATE, …") or holds
    its stat or weapon rows ("Particle beamer F / P / S 6 (4) 5 (3) 4 (3) SUSTAINED, GUNNERY")."""
    cards = parse_cards(mark_lost_icons(QUICK_REFERENCE))
    assert {card["name"] for card in cards} >= {"Merian Frigate", "Borodino Battleship"}
    for row in _rows(searcher, "dw3-quick-reference"):
        for card in cards:
            assert card["name"].casefold() not in row["section"].casefold(), row["section"]
        for printed in ("MASS SPD TURN", "WEAPON FIRE ARC", "Particle beamer F / P / S", "MERIAN CLASS"):
            assert printed not in row["text"], (printed, row["section"])


def test_each_card_special_rule_is_one_passage_under_its_cards(searcher) -> None:
    """The cards' special rules are rule text printed nowhere else in 3rd edition: each is a passage
    of its own, under the cards that print it, as the card reader attributes it (Borodino card:
    "Icebergs may not be placed within 5" of another model.")."""
    sections = {row["section"]: row["text"] for row in _rows(searcher, "dw3-quick-reference")}
    cryo = sections[f"{CARDS_HEADING} › Borodino › Internal Cryo Generator"]
    assert 'Icebergs may not be placed within 5" of another model.' in " ".join(cryo.split())
    assert f"{CARDS_HEADING} › Borodino, Kutsov › Hammer Sweep" in sections
    assert f"{CARDS_HEADING} › Merian, Rurik › Pack Hunter" in sections  # printed word for word on both
    for card in parse_cards(mark_lost_icons(QUICK_REFERENCE)):
        for rule in card["rules"]:
            assert any(s.startswith(CARDS_HEADING) and s.endswith(f" › {rule['name']}") for s in sections), rule


def test_a_card_rule_is_found_by_its_name(searcher) -> None:
    result = searcher.ask("what's Cloud Hunting on the Descartes in 3rd ed?", k=5)
    assert result.answers and result.answers[0].section == f"{CARDS_HEADING} › Descartes › Cloud Hunting"
    assert result.answers[0].quote == "+2 to attack dice pools when shooting at aerial units."


@pytest.mark.parametrize(("question", "section", "rule"), [
    # "Any unit with one of its models within 4" of an initial target enemy may launch an assault"
    ("3e qrs: how do I make an assault with frigates?", "ACTIVATION PHASE › 4. ASSAULT", "may launch an assault"),
    # "Any model may choose to ram another model. A model may only ram once per activation."
    ("3e quick ref: what happens when a frigate rams a battleship?", "RAMMING", "Any model may choose to ram"),
    # "Players may attempt repairs. Roll action dice equal to the model's MASS."
    ("3e: how many repair dice does a crippled battleship roll?", "END PHASE › 2. REPAIR", "Roll action dice"),
])
def test_the_rule_comes_before_the_cards_that_used_to_outrank_it(searcher, question: str, section: str,
                                                                  rule: str) -> None:
    """A card's title (MERIAN FRIGATE, BORODINO BATTLESHIP) headed its rules and matched every
    question about frigates or battleships: these were answered from Merian's or Borodino's card."""
    result = searcher.ask(question, k=5)
    assert result.results[0].section.startswith(section), result.results[0].section
    assert rule in result.results[0].text


def test_the_russian_books_sample_card_blocks_are_not_rule_passages(searcher) -> None:
    """The 3.03 book shows an English sample card, HMS Unremarkable, twice: its title, keyword line
    and weapon table are no rules; its special rules are ("ROYAL ENGINEERS This Unit counts Blank
    results as a Counter when making Repair Rolls."), and stay under the card's name."""
    assert "Fire Arc\tPoint Blank" in RUSSIAN_BOOK and "**HMS UNREMARKABLE** v3.03" in RUSSIAN_BOOK
    rows = _rows(searcher, "dw3-rulebook")
    for row in rows:
        assert "Fire Arc\tPoint Blank" not in row["text"] and "HMS UNREMARKABLE v3.03" not in row["text"]
        assert "WARCRADLE.COM" not in row["text"]  # the back cover
    special = [row for row in rows if "ROYAL ENGINEERS This Unit counts Blank results" in row["text"]]
    assert special and all(r["section"].endswith("HMS UNREMARKABLE › C SPECIAL RULES") for r in special)
    result = searcher.ask("in the 3.03 book's card example, Royal Engineers - what's that about?", k=5)
    assert result.answers and "Royal Engineers".upper() in result.answers[0].quote


def test_a_russian_paragraph_or_an_english_sentence_is_rule_text() -> None:
    from index.manifest import load_manifest

    book = next(doc for doc in load_manifest() if doc.id == "dw3-rulebook")
    assert not is_rule_paragraph("**B** CROWN, BRITISH, CRUISER, ALBION\nCLASS, SURFACE UNIT, UNIQUE", book)
    assert is_rule_paragraph("**ROYAL ENGINEERS** This Unit counts Blank results as a Counter when making "
                             "Repair Rolls.", book)
    assert is_rule_paragraph("**ORBAT:** Подразделения доступные вашей Военному Соединению", book)


def test_a_rule_printed_twice_is_one_passage(searcher) -> None:
    """The 3.03 book prints its sample card twice (Battle-Ready and Crippled sides), special rules
    and all; the Dust Warfare summary prints "ATTACK: Attack with weapons." twice: one passage each."""
    assert RUSSIAN_BOOK.count("**JONHEARTED CREW** Crippled Models with this rule") == 2
    keys = [(row["document"], row["section"], row["text"]) for row in searcher.rows]
    assert len(keys) == len(set(keys))
    assert sum("JONHEARTED CREW" in row["text"] for row in _rows(searcher, "dw3-rulebook")) == 1


def test_the_cards_types_are_the_games_words_not_passage_headings(searcher) -> None:
    """"Merian Frigate" heading a passage drew every question about frigates to that card; the card
    is named "Merian" and "frigate" stays a Dystopian Wars word for routing only (index.unitcards)."""
    from index.manifest import load_manifest

    quick_reference = next(doc for doc in load_manifest() if doc.id == "dw3-quick-reference")
    assert {"frigat", "battleship", "cruiser", "merian"} <= unit_words(quick_reference)
    assert not any("Frigate" in row["section"] for row in _rows(searcher, "dw3-quick-reference"))
    # Dust Warfare has an Agile too; a frigate's Agile is Dystopian Wars' (dw4 glossary): "During its
    # Movement Step, this model can make up to X Additional Manoeuvres."
    result = searcher.ask("does Agile on my frigate let it turn more?", k=5)
    assert {h.game for h in result.results} == {"dystopian-wars"}
