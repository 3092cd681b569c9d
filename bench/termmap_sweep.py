"""Which of the Russian book's own names an English question cannot reach: every chapter and rule
heading and every name a section defines (bold run-in terms), read through the term map (the book's
printed pairs, index/termmap.py) and synonyms.toml's [pairs] and [translations] as index.translate
reads a question. A name is reached when each of its content stems falls inside a run the Translator
renders in English; the rest are listed. And the book's index pairs whose Russian its pages never print
("Escort Tokens (Фишки эскорта)" where the pages say Токены Эскорта): an English name reaches the page's
words only through another pair with the same English. And the other way: the 4th-edition glossary's rule
names no Russian word renders to (a Russian question reaches them only by their English name).
Usage: python bench/termmap_sweep.py [--list]"""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.settings import Settings  # noqa: E402
from index.manifest import load_manifest  # noqa: E402
from index.termmap import build_term_map, load_synonyms, mine_index_pairs  # noqa: E402
from index.text import stems  # noqa: E402
from index.translate import Translator  # noqa: E402
from index.unitcards import rule_sections  # noqa: E402


def book_names() -> tuple[list[str], list[tuple[str, str]]]:
    """The Russian book's names (headings and defined terms, their English left out) and its term map."""
    docs = [d for d in load_manifest(Settings.from_env().corpus_dir) if d.language == "ru"]
    names: dict[str, None] = {}
    pairs: list[tuple[str, str]] = []
    synonyms = load_synonyms()
    for doc in docs:
        sections = rule_sections(doc)
        for section in sections:
            for part in section.heading_path:
                names.setdefault(re.sub(r"\([^)]*\)", "", part).strip(" :*"), None)
            for term in section.terms:
                names.setdefault(re.sub(r"\([^)]*\)", "", term.name).strip(" :*"), None)
        pairs += [(p.english, p.russian) for p in build_term_map(doc.read_text(), sections, synonyms)]
    pairs += synonyms.translation_pairs()
    return [n for n in names if re.search("[А-Яа-яЁё]", n)], pairs


def unreached(names: list[str], pairs: list[tuple[str, str]]) -> list[str]:
    """The names with a content stem no rendered run covers."""
    translator = Translator(pairs, source="ru")
    missing = []
    for name in names:
        name_stems = tuple(stems(name))
        if not name_stems:
            continue
        rendering = translator.render(name_stems, {})
        covered = sum(len(russian) for russian, _ in rendering.runs)
        if covered < len(name_stems):
            missing.append(name)
    return missing


def index_names_unprinted(pairs: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """The index's pairs whose Russian the book's pages never print: (their English, those of them with
    no other pair whose Russian the pages print)."""
    doc = next(d for d in load_manifest(Settings.from_env().corpus_dir) if d.language == "ru")
    text = doc.read_text()
    pages = f" {' '.join(stems(text[:text.find('# INDEX')].replace('*', '')))} "
    def printed(russian: str) -> bool:
        return f" {' '.join(stems(russian))} " in pages
    unprinted = [p.english for p in mine_index_pairs(text) if not printed(p.russian)]
    alone = [en for en in unprinted if not any(e == en and printed(ru) for e, ru in pairs)]
    return unprinted, alone


def glossary_names_unread(pairs: list[tuple[str, str]]) -> tuple[int, list[str]]:
    """(how many rule names the 4th-edition glossary prints, those no pair's English names whole or
    word by word in one-word names)."""
    doc = next(d for d in load_manifest(Settings.from_env().corpus_dir) if d.edition == "dw4-glossary")
    names = sorted({html.unescape(n).strip() for n in re.findall(r'<rule name="([^"]*)"', doc.read_text())})
    english = {tuple(stems(en)) for en, _ in pairs}
    single = {run[0] for run in english if len(run) == 1}
    unread = [n for n in names if (found := tuple(stems(n))) and found not in english
              and not all(s in single for s in found)]
    return len(names), unread


def main() -> int:
    names, pairs = book_names()
    missing = unreached(names, pairs)
    print(f"{len(names)} names the book prints, {len(names) - len(missing)} reached in English, "
          f"{len(missing)} not")
    unprinted, alone = index_names_unprinted(pairs)
    print(f"{len(unprinted)} index names the pages never print, {len(alone)} of them with no pair the pages print")
    total, unread = glossary_names_unread(pairs)
    print(f"{total} 4th-edition rule names, {len(unread)} with no Russian word rendering to them")
    if "--list" in sys.argv:
        print("\n".join(sorted(missing)))
        print("--", ", ".join(alone))
        print("--", ", ".join(unread))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
