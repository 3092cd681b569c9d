"""Free text -> tokens (numbers, words, punctuation) for the description grammar.

A separate step so that the grammar never looks at characters: "21d", "10\"", "-3", "4-я",
"piercing(2)" and "point-blank" are all decided here, once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# "21d", "10in", "5дюймов": a number glued to one of these is a number and a unit word.
UNIT_SUFFIXES = re.compile(r"(?:d6?|д6?|in|inch(?:es)?|дюйм\w*|кубик\w*|куб\w*)")

_TOKEN = re.compile(
    r"(?P<ordinal>\d+-?(?:я|й|е|ая|ья|th|st|nd|rd)(?![\w]))"
    r"|(?P<glued>\d+[^\W\d_][\w]*)"
    r"|(?P<word>[^\W\d_][\w'-]*(?:\.\d+)*)"
    r"|(?P<num>(?<![\w.])[+-]?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*)"
    r"|(?P<punct>[^\s\w])"
)
# small numbers written as words ("two escorts", "три кубика"); anything larger players write in digits
NUMBER_WORDS = {w: i for i, words in enumerate([
    "zero|ноль", "one|один|одна|одно|одного|одной", "two|два|две|двух", "three|три|трех", "four|четыре|четырех",
    "five|пять|пяти", "six|шесть|шести", "seven|семь|семи", "eight|восемь|восьми", "nine|девять|девяти",
    "ten|десять|десяти", "eleven|одиннадцать", "twelve|двенадцать"]) for w in words.split("|")}
_CYRILLIC = re.compile(r"[а-я]")
_LATIN = re.compile(r"[a-z]")


@dataclass(frozen=True)
class Token:
    """One token. `kind` is "num", "word" or "punct"; `text` is normalised (lower case, ё → е)."""

    kind: str
    text: str
    start: int
    end: int

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
    for m in _TOKEN.finditer(t):
        kind = m.lastgroup or "punct"
        s, e = m.start(), m.end()
        piece = m.group()
        if kind == "glued":
            digits = re.match(r"\d+", piece)
            assert digits is not None
            rest = piece[digits.end():]
            if UNIT_SUFFIXES.fullmatch(rest):
                out.append(Token("num", digits.group(), s, s + digits.end()))
                out.append(Token("word", rest, s + digits.end(), e))
            else:  # "4th", "3e": one word
                out.append(Token("word", piece, s, e))
        elif kind == "word" and "-" in piece.strip("-"):
            # "point-blank", "dw3-qrs", "armour-6": parts, so phrases match word by word
            pos = s
            for part in piece.split("-"):
                if part:
                    out.append(Token("num" if part.isdigit() else "word", part, pos, pos + len(part)))
                pos += len(part) + 1
        elif kind == "word":
            word = piece.strip("-'")
            if word.endswith("'s"):
                word = word[:-2]
            if word in NUMBER_WORDS:
                out.append(Token("num", str(NUMBER_WORDS[word]), s, e))
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
    return out


def detect_language(words: list[str]) -> str:
    """"ru" when the words hold more Cyrillic than Latin letters, else "en"."""
    text = " ".join(words)
    return "ru" if len(_CYRILLIC.findall(text)) > len(_LATIN.findall(text)) else "en"
