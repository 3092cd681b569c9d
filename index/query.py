"""A question parsed once: every later step (routing, lexical and dense search, relevance,
ranking, the answer line) reads this value instead of stemming the text again."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from index.answer import is_distance_question, is_limit_question, is_numeric_question
from index.literal_guard import Guarded
from index.manifest import CorpusNames, Route
from index.phrase_scan import any_of
from index.relevance import headline_case, topic_stems
from index.routing import named_editions, named_games, without_edition_names, without_game_names
from index.text import is_cyrillic, likens_another_game, normalise, question_stems, stem, stems, words

# A question told over several sentences (a table story) sets a scene and asks in its last
# (asking_parts below). For a Russian story the words only the scene uses keep
# SCENE_WEIGHT of their weight. For English stories the same weighting was measured (bench
# scene_own, players_en, players_own rambling) and gained nothing while losing one players_own
# question, so English stories are read by TABLE_TALK below instead.
SCENE_WEIGHT = 0.5

# An asking sentence with fewer words than this (numbers aside) narrows the sentence before it rather
# than asking on its own ("какая дистанция у абордажа? в 4 дюйма?"): all of the question is asked.
MIN_ASKED_WORDS = 2

# A Russian story does not always ask in its last sentence, nor with "?": "Вот и вопрос, может ли он
# поворачивать с этим маркером. Блин, полчаса спорили.", "Короче, можно ли торпедировать цель ближе
# 5 дюймов.", "Разве так бывает, если корабль вышел за поле". A sentence asks when it ends with "?",
# when it holds the question particle "ли" or announces the question ("вот и вопрос,", "и тут спор:"),
# even closed by a full stop, and the last sentence asks unless a full stop or "!" closes it (a
# player types the question last and often leaves it open).
_SENTENCE_END = re.compile(r"(?<=[.?!…])\s+(?=\S)|\n+")
_CYRILLIC_WORD = re.compile(r"[А-ЯЁа-яё]+")
_QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”|„[^“”]*[“”]")
_ASKS_ANYWHERE = re.compile(r"(?<!\w)(ли|вопрос\w*(?=\s*[:,—–-])|спор\w*(?=\s*[:—–-]))(?!\w)", re.IGNORECASE)

# Words by which an asking sentence points back at its scene ("можно ли делать ИХ несколько раз?"):
# the scene then names what is asked, and keeps its weight.
POINTS_BACK = frozenset(
    "он она оно они его её ее их ему ей им ими него неё нее них нему ней нём нем "
    "это этого этому этим этом этот эта эту эти этих так такое тот та те то".split())

# The words that open a condition or a second clause ("... если ОН уже есть?", "... или у НИХ должны
# совпадать особенности?"): a pronoun after one points at what the sentence has just named, not at the
# scene. Only a pronoun before any of them ("Можно ли ЕЙ начать абордаж ...", "Могу я перекинуть ИХ на
# эсминец?") makes the scene the thing asked about.
CLAUSE_OPENERS = frozenset("если когда или пока чтобы хотя".split())

# The talk around an English table story ("so last night my mate reckoned ..., I think"): the
# people at the table, when it happened, saying, thinking and arguing, fillers. Taken from English
# grammar's classes of such words, kept only where the rules texts never print them: unknown to
# the index they would weigh most (index.search.Searcher._weight) and dilute what is asked.
TABLE_TALK = frozenset(stems(
    "mate mates buddy buddies pal bro brother sister dad son guy guys dude wife husband "
    "night tonight yesterday week weekend earlier ago today morning evening "
    "said told think thinks thought reckon reckons reckoned guess believe believes argued argue "
    "arguing argument debate debated disagree disagreed wonder wondering confused unsure insisted insists "
    "honestly anyway yeah yep nope kinda literally fun session",
    keep_stopwords=True))


# A keyword's value slot as the rules print it ("Transport (X)", "Coherency (x”)", "Agile (X)"): the
# keyword's parameter, not a word of the question.
_VALUE_SLOT = re.compile(r"\(\s*x\s*[\"”″]?\s*\)", re.IGNORECASE)

# A player who does not know a rule's name asks for it by describing it: "the one where ships ...",
# "what's that called?", "is there a mechanic that ...", "what's the name of the rule for ...". The frame
# asks for a rule and says nothing about which: its words ("one", "call", "mechanic", "name") are no topic.
# ("rule", "thing", "what" are question words already: index.relevance.)
_RULE_REQUEST = Guarded(re.compile(
    r"\b(?:the|that|this)\s+one\s+(?=where|when|that|which|with|for|about)|"
    r"\bwhat(?:'s|’s|\s+is|\s+are|\s+was)\s+(?:it|that|this|they|those|these|the\s+\w+)\s+(?:even\s+)?called\b|"
    r"\b(?:is|was)\s+(?:it|that|this)\s+called\b|"
    r"\bthe\s+name\s+(?:of|for)\s+(?:the|that|this)\s+(?=rule|mechanic|thing|one)|"
    r"\bmechanics?\b(?=\s+(?:where|when|that|which|for|about|in)\b)|"
    r"\b(?:is\s+there|are\s+there|there's|there’s)\s+(?:a|an|any)\s+mechanics?\b",
    re.IGNORECASE))


# A Russian story counts its turns ("на втором ходу", "в третьем раунде", "На четвёртом у соперника
# ..."): an ordinal there numbers a turn, a round or a step, not an edition. Editions are feminine
# (редакция: "в четвёртой", "по 3й"; so "-ой", a feminine case too, is left) or named with their noun
# ("в третьем издании"); a masculine or neuter ordinal without an edition's noun after it, or any
# ordinal before a turn's noun, is a turn's number, and routing does not read it (index.routing matches
# "трет…", "четвёрт…" as editions).
_TURN_ORDINAL = re.compile(
    r"(?<!\w)(?:перв|втор|трет|четв[её]рт|пят|шест)(?:ий|ый|ого|ому|ом|ем|ье|ьего|ьему|ьем)(?!\w)"
    r"(?!(?:\s+(?:и|или|vs|против)\s+[а-яё]+)?\s+(?:ред|изд|верс|edition|ed\b))|"
    r"(?<!\w)(?:перв|втор|трет|четв[её]рт|пят|шест)\w*(?=\s+(?:ход|раунд|активац|этап|фаз)\w*)",
    re.IGNORECASE)


_TURN_NOUN_AFTER = re.compile(r"\s+(?:ход|раунд|активац|этап|фаз)", re.IGNORECASE)
_TURN_NOUN_BEFORE = re.compile(r"(?:ход|раунд|активац|этап|фаз)[а-яё]*\s+$", re.IGNORECASE)  # "Ход первый:"
# A number with a case ending ("по 3й", "на 2м ходу", "5го"): the book writes "2-й", so it is no word of
# the index, and unknown it would weigh most. Which edition or turn it counts is read elsewhere.
_NUMBER_WITH_ENDING = re.compile(r"\d+[а-яё]+")


def without_turn_numbers(text: str) -> str:
    """The text with a story's turn ordinals cut out (_TURN_ORDINAL): what routing reads."""
    return _TURN_ORDINAL.sub(" ", text)


