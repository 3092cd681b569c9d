"""The answer line: the sentence(s) of a rule that answer the question, quoted verbatim.

A rule text is cut into segments (index.answer_segments). A line opens with the rule's opening
or a segment holding a question word; it is chosen for what up to MAX_CORE segments from there
hold and then takes in the following segments while it fits EXTEND_TO characters (a condition
is followed by its result, a short sentence by what it means). Each candidate is described by
index.answer_features (question words held, IDF-weighted, Russian stems cut differently still
counting; the number, limit or result the question's shape asks for, index.answer_shape; a word
naming a kind of answer held where the rule states that kind, index.answer_kinds) and
scored by the weights in index/data/answer_model.toml (bench/fit_answer.py measures them against
a fitted model). A numbered step's number stays with its sentence; a line inside a table starts
at the sentence introducing it. The quote is always `text[start:end]`: never rewritten.
"""
from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from index.answer_also import ALSO_WORDS
from index.answer_concession import without_concession
from index.answer_duration import DURATION_WORDS
from index.answer_features import (
    COST,
    FEATURES,
    NUMBER,
    OPTION,
    Sentence,
    SentenceFacts,
    Window,
    counted_after_numbers,
    is_heading,
    is_step_number,
    run_in_label,
    sentence_facts,
    shaped,
    window_features,
)
from index.answer_kinds import KINDS
from index.answer_segments import QUOTE_MAX_CHARS as QUOTE_MAX_CHARS
from index.answer_segments import segments as segments
from index.answer_shape import (
    DISTANCE_WORDS,
    FREQUENCY_WORDS,
    LIMIT_WORDS,
    QuestionShape,
    asked_words,
    asking_sentences,
    asks_a_distance,
    counted_words,
    question_shape,
)
from index.answer_shape import is_distance_question as is_distance_question
from index.answer_shape import is_limit_question as is_limit_question
from index.answer_shape import is_numeric_question as is_numeric_question
from index.statrows import is_stat_row
from index.text import idiom_readings, is_stopword, stems

MAX_CORE = 3  # segments a line is chosen for (the rest of it is what follows them)
EXTEND_TO = QUOTE_MAX_CHARS  # an answer line takes in following segments while it fits a quote (300 cut answers)
MIN_QUOTE_CHARS = 25  # a bare heading ("RESOLVING A RAM") is not an answer
RU_PREFIX_MIN = 4  # Russian stems this long match spellings they begin (or that begin them)
MODEL_FILE = Path(__file__).with_name("data") / "answer_model.toml"
# The question words a sentence holds by what it states, not by printing them (`_quantity_words_held`): "how long",
# "до какого момента" by a sentence stating an end, "несколько" by one saying what several do, "равны" by a tie's.
# They read a sentence in either language, so a Russian question rendered in English keeps them (index.search).
STATED_WORDS = frozenset().union(DISTANCE_WORDS, LIMIT_WORDS, FREQUENCY_WORDS, DURATION_WORDS, ALSO_WORDS,
                                 *(kind.words for kind in KINDS))
_CYRILLIC_WORD = re.compile(r"^[а-яё]+$")
_WORD = re.compile(r"[^\W_]+")
_ASIDE = re.compile(r"\([^()]*\)")  # a player's aside in brackets: "(3.03 tokens, not the old escort models)"


@dataclass(frozen=True)
class Quote:
    start: int
    end: int
    score: float


@dataclass(frozen=True)
class Candidate:
    """One possible answer line and its FEATURES (bench/fit_answer.py fits on these)."""
    start: int
    end: int
    features: tuple[float, ...]


@lru_cache(maxsize=1)
def model_weights() -> tuple[float, ...]:
    """The fitted weight of each FEATURES entry, in that order (a feature the file does not
    name weighs nothing)."""
    weights = tomllib.loads(MODEL_FILE.read_text(encoding="utf-8"))["weights"]
    return tuple(float(weights.get(name, 0.0)) for name in FEATURES)


