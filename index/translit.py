"""Russian typed in Latin letters ("skolko kubov kidat' na remont?"), read back in Cyrillic.

Players without a Russian keyboard write Russian in the chat transliteration. A question is
read as Russian only when several of its Latin words are unknown in English to the corpus and
known once spelled in Cyrillic; abbreviations in capitals ("VP", "SRS") and words the corpus
knows in English stay as typed. A question typed with the keyboard left on the English layout
("crjkmrj re,jd") is read on the Russian one (`read_wrong_layout`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Container, Iterator

from index.relevance import QUESTION_STEMS
from index.text import is_stopword, stemmed_in
from index.word_memo import WORD_MEMO, WordMemo

MIN_WORDS = 2  # Latin words that must read as known Russian words ...
MIN_ONE_WORD = 5  # ... or the letters of the only one a question has
MIN_SHARE = 0.4  # ... and their share of the question's Latin words (3+ letters)

# Longest spellings first; "'" is the soft sign, as in "skorost'".
_LETTERS = [
    ("shch", "щ"), ("tsya", "тся"), ("tsja", "тся"),
    ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"), ("ch", "ч"), ("sh", "ш"),
    ("yu", "ю"), ("ya", "я"), ("yo", "ё"), ("ye", "е"),
    ("ju", "ю"), ("ja", "я"), ("jo", "ё"), ("je", "е"), ("a", "а"), ("b", "б"), ("v", "в"), ("g", "г"),
    ("d", "д"), ("e", "е"), ("z", "з"), ("i", "и"), ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"),
    ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"),
    ("h", "х"), ("c", "ц"), ("y", "ы"), ("w", "в"), ("x", "кс"), ("q", "к"), ("'", "ь"),
]
# A chat "4" inside a Latin word is the letter ч it looks like ("4to", "4ego"); a digit alone is a number.
_LATIN_WORD = re.compile(r"(?<![\w'])4?[A-Za-z][A-Za-z4']*")
_SPELLING = re.compile("|".join(re.escape(latin) for latin, _ in _LETTERS))
_CYRILLIC_OF = dict(_LETTERS)
_LATIN_VOWEL = re.compile(r"[aeiouyAEIOUY]")
_PLURAL_YE = re.compile(r"(?<=[bdfgklmnprstvz])ye\b")  # "pustye", "novye": the plural ending ые
_SHORT_I = re.compile(r"(?<=[aeiouy])y(?![aeiouy])")  # "kakoy", "novyy": й after a vowel

# Letters that look alike in both alphabets: a word typed on two keyboard layouts ("rаm" with a
# Cyrillic а, "тaран" with a Latin a) is read in the alphabet most of its other letters are in.
_AS_CYRILLIC = dict(zip("aceopxyABCEHKMOPTXY", "асеорхуАВСЕНКМОРТХУ", strict=True))
_AS_LATIN = {cyrillic: latin for latin, cyrillic in _AS_CYRILLIC.items()}
_MIXED_WORD = re.compile(r"[^\W\d_]*(?:[A-Za-z][^\W\d_]*[а-яёА-ЯЁ]|[а-яёА-ЯЁ][^\W\d_]*[A-Za-z])[^\W\d_]*")


def one_alphabet(text: str) -> str:
    """Each word that mixes Latin and Cyrillic letters with its look-alike letters in the alphabet
    of the others (more letters that only one alphabet has decide; Latin on a tie)."""
    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        latin = sum(c.isascii() and c not in _AS_CYRILLIC for c in word)
        cyrillic = sum(not c.isascii() and c not in _AS_LATIN for c in word)
        if cyrillic == latin:  # only look-alikes: the alphabet most of the word is typed in
            cyrillic, latin = sum(not c.isascii() for c in word), sum(c.isascii() for c in word)
        table = _AS_CYRILLIC if cyrillic > latin else _AS_LATIN
        return "".join(table.get(c, c) for c in word)

    if not (_ANY_LATIN.search(text) and _ANY_CYRILLIC.search(text)):
        return text  # a word of both alphabets needs a text of both (most questions are in one)
    return _MIXED_WORD.sub(fix, text)


_ANY_LATIN = re.compile(r"[A-Za-z]")
_ANY_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")


def to_cyrillic(word: str) -> str:
    """One Latin word in Cyrillic letters, by the common chat transliteration."""
    latin = _PLURAL_YE.sub("ые", _SHORT_I.sub("j", word.lower().replace("4", "ч")))
    return _SPELLING.sub(lambda m: _CYRILLIC_OF[m.group(0)], latin)


# Where the Latin letters of chat leave a Cyrillic letter open, one edit each: "e" opening a word
# is often э ("eto", "effekt"); "u" is also ю ("otkluchenie"); a soft sign is often left out after л
# before a consonant or at the end ("skolko", "dal"); the corpus's words decide which reading.
_READINGS = [
    (re.compile(r"^е"), "э"),
    (re.compile(r"у"), "ю"),
    (re.compile(r"л(?=[бвгджзклмнпрстфхцчшщ]|$)"), "ль"),
    (re.compile(r"(?<=[тн])$"), "ь"),  # ... and at the end after т, н ("est", "kidat")
    (re.compile(r"кс"), "х"),  # "x" is х in the other common scheme ("xod", "porxod")
    (re.compile(r"ий$"), "ый"),  # "-iy" is also the adjective ending ый ("vozdushniy")
]


def _spellings(word: str) -> Iterator[str]:
    """The plain Cyrillic reading of a Latin word, then its readings with one open letter changed."""
    plain = to_cyrillic(word.lstrip("'"))
    yield plain
    for pattern, letter in _READINGS:
        for match in pattern.finditer(plain):
            yield plain[:match.start()] + letter + plain[match.end():]


def _russian_spelling(word: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The first Cyrillic reading of `word` that is a Russian function word ("est" is есть, not
    ест), else the first that is a corpus word or a question word."""
    spellings = list(_spellings(word))
    for spelling in spellings:
        if is_stopword(spelling):
            return spelling
    for spelling in spellings:
        bare = spelling.rstrip("ь")
        if stemmed_in(bare, known, stem) or stemmed_in(bare, QUESTION_STEMS, stem):
            return spelling
    return None


