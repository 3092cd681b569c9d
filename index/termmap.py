"""The English<->Russian term map, mined from the Russian rulebook itself plus a curated file.

Sources, in order of trust: the book's bilingual index ("Action Dice (Боевые кубы)....3"),
its inline pairs ("**Таран (Ramming):**", "Броня (Armour, A)"), then index/data/synonyms.toml
for pairs the book never prints. Player slang lives in the same file as one-way expansions.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from index.glossary import GlossaryEntry, glossary_expansions
from index.parsing.sections import Section
from index.text import is_cyrillic, stems

SYNONYMS_FILE = Path(__file__).resolve().parent / "data" / "synonyms.toml"

# "Aerial Defence (ADV) (Противовоздушная оборона).....	23"
_INDEX_LINE = re.compile(
    r"^\s*\**(?P<en>[A-Z][^()\n.]*?)\s*(?:\((?P<abbr>[A-Z]{2,5})\))?\s*"
    r"\((?P<ru>[^()\n]*[А-ЯЁа-яё][^()\n]*)\)\s*\.{2,}"
)
# "Броня (Armour, A)", "Критические повреждения (Critical Damage)", "(*Weight Of Fire*)"
_INLINE = re.compile(
    r"(?P<ru>(?:[А-ЯЁа-яё][А-ЯЁа-яё-]*\s+){0,3}[А-ЯЁа-яё][А-ЯЁа-яё-]*)\s*"
    r"\(\*?(?P<en>[A-Z][A-Za-z’'\- ]{1,40}?)(?:,\s*[A-Z]{1,4})?\*?\)"
)


@dataclass(frozen=True)
class TermPair:
    english: str
    russian: str
    source: str  # "index" | "inline" | "curated"


def _clean(term: str) -> str:
    term = re.sub(r",\s*[A-Z]{1,4}$", "", term.replace("*", ""))  # "Armour, A" -> "Armour"
    return re.sub(r"\s+", " ", term).strip(" -–—:.,")


def mine_index_pairs(text: str) -> list[TermPair]:
    start = text.find("# INDEX")
    pairs = []
    for line in text[start:].splitlines() if start >= 0 else []:
        match = _INDEX_LINE.match(line)
        if match:
            pairs.append(TermPair(_clean(match["en"]), _clean(match["ru"]), "index"))
    return pairs


def _trim_russian(russian: str, english: str) -> str:
    """The whole Russian term before "(English)": it starts at a capital letter ("Минные поля
    (Minefields)", "Непрерывный огонь (Sustained)"), the shortest such run of the last four words
    with at least as many words as the English. None found (or an abbreviation, whose Russian
    words cannot be told from the sentence around them): "" — no pair. Cutting to the English
    word count gave "Minefields = поля", "Sustained = огонь"."""
    if english.isupper():
        return ""
    words = russian.split()[-4:]
    need = len(english.split())
    for start in range(len(words) - 1, -1, -1):
        if words[start][:1].isupper() and len(words) - start >= need:
            return " ".join(words[start:])
    return ""


def mine_inline_pairs(sections: list[Section]) -> list[TermPair]:
    pairs: list[TermPair] = []
    for section in sections:
        for term in section.terms:
            if term.english and is_cyrillic(term.name):
                pairs.append(TermPair(_clean(term.english), _clean(term.name), "inline"))
        for match in _INLINE.finditer(section.text):
            # "**Военные Соединения (Force)**": the bold span is the whole term (trimmed to the
            # English word count it was "Force = Соединения")
            bold = section.text[max(0, match.start() - 2):match.start()] == "**"
            russian = _clean(match["ru"]) if bold else _trim_russian(_clean(match["ru"]), match["en"])
            if russian and is_cyrillic(russian):
                pairs.append(TermPair(_clean(match["en"]), russian, "inline"))
    return pairs


@dataclass(frozen=True)
class Synonyms:
    pairs: list[TermPair]
    expansions: dict[str, list[str]]  # player word (casefolded) -> rule words, one way
    # Russian word -> the English rules' words for it, for terms the Russian book never pairs: renders a
    # Russian question in English (index/translate.py) and joins the term map's reading of the other
    # language (`Query.translated`). Never shown to users.
    translations: dict[str, list[str]] = field(default_factory=dict)
    # the words synonyms.toml's own [expansions] declares (players' slang for the home game), without
    # the glossary's words merged into `expansions`: index.glossary.scoped_words reads them
    slang: frozenset[str] = frozenset()

    def translation_pairs(self) -> list[tuple[str, str]]:
        return translation_pairs(self.translations)


def translation_pairs(translations: Mapping[str, Sequence[str]]) -> list[tuple[str, str]]:
    """(English, Russian) for each of synonyms.toml's translations, the shape of the term map's pairs."""
    return [(en, ru) for ru, english in translations.items() for en in english]


def load_synonyms(path: Path = SYNONYMS_FILE, glossary: list[GlossaryEntry] | None = None) -> Synonyms:
    """synonyms.toml, with the glossary's words among its expansions (`glossary`: the glossary
    already loaded, else index/data/glossary.toml is read)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    slang = frozenset(data.get("expansions", {}))
    pairs = [TermPair(en, ru, "curated") for en, value in data.get("pairs", {}).items()
             for ru in ([value] if isinstance(value, str) else value)]
    expansions = with_fleeting_vowels({k.casefold(): list(v) for k, v in data.get("expansions", {}).items()})
    # other wargames' and everyday words (index/data/glossary.toml): the same one-way expansions
    expansions.update((k, v) for k, v in glossary_expansions(entries=glossary).items() if k not in expansions)
    translations = with_fleeting_vowels({k.casefold(): [v] if isinstance(v, str) else list(v)
                                         for k, v in data.get("translations", {}).items()})
    return Synonyms(pairs, expansions, translations, slang)