def _prefix_owner(stem: str, owner: Mapping[str, Sequence[tuple[str, set[str]]]]) -> set[str]:
    """Russian stems that the stemmer cut differently ("бросьт"/"броса", "ремонтн"/"ремонт"):
    they share a beginning of at least RU_PREFIX_MIN letters that leaves at most two letters
    of the longer one over, or the whole of one (RU_PREFIX_MIN letters or more) begins the other
    ("выпа"/"выпаден", "блокир"/"блокирова": a player's verb form and the book's noun or participle).
    `owner`: (spelling, question stems) by the spelling's first
    RU_PREFIX_MIN letters; `stem` is a Cyrillic word."""
    found: set[str] = set()
    for spelling, sources in owner.get(stem[:RU_PREFIX_MIN], ()):
        common = len(os.path.commonprefix([stem, spelling]))
        if common >= max(RU_PREFIX_MIN, max(len(stem), len(spelling)) - 2) or \
                common == min(len(stem), len(spelling)) >= RU_PREFIX_MIN:
            found |= sources
    return found


@dataclass(frozen=True)
class RuleText:
    """A rule's text cut into segments and read once, whatever the question (`rule_text` keeps
    it: a popular rule is quoted for many questions)."""
    spans: tuple[tuple[int, int], ...]
    sentences: tuple[str, ...]
    stem_sets: tuple[frozenset[str], ...]  # each segment's stems
    words: frozenset[str]  # every stem of the text
    cyrillic: tuple[str, ...]  # its Cyrillic words' stems (the stemmer may cut them differently)
    stat_row: tuple[bool, ...]  # each segment is a unit card's stat row
    facts: tuple[SentenceFacts, ...]
    example_facts: tuple[SentenceFacts, ...]  # `facts`, a worked example's later sentences marked as it too
    labels: tuple[frozenset[str], ...]  # the stems of each segment's run-in label ("Catastrophic explosion: ...")
    idioms: tuple[frozenset[str], ...]  # each segment's idioms read as a question's (index.text.idiom_readings)
    counted: tuple[frozenset[str], ...]  # the stems of what each segment's numbers count ("3 levels of" -> level)
    unconceded: tuple[frozenset[str] | None, ...] = ()  # each segment's stems outside its concession ("even if ...")


# An abbreviation a rule introduces: "line of sight (LOS)", "Short Range Squadrons (SRS)" (the
# words before it whose initials spell it), or "(Line of Sight, LOS)" (its full form beside it).
_ABBREVIATION_AFTER = re.compile(r"((?:[A-Za-z][\w’'-]*[ \t]+){1,6})\(([A-Z]{2,6})\)")
_ABBREVIATION_BESIDE = re.compile(r"\(([A-Za-z][A-Za-z ’'-]{3,60}),[ \t]*([A-Z]{2,6})\)")


def abbreviations(text: str) -> dict[str, str]:
    """The abbreviations `text` introduces, each with the words it stands for."""
    found: dict[str, str] = {}
    for words, short in _ABBREVIATION_AFTER.findall(text):
        tail = words.split()
        for n in range(len(short), min(len(tail), 2 * len(short)) + 1):  # "of" has an initial too, or none
            candidate = tail[-n:]
            if "".join(w[0] for w in candidate).upper() == short or \
                    "".join(w[0] for w in candidate if not is_stopword(w.lower())).upper() == short:
                found.setdefault(short, " ".join(candidate))
                break
    for words, short in _ABBREVIATION_BESIDE.findall(text):
        found.setdefault(short, words)
    return found


def _with_abbreviations(text: str, sentences: Sequence[str], stem_sets: list[frozenset[str]]) -> None:
    """A sentence printing an abbreviation the rule introduced ("Aerial units never block LOS")
    holds the words it stands for ("line of sight"), and one printing those words holds the
    abbreviation a player may type: the rule's own shorthand for them."""
    for short, full in sorted(abbreviations(text).items()):
        printed = re.compile(rf"\b{re.escape(short)}\b")
        meant, abbreviated = frozenset(stems(full)), frozenset(stems(short))
        for i, sentence in enumerate(sentences):
            if printed.search(sentence):
                stem_sets[i] = stem_sets[i] | meant
            elif meant and meant <= stem_sets[i]:
                stem_sets[i] = stem_sets[i] | abbreviated


