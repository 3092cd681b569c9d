"""Unit and weapon names in free text: "Borodino heavy gun battery at Lovelace 15 inches".

The text is split at "at"/"vs"/"against"/"on" (else at a verb: "shoots", "rams", …; target
after it); the attacker is the unit named in the first part and the rest names its weapon; the
target is the unit named in the second part (with no split, the second name after the
attacker's); "15 inches" / 15" / 15 in is the distance.
Names match fuzzily (typos, plurals) through the same UnitBook the `unit` command uses.
Words that name nothing are returned as the rest of the text for the referee's own parser.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process

from units.model import name_key, transliterations

if TYPE_CHECKING:
    from units.book import UnitBook

_SPLIT = re.compile(r"\s+(?:at|vs\.?|versus|against|on|->|→|против)\s+", re.IGNORECASE)
# without one of those, the verb a player puts between the two ships ("Puritan shoots Descartes")
_VERB_SPLIT = re.compile(r"\s+(?:shoots|fires|targets|attacks|rams|boards|assaults|стреляет\s+по|атакует|"
                         r"таранит|штурмует|по)\s+", re.IGNORECASE)
_DISTANCE = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:\"|”|″|''|inches\b|inch\b|in\b|дюйм\w*)", re.IGNORECASE)
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_CASE_ENDING = re.compile(r"(?<=[а-яё]{4})(?:ом|ем|ой|ою|у|ю|а|я|е|ы|и)$")
_POSSESSIVE = re.compile(r"['’]s\b")
UNIT_SCORE = 88
WEAPON_SCORE = 75
FIRST_WORD_SCORE = 80
MAX_WORDS = 4  # words in one unit or weapon name
MAX_SCAN_WORDS = 60  # names are looked for in the first words only: long texts stay fast
_STOPWORDS = {"the", "my", "a", "an", "at", "vs", "with", "of", "and", "on", "in", "to", "his", "her", "their",
              "its", "our", "your", "dice", "die", "armour", "armor", "citadel", "defence", "hull", "mass"}


def _words(text: str) -> list[str]:
    return _POSSESSIVE.sub("", text).split()


def _first_words(book: UnitBook) -> list[str]:
    cached: list[str] | None = getattr(book, "_mention_firsts", None)
    if cached is None:
        cached = sorted({key.split()[0] for key in book._by_key if key})
        book._mention_firsts = cached  # type: ignore[attr-defined]
    return cached


def _may_start_a_name(book: UnitBook, word: str, seen: dict[str, bool]) -> bool:
    """Cheap filter before the fuzzy match: the word is (nearly) the first word of some unit name."""
    key = name_key(word)
    if key not in seen:
        firsts = _first_words(book)
        seen[key] = bool(key) and not key[0].isdigit() and key not in _STOPWORDS and any(
            k in firsts or (len(k) >= 4 and process.extractOne(
                k, firsts, scorer=fuzz.ratio, score_cutoff=FIRST_WORD_SCORE) is not None)
            for k in {*_spellings(key), *_spellings(_uninflected(key))})
    return seen[key]


def _spellings(key: str) -> list[str]:
    """The key and, for Cyrillic ('бородино'), its Latin transliterations ('borodino'), as `UnitBook.find`
    matches them."""
    return [key, *transliterations(key)] if _CYRILLIC.search(key) else [key]


def _uninflected(phrase: str) -> str:
    """A Cyrillic name without the case ending of its last word ('ловеласу' -> 'ловелас'): Russian declines
    a transliterated ship name ('стреляет по Ловеласу', 'таранит Кутсова')."""
    return _CASE_ENDING.sub("", phrase) if _CYRILLIC.search(phrase) else phrase


def _score(phrase: str, card: str) -> float:
    """How well a phrase (in any of its spellings) matches a card's name."""
    return max(float(fuzz.WRatio(k, name_key(card))) for k in _spellings(phrase))


def _best_unit(book: UnitBook, words: list[str], anchored: bool, earliest: bool = False
               ) -> tuple[str | None, int, int]:
    """(card name, start, end) of the best unit name among the word n-grams (at the start if anchored;
    with `earliest`, the first name in the text, as the one that acts comes first)."""
    best: tuple[float, int, str | None, int, int] = (0.0, 0, None, 0, 0)
    words = words[:MAX_SCAN_WORDS]
    starts = [0] if anchored else range(len(words))
    seen: dict[str, bool] = {}
    for start in starts:
        if not _may_start_a_name(book, words[start], seen):
            continue
        for size in range(min(MAX_WORDS, len(words) - start), 0, -1):
            whole = name_key(" ".join(words[start:start + size]))
            if len(whole) < 3:
                continue
            for phrase in dict.fromkeys([whole, _uninflected(whole)]):  # 'по Ловеласу': the name, not its case
                status, cards = book.match(phrase)
                if status != "found":
                    continue
                score = 100.0 if any(k in book._by_key for k in _spellings(phrase)) else _score(phrase, cards[0])
                candidate = (score, size, cards[0], start, start + size)
                if candidate[:2] > best[:2] and score >= UNIT_SCORE:
                    best = candidate
        if earliest and best[2] is not None:
            break
    return best[2], best[3], best[4]


