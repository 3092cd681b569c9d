"""What a candidate answer line is made of, as numbers the weights in
index/data/answer_model.toml weigh: how much of the question it holds and where, whether it
states what the question's shape asks for (a number, a limit, a result, a definition), and what
kind of sentence it opens with (a heading, a worked example, a continuation that lost its
subject). bench/fit_answer.py measures them and what a model fitted on them does."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from index.answer_also import states_an_inclusion
from index.answer_duration import states_an_end
from index.answer_kinds import stated_kinds
from index.answer_shape import QuestionShape

# The order the model's weights are stored in; every name is one feature below.
FEATURES = (
    "cov_first", "cov_window", "evidence_first", "core_segments",
    "number_first", "number_window", "limit_first", "happens_result",
    "opening", "definition_opening", "heading_first", "heading_inside", "example_first",
    "continuation_first", "closeness", "definition_label", "asked_window", "when_condition",
    "where_place", "absence_first", "option_first",
)

NUMBER = re.compile(r"\d+(?:[.,]\d+)?(?:\s*(?:[\"”″]|дюйм\w*|inch(?:es)?))?", re.IGNORECASE)
_NUMBER_WORDS = re.compile(
    r"\b(twice|doubl\w*|half|halv\w*|tripl\w*|once|one|two|three|four|five|six|равн\w*|вдвое|вдвойне|дважды|"
    r"удв[ао]\w*|половин\w*|"
    r"один|одн\w+|два|две|три|четыре|пять|шесть|equal to|as many|number of|столько|во сколько)\b",
    re.IGNORECASE)
_DISTANCE = re.compile(r"\d+(?:[.,]\d+)?\s*(?:[\"”″]|дюйм\w*|inch(?:es)?)", re.IGNORECASE)
# A distance stated as a share of a model's own movement or of a distance moved: what answers "how far"
# as a printed distance does ("It may move up to half its SPEED in reverse", "Its Maximum Speed rating is
# halved", "Move double Move characteristic", "within a range equal to the number of inches the aircraft
# unit moved", "до половины скорости", "вдвое больше Скорости").
_RELATIVE_DISTANCE = re.compile(
    r"\b(half|halved|halves|double|doubled|doubles|twice|equal to)\b[^.;:!?]{0,40}?"
    r"\b(speed|move characteristic|movement|moved|inches|distance)\b|"
    r"\b(speed|move characteristic|movement)( rating)? (is|are) (halved|doubled)\b|"
    r"(половин\w*|вдвое|удв[ао]\w*|равн\w*)[^.;:!?]{0,40}?(скорост\w*|дюйм\w*|дистанци\w*|расстояни\w*)|"
    r"(скорост\w*|дистанци\w*|расстояни\w*)[^.;:!?]{0,20}?(удваива\w*|уменьша\w* вдвое|вдвое)",
    re.IGNORECASE)
# "at least one patch", "one or more models", "one of", "one another", "the one with", "each one",
# "make him one": a quantifier or a pronoun, not a quantity stated as an answer; such a "one" earns
# no number bonus.
_QUANTIFIER_ONE = re.compile(
    r"\b(at\s+least\s+one|one\s+or\s+more|one\s+of|one\s+another|no\s+one|any\s+one|"
    r"(the|this|that|which|each|every|him|her|them|it)\s+one|"
    r"хотя\s+бы\s+одн\w*|одн\w*\s+или\s+несколько|одн\w*\s+из|друг\s+друга)\b", re.IGNORECASE)
# A limit, a permission or an exception: what answers "can I ...?" and "does X apply to Y?"
# ("Airborne models never Block ...", "Атаки воздушных Подразделений игнорируют это правило",
# "... не добавляет дополнительных кубов", "кроме Воздушных").
LIMIT = re.compile(
    r"\b(cannot|can not|can'?t|may not|must not|may only|can only|never|no more than|not more than|"
    r"at most|up to|only|unless|(does|do) not|none|except|ignores?|ignored|unaffected|regardless|even if|"
    r"no (upper |lower )?(or (upper |lower ))?limit|unlimited|maximum|minimum|max|"
    r"максимум\w*|минимум\w*|максимальн\w*|без ограничени\w*|"
    r"нельзя|не может|не могут|не может быть|ни од\w+|не более|только|более одного раза|"
    r"не\s+[а-яё]+(ет|ют|ут|ит|ят|ется|ются|ится|ятся)|никогда|кроме|за исключением|игнорир\w*|независимо|"
    # a permission or a prohibition stated outright ("Игрокам разрешается измерять ...", "Не
    # смешивайте ваши и вражеские Токены", "is not permitted")
    r"allowed|permitted|forbidden|prohibited|разреша\w*|разрешен\w*|запреща\w*|запрещен\w*|"
    r"не\s+[а-яё]+(йте|ите)|"
    r"даже если)\b",
    re.IGNORECASE)
# A worked example opens with its marker ("For example, if ...", "Пример: ..."); a rule sentence
# with an example in brackets ("... at a time (for example, when resolving an Attack ...)") is a rule.
_EXAMPLE = re.compile(r"^[*_«\"“]*(for example|for instance|e\.g\.|example|например|пример\w*)\b", re.IGNORECASE)
# A sentence opening with a pronoun or a link word leans on the one before it: its start is
# the tail of a rule without its subject.
_CONTINUATION = re.compile(
    r"^[*(«\"]*(this|that|these|those|it|its|they|their|such|then|also|additionally|however|otherwise|"
    r"instead|in addition|in this case|in that case|в этом случае|в таком случае|это|эт[аиоу]\w*|она|он|они|"
    r"оно|кроме того|однако|иначе|также|тогда|затем)\b", re.IGNORECASE)
# What a rule does to a model: the result a "what happens" question asks for.
_CONSEQUENCE = re.compile(
    r"\b(suffers?|gains?|loses?|lose|destroyed|removed?|immediately|receives?|adds?|halved|doubled|"
    r"cannot|may not|must|is treated|counts as|instead|(are|is) converted|imposes?|(is|are) reduced|(is|are) increased|"
    # an action or a mission cut short ("the action ends immediately", "the Attack Run mission ends")
    r"(action|mission|activation|move) ends|"
    r"получа\w+|теря\w+|уничтож\w+|убира\w+|убер\w+|удаля\w+|немедленно|не может|не могут|должн\w+|"
    r"добавля\w+|считается|вместо|"
    # the same results in the perfective aspect the book also writes them in ("получит", "потеряет"), and a
    # level raised or lowered or a value reduced ("повысит свой уровень Деорганизации", "уменьшается на -3"), as
    # "is reduced". Not "увеличивается": the book's lists of bonuses ("- Набор Кубов ... увеличивается на +1 куб")
    # would outscore the sentence introducing them ("... получают следующие бонусы:")
    r"получи\w*|потеря\w+|повыс\w+|повыша\w+|пониж\w+|пониз\w+|уменьш\w+|"
    # a card or a token discarded, as "убирается" ("Отменная карта сбрасывается", "обе показанные карты сбрасываются")
    r"сбрасыва(?:ет|ют)ся)\b", re.IGNORECASE)
# A condition, a threshold or a moment: what answers "when ...?" ("If two or more dice show the
# same result, the fog lifts", "каждый раз, когда ...", "takes hits equal to or greater than its
# CITADEL", "At the start of each Round ...", a state already reached: "Models already crippled (or
# battle ready MASS 1 models) are destroyed").
_CONDITION = re.compile(
    r"\b(if|when|whenever|once|until|unless|each time|every time|as soon as|at the (start|end|beginning) of|"
    r"at any time|any time|(equal to )?or (greater|more|higher|larger)|already|"
    r"если|когда|как только|каждый раз|до тех пор|пока|в начале|в конце|после того|в любое время|в любой момент|"
    r"или (больше|выше|превыша\w*)|не менее|уже)\b",
    re.IGNORECASE)
# A place: what answers "where ...?" ("at least 10” from the enemy Deployment Zone", "within 3” of",
# "in base contact with", "from any edge", "в пределах 5"", "в базовый контакт", "от края").
_PLACE = re.compile(
    r"\b(within|from|anywhere|in base contact|in contact|edge|zone|centre|center|"
    r"в пределах|в базов\w+ контакт\w*|от кра\w+|кра[йяюе]\w*|зон\w+|центр\w*|в любом месте)\b", re.IGNORECASE)
# A frequency: what answers "how often ...?" ("once per game", "only one Broadside action per
# Activation", "только раз за Активацию").
_FREQUENCY = re.compile(
    r"\b(once|twice|per (activation|round|turn|game|phase|step)|each (round|turn|activation)|"
    r"раз за|за (активацию|раунд|ход|игру|партию)|(один|одного|два|дважды) раз\w*|дважды)\b", re.IGNORECASE)
# Something missing: what answers a question stating an absence ("without a ram weapon", "нет карт"):
# "has no weapons with the Ramming Quality", "If a player has no cards in hand", "нет Орудий", "без".
_ABSENCE = re.compile(
    r"\b(no|none|without|(has|have) no|(does|do) not have|runs? out|ran out|"
    r"нет|без|не име\w+|отсутству\w*|кончил\w*|закончил\w*)\b", re.IGNORECASE)
# An option that sets a rule aside, or a way to take instead, at a cost: what answers "what happens if I do it
# anyway?" ("The model may temporarily ignore this condition's effects to attempt a ram, but if so it
# automatically suffers 1 damage", "Модель может временно игнорировать эффект Хаоса и Смятения, чтобы пойти на
# Таран. В этом случае ...", "Любая Модель может решить двигаться через Опасные Воды, как через Открытое море
# ... В этом случае ..."). The cost is stated in the same sentence or the next (index.answer reads the next).
OPTION = re.compile(
    r"\b(may|can)\s+(temporarily\s+)?(ignore|choose\s+to|elect\s+to|opt\s+to)\b|"
    r"\b(может|могут)\s+(временно\s+)?(игнорировать|решить)\b", re.IGNORECASE)
# "up to" in Russian, a maximum stated with its number: "до половины скорости", "придержать до половины всех своих
# Подразделений", "до 5\"" (not the end of a range, "От 750 до 1499", "от 20\" до 40\""). It answers "максимум /
# cap" as "up to" does, but is no limit a yes-or-no question asks about. "до 0" is a value lowered to nothing
# ("Модель, понижающая уровень Деорганизации до 0, ..."), no maximum.
UP_TO = re.compile(r"(?<!\d\s)(?<!\d[\"”″]\s)\bдо\s+(\+?[1-9]\d*|половин\w*)", re.IGNORECASE)
COST = re.compile(r"\b(but\s+if\s+so|if\s+(so|they\s+do|it\s+does)|в\s+(этом|таком)\s+случае)\b", re.IGNORECASE)
_STEP_NUMBER = re.compile(r"^\(?\d{1,2}[.)]?$")
# A run-in label: a few words and a colon opening a sentence ("Catastrophic explosion: If ...",
# "Перекладина над Т (Crossing the T): ...", "2) Авария: ...").
_RUN_IN_LABEL = re.compile(r"^[*_\d)(.\s]*([^.:!?;]{2,60}?)\**:\s")
LABEL_WORDS = 6


def has_number(text: str) -> bool:
    text = _QUANTIFIER_ONE.sub(" ", text)
    return bool(NUMBER.search(text) or _NUMBER_WORDS.search(text))


# A number of something: a count and up to three words after it ("3 levels of", "+2 dice", "X dice", "a
# number of action dice", "four Wreck markers", "пять Победных очков"); the words are what it counts. Not
# an article ("repairs a level", "places a critical damage marker": a thing named, not a number stated).
_COUNT = re.compile(
    r"(?:\b(?:the\s+|a\s+)?number\s+of|\bequal\s+to|[+-]?\b\d+|\b(?:X|one|two|three|four|five|six|twice|half|"
    r"один|одн\w+|два|две|три|четыре|пять|шесть|столько))"
    r"((?:\s+[^\W\d_][\w’'-]*){1,3})", re.IGNORECASE)


# A count stated as a rate: "For each ☹️ you rolled ..., you may assign ... an order", "1 Damage for each
# Strike", "+1 куб за каждый дюйм": every word of the sentence may be what it counts.
_RATE = re.compile(r"\b(for (each|every)|per|за кажд\w+|на кажд\w+)\b", re.IGNORECASE)


def counted_after_numbers(sentence: str) -> tuple[str, ...]:
    """The words each number of the sentence counts ("3 levels of Disorder" -> "levels of Disorder"); a
    sentence stating a rate ("for each", "per") may count any of its words."""
    if _RATE.search(sentence):
        return (sentence,)
    return tuple(match.group(1) for match in _COUNT.finditer(sentence))


def states_a_distance(sentence: str) -> bool:
    """A printed distance ('4”', '12 дюймов') or one stated as a share of a model's movement ("half its
    SPEED", "a range equal to the number of inches ... moved")."""
    return bool(_DISTANCE.search(sentence) or _RELATIVE_DISTANCE.search(sentence))