@lru_cache(maxsize=4096)
def rule_text(text: str) -> RuleText:
    spans = tuple(segments(text))
    sentences = tuple(text[s:e] for s, e in spans)
    idioms = tuple(idiom_readings(s) for s in sentences)
    read = [frozenset(stems(s)) | idiom for s, idiom in zip(sentences, idioms, strict=True)]
    _with_abbreviations(text, sentences, read)
    stem_sets = tuple(read)
    words = frozenset().union(*stem_sets)
    facts = _options_with_their_cost(sentences, tuple(sentence_facts(s) for s in sentences))
    return RuleText(spans, sentences, stem_sets, words, tuple(sorted(w for w in words if _CYRILLIC_WORD.match(w))),
                    tuple(is_stat_row(s) for s in sentences), facts, _examples_run_on(sentences, facts),
                    tuple(frozenset(stems(run_in_label(s))) for s in sentences), idioms,
                    tuple(frozenset(stems(" ".join(counted_after_numbers(s)))) for s in sentences),
                    tuple(None if (kept := without_concession(s)) is None else frozenset(stems(kept)) | idiom
                          for s, idiom in zip(sentences, idioms, strict=True)))


def _options_with_their_cost(sentences: Sequence[str], read: tuple[SentenceFacts, ...]) -> tuple[SentenceFacts, ...]:
    """`read`, an option whose cost the next sentence states marked as one: "Модель может временно игнорировать
    эффект Хаоса и Смятения, чтобы пойти на Таран. В этом случае она немедленно получает повреждение ..."."""
    marked = [i for i in range(len(sentences) - 1) if not read[i].option and OPTION.search(sentences[i])
              and COST.search(sentences[i + 1])]
    if not marked:
        return read
    facts = list(read)
    for i in marked:
        facts[i] = replace(facts[i], option=True)
    return tuple(facts)


def _examples_run_on(sentences: Sequence[str], read: Sequence[SentenceFacts]) -> tuple[SentenceFacts, ...]:
    """`read`, a worked example's later sentences marked as the example too: "For
    example, a unit has an Action Limit rating of 3. During its Action Step, it makes two Attack
    actions ... In the Consolidation Step, each model that can Rally loses 2 levels of Disorder." The
    example runs until the rule goes on: a heading or a title in capitals ("CHAOS!"), a run-in label
    ("Panicking Level 2: ...", "Важно: ...") or a sentence introducing a list or table (ending with
    ":")."""
    facts = list(read)
    in_example = False
    for i, sentence in enumerate(sentences):
        if facts[i].example:
            in_example = True
        elif in_example and (facts[i].heading or sentence.isupper() or run_in_label(sentence)
                             or sentence.rstrip("*_ ").endswith(":")):
            in_example = False
        elif in_example:
            facts[i] = replace(facts[i], example=True)
    return tuple(facts)


def _asks_the_examples_case(cut: RuleText, held: Sequence[set[str]]) -> bool:
    """The question names something only the rule's worked example speaks of ("can a medium gun
    battery support a heavy rocket battery?": the example's own case): it asks for the example."""
    in_example: set[str] = set()
    elsewhere: set[str] = set()
    for facts, words in zip(cut.example_facts, held, strict=True):
        (in_example if facts.example else elsewhere).update(words)
    return bool(in_example - elsewhere)