def counting_words(text: str) -> frozenset[str]:
    """Stems that only count in a Russian story: an ordinal standing for its turn alone ("на
    четвёртом у соперника ...": "четвёрт" is "четверть"'s stem, a quarter of the table) and a number
    with a case ending. An ordinal beside its noun ("в первом раунде", "Ход первый") stays: rules
    count rounds. The turn itself when counted ("Ход 2:", "на втором ходу"): _COUNTED_TURN."""
    if _COUNTED_TURN.search(text) and not _ON_THE_MOVE.search(text):
        return frozenset(_counting_words(text) | {stem("ход")})
    return _counting_words(text)


# A player's turn counted ("Ход 2:", "на втором ходу", "ход первый"): the book counts rounds
# (раунд) and prints "ход" only as "ходы" and "в ходе игры" besides Ремонт "на ходу", which a counted
# turn's "ходу" would match.
_COUNTED_TURN = re.compile(
    r"(?<!\w)(?:(?:\d+|(?:перв|втор|трет|четв[её]рт|пят|шест)[а-яё]*)\s+ход[а-яё]*|ход[а-яё]*\s+(?:\d+|"
    r"(?:перв|втор|трет|четв[её]рт|пят|шест)[а-яё]*))(?!\w)", re.IGNORECASE)


