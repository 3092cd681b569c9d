"""index/data/descriptions.toml: rules described in players' words, search only (issue 16).

Every key names a rule the corpus prints; every line shares a content word with its rule (a Russian
rule: with its text or the English names of the book's terms it uses), so no line drifts to a mechanic
the rule does not have (each line was also written by reading the rule's text)."""
from __future__ import annotations

from functools import cache

from index.chunking import chunk_sections
from index.descriptions import load_descriptions
from index.manifest import load_manifest
from index.rules import base_section
from index.termmap import build_term_map
from index.text import stems
from index.unitcards import rule_sections
from index.vocabulary import parse_files


@cache
def _rules() -> dict[tuple[str, str], str]:
    """(document id, cited section) -> the section path and text of every part, as the build chunks them."""
    found: dict[tuple[str, str], str] = {}
    for doc in load_manifest():
        for chunk in chunk_sections(doc, rule_sections(doc)):
            key = (doc.id, base_section(chunk.section))
            found[key] = f"{found.get(key, '')}\n{chunk.section}\n{chunk.text}"
    return found


@cache
def _rule_stems() -> dict[tuple[str, str], frozenset[str]]:
    """Each rule's stems; a Russian rule's also in English: the English names of the book's terms it
    uses (the build's term map, as the index searches a Russian passage by them)."""
    synonyms = parse_files().synonyms
    pairs = [pair for doc in load_manifest() if doc.language == "ru"
             for pair in build_term_map(doc.read_text(), rule_sections(doc), synonyms)]
    russian = {doc.id for doc in load_manifest() if doc.language == "ru"}
    found: dict[tuple[str, str], frozenset[str]] = {}
    for key, text in _rules().items():
        own = set(stems(text))
        if key[0] in russian:
            own |= {s for pair in pairs if set(stems(pair.russian)) <= own and stems(pair.russian)
                    for s in stems(pair.english)}
        found[key] = frozenset(own)
    return found


def test_every_key_names_a_printed_rule() -> None:
    missing = [key for key in load_descriptions() if key not in _rules()]
    assert not missing, f"descriptions of rules no document prints: {missing[:5]}"


def test_every_line_shares_a_content_word_with_its_rule() -> None:
    """A line that shares no content word with its rule describes something the rule does not say."""
    unrelated = []
    for key, lines in load_descriptions().items():
        unrelated += [f"{key[1]}: {line}" for line in lines if not set(stems(line)) & _rule_stems()[key]]
    assert not unrelated, f"lines sharing no word with their rule: {unrelated[:5]}"


def test_lines_are_short_and_few() -> None:
    for (_, section), lines in load_descriptions().items():
        assert 1 <= len(lines) <= 5, section
        assert all(0 < len(line) <= 120 and "\n" not in line for line in lines), section


def test_the_glossary_is_described_first() -> None:
    """The 4th-edition glossary (most English questions): every rule it prints has lines."""
    glossary = {key for key in _rules() if key[0] == "dw4-glossary"}
    described = {key for key in load_descriptions() if key[0] == "dw4-glossary"}
    assert glossary == described