def _question_words_held(cut: RuleText, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]] | None,
                         conceded: bool = True) -> tuple[list[set[str]], list[set[str]], list[set[str] | None]]:
    """The question stems each segment holds, its run-in label holds, and it holds outside its concession
    (None: it concedes nothing; an empty list unless `conceded`, when the caller reads no concession):
    `variants` maps each question stem to the spellings that count as it (expansions, typos, translations)."""
    owner: dict[str, set[str]] = {}
    for source, spellings in (variants or {s: frozenset({s}) for s in weights}).items():
        for spelling in spellings | {source}:
            owner.setdefault(spelling, set()).add(source)
    # the text's stems that count as question stems: spelt as one, or a Russian one cut differently
    of_stem = {st: owner[st] for st in cut.words & owner.keys()}
    by_prefix: dict[str, list[tuple[str, set[str]]]] = {}
    for spelling, sources in owner.items():
        by_prefix.setdefault(spelling[:RU_PREFIX_MIN], []).append((spelling, sources))
    for st in cut.cyrillic:
        if st not in of_stem and st[:RU_PREFIX_MIN] in by_prefix and (sources := _prefix_owner(st, by_prefix)):
            of_stem[st] = sources
    topic = set(weights)

    def held_by(words: frozenset[str]) -> set[str]:
        found: set[str] = set()
        for st in words & of_stem.keys():
            found |= of_stem[st]
        return found & topic

    return [held_by(segment) for segment in cut.stem_sets], [held_by(label) for label in cut.labels], \
        [None if kept is None else held_by(kept) for kept in cut.unconceded] if conceded else []


def _weight_of(found: set[str], weights: Mapping[str, float]) -> float:
    return sum(weights[s] for s in sorted(found))  # sorted: float sums in one order


def candidates(text: str, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]] | None = None,
               shape: QuestionShape | None = None, closeness: Sequence[float] | None = None,
               asked: frozenset[str] = frozenset(), title: frozenset[str] = frozenset(),
               counted: frozenset[str] = frozenset()) -> list[Candidate]:
    """Every answer line the rule offers: it opens with the rule's opening or a segment holding
    a question word (or the number asked), is chosen for up to MAX_CORE segments from there,
    and runs on while it fits EXTEND_TO characters (a trailing heading left out). `asked`: the
    question words of a long question's last sentence (index.answer_shape.asked_words). `title`:
    the stems of the rule's heading. `counted`: the question words naming what a "how many" question
    counts (index.answer_shape.counted_words). A rule whose text opens in lower case ("эта Модель и все
    остальные в пределах 4\" ...", "если количество ... SRS-токенов вдвое ...") was one sentence
    with its run-in label, which the book set as the heading ("### Подрыв боекомплекта:"): the
    opening holds the question's words of that label, as the sentence did in print, so a later
    sentence repeating the name ("Эта Модель получает Маркер Подрыв боекомплекта.") does not
    win on the name alone."""
    cut = rule_text(text)
    spans = cut.spans
    if not spans or not weights:
        return []
    shape = shape or QuestionShape()
    happens = shape.happens and not shape.limit  # what a case leads to: a sentence conceding that case is not about it
    held, labelled, unconceded = _question_words_held(cut, weights, variants, conceded=happens)
    if happens:
        held = [words if not kept else kept for words, kept in zip(held, unconceded, strict=True)]
    if title and _opens_in_lower_case(cut.sentences[0]):
        spelt = variants or {}
        held[0] = held[0] | {s for s in weights if s in title or spelt.get(s, frozenset()) & title}
    _quantity_words_held(cut, weights, variants, shape, held)
    for i in range(len(spans) - 1):
        if cut.facts[i].heading and not cut.facts[i + 1].heading and not is_step_number(cut.sentences[i]):
            held[i + 1] = held[i + 1] | held[i]  # a sub-heading names what the sentence after it says
    _list_items_hold_their_introduction(text, spans, held)
    # a worked example's later sentences are the example too, unless the question asks about its case
    facts_read = cut.facts if _asks_the_examples_case(cut, held) else cut.example_facts
    read = [shaped(facts, shape) for facts in facts_read]
    if counted and shape.numeric and not shape.distance:
        read = _numbers_of_the_counted(cut, read, counted, variants)
    heaviest = max(weights.values()) or 1.0
    out = []
    for i, (start, _) in enumerate(spans):
        if i > 0 and not held[i] and not read[i].number:
            continue  # a line opens with what the question asks about (or the rule's opening)
        if cut.facts[i].heading and i + 1 < len(spans):
            continue  # ... and a heading's words open the sentence it names
        if cut.stat_row[i]:
            continue  # a unit card's stat row ("CRIPPLED 4 (3) 2 (1)") answers no rules question
        last = _last_segment(spans, cut.facts, i)
        found: set[str] = set()
        for j in range(i, min(i + MAX_CORE, len(spans))):
            if spans[j][1] - start > QUOTE_MAX_CHARS:
                break
            added = held[j] - found
            if j > i and not added and not read[j].number:
                continue  # a neighbour that adds nothing the question asked about
            found |= added
            if spans[max(j, last)][1] - start < MIN_QUOTE_CHARS:
                continue
            features = window_features(Window(i, j, max(j, last)), read, _weight_of(held[i], weights),
                                       _weight_of(found, weights), _weight_of(labelled[i], weights),
                                       _weight_of(found & asked, weights), heaviest, shape, closeness)
            out.append(Candidate(start, spans[max(j, last)][1], tuple(features)))
    return out


