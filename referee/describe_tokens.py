"""Free text -> tokens (numbers, words, punctuation) for the description grammar.

A separate step so that the grammar never looks at characters: "21d", "10\"", "-3", "4-я",
"piercing(2)" and "point-blank" are all decided here, once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.messages import text_lang
from referee.describe_vocab import ABBREVIATIONS, ONE_LETTER_WORDS

# "21d", "10in", "5дюймов": a number glued to one of these is a number and a unit word.
UNIT_SUFFIXES = re.compile(r"(?:d6?|д6?|in|inch(?:es)?|дюйм\w*|кубик\w*|куб\w*)")

_TOKEN = re.compile(
    r"(?P<ordinal>\d+-?(?:я|й|е|ая|ья|th|st|nd|rd)(?![\w]))"
    r"|(?P<glued>\d+[^\W\d_][\w]*)"
    r"|(?P<word>[^\W\d_][\w'-]*(?:\.\d+)*)"
    r"|(?P<num>(?<![\w.])[+-]?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*)"
    r"|(?P<punct>[^\s\w])"
)
# numbers written as words, to thirty ("sixteen dice", "двадцать два куба", "пятью токенами");
# larger ones players write in digits
_EN_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
             "sixteen seventeen eighteen nineteen twenty").split()
_RU_BASES = ("ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
             "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать двадцать").split()
_RU_FORMS = {1: "одна одно одного одной одним одному одну", 2: "две двух двум двумя", 3: "трех трем тремя",
             4: "четырех четырем четырьмя", 8: "восьми восемью"}


def _number_words() -> dict[str, int]:
    words: dict[str, int] = {w: i for i, w in enumerate(_EN_WORDS)}
    words["thirty"] = 30
    for i, base in enumerate(_RU_BASES):
        words[base] = i
        if base.endswith("ь"):  # пять -> пяти, пятью; двадцать -> двадцати, двадцатью
            words[base[:-1] + "и"] = words[base[:-1] + "ью"] = i
    for i, forms in _RU_FORMS.items():
        words.update({f: i for f in forms.split()})
    words.update({"тридцать": 30, "тридцати": 30, "тридцатью": 30, "dozen": 12})
    return words


NUMBER_WORDS = _number_words()
# forms of one and two that agree with the noun they count ("одна поддержка", "две поддержки"): a count
AGREEING = frozenset(f for i in (1, 2) for f in _RU_FORMS[i].split())
_TENS = frozenset({20, 30})
_TIMES = re.compile(r"[x×х]\d+")  # "5x2": two of five
# "A5 C10", "H7", "ADV3", "бр5", "корп.8": a rating's short name (describe_vocab.ABBREVIATIONS) glued to its number
_SHORT = re.compile(r"([^\W\d_]{1,5})\.?(\d+)")
# "A is 4", "C: 8": a capital letter linked to its number is the rating it stands for
_LINKS = frozenset({"is", ":", "=", "-"})


@dataclass(frozen=True)
class Token:
    """One token. `kind` is "num", "word" or "punct"; `text` is normalised (lower case, ё → е)."""

    kind: str
    text: str
    start: int
    end: int
    agrees: bool = False  # a Russian number word in a form that agrees with its noun ("одна", "две"): a count

    @property
    def value(self) -> float:
        """A number token's value ("6,5" is 6.5: Russian writes a decimal comma)."""
        return float(self.text.replace(",", ".", 1)) if self.text.count(",") <= 1 else float("nan")

    @property
    def is_list(self) -> bool:
        """"6,4,3" typed without spaces: a list, not a decimal."""
        return self.text.count(",") > 1


def normalise(text: str) -> str:
    """Lower case, ё → е, one spelling for quotes, minus signs and dashes (the string keeps its length)."""
    table = str.maketrans({"ё": "е", "”": '"', "″": '"', "“": '"', "«": '"', "»": '"', "’": "'", "‘": "'",
                           "−": "-", "–": "-", "—": "-", "\u00a0": " "})
    return text.lower().translate(table)


