"""Whether a rule reaches something else as well: "does the ship I hit get disordered too?", "does it hurt
my escorts too?", "он тоже получает дезорг?" is answered by the sentence saying it also does ("that model
also gains 1 level of Disorder", "This model and all others within 3\", including escorts and corvettes",
"также"), which prints none of "too", "also", "тоже". Those question words are held by a sentence stating an
inclusion, as if it printed them, and by no other (index.answer, as the words naming a frequency). "too"
asks it only at the end of what it adds ("... too?", "too if they're close"), not in "too far", "too close".
"""
from __future__ import annotations

import re

from index.literal_guard import Guarded
from index.text import stems

_ALSO_QUESTION = Guarded(re.compile(
    r"\btoo\b(?!\s+(far|close|near|many|much|few|big|small|large|huge|long|short|early|late|fast|slow|low|high)\b)|"
    r"\b(also|as well)\b|\b(тоже|также)\b", re.IGNORECASE))
ALSO_WORDS = frozenset(stems("too also well тоже также"))
_INCLUSION_STATED = re.compile(
    r"\b(also|as well|too|both|including|includes|friend or foe|all others|также|тоже|в том числе|включая|"
    r"обе|оба|все остальные)\b", re.IGNORECASE)


def asks_also(question: str) -> bool:
    """Whether the question asks if a rule reaches something else as well."""
    return bool(_ALSO_QUESTION.search(question))


def states_an_inclusion(sentence: str) -> bool:
    """Whether the sentence says a rule reaches something as well ("also", "including", "both")."""
    return bool(_INCLUSION_STATED.search(sentence))