def _numbers_of_the_counted(cut: RuleText, read: list[Sentence], counted: frozenset[str],
                            variants: Mapping[str, frozenset[str]] | None) -> list[Sentence]:
    """A "how many levels / extra dice" question: the number it asks is one of the things it counts ("models
    can gain up to 3 levels of Disorder", "adding +2 dice"), not any number ("A model at level 1 ...", "the
    fifth and subsequent hits"). When the rule counts them somewhere outside a worked example (`read`
    marks the example's sentences), only the sentences counting them state the number."""
    spelt = variants or {}
    spellings = set(counted).union(*(spelt.get(s, frozenset()) for s in counted))
    counting = [bool(words & spellings) and not sentence.example
                for words, sentence in zip(cut.counted, read, strict=True)]
    if not any(counting):
        return read
    return [replace(sentence, number=sentence.number and counts)
            for sentence, counts in zip(read, counting, strict=True)]


def _opens_in_lower_case(sentence: str) -> bool:
    """The sentence's first letter is a small one: it goes on from what precedes it."""
    first = next((c for c in sentence if c.isalpha()), "")
    return first.islower()


def _quantity_words_held(cut: RuleText, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]] | None,
                         shape: QuestionShape, held: list[set[str]]) -> None:
    """The question's words naming the quantity it asks for ("range", "how close", "расстояние";
    "maximum", "cap"; "how often"; "how long does it last": index.answer_duration) are held by each sentence
    stating that quantity (a distance; a limit with its number, or "до половины"; a frequency; a state's end),
    as if it printed them: the sentence stating "within 4”" answers "at what range" — and by no other sentence
    ("close-range flank batteries" prints "range", states none).
    So are the words naming a kind of answer the rules state in their own phrasing (index.answer_kinds:
    "on purpose" by "can choose to fail it", "later" by "in the subsequent Action Step")."""
    def naming(vocabulary: frozenset[str]) -> set[str]:
        spelt = variants or {}
        return {s for s in weights if s in vocabulary or spelt.get(s, frozenset()) & vocabulary}

    # each asked quantity's words, and whether a sentence states that quantity (in this order)
    asked: tuple[tuple[set[str], Callable[[SentenceFacts], bool]], ...] = (
        (naming(DISTANCE_WORDS) if shape.distance else set(), lambda f: f.distance),
        (naming(LIMIT_WORDS) if shape.limit or shape.numeric else set(), lambda f: f.number and (f.limit or f.up_to)),
        (naming(FREQUENCY_WORDS) if shape.frequency else set(), lambda f: f.frequency),
        (naming(DURATION_WORDS) if shape.duration else set(), lambda f: f.end),
        (naming(ALSO_WORDS) if shape.also else set(), lambda f: f.inclusion),
    )
    for i, facts in enumerate(cut.facts):
        for words, states in asked:
            if not words:
                continue
            if states(facts):
                held[i] |= words
            else:
                held[i] -= words
    for kind in KINDS:  # a choice, a repetition, a later moment: index.answer_kinds
        named = naming(kind.words)
        if not named:
            continue
        for i, facts in enumerate(cut.facts):
            if kind.name in facts.kinds:
                held[i] |= named
            else:  # a word the sentence prints in the question's own idiom ("тот же", "уже есть") stays
                held[i] -= named - cut.idioms[i]