def tokenize(text: str) -> list[Token]:
    """The tokens of `text`; offsets point into the original string."""
    t = normalise(text)
    out: list[Token] = []
    worded: set[int] = set()  # positions in `out` of numbers written as words
    for m in _TOKEN.finditer(t):
        kind = m.lastgroup or "punct"
        s, e = m.start(), m.end()
        piece = m.group()
        if kind == "glued":
            digits = re.match(r"\d+", piece)
            assert digits is not None
            rest = piece[digits.end():]
            if UNIT_SUFFIXES.fullmatch(rest) or _TIMES.fullmatch(rest):  # "21d", "5x2": a number, then "x2"
                out.append(Token("num", digits.group(), s, s + digits.end()))
                out.append(Token("word", rest, s + digits.end(), e))
            else:  # "4th", "3e": one word
                out.append(Token("word", piece, s, e))
        elif kind == "word" and "-" in piece.strip("-"):
            # "point-blank", "dw3-qrs", "armour-6": parts, so phrases match word by word
            pos = s
            for part in piece.split("-"):
                if part in NUMBER_WORDS:
                    _number_word(out, worded, NUMBER_WORDS[part], pos, pos + len(part), part)
                elif part:
                    out.append(Token("num" if part.isdigit() else "word", part, pos, pos + len(part)))
                pos += len(part) + 1
        elif kind == "word" and (short := _SHORT.fullmatch(piece)) and short.group(1) in ABBREVIATIONS:
            out.append(Token("word", ABBREVIATIONS[short.group(1)], s, s + short.end(1)))
            out.append(Token("num", short.group(2), s + short.start(2), e))
        elif kind == "word":
            word = piece.strip("-'")
            if word.endswith("'s"):
                word = word[:-2]
            if word in NUMBER_WORDS:
                _number_word(out, worded, NUMBER_WORDS[word], s, e, word)
            elif word:
                out.append(Token("word", word, s, e))
        elif kind == "ordinal":
            out.append(Token("word", piece, s, e))
        elif kind == "num":
            out.append(Token("num", piece, s, e))
        else:
            if piece == "'" and out and out[-1].kind == "punct" and out[-1].text == "'" and out[-1].end == s:
                out[-1] = Token("punct", '"', out[-1].start, e)  # 10'' is 10"
                continue
            out.append(Token("punct", piece, s, e))
    _rating_pairs(out)
    _abbreviations_apart(out, text)
    return out


def _abbreviations_apart(out: list[Token], text: str) -> None:
    """"бр. 6": a short name's full stop is no sentence end; "C 8", "ц 9": a one-letter short name before its
    number is the rating it stands for, and "A is 4" too, linked and in capitals (see ONE_LETTER_WORDS)."""
    for i in range(len(out) - 2, -1, -1):
        tok, nxt = out[i], out[i + 1]
        if tok.kind != "word" or tok.text not in ABBREVIATIONS:
            continue
        after = out[i + 2] if i + 2 < len(out) else None
        if nxt.text == "." and nxt.start == tok.end and after is not None and after.kind == "num":
            del out[i + 1]
            nxt, after = out[i + 1], (out[i + 2] if i + 2 < len(out) else None)
        if len(tok.text) == 1:
            linked = nxt.text in _LINKS and after is not None and after.kind == "num"
            if nxt.kind == "num" and tok.text not in ONE_LETTER_WORDS or linked and text[tok.start].isupper():
                out[i] = Token("word", ABBREVIATIONS[tok.text], tok.start, tok.end)


def _rating_pairs(out: list[Token]) -> None:
    """"A/C 6/11": two ratings' short names, paired with the two numbers after them (the card's order)."""
    for i in range(len(out) - 2):
        a, slash, b = out[i], out[i + 1], out[i + 2]
        if a.kind == b.kind == "word" and slash.text == "/" and a.end == slash.start and slash.end == b.start \
                and a.text in ABBREVIATIONS and b.text in ABBREVIATIONS and a.text != b.text:
            out[i] = Token("word", ABBREVIATIONS[a.text], a.start, a.end)
            out[i + 2] = Token("word", ABBREVIATIONS[b.text], b.start, b.end)


def _number_word(out: list[Token], worded: set[int], value: int, start: int, end: int, word: str = "") -> None:
    """Append a number written as a word; "twenty" + "two" is one number, 22; "half a dozen" is 6."""
    last = len(out) - 1
    if word == "dozen" and len(out) >= 2 and [t.text for t in out[-2:]] == ["half", "a"]:
        start, value = out[-2].start, 6
        del out[-2:]
        last = len(out) - 1
    if last in worded and int(out[last].text) in _TENS and 0 < value < 10:
        out[last] = Token("num", str(int(out[last].text) + value), out[last].start, end)
        return
    worded.add(len(out))
    out.append(Token("num", str(value), start, end, agrees=word in AGREEING))


def detect_language(words: list[str]) -> str:
    """The language of the player's own words, by the one rule every front end uses
    (`core.messages.text_lang`): a Russian word among them makes it "ru" — "10 кубов A5 devastating"
    is a Russian player naming a quality as printed — else "en"."""
    return text_lang(" ".join(words)) or "en"
