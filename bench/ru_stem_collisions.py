"""Which stems of the Russian book stand for words of different meaning (issue 16, helper "rustem").

Read from the book's side, before any question: every word of dw3-rulebook-ru.md is stemmed as the index
stems it (`index.text.stem`), and two ways one stem comes to cover two words are listed:

- **near spellings**: a printed stem of 8+ letters also matches printed stems two edits away (the
  typo tolerance of `index.search`); where one of the two is the other plus a derivational suffix
  (`index.ru_forms.DERIVATIONAL_SUFFIXES`: "защитник" / "защитн" of "защитный"), the match is another
  word of the same root, not a typo;
- **one Snowball stem, two word classes**: a verbal noun in -ение and a participle or adjective in
  -енный stem alike ("повышения", "повышенному": "повышен"); listed where the book prints both, and
  where it prints only the participle and the verb ("повышенному вниманию", "Повысить уровень"): a
  question's verbal noun is then read as the verb (`index.text.question_stems`).

    python bench/ru_stem_collisions.py            # counts and every pair
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from rapidfuzz.distance import OSA  # noqa: E402

from corpus import CORPUS_DIR  # noqa: E402
from index.ru_derivation import PARTICIPLE, VERBAL_NOUN, derived_apart, participle_only, verb_of_noun  # noqa: E402
from index.text import stem, words  # noqa: E402

BOOK = "dw3-rulebook-ru.md"


def book_words() -> dict[str, set[str]]:
    """Each Russian stem of the book -> the words it prints with that stem."""
    found: dict[str, set[str]] = defaultdict(set)
    for word in words((CORPUS_DIR / BOOK).read_text(encoding="utf-8")):
        if re.search("[а-я]", word):
            found[stem(word)].add(word)
    return found


def near_collisions(printed: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(stem, near spelling) pairs the typo tolerance joins that are one root's two words."""
    found = []
    for one in sorted(printed):
        if len(one) < 8:
            continue
        for other in sorted(printed):
            if other != one and abs(len(other) - len(one)) <= 2 and OSA.distance(one, other) <= 2 \
                    and derived_apart(one, other):
                found.append((one, other))
    return found


def class_collisions(printed: dict[str, set[str]]) -> list[str]:
    """Stems printed both as a verbal noun and as a participle or adjective."""
    return [s for s, forms in sorted(printed.items())
            if any(VERBAL_NOUN.search(w) for w in forms) and any(PARTICIPLE.search(w) for w in forms)]


def participle_only_pairs(printed: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(stem, verb root) where the book prints the stem only as a participle or adjective ("повышенному")
    and its verb's root too ("Повысить"): a question's verbal noun ("повышения") reads the participle."""
    found = []
    for s, forms in sorted(printed.items()):
        if participle_only(s, sorted(forms)):
            found += [(s, root) for root in verb_of_noun(s) if root in printed and root != s]
    return found


def main() -> int:
    printed = book_words()
    near = near_collisions(printed)
    print(f"{len(printed)} Russian stems in {BOOK}")
    print(f"near spellings that are another word of the root: {len(near)}")
    for one, other in near:
        print(f"  {one} ({', '.join(sorted(printed[one])[:3])})  ~  {other} ({', '.join(sorted(printed[other])[:3])})")
    classes = class_collisions(printed)
    print(f"one stem, a verbal noun and a participle: {len(classes)}")
    for s in classes:
        print(f"  {s}: {', '.join(sorted(printed[s])[:6])}")
    only = participle_only_pairs(printed)
    print(f"printed only as a participle, its verb printed too: {len(only)}")
    for s, root in only:
        print(f"  {s} ({', '.join(sorted(printed[s])[:3])})  verb {root} ({', '.join(sorted(printed[root])[:3])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
