"""What kind of answer a question asks for, read from its wording once: a number ("how
many"), a distance ("how far"), a limit or permission ("can I ...", "нельзя"), a definition
("what is X", "что такое"), a consequence ("what happens if", "что будет") or a worked
example. The answer line prefers the sentences of that kind (index.answer_features)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from index.answer_also import asks_also
from index.answer_duration import asks_a_duration
from index.literal_guard import Guarded
from index.text import stems

# The words that ask for a distance, declared once: a distance question is a numeric one too.
_DISTANCE_WORDS = (r"how (far|close)|(what|which) (is the )?range|range (of|for|is)|distance|radius|радиус\w*|"
                   r"на каком рас+тоянии|расстояни\w*|дистанци\w*|дюйм\w*")
_DISTANCE_QUESTION = Guarded(re.compile(rf"\b({_DISTANCE_WORDS}|within|как далеко)\b", re.IGNORECASE))
_NUMERIC_QUESTION = Guarded(re.compile(
    rf"\b(how (many|much|long|big|often)|{_DISTANCE_WORDS}|number of|cap|max(imum)?|minimum|сколько|скока|"
    r"скольк\w*|насколько|максимум\w*|минимум\w*)\b",
    re.IGNORECASE))

# A question about a limit or a permission ("when can a model NOT rally", "can airborne models
# block line of sight", "можно ли перебросить куб дважды") is answered by the sentence stating the
# limit ("A model cannot Rally if ...", "never Block", "ни один куб не может быть Переброшен более
# одного раза"), not by the rule's opening.
_LIMIT_QUESTION = Guarded(re.compile(
    r"\b(not|never|cannot|can'?t|won'?t|isn'?t|aren'?t|doesn'?t|don'?t|limit\w*|max\w*|only|"
    r"allowed|nobody|no one|requir\w*|restrict\w*|prerequisit\w*|нельзя|не|ни|только|дважды|снова|"
    r"ещ[её] раз|максимум|лимит|разрешен\w*|требован\w*|ограничен\w*)\b|"
    r"^\s*(can|could|may)\b|^\s*(можно|может|могут)\b|"
    # a yes-or-no question about a limit ends "or not" / "или нет" ("... докидывают кубы или нет?"), "а какие нет"
    r"\b(или|какие|каких|кто|что)\s+нет\b|\bor not\b", re.IGNORECASE))
# "twice" or "again" asks about a limit in a yes-or-no question ("can a unit attack twice in one activation?",
# "Exploding 6s: can the extra dice explode again?", "..., is the penalty applied twice?"), not when it tells
# the scene of a question asking something else ("the unit was placed again: what happens to the ships after
# that?", "hits at twice the armour or more - how much extra damage?").
_REPEAT_WORD = Guarded(re.compile(r"\b(twice|again)\b", re.IGNORECASE))
_YES_OR_NO = Guarded(re.compile(
    r"(^|[,:;—–]\s*|\s-\s*|[.?!]\s+)(can|could|may|is|are|does|do|did|will|would|should|must)\b|"
    r"\bor (not|no)\b", re.IGNORECASE))

# "what is X", "what does X do", "how does X work", "explain X", "что такое X", "как работает X":
# the rule's own opening defines X.
_DEFINITION_QUESTION = Guarded(re.compile(
    r"\b(what (is|are|does|do)|what'?s|how (does|do) .{0,40}\bwork|explain|meaning|define|definition|"
    r"что так\w*|что (да[её]т|делает|значит|означает)|как работа\w*|объясн\w*|зачем нуж\w*)\b", re.IGNORECASE))

# "what happens if", "what if", "what then", "what's the catch / cost", "what does the defender get",
# "что будет", "что происходит":
# answered by a result (suffers, gains, is destroyed, получает), usually the main clause of
# an "If ..., ..." sentence.
_HAPPENS_QUESTION = Guarded(re.compile(
    r"\b(what happens|happen\w*|what then|then what|what now|now what|catch|cost|penalt\w*|consequence\w*|"
    r"effect|result\w*|what (does|do|did|will|would) [^?]{0,40}\b(give|get)|what if|"
    r"(lets?|allows?) (me|you|us|it|them)|"
    # what a rule does to something: "what does Piercing do to the target", "what is fog supposed to do
    # to shooting", "how does it affect", "как влияет на"
    r"(do|does|did) to|affects?|affecting|влия\w*|"
    r"что (будет|произойд[её]т|происходит|случится|дальше|да[её]т|позволяет|потом|тогда|с (ним|ней|ними|этим))|"
    # the same typed as players say it: "чё будет?", "чо будет если ...", "што будит"
    r"(ч[её]|чо|шо|што)\s+буд[еи]т|"
    # the same asked with whom it befalls between ("что мне за это будет", "что с ним будет"), or in the
    # frequentative "бывает" and "станет с" ("что бывает, если ...", "что станет с моим кораблём")
    r"что(\s+(мне|ему|ей|им|нам|вам|тебе|за\s+это|с\s+\w+)){1,2}\s+(будет|бывает)|что\s+(бывает|станет\s+с)|"
    r"чем грозит|последстви\w*|эффект\w*|"
    r"штраф\w*)\b",
    re.IGNORECASE))

# "when does the fog lift", "at what point", "когда туман уходит", "в какой момент": asks for the
# condition or moment, answered by a sentence stating one ("If two or more dice ...", "каждый раз,
# когда ..."). "when" opening a clause it only sets ("When I bomb a ship, does ...?", "do I lose it
# when I ram?") is not asked: English asks "when do/does ...", Russian opens a clause with "когда".
_WHEN_QUESTION = Guarded(re.compile(
    r"\b(when (do|does|did|is|are|can|could|should|will|would|must|exactly)|at what point|"
    r"в какой момент|до каких пор)\b|(^|[—–:]\s*|-\s+)когда\b", re.IGNORECASE))
# "where can mine layers put minefields", "which table edge", "где можно ставить мины", "куда ставить":
# asks for a place, answered by a sentence stating one ("at least 10” from the enemy Deployment Zone",
# "в базовый контакт", "from any edge"). "where" only relating a clause ("after seeing where my
# opponent set up") asks nothing: English asks "where can/do ...", or opens with it.
_WHERE_QUESTION = Guarded(re.compile(
    r"\b(where (can|could|do|does|did|is|are|should|must|may|will|would)|which (table )?edges?|"
    r"(где|куда) (можно|нужно|надо|ставить|ставят|поставить|разместить|девается|деваются))\b|"
    r"(^|[.?!—–:]\s*|-\s+)(where|где|куда|откуда)\b|"
    # which edge, as players ask it: "к какому краю стола", "у какого края", "какой край"
    r"\b(с|к|у|от)\s+как\w+\s+кра\w+|\bкак\w+\s+кра[йяюе]\w*", re.IGNORECASE))
# "without a ram weapon", "my boat has no generator", "у меня нет карт на руке", "а таранного оружия нет",
# "колода кончилась": the question states that something is missing, and the rules handle that case in
# a sentence stating the absence ("If a Mass 1 model ... has no weapons with the Ramming Quality", "Если
# у вас под рукой нет таких кубов", "If a player has no cards in hand"). Not the yes-or-no particle
# ("... или нет?", "а какие нет", "Нет, ..."), which asks about a limit.
_ABSENCE_QUESTION = Guarded(re.compile(
    r"(?<!или )(?<!какие )(?<!каких )(?<!кто )(?<!что )(?<!да )(?<!^)\bнет\b|"
    r"\b(без|without|no|none|(do|does|did)(n'?t| not) have|ran out|runs? out|кончил\w*|закончил\w*)\b",
    re.IGNORECASE))
# "A ship in Chaos & Disarray wants to ram anyway", "если я в аварии хочу всё равно таранить", "всё-таки": the
# question asks about doing what a rule forbids, answered by the option the rules give to do it at a cost ("may
# temporarily ignore this condition's effects to attempt a ram, but if so ...", "может временно игнорировать
# ..., чтобы пойти на Таран. В этом случае ...").
_ANYWAY_QUESTION = Guarded(re.compile(r"\b(anyway|all the same|вс[её] равно|вс[её]-?таки)\b", re.IGNORECASE))
_EXAMPLE_QUESTION = re.compile(r"\b(example|e\.g\.|for instance|пример\w*)\b", re.IGNORECASE)
# A question told over several sentences sets the scene first and asks in its last ("... we argued
# for ages. Which one gets it?", "... He threw a pile of extra dice into his defence. How many
# extra dice does the wall actually add?").
_QUESTION_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=\S)")
# A question of a few words and no sentence ("sole survivor", "торпедный залп"): a rule's name.
FRAGMENT_WORDS = 4


# The words that name the quantity a question asks for, not what it is about: "what range",
# "how close", "на каком расстоянии" ask for a distance, "the maximum", "is there a cap" for a
# limit. A sentence that states a distance (or a limit) holds them, whether or not it prints the
# word itself ("The Target is within 4” of the model." answers "on what range does it work?").
DISTANCE_WORDS = frozenset(stems(
    "range ranges distance distances far close closer within inch inches radius "
    "расстояние расстоянии расстоянием дистанция дистанции дистанцию далеко близко дюйм дюймов дюйма "
    "радиус радиуса радиусе"))
# "how often", "how many times", "сколько раз": asks for a frequency ("once per Activation", "только раз
# за Активацию"); the words naming it are held by a sentence stating one.
FREQUENCY_WORDS = frozenset(stems("often times time frequently раз разом часто"))
_FREQUENCY_QUESTION = re.compile(r"\b(how (often|frequently|many times)|сколько раз|как часто)\b", re.IGNORECASE)
LIMIT_WORDS = frozenset(stems(
    "maximum max cap capped limit limits limited most максимум максимальное максимально предел лимит"))


@dataclass(frozen=True)
class QuestionShape:
    numeric: bool = False  # "how many / сколько": a number answers
    distance: bool = False  # "how far / на каком расстоянии": a distance answers
    limit: bool = False  # "can I / нельзя": the sentence stating a limit or permission answers
    definition: bool = False  # "what is X" or a bare rule name: the rule's opening answers
    happens: bool = False  # "what happens if": a result answers
    when: bool = False  # "when does / когда": a condition or moment answers
    where: bool = False  # "where / где / куда": a place answers
    frequency: bool = False  # "how often / сколько раз": a frequency answers
    absence: bool = False  # "without a ram weapon / нет карт": the sentence stating that absence answers
    duration: bool = False  # "how long does it last / does it carry over": the sentence stating its end answers
    also: bool = False  # "does it hurt my escorts too?": the sentence saying it reaches them as well answers
    anyway: bool = False  # "wants to ram anyway / всё равно": the option setting the rule aside, and its cost, answers
    example: bool = False  # asks for a worked example: examples are not set aside


@lru_cache(maxsize=1024)  # asked once per quoted rule of a question
def asked_words(question: str, topic: frozenset[str]) -> frozenset[str]:
    """The `topic` stems of a several-sentence question's last sentence: what it asks after the
    scene. Empty for a one-sentence question (all of it is asked) or when the last sentence names
    no topic word ("What happens?": the scene is the condition, its result is asked)."""
    last = last_sentence(question)
    if last == question.strip():
        return frozenset()
    return frozenset(stems(last)) & topic


def last_sentence(question: str) -> str:
    """The last sentence of a question told over several (all of it when it is one)."""
    return _QUESTION_SENTENCE_END.split(question.strip())[-1]


def asking_sentences(question: str) -> str:
    """What a question told over several sentences asks: its sentences that are not statements
    (those ending in "." or "!" set the scene, and it may name a distance or a limit it does not
    ask about: "... two cruisers were exactly the same distance away and we argued for ages.
    Which one gets it?"). All of the question when it is one sentence or states everything."""
    sentences = _QUESTION_SENTENCE_END.split(question.strip())
    asking = [s for s in sentences if not s.rstrip().endswith((".", "!"))]
    return " ".join(asking) if len(sentences) > 1 and asking else question.strip()


# "how many levels of disorder", "how many extra dice", "how much damage", "сколько кубов": the thing whose
# number is asked, the words right after the question word (up to the first word that is no part of it)
_COUNTED = re.compile(r"\b(?:how\s+(?:many|much)|сколько)\s+((?:[^\W\d_][\w’'-]*[\s'\"/]*){1,3})", re.IGNORECASE)
COUNTED_WORDS = 3


@lru_cache(maxsize=1024)  # asked once per quoted rule of a question
def counted_words(question: str, topic: frozenset[str]) -> frozenset[str]:
    """The `topic` stems naming what a "how many / how much / сколько" question counts ("levels", "extra
    dice", "кубов"): the words after the question word up to the first that names nothing (a verb, "of",
    "do"); empty when the question counts nothing it names ("how much does it stop?", "сколько раз")."""
    found: set[str] = set()
    for match in _COUNTED.finditer(question):
        for word in re.findall(r"[^\W\d_][\w’'-]*", match.group(1))[:COUNTED_WORDS]:
            stem = set(stems(word)) & topic
            if not stem:
                break
            found |= stem
    return frozenset(found)


def is_numeric_question(question: str) -> bool:
    return bool(_NUMERIC_QUESTION.search(question))


def is_distance_question(question: str) -> bool:
    return bool(_DISTANCE_QUESTION.search(question))


# A distance the question names as the unit of a rate ("+1 куб за каждый дюйм", "сколько кубов за пройденные
# дюймы", "a die per inch"): what is asked is the count the rate leads to, not a distance. (The scene's own
# measure, "прошёл всего 2 дюйма", is not set aside: "does it count if I moved only 2 inches?" asks for the
# threshold distance.)
_RATE_DISTANCE = Guarded(re.compile(
    r"\b(за|per|for (each|every))\s+(кажд\w+\s+|пройденн\w+\s+|the\s+)?(дюйм\w*|inch\w*)|"
    # the distance a model has covered, named as what a bonus counts ("dice for distance travelled", "the
    # cap on bonus dice for distance moved", "кубы за пройденное расстояние"): a count is asked, not a distance
    r"\b(distance|inches)\s+(moved|travell?ed|covered|run)\b|"
    r"\bпройденн\w*\s+(расстояни\w*|дистанци\w*|дюйм\w*)", re.IGNORECASE))


def asks_a_distance(question: str) -> bool:
    """Whether the question asks for a distance once the distances naming a rate's unit are set aside."""
    return is_distance_question(_RATE_DISTANCE.sub(" ", question))


def is_limit_question(question: str) -> bool:
    return bool(_LIMIT_QUESTION.search(question)) or \
        bool(_REPEAT_WORD.search(question) and _YES_OR_NO.search(question))


@lru_cache(maxsize=1024)  # asked once per quoted rule of a question
def question_shape(question: str) -> QuestionShape:
    fragment = "?" not in question and len(question.split()) <= FRAGMENT_WORDS
    return QuestionShape(
        numeric=is_numeric_question(question), distance=is_distance_question(question),
        limit=is_limit_question(question),
        definition=fragment or bool(_DEFINITION_QUESTION.search(question)),
        happens=bool(_HAPPENS_QUESTION.search(question)),
        when=bool(_WHEN_QUESTION.search(question)),
        where=bool(_WHERE_QUESTION.search(question)),
        frequency=bool(_FREQUENCY_QUESTION.search(question)),
        absence=bool(_ABSENCE_QUESTION.search(question)),
        duration=asks_a_duration(question), also=asks_also(question),
        anyway=bool(_ANYWAY_QUESTION.search(question)),
        example=bool(_EXAMPLE_QUESTION.search(question)))