# A line opening a list item; or a result table's row, a margin or roll and its effect ("4+  Assaulting
# model suffers 1 damage.", "1-3   No further effects."): it finishes the sentence introducing the table.
_LIST_MARK = re.compile(r"[ \t]*([-•*]|\d{1,2}[.)]|\d{1,2}(?:[-–]\d{1,2}|\+)(?=[ \t]{2}|\t))[ \t]")
_ITEM_MARKS = " \t-–+•*.)0123456789"


def _list_items_hold_their_introduction(text: str, spans: Sequence[tuple[int, int]], held: list[set[str]]) -> None:
    """A list's items each finish the sentence introducing it ("Подразделения с Токенами Эскорта
    получают следующие бонусы:" / "- ... Обороны ... +1 куб"): an item holds its introduction's
    question words too."""
    intro: set[str] | None = None
    for i, (start, end) in enumerate(spans):
        line_start = text.rfind("\n", 0, start) + 1
        if intro is not None and _LIST_MARK.match(text, line_start):
            if held[i] and not text[line_start:start].strip(_ITEM_MARKS):  # an item's own first sentence
                held[i] = held[i] | intro
            continue
        intro = set(held[i]) if text[start:end].rstrip("*_ ").endswith(":") else None


def _last_segment(spans: Sequence[tuple[int, int]], facts: Sequence[SentenceFacts], first: int) -> int:
    """The last segment of an answer line opening with segment `first`: as many as fit
    EXTEND_TO characters, without a heading at the end (it introduces what the quote leaves out)."""
    last = first
    while last + 1 < len(spans) and spans[last + 1][1] - spans[first][0] <= EXTEND_TO:
        last += 1
    while last > first and facts[last].heading:
        last -= 1
    return last


def _with_number(cut: RuleText, quote: Quote) -> Quote:
    """A numbered step's sentence keeps its number ("5. Disengage / The target model moves
    1” directly backwards."): a quote opening just after a step's number, or after its number
    and title, opens at the number instead."""
    spans, sentences = cut.spans, cut.sentences
    first = next((i for i, (s, _) in enumerate(spans) if s == quote.start), None)
    if first is None:
        return quote
    for back in (1, 2):
        i = first - back
        if i < 0 or not is_step_number(sentences[i]):
            continue
        if back == 2 and not is_heading(sentences[first - 1]):
            break
        last = _last_segment(spans, cut.facts, i)
        if last >= first:
            return Quote(spans[i][0], spans[last][1], quote.score)
        break
    return quote


# A rule's level in brackets after its name ("Piercing (2)", "Ablative Armour (2)"): the rule prints
# it as "(X)", so the number is no word of any one sentence of it.
_RULE_LEVEL = re.compile(r"(?<=\w)\s*\((\d{1,2})\)")


def rule_levels(question: str) -> frozenset[str]:
    """The numbers `question` prints only as a rule's level in brackets ("Piercing (2)")."""
    levels = set(_RULE_LEVEL.findall(question))
    if not levels:
        return frozenset()
    return frozenset(levels - set(re.findall(r"\d+", _RULE_LEVEL.sub(" ", question))))


def line_weights(weights: Mapping[str, float], names_the_rule: bool, question: str = "") -> dict[str, float]:
    """The question words' weights as the answer line reads them: none when the question names
    only the rule (see best_quote); a word whose stem is a stopword ("being" -> "be", "такое" ->
    "так") or a rule's level in brackets ("Piercing (2)") picks no sentence."""
    ignored = rule_levels(question)
    return {s: 0.0 if names_the_rule else w for s, w in weights.items() if not is_stopword(s) and s not in ignored}