def _best_weapon(book: UnitBook, unit: str, words: list[str]) -> tuple[str | None, list[str]]:
    names = book.weapons(unit)
    if not names or not words:
        return None, words
    best: tuple[float, int, str | None, int, int] = (0.0, 0, None, 0, 0)
    words = words[:MAX_SCAN_WORDS]
    for start in range(len(words)):
        for size in range(min(MAX_WORDS, len(words) - start), 0, -1):
            phrase = name_key(" ".join(words[start:start + size]))
            match = process.extractOne(phrase, names, scorer=fuzz.WRatio, processor=name_key,
                                       score_cutoff=WEAPON_SCORE)
            # a longer phrase wins unless clearly worse: "heavy gun batteries" over "heavy gun"
            if match and match[1] + 4 * size > best[0] + 4 * best[1]:
                best = (match[1], size, match[0], start, start + size)
    if best[2] is None:
        return None, words
    return best[2], words[:best[3]] + words[best[4]:]


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_MODELS = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight)\s+(?:ships|models|boats|vessels)"
                     r"(?:\s+in\s+(?:the|my|a)\s+(?:squadron|unit))?\b", re.IGNORECASE)


def find_models(text: str) -> tuple[int | None, str]:
    """("two ships in the squadron" -> 2, the text without it): how many models attack."""
    m = _MODELS.search(text)
    if not m:
        return None, text
    word = m.group(1).lower()
    count = int(word) if word.isdigit() else _NUMBERS[word]
    return count, " ".join((text[:m.start()] + " " + text[m.end():]).split())


def find_units(text: str, book: UnitBook | None = None
               ) -> tuple[str | None, str | None, str | None, float | None, str]:
    """(attacker, weapon, target, distance in inches, rest of the text); None where not named."""
    if book is None:
        from core.settings import Settings
        from units.book import UnitBook

        settings = Settings.from_env()
        book = UnitBook(settings.data_dir, settings.corpus_dir)
    original = text
    distance = None
    m = _DISTANCE.search(text)
    if m:
        distance = float(m.group(1).replace(",", "."))
        text = (text[:m.start()] + " " + text[m.end():]).strip()
    parts = _SPLIT.split(text, maxsplit=1)
    if len(parts) == 1:
        parts = _VERB_SPLIT.split(text, maxsplit=1)
    rest: list[str] = []
    attacker = weapon = target = None
    first = _words(parts[0])
    # without a split word the first name is the attacker ("Borodino Lovelace 12 inches")
    attacker, start, end = _best_unit(book, first, anchored=False, earliest=len(parts) == 1)
    after = first[end:]
    if attacker is not None and len(parts) == 1:
        # "Kansai Submarine torpedoes Copernicus Heavy Cruiser": the second name is the target, found before
        # the weapon so a weapon is never read out of the target's name
        target, t_start, t_end = _best_unit(book, after, anchored=False, earliest=True)
        if target is not None and target != attacker:
            rest.extend(after[t_end:])
            after = after[:t_start]
        else:
            target = None
    if attacker is not None:
        rest.extend(first[:start])
        weapon, leftover = _best_weapon(book, attacker, after)
        rest.extend(leftover)
    else:
        rest.extend(first)
    if len(parts) > 1:
        second = _words(parts[1])
        target, start, end = _best_unit(book, second, anchored=False)
        others = second[:start] + second[end:] if target else second
        if attacker is not None and weapon is None:  # "Borodino fires heavy gun battery, Lovelace"
            weapon, others = _best_weapon(book, attacker, others)
        rest.extend(others)
    if attacker is None and target is None:
        return None, None, None, None, original
    return attacker, weapon, target, distance, " ".join(rest).strip()


def ambiguous_name(text: str, book: UnitBook) -> tuple[str, list[str]] | None:
    """(the words, the cards they could be) for a name in the text that begins several cards' names
    ('Steward': Steward Airship, Steward Sentry Airship Squadron), else None: asked about, not read as dice."""
    words = _words(text)[:MAX_SCAN_WORDS]
    seen: dict[str, bool] = {}
    for start in range(len(words)):
        if not _may_start_a_name(book, words[start], seen):
            continue
        for size in range(min(MAX_WORDS, len(words) - start), 0, -1):
            phrase = name_key(" ".join(words[start:start + size]))
            for spelling in dict.fromkeys([phrase, _uninflected(phrase)]):
                # a whole name, or the first words of one: a fuzzy likeness alone is no question to ask
                if not any(k in book._by_key or any(key.startswith(k + " ") for key in book._by_key)
                           for k in _spellings(spelling)):
                    continue
                status, cards = book.match(spelling)
                if status == "ambiguous":
                    return " ".join(words[start:start + size]), cards
                break
    return None