# A Russian noun in -ец/-ок/-ёк/-ек loses that vowel in its other cases ("авианосец", "от авианосца";
# "кусок", "куска"), so its stem there is another: the player's word is also read without it.
_FLEETING = re.compile(r"^([а-яё]+[^аеёиоуыэюя\W])[еоё]([кц])$")


def with_fleeting_vowels(words: dict[str, list[str]]) -> dict[str, list[str]]:
    """`words` plus, for each one-word Russian key with a fleeting vowel, its genitive spelling
    ("авианосца"), whose stem the other cases share; a key already declared is kept as declared."""
    out = dict(words)
    for key, value in words.items():
        found = _FLEETING.match(key)
        if found:
            out.setdefault(found.group(1) + found.group(2) + "а", value)
    return out


_BOLD = re.compile(r"\*\*([^*\n]{2,80}?)\*\*")


def _printed_names(ru_text: str, ru_sections: list[Section]) -> set[tuple[str, ...]]:
    """The stems of every name the book prints as one: headings, defined terms, bold phrases
    (their parenthesised English left out)."""
    names = [t.name for s in ru_sections for t in s.terms] + [h for s in ru_sections for h in s.heading_path]
    names += [re.sub(r"\([^)]*\)", "", m.group(1)) for m in _BOLD.finditer(ru_text)]
    return {tuple(stems(n)) for n in names}


def _is_cut(pair: TermPair, printed_names: set[tuple[str, ...]]) -> bool:
    """A name of several words paired with one common word the book never prints as a name: the
    index's "Into the Fray (В атаку)", "Measuring Range (Дистанции)". It would name every
    passage saying "атака" or "дистанция" in English (search enrichment, the term map)."""
    russian = tuple(stems(pair.russian))
    return len(pair.english.split()) >= 2 and len(russian) == 1 and russian not in printed_names


def build_term_map(ru_text: str, ru_sections: list[Section], synonyms: Synonyms) -> list[TermPair]:
    """All pairs, de-duplicated on (english, russian) casefolded, most trusted source first."""
    seen: set[tuple[str, str]] = set()
    result: list[TermPair] = []
    printed_names = _printed_names(ru_text, ru_sections)
    for pair in [*mine_index_pairs(ru_text), *mine_inline_pairs(ru_sections), *synonyms.pairs]:
        key = (pair.english.casefold(), pair.russian.casefold())
        if pair.source != "curated" and _is_cut(pair, printed_names):
            continue
        if key not in seen and pair.english and pair.russian:
            seen.add(key)
            result.append(pair)
    return result
