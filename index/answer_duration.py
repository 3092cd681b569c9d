"""How long something lasts: asked in players' words, answered by the sentence stating its end.

A player asks "how long does a Langsam slow last?", "how long does it stay up there?", "do unused
Guardian Pool dice carry over to the next round?", "does a disordered ship calm down over time?";
the rules answer with the moment a state ends or the fact that it does not ("At the end of the
unit's next Activation, it stops being Slowed", "gains a Surfacing status token until the start of
its next Activation", "any remaining dice in the Guardian Pool are discarded", "Disorder is not
permanent ... but cannot be removed unless a rule specifically allows it"). The sentences stating
the end rarely print the question's words for the duration ("long", "last", "stay", "carry over"),
so those words are held by a sentence stating an end, as if it printed them, and by no other
(index.answer, as the words naming a distance or a frequency are): "How long" alone does not
ask a duration in "long range", nor "last" in "last game", so the question's wording is read
first (`asks_a_duration`).
"""
from __future__ import annotations

import re

from index.literal_guard import Guarded
from index.text import stems

# "how long does it last", "does the penalty last for the whole attack", "do spare tokens stay on the
# unit", "does it carry over", "does it wear off", "when does it expire", "is it permanent", "over
# time", "for the rest of the game?", "when does the token come off / go away / get removed". Not "how long
# range", not "last game / last turn" (the scene), not "stay within 4 inches" (a distance: no duration word
# follows).
_DURATION_QUESTION = Guarded(re.compile(
    r"\bhow long\b(?!\s+(range|ranged|distance|is the range))|"
    # the verb right after its subject ("does the penalty last", "do spare tokens stay"), not "need to stay",
    # "stay put / safe / near", "the last point", "the last ditch evasion", "Last Broadside"
    r"\b(does|do|did|will|would|can|could)\s+(\w+['’]?\w*\s+){1,4}?(?<!to )(last|stay|remain|persist|linger)\b"
    r"(?!\s+(point|ditch|broadside|put|safe|near|close|together|within|in base|in contact|with)\b)|"
    r"\blasts?\s+(for|until|the whole|all|forever|beyond|past|into)\b|"
    r"\bcarr(y|ies|ied) over\b|\bwears? off\b|\b(come|comes|go|goes) (off|away)\b|"
    r"\bwhen (do|does|is|are|will)\b.{0,40}\b(removed|get rid of)\b|"
    r"\bexpires?\b|\bpermanent(ly)?\b|\bover time\b|\bforever\b|"
    # "до какого момента она считается надводной", "до каких пор", "как долго", "сколько длится", "когда
    # заканчивается замедление", "навсегда?"
    r"\bдо (какого момента|каких пор)\b|\bкак долго\b|\bсколько (длит\w*|действу\w*)|\bдлит(ся|ются)\b|"
    # asked "when" ("когда заканчивается замедление"), not whether ("игра сразу заканчивается?")
    r"\bкогда\s+(\w+\s+)?(заканчива|кончает|спада)\w*|\bнавсегда\b",
    re.IGNORECASE))

# The question's words naming the duration: held by a sentence stating an end, by no other.
DURATION_WORDS = frozenset(stems("long last lasts stay stays remain remains persist persists linger carry carries "
                                 "over expire expires wear permanent permanently time forever away off rid "
                                 "момента пор долго длится длятся заканчивается кончается навсегда"))

# A state's end, or its lasting, stated: "until the start of its next Activation", "it stops being
# Slowed", "this Quality ceases to apply", "no longer", "for the duration of the Movement Step", "for the
# rest of the game", "At the end of the unit's next Activation", "remains in effect until", "are then
# discarded", "is not permanent", "cannot be removed unless", "removed from play at the end", "the Token is
# removed in the Clean Up step", "excess damage carries forwards".
_END_STATED = re.compile(
    r"\b(until|stops? being|ceases?|no longer|for the (duration|rest|remainder) of|at the end of|"
    r"remains? in (effect|play)|(is|are) (then |immediately )?discarded|permanent|expires?|"
    r"(cannot|can not|can't) be removed|(is|are) removed (at|when|once|after|in the)|lasts?|"
    r"carr(y|ies|ied) (forwards?|over)|"
    # "the encounter ends", "the game immediately ends"; not a model's move ("If it ends its move ...")
    r"ends\b(?! (its|their|the|a|an|up)\b))\b",
    re.IGNORECASE)


def asks_a_duration(question: str) -> bool:
    """Whether the question asks how long something lasts, or whether it lasts."""
    return bool(_DURATION_QUESTION.search(question))


def states_an_end(sentence: str) -> bool:
    """Whether the sentence states when a state ends, or that it lasts."""
    return bool(_END_STATED.search(sentence))
