"""The quick reference's unit cards in rule search (issue 16).

The cards (stat blocks, weapon tables, titles, each card's special rules) are printed after the
rules, and the PDF's text put each card's title *after* its stats and rules; parsed as rule text,
a card's title became the heading of the next card's rules ("MERIAN FRIGATE … › Internal Cryo
Generator") and its stat and weapon rows were quoted as answers. So rule search reads the
document only up to the card region (where units/quickref.py says the cards begin), and each of
the cards' special rules, as the card reader attributes it, becomes one passage of its own:
"UNIT CARDS › Borodino › Internal Cryo Generator". A rule printed word for word on
several cards is one passage naming them all. Titles, stats and weapons stay with units/.
The cards are named by their own names, not their types: "Borodino Battleship" and "Merian
Frigate" in the passages drew every question about a battleship or frigates to the cards (so
measured: the coherency, ramming and assault rules came after them); the types stay known as the
game's words for routing (`unit_words`).
"""
from __future__ import annotations

from index.manifest import DocumentInfo
from index.parsing.formats import PARSERS
from index.parsing.sections import DefinedTerm, Section, paragraph_key
from index.text import stems
from units import quickref
from units.model import Unit

CARDS_HEADING = "UNIT CARDS"


def _class_name(unit: Unit) -> str:
    """"Borodino Battleship" -> "Borodino": the card's own name without the words of its keywords
    (its type: Battleship, Frigate, Control Ship), which players use for any ship of that type
    ("my frigates spread out"); a card named by them would answer every such question."""
    types = [k for k in unit["keywords"] if not k.casefold().endswith(" class")]  # "Borodino Class" names it
    keyword_words = {w.casefold() for k in types for w in k.split()} | {"the"}
    own = [w for w in unit["name"].split() if w.casefold() not in keyword_words]
    return " ".join(own) or str(unit["name"])


def _card_rule_sections(doc: DocumentInfo, text: str) -> list[Section]:
    cards_of: dict[str, list[str]] = {}  # one entry per distinct rule, in the order printed
    rules: dict[str, tuple[str, list[str]]] = {}
    for unit in quickref.parse_cards(text):
        for rule in unit["rules"]:
            paragraphs = [p for p in rule["text"].split("\n") if p.strip()]
            if not paragraphs:
                continue
            key = paragraph_key(f"{rule['name']}\n{rule['text']}")
            rules.setdefault(key, (rule["name"], paragraphs))
            cards_of.setdefault(key, [])
            if _class_name(unit) not in cards_of[key]:
                cards_of[key].append(_class_name(unit))
    return [Section((doc.title, CARDS_HEADING, ", ".join(cards_of[key]), name), paragraphs,
                    [DefinedTerm(name=name)])
            for key, (name, paragraphs) in rules.items()]


def unit_words(doc: DocumentInfo) -> set[str]:
    """The stems of the card names and keywords the document prints ("frigate", "battleship",
    "automata"): its game's own vocabulary, though no passage now holds it. Routing reads them
    (index.search._game_of_word): "my frigate's Agile" is a Dystopian Wars question."""
    if doc.id != quickref.DOCUMENT_ID:
        return set()
    cards = quickref.parse_cards(doc.read_text())
    return {s for card in cards for s in stems(" ".join([card["name"], *card["keywords"]])) if s.isalpha()}


def rule_sections(doc: DocumentInfo) -> list[Section]:
    """The document's sections for rule search: for the quick reference, its rules before the
    card region, then one section per distinct card rule; any other document as parsed."""
    text = doc.read_text()
    parse = PARSERS[doc.format]
    if doc.id != quickref.DOCUMENT_ID:
        return parse(text, doc)
    lines = text.split("\n")
    start = quickref.card_region_start(lines)
    if start is None:
        return parse(text, doc)
    return parse("\n".join(lines[:start]), doc) + _card_rule_sections(doc, text)