def run_in_label(sentence: str) -> str:
    """The sentence's run-in label ("Catastrophic explosion" of "Catastrophic explosion: If the
    number of hits ..."): what the sentence defines; "" when it has none."""
    match = _RUN_IN_LABEL.match(sentence)
    return match.group(1) if match and len(match.group(1).split()) <= LABEL_WORDS else ""


def is_step_number(sentence: str) -> bool:
    """A numbered step's bare number ("5.") printed on a line of its own."""
    return bool(_STEP_NUMBER.match(sentence.strip()))


def is_heading(sentence: str) -> bool:
    """A heading or step title ("RESOLVING A RAM", "Make a Crew Check", "5."): a short line
    that ends without a sentence's punctuation (a table row, "751 to 1,500\t5", is none)."""
    words = sentence.split()
    if is_step_number(sentence):
        return True
    return (0 < len(words) <= 6 and "\t" not in sentence
            and not re.search(r"[.!?:;…,)»\"”\d]$", sentence.strip()))


@dataclass(frozen=True)
class Window:
    """A candidate answer line: segments first..last of the rule (indexes into the segment
    list), chosen for what segments first..core hold (the rest is what follows while it fits)."""
    first: int
    core: int
    last: int


@dataclass(frozen=True)
class Sentence:
    """What one segment is, read once per rule and question."""
    number: bool  # states a number of the kind the question asks for
    limit: bool  # states a limit or a permission
    consequence: bool  # states a result (suffers, gains, получает ...)
    heading: bool
    example: bool  # a worked example ("For example, ...")
    condition: bool  # states a condition or a moment ("If ...", "когда ...")
    place: bool  # states a place ("within 3” of", "в пределах")
    continuation: bool  # opens with a pronoun or link word: the tail of the sentence before
    absence: bool  # states that something is missing ("has no", "нет", "без")
    option: bool = False  # offers a way to set a rule aside at a cost ("may temporarily ignore ..., but if so")