_ON_THE_MOVE = re.compile(r"(?<!\w)на\s+ходу(?!\w)", re.IGNORECASE)  # Ремонт "на ходу" asked by name


def _counting_words(text: str) -> frozenset[str]:
    found = {stem(normalise(match.group(0))) for match in _TURN_ORDINAL.finditer(text)
             if not _TURN_NOUN_AFTER.match(text, match.end())
             and not _TURN_NOUN_BEFORE.search(text, 0, match.start())}
    return frozenset(found | {w for w in words(text) if _NUMBER_WITH_ENDING.fullmatch(w)})


# A Russian player says which edition he comes from before asking about another ("я привык к 4ке, там всё
# на английском. Играем по 3й русской: ...", "Мы обычно играем в 4th edition, но тут решили по русской
# книге", "Я из 4ки, там Jury Rigged Repairs"): that edition is named in passing, like another game
# (index.text.likens_another_game), and the question is searched where the rest of it points. Not
# "перешли с 3ки на 4ку" nor "раньше в 3ке ..., а в 4ке": those ask what changed (index.compare).
_EDITION_ORIGIN_BEFORE = re.compile(
    r"(?<!\w)(?:(?:я|мы|он|она|они|сам|сами|пришел|пришёл|пришла|пришли)\s+из|"
    r"привык\w*\s+к(?:о)?(?:\s+[а-яё]+)?|обычно\s+игра\w*\s+(?:в|во|по)|игра\w*\s+обычно\s+(?:в|во|по))\s*$",
    re.IGNORECASE)


_ORIGIN_WORD = re.compile(r"(?<!\w)(?:из|привык\w*|обычно)(?!\w)", re.IGNORECASE)


def editions_in_passing(text: str, routes: Sequence[Route]) -> frozenset[str]:
    """The editions a Russian question names only as where the player comes from (above): each of
    their names follows an origin frame, and no other name of theirs is asked about."""
    if not _ORIGIN_WORD.search(text):  # most questions say no "из", "привык", "обычно": one scan
        return frozenset()
    passing: set[str] = set()
    asked: set[str] = set()
    for route in routes:
        if route.compares:
            continue
        for match in route.pattern.finditer(text):
            origin = _EDITION_ORIGIN_BEFORE.search(text[:match.start()])
            (passing if origin is not None else asked).update(route.editions)
    return frozenset(passing - asked)


# The classes of ship a Russian story names ("мой линкор", "его эсминец", "фрегат массой 1"): who did
# what, not which rule is asked (the book's rules say Модель). Barely printed, each weighed most of the
# question's words; they keep SCENE_WEIGHT of it, as a story's scene does. Not "дирижабль",
# "подлодка", "авианосец": the Воздушное, Подводное and SRS rules turn on them.
SHIP_CLASSES = frozenset(stems("линкор крейсер эсминец эсминца эсминцы фрегат броненосец броненосца броненосцы "
                               "корвет дредноут", keep_stopwords=True))




def without_rule_request(text: str) -> str:
    """The question without the words that frame a request for a rule by its description (see above)."""
    return _RULE_REQUEST.sub(" ", text)


