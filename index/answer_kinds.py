"""Kinds of answer a question names in other words than the rules print them.

A player asks "can I flunk it on purpose?", "do I get to pick?", "can it shoot later?", "can I
do it more than once?"; the rule answers "an Admiral can choose to fail it", "the active Admiral
chooses", "in the subsequent Action Step", "multiple times during the same move". The question's
word names a kind of statement (a choice, a repetition, a later moment, a tie, a modifier, whom a
rule reaches), and the rules state
each kind in a few fixed phrasings: a sentence stating the kind holds the question's word as if
it printed it (index.answer), and a sentence printing the word without stating the kind does
not. Each kind is a rule of language, not of one question: its question words and its phrasings
are the general English and Russian ways to say it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from index.text import stems


@dataclass(frozen=True)
class AnswerKind:
    name: str
    words: frozenset[str]  # the question stems that name the kind
    stated: re.Pattern[str]  # a sentence stating it


def _kind(name: str, words: str, stated: str) -> AnswerKind:
    return AnswerKind(name, frozenset(stems(words)), re.compile(rf"\b({stated})\b", re.IGNORECASE))


KINDS = (
    # "on purpose", "do I get to pick", "can I decide": the rules say who chooses.
    _kind("choice", "choose chooses choice pick picks purpose deliberately voluntarily "
                    "выбрать выбирать выбирает выбор нарочно",
          r"choos\w*|chose|choice|decides?|may elect|at (the|their|its|his) \w+ discretion|"
          r"выбира\w*|выбер\w*|по (своему )?выбору|по желанию"),
    # "more than once", "again", "twice", "two turns in a row", "ещё раз", "повторно", "подряд": the
    # rules state how often ("once per Round", "multiple times during the same move", "again").
    _kind("repetition", "once twice again multiple repeat repeatedly row дважды повторно снова подряд",
          r"once|twice|again|multiple times|any number of times|more than once|in a row|consecutive\w*|"
          r"per (activation|round|turn|game|phase|step|move)|"
          r"раз за|дважды|повторно|снова|подряд|несколько раз|один раз"),
    # "later", "afterwards", "потом", "позже": the rules name the moment that follows ("in the
    # subsequent Action Step", "until the start of its next Activation", "for the rest of the game").
    _kind("later", "later afterwards потом позже",
          r"subsequent\w*|next|following|later|afterwards|for the (rest|remainder) of|"
          r"следующ\w*|затем|после этого|до конца"),
    # "the same card", "equal", "tied", "одинаковые", "ничья": the rules say what a tie does ("On a tie,
    # ...", "If two models are equally close", "при равенстве").
    _kind("tie", "tie tied same equal одинаковый одинаковые ничья равенство равенстве равны равные",
          r"tie|tied|ties|equally|ничь\w*|при равенстве"),
    # "if several ships with it contribute", "если несколько таких кораблей": the rules say what several of
    # a kind do together ("If multiple models with this Property are Contributing", "more than one model").
    _kind("several", "several multiple несколько нескольких",
          r"multiple|several|more than one|two or more|несколько|нескольк\w+|более одно\w*"),
    # "is there a penalty", "harder to hit", "easier", "штраф": the rules state a modifier ("a -1 Modifier",
    # "adds two Bonus Dice", "considered 1 band further away", "вдвое больше").
    _kind("modifier", "penalty penalties harder easier штраф штрафы сложнее легче",
          r"modifier|bonus dic\w*|re-?rolls?|further away|doubled|halved|increased|reduced|extra|additional|"
          r"модификатор\w*|вдвое|дополнительн\w*|штраф\w*|бонус\w*"),
    # "does the mine stay on the table?", "туман уходит", "самолёты пропадают?": whether a thing stays or goes, which
    # the rules state as its removal ("the Marker is removed", "Маркер убирается", "сбрасывается", "туман рассеивается и
    # больше не влияет на игру") or its staying ("остается в базовом контакте", "сохраняет маркер").
    # Not "stay" nor "remain": "how close do they need to stay", "how long does it stay up" ask a distance, a duration.
    _kind("removal", "disappear disappears vanish vanishes остаётся остается останется остаются остаться пропадает "
                     "пропадают исчезает исчезают уходит уходят",
          r"removed?|discard\w*|no longer|remains?|stays?|disappear\w*|vanish\w*|dissipat\w*|"
          r"убира\w*|убер\w*|удаля\w*|удален\w*|сбрасыва\w*|рассеива\w*|больше не влия\w*|исчеза\w*|пропада\w*|"
          r"оста[её]т\w*|остаю\w*|остал\w*|останет\w*|сохраня\w*|уход\w*"),
    # "does it hurt my own ships too", "свои корабли": the rules say whom it reaches ("Each model (friend
    # or foe)", "all models", "дружественные", "всем Моделям").
    _kind("friend", "own friendly friend allied собственные собственных свои своих союзные",
          r"friend or foe|friendly|any model|all models|every model|each model|"
          r"дружествен\w*|(все|всем|всех|любые|любой|каждая|каждой) модел\w*"),
)


def stated_kinds(sentence: str) -> frozenset[str]:
    """The KINDS a sentence states."""
    return frozenset(kind.name for kind in KINDS if kind.stated.search(sentence))
