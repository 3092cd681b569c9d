"""Die faces the quick reference lost: the PDF printed some results as icons, and its text export
kept only the spaces around them ("roll 1 action die. On , you may place…", "On a  or , place…").
Read as they are, those sentences silently drop the face they are about, so every document whose
manifest entry says `lost_icons = true` is read through `mark_lost_icons`, which puts LOST_FACE
where a face is missing. The Russian 3.03 rulebook writes its faces as words.

A gap is a lost face only where English needs a noun: after "on", "every", "each", "a", "or", …
(before punctuation, "=" or another word), at the start of a sentence ("… hits.  = 2 hits"), or
between a number and "results". Other double spaces are layout (table columns) and stay.
"""
from __future__ import annotations

import re

LOST_FACE = "[?]"  # README: a value lost with the PDF's icons shows as "?"

# Words after which the text goes on with the face it names ("On [face], you may…").
_NEEDS_NOUN = r"(?:on|every|each|any|a|an|or|more|and|of|total|per|extra|single|reroll|re-roll)"
# A gap: two or more spaces between words, or one space before punctuation or "=".
_AFTER_WORD = re.compile(rf"(?i)(?<![\w'’])({_NEEDS_NOUN})( {{2,}}| (?=[,.;:=]))(?=\S)")
_SENTENCE_START = re.compile(r"([.:])( {2,})(?=[=a-z])")  # "… hits.  = 2 hits", "of .   counts as"
_BEFORE_RESULTS = re.compile(r"(\d)( {2,})(?=results?\b)")  # "Every  = 2  results"
# A face at the end of a line leaves two spaces there (a plain wrap leaves one): "a single  ⏎".
_LINE_END = re.compile(rf"(?i)(?<![\w'’])({_NEEDS_NOUN})  +$")
# A face at the start of a line leaves one space there, before the rest of the sentence:
# "On a  or ⏎⏎ the token is not removed", "count only a single ⏎ from each".
_ENDS_WANTING = re.compile(rf"(?i)(?<![\w'’]){_NEEDS_NOUN} *$")
_STARTS_AFTER_FACE = re.compile(r"^ (?=[a-z])")


def mark_lost_icons(text: str) -> str:
    """`text` with LOST_FACE in every gap a lost die-face icon left (one line at a time)."""
    out: list[str] = []
    previous = ""  # the last line with text on it
    for line in text.split("\n"):
        marked = _AFTER_WORD.sub(lambda m: f"{m.group(1)} {LOST_FACE}{' ' if len(m.group(2)) > 1 else ''}", line)
        marked = _SENTENCE_START.sub(lambda m: f"{m.group(1)} {LOST_FACE} ", marked)
        marked = _BEFORE_RESULTS.sub(lambda m: f"{m.group(1)} {LOST_FACE} ", marked)
        marked = _LINE_END.sub(lambda m: f"{m.group(1)} {LOST_FACE} ", marked)
        if _STARTS_AFTER_FACE.match(marked) and _ENDS_WANTING.search(previous):
            marked = f"{LOST_FACE}{marked}"
        out.append(marked)
        if marked.strip():
            previous = marked
    return "\n".join(out)


def has_lost_faces(text: str) -> bool:
    return LOST_FACE in text