@dataclass(frozen=True)
class Query:
    text: str  # the question as asked (spaces folded)
    plain: str  # without the edition names: what the question is about, for the model
    cyrillic: bool  # most letters Cyrillic: a Russian question
    editions: tuple[str, ...]  # editions the text names, sorted
    games: tuple[str, ...]  # games of the corpus the text names by name ("Dystopian Wars"), sorted
    stems: tuple[str, ...]  # stems of `plain`, in order (rule names are looked up in these)
    topic: tuple[str, ...]  # `stems` without the words that only frame a question
    other_game: bool  # names a game the corpus does not hold, and none of its editions
    numeric: bool  # asks "how many / сколько" or "how far"
    distance: bool  # asks "how far / на каком расстоянии"
    limit: bool  # asks about a limit or a permission ("can't", "can X ...?", "можно ли", "дважды")
    variants: Mapping[str, frozenset[str]]  # each of `stems` -> the spellings that count as it
    weights: Mapping[str, float]  # each of `topic` -> its IDF weight
    # each of `topic` -> its spellings plus the Russian stems of the terms it names ("storm" -> "бур"):
    # how an English question reads a Russian passage
    translated: Mapping[str, frozenset[str]]
    english: str = ""  # a Russian question's terms in English, for the English-only model (index.translate)
    # the topic stems of the sentence a long question asks in, when its scene's words were
    # weighed down (scene_weighted); empty when all of the question is asked
    asked: frozenset[str] = frozenset()
    # asks for a house rule, an opinion, lore, a price or a hobby tip (index.relevance.asks_off_rules)
    off_rules: bool = False
    # names another game's concept the glossary declares absent (index.relevance.names_absent_concept)
    absent: bool = False
    # typed with every word capitalised (index.relevance.headline_case): its capitals mark no name
    headline: bool = False
    # a Russian question's rule names typed in Latin letters, each a rule's whole name ("Powered пушки"):
    # the stems that name a rule however little of the question's weight they carry (Searcher.parse)
    latin_names: frozenset[str] = frozenset()

    @property
    def topic_variants(self) -> dict[str, frozenset[str]]:
        """`variants` of the topic stems only (relevance, coverage and the answer line)."""
        return {s: self.variants[s] for s in self.weights}

    def lexical_weights(self) -> dict[str, float] | None:
        """The lexical ranking's share of each FTS term's weight (index.bm25): a Russian story's words
        that only its scene uses keep SCENE_WEIGHT there too, as in `weights`, unless a word the
        question asks is spelt the same; None when all of the question is asked."""
        if not self.asked:
            return None
        scene = {s for s in self.weights if s not in self.asked}
        asked = {term for s, spellings in self.variants.items() if s not in scene for term in spellings | {s}}
        return {term: SCENE_WEIGHT for s in sorted(scene) for term in self.variants[s] | {s} if term not in asked}

    def lexical_terms(self) -> list[str]:
        """The FTS terms: every stem's spellings, sorted within each stem (the term order
        decides how bm25 sums, so an order that followed the hash seed flipped near-ties)."""
        return list(dict.fromkeys(s for group in self.variants.values() for s in sorted(group)))