def line_shape(question: str, weights: Mapping[str, float], numeric: bool, distance: bool, limit: bool,
               title: frozenset[str] = frozenset()) -> QuestionShape:
    """The shape the answer line looks for: `numeric`/`distance`/`limit` as index.query read them,
    unless only a word naming the rule (`title`: "Limited weapons: what happens after firing?" asks
    for no limit) or an aside in brackets ("(3.03 tokens, not the old escort models)") asks for it;
    the rest read from `question`. A question told over several
    sentences: the shape its asking sentences ask for (its scene may name distances and limits),
    unless they name nothing the question is about ("Is that actually the rule?": the scene asks)."""
    if (numeric or distance or limit) and (title or "(" in question):
        unnamed = without_words(_ASIDE.sub(" ", question), title)
        numeric = numeric and is_numeric_question(unnamed)
        distance = distance and is_distance_question(unnamed)
        limit = limit and is_limit_question(unnamed)
    distance = distance and asks_a_distance(question)
    shape = replace(question_shape(question), numeric=numeric, distance=distance, limit=limit)
    asking = asking_sentences(question)
    if asking != question.strip() and set(stems(asking)) & weights.keys():
        asked_shape = question_shape(asking)
        # what the scene lacks is the case asked about ("у меня нет фирменных кубов, играю обычными д6.
        # как цифры переводить в результаты?"): an absence is read from the whole question, and so is doing it
        # anyway ("Он всё равно хотел повернуть ..., а я говорю нельзя. Кто прав?")
        shape = replace(asked_shape, numeric=numeric and asked_shape.numeric,
                        distance=distance and asked_shape.distance, limit=limit and asked_shape.limit,
                        absence=shape.absence, anyway=shape.anyway)
    return shape


@lru_cache(maxsize=1024)  # asked once per quoted rule of a question
def without_words(question: str, unwanted: frozenset[str]) -> str:
    """`question` without the words whose stem is one of `unwanted`."""
    def kept(match: re.Match[str]) -> str:
        word = match.group(0)
        return "" if set(stems(word)) & unwanted else word
    return _WORD.sub(kept, question)


def score(features: Sequence[float], model: Sequence[float]) -> float:
    return sum(w * f for w, f in zip(model, features, strict=True))


def best_quote(text: str, weights: Mapping[str, float], variants: Mapping[str, frozenset[str]] | None = None,
               numeric: bool = False, opening: bool = False,
               closeness: list[float] | None = None, distance: bool = False,
               limit: bool = False, question: str = "", model: Sequence[float] | None = None,
               names_the_rule: bool = False, title: frozenset[str] = frozenset()) -> Quote | None:
    """The highest-scoring answer line of the rule. `numeric`/`distance`/`limit` are the
    question's shape as index.query read it; `question` adds the rest of its shape (a
    definition, a consequence, an example asked for). When no segment holds a question word
    (nor, for a numeric question, a number of the kind asked), `opening` quotes the rule's
    opening (the question named the rule: its opening defines it); otherwise None.
    `names_the_rule`: every question word is a word of the rule's own title ("Ablative Armour:
    3rd vs 4th?", "what is the long range sortie"): a later sentence repeating the name
    ("... has a long range sortie on its card") is no answer, so no word is evidence.
    `closeness`, one per segment, is the model's cosine between the question and that segment,
    when known; `model` replaces the fitted weights (bench/fit_answer.py). `title`: the stems of
    the rule's heading; a word naming the rule asks for no shape ("Limited weapons: what happens
    after firing?" asks for no limit, "Long Range Sortie" for no distance)."""
    weights = line_weights(weights, names_the_rule, question)
    shape = line_shape(question, weights, numeric, distance, limit, title)
    offered = candidates(text, weights, variants, shape, closeness, asked_words(question, frozenset(weights)), title,
                         counted_words(question, frozenset(weights)))
    evidence = FEATURES.index("evidence_first")
    if not any(c.features[evidence] for c in offered):
        if opening and offered:
            return Quote(offered[0].start, offered[0].end, 0.0)
        return None
    weights_of_model = model_weights() if model is None else model
    best: Quote | None = None
    for c in offered:
        value = score(c.features, weights_of_model)
        if best is None or value > best.score:
            best = Quote(c.start, c.end, value)
    assert best is not None
    return finished(text, best)