@dataclass(frozen=True)
class SentenceFacts:
    """What one segment states whatever the question asks: read once per rule text
    (index.answer caches it), shaped per question by `shaped`."""
    number: bool  # any number or number word
    distance: bool  # a distance ('4”', '12 дюймов')
    limit: bool
    consequence: bool
    heading: bool
    example: bool
    continuation: bool
    condition: bool
    place: bool
    frequency: bool  # states a frequency ("once per game", "раз за Активацию")
    absence: bool  # states that something is missing ("has no weapons with ...", "нет Орудий")
    kinds: frozenset[str]  # the index.answer_kinds.KINDS it states (a choice, a repetition, ...)
    end: bool = False  # states when a state ends, or that it lasts ("until ...", "ceases to apply")
    inclusion: bool = False  # says a rule reaches something as well ("also", "including", "также")
    option: bool = False  # offers a way to set a rule aside and states its cost here (the next sentence: index.answer)
    up_to: bool = False  # states a maximum in Russian's "до N" ("до половины скорости"): UP_TO


def sentence_facts(sentence: str) -> SentenceFacts:
    return SentenceFacts(
        number=has_number(sentence), distance=states_a_distance(sentence),
        limit=bool(LIMIT.search(sentence)), consequence=bool(_CONSEQUENCE.search(sentence)),
        heading=is_heading(sentence), example=bool(_EXAMPLE.match(sentence)),
        continuation=bool(_CONTINUATION.search(sentence)), condition=bool(_CONDITION.search(sentence)),
        place=bool(_PLACE.search(sentence)), frequency=bool(_FREQUENCY.search(sentence)),
        absence=bool(_ABSENCE.search(sentence)), kinds=stated_kinds(sentence), end=states_an_end(sentence),
        inclusion=states_an_inclusion(sentence),
        option=bool(OPTION.search(sentence) and COST.search(sentence)), up_to=bool(UP_TO.search(sentence)))