def read_latin_russian(question: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The question with its Russian words in Cyrillic, when it is Russian in Latin letters;
    else None. `known` holds the corpus's stems; `stem` stems one word in either language."""
    words = [w for w in _LATIN_WORD.findall(question)
             if len(w.strip("'")) >= 3 and not w.isupper() and w.lower() not in _EN_FUNCTION_WORDS]
    if not words:
        return None
    unknown = list(dict.fromkeys(w for w in words if "4" in w or stem(w.strip("'").lower()) not in known))
    if len(unknown) < MIN_SHARE * len(words):
        return None  # too few words could read as Russian (below): an English question, mostly
    spelled = {w: _russian_spelling(w, known, stem) for w in unknown}
    russian = [w for w, spelling in spelled.items() if spelling is not None]
    content = [w for w in russian if stem(spelled[w] or "") in known]
    # a question of one Latin word ("abordazh?") is Russian when that word is, and long enough not
    # to be a chance reading of a short foreign word ("uno" read as юно)
    one_word = len(words) == 1 and len(russian) == 1 and len(words[0]) >= MIN_ONE_WORD
    if not content or (len(russian) < MIN_WORDS and not one_word) or len(russian) < MIN_SHARE * len(words):
        return None

    def english(word: str) -> bool:
        """Kept as typed: a capital abbreviation, or an English word the corpus knows."""
        if word.isupper() and len(word) > 1:
            return True
        if len(word) > 1 and not _LATIN_VOWEL.search(word):
            return True  # no vowel: an abbreviation in lower case ("dw", "vp"), no Russian word
        if "4" in word or len(word) < 3 or stem(word.strip("'").lower()) not in known:
            return False
        # a lower-case word both languages know ("token", "model'") is Russian in a Russian sentence
        return word[0].isupper() or _russian_spelling(word, known, stem) is None

    tokens = list(_LATIN_WORD.finditer(question))
    kept = [english(m.group(0)) for m in tokens]
    # An English rule name inside a Russian sentence keeps its small words ("weight of fire",
    # "crossing the T"): an English function word next to a kept English word stays English.
    for i, match in enumerate(tokens):
        word = match.group(0)
        if not kept[i] and spelled.get(word) is None and word.lower() in _EN_FUNCTION_WORDS:
            kept[i] = any(0 <= j < len(tokens) and kept[j] and _adjacent(question, tokens, i, j)
                          for j in (i - 1, i + 1))
    out, end = [], 0
    for match, keep in zip(tokens, kept, strict=True):
        word = match.group(0)
        out.append(question[end:match.start()])
        out.append(word if keep else spelled.get(word) or (word if "4" in word else to_cyrillic(word)))
        end = match.end()
    out.append(question[end:])
    return "".join(out)


# English function words no Russian chat word is spelled like ("to" is то, "no" но, "on" он).
_EN_FUNCTION_WORDS = frozenset("of the in at is it by if or an as be and for with from into over".split())


def _adjacent(text: str, tokens: list[re.Match[str]], i: int, j: int) -> bool:
    """Tokens i and j stand next to each other, with only spaces between them."""
    first, second = sorted((i, j))
    return text[tokens[first].end():tokens[second].start()].strip() == ""


# Players type the books' Latin abbreviations on a Cyrillic keyboard, by sound ("срс" for SRS,
# "сдв" for SDV), often with a chat suffix ("срска", "срсками", "пвошка"): read back letter by letter.
_LATIN_OF = dict(zip("абвгдезийклмнопрстуфхцы", "abvgdeziyklmnoprstufhcy", strict=True))
_CHAT_SUFFIX = re.compile(r"(?:ш?к(?:а|и|у|ой|ами|ах|ам)?|ок)$")
_CYRILLIC_WORD = re.compile(r"(?<![\w'])[а-яё]{2,9}(?![\w'])", re.IGNORECASE)
_VOWELS = set("аеёиоуыэюя")


def _abbreviation(word: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The Latin abbreviation a short Cyrillic word sounds out, when the corpus prints it."""
    lower = word.lower()
    if stemmed_in(lower, known, stem):
        return None
    for base in (lower, _CHAT_SUFFIX.sub("", lower)):
        # letters of an abbreviation: consonants, a vowel only opening it ("адв"); never a word
        if (2 <= len(base) <= 4 and not any(c in _VOWELS for c in base[1:]) and not is_stopword(base)
                and all(c in _LATIN_OF for c in base)):
            latin = "".join(_LATIN_OF[c] for c in base)
            if stem(latin) in known:
                return latin.upper()
    return None


# Players type the English documents' rule names in Cyrillic letters, by sound ("ралли" for Rally,
# "медик" for Medic, "стоик" for Stoic). A word's Cyrillic letters read back in Latin; where English
# spells one sound two ways, both are tried (к: k or c, и: i or y, ...), and a reading counts only when
# it is a word the corpus prints in English. Only words of MIN_LOANWORD letters and more, unknown to
# the corpus as typed: a short one is too often a name or another word ("Макс" would read as max).
MIN_LOANWORD = 5
MAX_READINGS = 64  # a word with more open letters than this allows is left as typed
_LOAN_LETTERS = {
    "а": ("a",), "б": ("b",), "в": ("v", "w"), "г": ("g",), "д": ("d",), "е": ("e",), "ё": ("yo",),
    "ж": ("zh", "j"), "з": ("z", "s"), "и": ("i", "y"), "й": ("y", "i"), "к": ("k", "c"), "л": ("l",),
    "м": ("m",), "н": ("n",), "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s", "c"), "т": ("t",),
    "у": ("u",), "ф": ("f",), "х": ("h", "kh"), "ц": ("ts", "c"), "ч": ("ch",), "ш": ("sh",),
    "щ": ("sch",), "ы": ("y",), "э": ("e", "a"), "ю": ("yu", "u"), "я": ("ya",), "ь": ("",), "ъ": ("",),
}


def _latin_readings(word: str) -> list[str]:
    """A Cyrillic word's Latin spellings by sound, a doubled letter also read once ("ралли": rally);
    "кв" is also English "qu" ("сквадрон": squadron)."""
    readings = [""]
    for place, letter in enumerate(word, start=1):
        options = _LOAN_LETTERS.get(letter)
        if options is None:
            return []
        if letter == "и" and place == len(word):  # a final и is an English -y first ("ралли": rally)
            options = ("y", "i")
        if letter == "к" and word[place:place + 1] == "в":
            options = (*options, "q")
        if letter == "в" and place > 1 and word[place - 2] == "к":
            options = (*options, "u")
        readings = [r + o for r in readings for o in options]
        if len(readings) > MAX_READINGS:
            return []
    return readings


def _spelt_in_english(latin: str) -> tuple[str, ...]:
    """A Latin reading as English may spell it: as read, with a doubled letter once, with the final l, s
    or f English doubles after a short vowel ("фул": full)."""
    found = [latin, re.sub(r"(.)\1", r"\1", latin)]
    if latin[-1:] in ("l", "s", "f") and latin[-2:-1] in ("a", "e", "i", "o", "u"):
        found.append(latin + latin[-1])
    return tuple(dict.fromkeys(found))


def _as_printed(candidate: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """`candidate` as the English word the corpus prints, or None: a word whose stem is known, or a
    known stem itself, which English writes with a final "e" it does not say ("реверс": revers, the
    stem of "reverse"). The stem is taken only when the set cannot answer (a stem costs ~40 µs)."""
    if candidate in known:
        return candidate if stem(candidate) == candidate else (
            candidate + "e" if stem(candidate + "e") == candidate else None)
    return candidate if stem(candidate) in known else None


def _unread(word: str, known: Container[str], russian: Callable[[str], bool], stem: Callable[[str], str]) -> bool:
    """Nobody reads `word` yet: not capitalised (a person), no corpus or question word, not Russian to
    the typo reader."""
    lower = word.lower()
    return not (word[:1].isupper() or is_stopword(lower) or (root := stem(lower)) in known or root in QUESTION_STEMS
                or russian(lower))


def _english_loanword(word: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The English word an unread Cyrillic word (`_unread`) sounds out, when the corpus prints it in English."""
    lower = word.lower()
    root = stem(lower)  # "медиком": its stem "медик" reads as medic; a shorter root is another word
    for spelling in dict.fromkeys((lower, root) if len(root) >= MIN_LOANWORD else (lower,)):
        for latin in _latin_readings(spelling):
            for candidate in _spelt_in_english(latin):
                if len(candidate) >= MIN_LOANWORD and (printed := _as_printed(candidate, known, stem)) is not None:
                    return printed
    return None


# A Cyrillic word the loanword reader looks at: alone from MIN_LOANWORD letters, as half of an English
# rule name of two words typed by sound from two ("фул реверс").
_LOAN_HALF = re.compile(r"(?<![\w'])[а-яё]{2,16}(?![\w'])", re.IGNORECASE)


def _english_name(first: str, second: str, names: Container[tuple[str, str]], firsts: Container[str]) -> str | None:
    """The two-word English name (in `names`, lower case as printed; `firsts`: their first words) two
    unread Cyrillic words sound out together ("фул реверс": full reverse); a short word counts here, as the
    name it is part of vouches for it. Spellings are compared as printed, with the final "e" English does not
    say, not stemmed: a stem of each of a word's readings would cost more than the rest of the parse."""
    ones = {spelt for latin in _latin_readings(first.lower()) for spelt in _with_silent_e(latin) if spelt in firsts}
    if not ones:
        return None
    twos = {spelt for latin in _latin_readings(second.lower()) for spelt in _with_silent_e(latin)}
    found = sorted((one, two) for one in ones for two in twos if (one, two) in names)
    return " ".join(found[0]) if found else None


def _with_silent_e(latin: str) -> tuple[str, ...]:
    return (*_spelt_in_english(latin), latin + "e")


class LoanwordMemo:
    """The loanword reader's answers per word for one searcher (its vocabulary, Russian reader and
    stemmer are fixed): whether anyone reads the word, and the English word it sounds out (index.word_memo)."""

    def __init__(self, size: int = WORD_MEMO) -> None:
        self.unread: WordMemo[bool] = WordMemo(size)
        self.english: WordMemo[str | None] = WordMemo(size)


def read_english_loanwords(question: str, known: Container[str], russian: Callable[[str], bool],
                           stem: Callable[[str], str], names: Collection[tuple[str, str]] = frozenset(),
                           memo: LoanwordMemo | None = None) -> str | None:
    """The question with the English rule names typed in Cyrillic ("ралли", "фул реверс") spelled as the
    English documents print them ("rally", "full reverse"); None when it has none. `russian` says a word is
    read as Russian; `names`: the English names of two words the documents print, in lower case. Each word
    is asked once whether anyone reads it (most are Russian words the index knows); with `memo`, once per
    searcher (`known`, `russian` and `stem` must be the same on every call with one memo)."""
    memo = memo or LoanwordMemo(0)
    halves = list(_LOAN_HALF.finditer(question))
    unread = [memo.unread.read(half.group(0), lambda w: _unread(w, known, russian, stem)) for half in halves]
    if not any(unread):
        return None
    firsts: set[str] | None = None  # the names' first words, gathered when two unread words stand together
    out: list[str] = []
    end, at = 0, 0
    while at < len(halves):
        half, word = halves[at], halves[at].group(0)
        if not unread[at]:
            at += 1
            continue
        if names and at + 1 < len(halves) and unread[at + 1] and question[half.end():halves[at + 1].start()] == " ":
            firsts = {one for one, _ in names} if firsts is None else firsts
            name = _english_name(word, halves[at + 1].group(0), names, firsts)
            if name is not None:  # the two words, left to right
                out += [question[end:half.start()], name]
                end, at = halves[at + 1].end(), at + 2
                continue
        latin = memo.english.read(word.lower(), lambda w: _english_loanword(w, known, stem)) \
            if len(word) >= MIN_LOANWORD else None
        if latin is not None:
            out += [question[end:half.start()], latin]
            end = half.end()
        at += 1
    return "".join([*out, question[end:]]) if out else None


def read_cyrillic_abbreviations(question: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The question with the Latin abbreviations typed in Cyrillic ("срски") spelled as the books
    print them ("SRS"); None when it has none."""
    changed = False

    def spell(match: re.Match[str]) -> str:
        nonlocal changed
        latin = _abbreviation(match.group(0), known, stem)
        changed = changed or latin is not None
        return latin or match.group(0)

    reading = _CYRILLIC_WORD.sub(spell, question)
    return reading if changed else None


# A Russian question typed with the keyboard left on the English layout ("crjkmrj re,jd" is "сколько
# кубов"): each key read as the Cyrillic letter it carries on the Russian layout (ЙЦУКЕН).
_LAYOUT = dict(zip("qwertyuiop[]asdfghjkl;'zxcvbnm,.`", "йцукенгшщзхъфывапролджэячсмитьбюё", strict=True))
_KEYS = re.compile(r"[A-Za-z\[\];'`,.]*[A-Za-z][A-Za-z\[\];'`,.]*")
_LAYOUT_PUNCTUATION = {"&": "?", "?": ",", "/": ".", "^": ":", "$": ";", "@": '"'}


def _on_russian_keys(word: str) -> str:
    return "".join(_LAYOUT.get(c, c) for c in word.lower())


def read_wrong_layout(question: str, known: Container[str], stem: Callable[[str], str]) -> str | None:
    """The question as typed on the Russian layout, when it is Russian typed with the English one
    (no Cyrillic letter, and most of its words read so are Russian words the corpus or a question
    uses, while few of them are words the corpus knows as typed); else None."""
    if re.search(r"[а-яё]", question, re.IGNORECASE):
        return None
    tokens = [m.group(0) for m in _KEYS.finditer(question)]
    if len(tokens) < MIN_WORDS:
        return None

    def reading(token: str) -> str:
        """Keys read on the Russian layout; a final "," or "." that reads no better is punctuation."""
        whole = _on_russian_keys(token)
        bare = token.rstrip(",.")
        if bare != token and not _is_russian(whole, known, stem):
            return _on_russian_keys(bare) + token[len(bare):]
        return whole

    english = sum(1 for t in tokens if stem(t.lower().strip(",.")) in known)
    # Read as Russian, the words must be MIN_WORDS, LAYOUT_SHARE of them and more than the English
    # ones: the reading stops once the words left cannot reach that (an English question, mostly).
    russian = 0
    for place, token in enumerate(tokens):
        if russian + len(tokens) - place < max(MIN_WORDS, LAYOUT_SHARE * len(tokens), english + 1):
            return None
        russian += _is_russian(reading(token).rstrip(",."), known, stem)
    if russian < MIN_WORDS or russian < LAYOUT_SHARE * len(tokens) or english >= russian:
        return None
    read = {t: reading(t) for t in tokens}
    out = _KEYS.sub(lambda m: read[m.group(0)], question)
    return "".join(_LAYOUT_PUNCTUATION.get(c, c) for c in out)


LAYOUT_SHARE = 0.5  # words that must read as Russian ones for a whole question to be read on the other layout


def _is_russian(word: str, known: Container[str], stem: Callable[[str], str]) -> bool:
    return len(word) >= 2 and (is_stopword(word) or stemmed_in(word, known, stem) or
                               stemmed_in(word, QUESTION_STEMS, stem))