def finished(text: str, quote: Quote) -> Quote:
    """The chosen line as shown: a step's number kept, a table's introducing sentence added."""
    cut = rule_text(text)
    return _with_caption(text, cut.spans, _with_number(cut, quote))


def _in_table_row(text: str, at: int) -> bool:
    """The printed line holding position `at` is a table row: it has a tab between its cells."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    return "\t" in text[line_start:line_end if line_end >= 0 else len(text)]


def _with_caption(text: str, spans: Sequence[tuple[int, int]], quote: Quote) -> Quote:
    """Table rows ("От 750 до 1499\t5") mean nothing without the sentence that introduces
    the table: a quote starting inside a table starts at that sentence instead (when the
    whole still fits a quote). A row whose first cell is empty ("\tДвижение (Movement)", the
    phase table's second line for one phase) is a row too."""
    if not _in_table_row(text, quote.start):
        return quote
    before = [s for s in spans if s[1] <= quote.start]
    start = quote.start
    for s, _ in reversed(before):
        if quote.end - s > QUOTE_MAX_CHARS:
            return quote
        start = s
        if not _in_table_row(text, s):
            break
    return Quote(start, quote.end, quote.score)


# "(стр. 21)", "(p. 21)", "see page 21": where a rule is printed, not what it says
_PAGE_REFERENCE = re.compile(r"(?i)\b(стр|p|pp|page)\.?\s*\d+")
_ITEM_NUMBER = re.compile(r"(?m)^[ \t]*\d{1,2}[.)](?=[ \t])")  # "2) Авария:", "1. CHOOSE TARGET": a list's order


def numbers(text: str) -> list[str]:
    """Numbers a quote states, inch marks unified: '3”', '3 inches' and '3"' are all '3"'.
    Page references and the numbers of list items or steps are not statements."""
    out = []
    for match in NUMBER.finditer(_ITEM_NUMBER.sub(" ", _PAGE_REFERENCE.sub(" ", text))):
        value = re.sub(r"\s+", "", match.group(0))
        value = re.sub(r"(?i)(дюйм\w*|inch(es)?|[”″])$", '"', value)
        out.append(value)
    return list(dict.fromkeys(out))


def disagreement_note(lines: list[tuple[str, str]], distance: bool = False) -> str | None:
    """lines: (edition label, quote) for one game's editions. A note only when at least two
    lines state numbers and the numbers differ; it names each edition's numbers. `distance`: the
    question asks how far, so only distances are compared ("3 levels of Disorder" is no answer)."""
    stated = [(label, numbers(quote)) for label, quote in lines]
    stated = [(label, nums) for label, nums in stated if nums]
    if distance:
        stated = [(label, [n for n in nums if n.endswith('"')]) for label, nums in stated]
        stated = [(label, nums) for label, nums in stated if nums]
    elif stated and all(any(n.endswith('"') for n in nums) for _, nums in stated):
        # Every line states a distance: compare distances, not step numbers or counts.
        stated = [(label, [n for n in nums if n.endswith('"')]) for label, nums in stated]
    else:
        # Otherwise counts with counts: a line stating only a distance ("must have moved at least
        # 3"") says nothing comparable to one stating a number of dice ("no more than 5 Bonus Dice").
        stated = [(label, [n for n in nums if not n.endswith('"')]) for label, nums in stated]
        stated = [(label, nums) for label, nums in stated if nums]
    if len(stated) < 2 or len({tuple(sorted(nums)) for _, nums in stated}) < 2:
        return None
    parts = "; ".join(f"{label}: {', '.join(nums)}" for label, nums in stated)
    return f"The editions' answers state different numbers ({parts}); use the line for the edition you play."