def shaped(facts: SentenceFacts, shape: QuestionShape) -> Sentence:
    """Only what the question's shape asks about counts (a limit only for a limit question,
    ...): the rest stays False."""
    return Sentence(
        number=shape.numeric and (facts.distance if shape.distance else facts.number),
        # "how many at most / максимум": a maximum stated as "до половины" is the limit asked for
        limit=shape.limit and (facts.limit or shape.numeric and facts.up_to),
        consequence=shape.happens and facts.consequence,
        heading=facts.heading, example=not shape.example and facts.example,
        continuation=facts.continuation, condition=shape.when and facts.condition,
        place=shape.where and facts.place, absence=shape.absence and facts.absence,
        # what doing it costs is asked ("what happens if I ram", "всё равно"), not what is forbidden ("чего нельзя
        # делать", "can it ram?": the limit answers; our sets' authors split on which line a bare "can it" wants)
        option=(shape.anyway or shape.happens and not shape.limit) and facts.option)


def read_sentence(sentence: str, shape: QuestionShape) -> Sentence:
    """One segment read for one question's shape."""
    return shaped(sentence_facts(sentence), shape)


def window_features(window: Window, read: Sequence[Sentence], held_first: float, held: float, held_label: float,
                    held_asked: float, heaviest: float, shape: QuestionShape,
                    closeness: Sequence[float] | None) -> list[float]:
    """The FEATURES of one window. `read`: every segment of the rule, read; `held_first` /
    `held`: the question weight its first segment / its core holds (each question word once);
    `held_label`: what its first segment's run-in label holds; `held_asked`: what its core holds
    of a long question's last sentence; `heaviest`: the question's largest weight (the unit every
    weight is in)."""
    first = read[window.first]
    return [
        held_first / heaviest,
        held / heaviest,
        float(held_first > 0 or first.number),
        float(window.core - window.first),
        float(first.number),
        float(any(s.number for s in read[window.first:window.core + 1])),
        float(first.limit),
        # a result follows its condition closely: the line's first two sentences
        float(any(s.consequence for s in read[window.first:min(window.first + 2, window.last + 1)])),
        float(window.first == 0),
        float(shape.definition and window.first == 0),
        float(first.heading),
        float(any(s.heading for s in read[window.first + 1:window.last + 1])),
        float(first.example),
        float(first.continuation),
        max(closeness[window.first:window.core + 1]) if closeness else 0.0,
        held_label / heaviest if shape.definition else 0.0,
        held_asked / heaviest,
        # "when ...?": the line's first sentence states a condition or a moment
        float(first.condition),
        # "where ...?": the line's first sentence states a place
        float(first.place),
        # "without X / нет X": the line's first sentence states an absence
        float(first.absence),
        # "what happens if I do it / anyway": the line's first sentence offers a way to set a rule aside at a cost
        float(first.option),
    ]