def parse_query(
    question: str, names: CorpusNames,
    expand: Callable[[list[str]], dict[str, frozenset[str]]],
    weight: Callable[[frozenset[str]], float],
    translate: Callable[[Mapping[str, frozenset[str]]], Mapping[str, frozenset[str]]],
    reading: str | None = None, off_rules: bool = False, absent: bool = False,
    known: Callable[[str], bool] | None = None,
) -> Query:
    """`expand` gives each stem its spellings (player words, typos); `weight` a stem's IDF from
    its spellings; `translate` adds the Russian names of the terms they name. All three belong to
    the index, so the Searcher passes its own. `reading` is the text to analyse when it differs
    from what was typed (Russian typed in Latin letters). `off_rules` and `absent` are the Searcher's
    readings of the question too (Query.off_rules, Query.absent). `known` says whether the index
    prints a stem (a capitalised word it does not print is a story's person, `named_people`)."""
    read = reading or question
    routes = names.routes
    # Most questions name no edition and no game: one scan of all the phrases at once says so.
    any_phrase = _any_phrase(names)
    named = any_phrase is None or any_phrase.search(read) is not None
    cyrillic = is_cyrillic(read)
    routed = without_turn_numbers(read) if named and cyrillic else read
    editions = tuple(sorted(named_editions(routed, routes))) if named else ()
    if editions and cyrillic:
        editions = tuple(e for e in editions if e not in editions_in_passing(routed, routes))
    games = tuple(sorted(named_games(read, names.game_phrases))) if named else ()
    plain = read
    if editions:
        plain = without_edition_names(plain, routes)
    if games:
        plain = without_game_names(plain, names.game_phrases)
    headline = headline_case(question)  # "Чё Будет Если Кораблик Вылезет За Край Стола?": no capital marks a name
    if editions and not cyrillic and (in_passing := _scans(names).games_in_passing) is not None:
        plain = in_passing.sub(" ", plain)
    plain = " ".join(plain.split()) if editions or games else read
    if "(" in plain:  # "how does Stealth (x) work?": the keyword's value slot is not asked about
        plain = _VALUE_SLOT.sub(" ", plain)
    other = None if editions or games else _other_game(names, read)
    if other is not None and cyrillic and likens_another_game(read, other.start(), other.end()):
        # "можно спасовать, как в X-Wing?", "в 40k сейв от всего, а тут?": the game is named in passing
        end = other.end()
        while end < len(plain) and plain[end].isalnum():  # the name's case ending: "вархаммер|е"
            end += 1
        plain, other = f"{plain[:other.start()]} {plain[end:]}", None
    other_game = other is not None
    if (in_passing_ru := _scans(names).games_in_passing_ru) is not None:
        plain = without_games_in_passing(plain, in_passing_ru)
    all_stems = question_stems(plain)
    unframed = plain if cyrillic else without_rule_request(plain)
    # stemmed again only when a rule-request frame was taken out (most questions have none)
    topic = topic_stems(all_stems if unframed == plain else question_stems(unframed))
    if not cyrillic:
        topic = [s for s in topic if s not in TABLE_TALK]
    variants = expand(all_stems)
    if cyrillic:
        # Not "weighs as an unknown word": a rule name printed in one passage weighs as much
        # ("на карте написано Самонаводящееся" would lose the quality it quotes).
        unknown = weight(frozenset())
        printed = known or (lambda s: weight(frozenset({s})) != unknown)
        people = set() if headline else {s for s in named_people(read)
                  if s in variants and variants[s] <= {s} and not printed(s)}
        counting = counting_words(read)
        topic = [s for s in topic if s not in people and s not in counting]
    weights = {s: weight(variants[s]) * (SCENE_WEIGHT if cyrillic and s in SHIP_CLASSES else 1.0) for s in topic}
    translated = translate({s: variants[s] for s in weights})
    asked = asked_in(plain, frozenset(weights)) if cyrillic else frozenset()
    if asked:
        weights = scene_weighted(weights, asked)
    return Query(question, plain, cyrillic, editions, games, tuple(all_stems), tuple(topic), other_game,
                 is_numeric_question(read), is_distance_question(read), is_limit_question(read), variants, weights,
                 translated, asked=asked, off_rules=off_rules, absent=absent, headline=headline)


class PhraseScans(NamedTuple):
    """The manifest's phrase patterns as the parse scans them, each guarded by the literals its matches
    hold (index.literal_guard: most questions hold none of them); made once per CorpusNames."""

    names: CorpusNames
    any_phrase: Guarded | None  # every route's and game phrase's pattern as one (`_any_phrase`)
    other_game: Guarded | None  # the games the corpus does not hold (`_other_game`)
    games_in_passing: Guarded | None
    games_in_passing_ru: Guarded | None


_SCANS: dict[int, PhraseScans] = {}  # id(names) -> its scans


def _scans(names: CorpusNames) -> PhraseScans:
    """Made once per CorpusNames (the manifest's are read once per version of the file)."""
    found = _SCANS.get(id(names))
    if found is None or found.names is not names:
        phrases = [route.pattern for route in names.routes] + [pattern for _, pattern in names.game_phrases]
        others = (any_of([names.other_games]) or names.other_games) if names.other_games is not None else None
        found = _SCANS[id(names)] = PhraseScans(names, _guarded(any_of(phrases)), _guarded(others),
                                                _guarded(names.games_in_passing), _guarded(names.games_in_passing_ru))
    return found


def _guarded(pattern: re.Pattern[str] | None) -> Guarded | None:
    return Guarded(pattern) if pattern is not None else None


def _any_phrase(names: CorpusNames) -> Guarded | None:
    """Every route's and game phrase's pattern as one, which matches a text iff one of them does
    (index.phrase_scan); None when their flags differ (then each is tried)."""
    return _scans(names).any_phrase


def _other_game(names: CorpusNames, text: str) -> re.Match[str] | None:
    """Where the text names a game the corpus does not hold (the manifest's other_games), in one scan."""
    scan = _scans(names).other_game
    return scan.search(text) if scan is not None else None


def without_games_in_passing(text: str, nicknames: re.Pattern[str] | Guarded) -> str:
    """The text without the other games a Russian player names in passing ("в вахе я кидаю сейв", "пришёл
    из бфг"; corpus/manifest.toml [other_games] in_passing_ru): the game's name is no topic of these rules,
    and unknown to the index it would weigh most (index.search.Searcher._weight). English names are cut only
    where an edition is named (parse_query): "in Armada by Warlord, how does a ship flank speed?" asks about
    that game."""
    return nicknames.sub(" ", text) if nicknames.search(text) else text


def named_people(text: str) -> frozenset[str]:
    """Stems of the capitalised Cyrillic words inside a sentence ("играли с Васей", "против Антона"):
    the people of a story. parse_query drops those the documents and players' words do not know, as
    a name unknown to the index would otherwise weigh most (index.search.Searcher._weight)."""
    unquoted = _QUOTED.sub(" ", text)  # «Резня», "Таран": a quoted word names a rule, not a person
    inside = [word for sentence in _SENTENCE_END.split(unquoted.strip())
              for word in _CYRILLIC_WORD.findall(sentence)[1:]]  # a sentence's first word is capitalised anyway
    return frozenset(stem(normalise(word)) for word in inside if word[:1].isupper() and word[1:].islower())


def asking_parts(plain: str) -> list[str]:
    """The sentences of a Russian story that ask (see _ASKS_ANYWHERE); empty for a one-sentence
    question, or when no sentence asks (then all of it is what is asked)."""
    sentences = [part.strip() for part in _SENTENCE_END.split(plain.strip()) if part.strip()]
    if len(sentences) < 2:
        return []
    last = len(sentences) - 1
    asking = [sentence for place, sentence in enumerate(sentences)
              if sentence.endswith("?") or _ASKS_ANYWHERE.search(sentence)
              or (place == last and not sentence.endswith((".", "!", "…")))]
    return asking if len(asking) < len(sentences) else []


def points_back(sentence: str) -> bool:
    """The asking sentence refers to its scene: a pronoun (POINTS_BACK) comes before any clause opener
    (CLAUSE_OPENERS), so what it asks about is named only by the scene."""
    for word in words(sentence):
        if word in CLAUSE_OPENERS:
            return False
        if word in POINTS_BACK:
            return True
    return False


def asked_in(plain: str, topic: frozenset[str]) -> frozenset[str]:
    """The topic stems of the sentences a story told over several asks in (asking_parts), when
    they do not point back at the scene; empty otherwise (then the whole question is asked)."""
    asking = asking_parts(plain)
    if not asking or any(points_back(sentence) for sentence in asking):
        return frozenset()
    asked = frozenset(s for sentence in asking for s in question_stems(sentence)) & topic
    if len([s for s in asked if not s.isdigit()]) < MIN_ASKED_WORDS:
        return frozenset()  # a fragment narrowing the question before it ("какая дистанция? в 4 дюйма?")
    return asked


def scene_weighted(weights: Mapping[str, float], asked: frozenset[str]) -> dict[str, float]:
    """The words only the scene uses keep SCENE_WEIGHT of their weight, so a rule word of the
    story ("мощное отражение" rolled) does not outweigh the one asked."""
    return {s: w if s in asked else w * SCENE_WEIGHT for s, w in weights.items()}
