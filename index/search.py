"""Answer a question: lexical (stemmed BM25 over FTS5) + dense (FAISS), fused, routed, filtered;
then whole rules (parts joined), the rule a question names first, a calibrated "not in the
rules" test, and a verbatim answer line per edition.

Measured on the dev set (see bench/retrieval.py): an English-only model must not vote on
Cyrillic questions, and an edition the question names is applied before the lists are cut.
"""
from __future__ import annotations

import functools
import itertools
import math
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import itemgetter
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA

from core.numbers import tidy
from core.params import coerce, spec_named
from core.settings import DEFAULT_MODEL, Settings
from index.aboutness import (
    RuleWords,
    earliness,
    opening_share,
    read_rule,
    repeated_share,
)
from index.answer import STATED_WORDS, Quote, best_quote, disagreement_note, rule_text, segments
from index.answer_cache import AnswerCache, AnswerKey
from index.answer_features import run_in_label
from index.bm25 import Bm25
from index.card_passages import card_rules, names_card
from index.compare import edition_answer, lacks_rule, rule_names
from index.errors import QueryError
from index.freshness import fresh_build
from index.general_words import general_word_pairs, read_capital_abbreviations
from index.glossary import RulesWording
from index.manifest import (
    DocumentInfo,
    corpus_names,
    load_manifest,
    resolve_edition,
    resolve_game,
    resolve_language,
)
from index.names import NameReader
from index.params import ASK_PARAMS
from index.pointers import pointed_by_rule, pointers
from index.query import Query, parse_query
from index.relevance import (
    QUESTION_STEMS,
    Evidence,
    absent_shape,
    asked_for_rule,
    asks_off_rules,
    content_words,
    in_the_rules,
    kind_named_lower,
    load_model,
    names_absent_concept,
    opening_label,
    printed_word,
    read_names,
)
from index.rerank import DEPTH as RERANK_LEARNED_DEPTH
from index.rerank import Candidate, RerankModel, readable_first
from index.rerank import load_model as load_rerank_model
from index.routing import read_outside_edition_names
from index.ru_derivation import derived_apart, verb_of_agent_noun
from index.ru_forms import other_forms, slang_verb_roots
from index.ru_heading_forms import heading_forms, heading_index
from index.ru_typos import RussianSpelling
from index.rules import Rule, join_rules, rule_of_chunk
from index.senses import Senses
from index.sounded_names import SoundedNames
from index.store import DB_NAME, VECTORS_NAME, open_db
from index.structure_order import child_headings, own_text, parent_or_child_first, same_heading_first
from index.termspot import SpottedTerm, TermSpotter
from index.text import is_cyrillic, is_stopword, phrase_stems, printed_words, stems
from index.text import stem as stem_word
from index.text import words as words_of
from index.translate import Translator
from index.translit import (
    LoanwordMemo,
    one_alphabet,
    read_cyrillic_abbreviations,
    read_english_loanwords,
    read_latin_russian,
    read_wrong_layout,
)
from index.vocabulary import load_russian_spelling, load_vocabulary

RRF_K = 60
# a name an English rule prints as a line of capitals over its paragraph ("RAIDING PARTIES" in Escort)
_CAPITALS_LINE = re.compile(r"^([A-Z][A-Z' -]{2,40})$", re.MULTILINE)
CANDIDATES = 100
MODES = ("hybrid", "lexical", "dense")
TYPO_MIN_CHARS = 8  # stems this long also match spellings up to two edits away, even when known
NEAR_MIN_CHARS = 5  # shorter stems match no other spelling


def typo_edits(length: int) -> int:
    """How many edits away a stem of this length reaches another spelling (`Searcher._near_spellings`):
    none under NEAR_MIN_CHARS letters, one under TYPO_MIN_CHARS, two from there."""
    return 0 if length < NEAR_MIN_CHARS else 1 if length < TYPO_MIN_CHARS else 2
TITLE_WEIGHT = 3.0  # a word in a rule's own heading is stronger evidence than one in its body
ANSWERED, NOT_FOUND = "answered", "not_found"
MIN_NAME_SHARE = 0.15  # a term carrying less of the question's weight does not name its rule
RERANK_DEPTH = 10  # leading rules re-scored with whole-rule coverage
RERANK_COVERAGE = 0.4  # weight of coverage (0..1) against the fused score (leader = 1)
HEADING_FORMS_COVERAGE = True  # ... and the rule whose heading holds it uses that word (its coverage)
HEADING_FORMS = True  # a Russian question's word read as a heading word of its root (index.ru_heading_forms)
SAME_LANGUAGE_BONUS = 0.1  # a passage the asker can read, other things equal
TERM_FIRST_WITHIN = 10  # a named term's rule jumps to first place from this deep, no deeper
TERM_FIRST_COVERAGE = 0.6  # ... if it covers the question nearly as well as the best there does
EXPANSIONS_NAME_RULES = True  # a synonym that expands to a term's name names its rule
EXPANSIONS_NAME_SEVERAL = True  # ... and one that expands to several terms' names names each of them
RULES_WORDS_FOR_MODEL = True  # the model reads a glossary word's rule words beside it
SENSES = True  # a player word's mapping holds only in its declared context (glossary [[sense]], index.senses)
SENSES_ABSENT = True  # ... and asked outside it, it names a concept the home game lacks (as [[absent]] ones)
HEADINGS_NAME_RULES = True  # a leading rule whose heading holds a named term is named too
DENSE_WITHOUT_EDITION = True  # the model reads a routed question without its edition names
RELEVANCE_DEPTH = 3  # leading rules the relevance test looks at
ANSWER_COVERAGE = 0.4  # another edition's rule gets its own answer line from this coverage
SUGGESTIONS = 5
LIMIT_SENTENCES = True  # a question about a limit prefers the sentence stating one (index.answer)
NEAR_CACHE = 50_000  # stems whose near spellings are remembered
GAME_WORD_PASSAGES = 2  # a word one game's rules use this often, and no other game's, is that game's
COVERAGE_TRANSLATED = True  # an English question's coverage of a Russian rule counts the term map's Russian names
READ_ENGLISH_NAMES = True  # a Russian question reads English passages through the term map too
EVIDENCE_TRANSLATED = True  # the relevance test reads a rule in the other language through the term map too
STAY_IN_GAME = True  # a question using one game's own words and naming no game is searched in that game
SENTENCE_MODEL = False  # model-scored answer sentences: measured no gain on the dev set (0.63 both), costs encodes
TITLE_DISCOUNT = 0.3  # weight kept by a question word that is in the quoted rule's title
RUSSIAN_FORMS = True  # a Russian verb's noun and a numeral's digits count as the question's word (index.ru_forms)
RUSSIAN_TYPOS = True  # a Russian word no one knows is read as the book's word it sounds like (index.ru_typos)
SOUNDED_NAMES = True  # an English rule name typed in Cyrillic by ear is read as the name (index.sounded_names)
TRANSLATE_RUSSIAN = True  # a Russian question also searches with its terms' English names (index.translate)
TRANSLATE_ENGLISH = True  # ... and an English question searched in the Russian book, its Russian names
MAX_NAME_WORDS = 4  # longest term name checked as printed in an edition
TRANSLATED_DENSE_WEIGHT = 1.0  # the model's vote on a translated Russian question, English passages only
# An English rule's line reads a Russian question with the game's general words in English too ("провалил",
# "чётная", "каждый": index.general_words); the ranking does not (measured: "в конце" as End, "несколько" as
# multiple put the Disorder rule first)
GENERAL_WORDS = True
CAPITAL_ABBREVIATIONS = True  # "сколько ПО": победные очки (index.general_words)
PER_EDITION_COMPARISON = True  # a comparison's other editions answer from their own ranking (index.compare)
ENGLISH_FALLBACK = True  # an unrouted Russian question the Russian book cannot answer is asked in the English documents
LATIN_NAME_ROUTES = True  # a Russian question naming in Latin a rule one English edition alone defines is about it
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*)*")
LATIN_NAME_MIN_CHARS = 4  # "F/P/S" on a card names an arc, not a rule


@dataclass(frozen=True)
class QuestionEvidence:
    """The relevance evidence that is the question's own, the same for every rule it is tested on."""

    unknown: float  # share of the question's weight in words the corpus never uses
    words: int  # distinct content words (index.relevance.content_words)
    unknown_name: float  # 1.0: it presents a name no rule name, heading or text prints
    dense_stats: tuple[float, float] | None  # (std, mean) of its cosines with every passage
    off_rules: float = 0.0  # index.relevance.asks_off_rules
    absent: float = 0.0  # index.relevance.names_absent_concept
    unknown_marked: float = 0.0  # 1.0: a name it sets in quotes or in the book's capitals is printed nowhere


@dataclass
class Hit:
    """One rule, whole: `text` joins its "part n/m" chunks; `chunk_id` is the part that matched."""

    rank: int
    score: float
    chunk_id: str
    document: str
    document_title: str
    game: str
    edition: str
    edition_label: str
    language: str
    section: str
    text: str
    parts: int = 1
    matched_part: int = 1
    highlight: dict[str, int] | None = None  # where the answer quote sits inside `text`
    terms_en: list[dict[str, str]] = field(default_factory=list)


@dataclass
class Answer:
    """A verbatim quote (<= 300 chars) from one result, with its citation."""

    quote: str
    chunk_id: str
    document: str
    document_title: str
    edition: str
    edition_label: str
    section: str
    rank: int  # the result it quotes


@dataclass
class AskResult:
    question: str
    results: list[Hit] = field(default_factory=list)
    routed_editions: list[str] = field(default_factory=list)
    editions_disagree: str | None = None
    status: str = "answered"  # "answered" | "not_found"
    answers: list[Answer] = field(default_factory=list)  # the first is `answer`
    suggestions: list[str] = field(default_factory=list)  # closest rule names when not_found
    read_as: str | None = None  # the rule name the question was read as, when only its name matched

    def copy(self) -> AskResult:
        """A copy that shares nothing a caller may change (its lists, results, lines and their dicts)."""
        copied = _shallow(self)
        copied.results = [_shallow(h) for h in self.results]
        for hit in copied.results:
            hit.highlight = None if hit.highlight is None else dict(hit.highlight)
            hit.terms_en = [dict(names) for names in hit.terms_en]
        copied.answers = [_shallow(a) for a in self.answers]
        copied.routed_editions, copied.suggestions = list(self.routed_editions), list(self.suggestions)
        return copied

    def to_json(self) -> dict[str, Any]:
        """The `ask --json` dict, its numbers as every front end shows them (core.numbers.tidy): the one
        float, each result's score, is rounded here, so the service need not walk the whole answer."""
        return {
            "question": self.question,
            "status": self.status,
            "answer": _plain(self.answers[0]) if self.answers else None,
            "answers": [_plain(a) for a in self.answers],
            "suggestions": list(self.suggestions),
            "read_as": self.read_as,
            "editions_disagree": self.editions_disagree,
            "routed_editions": list(self.routed_editions),
            "results": [_plain_hit(h) for h in self.results],
        }


_Item = TypeVar("_Item", Hit, Answer, AskResult)


def _shallow(item: _Item) -> _Item:
    """A new object with the same attributes (`copy.copy` of a plain dataclass, without its generic protocol)."""
    copied = object.__new__(type(item))
    copied.__dict__.update(vars(item))
    return copied


def _plain(item: Hit | Answer) -> dict[str, Any]:
    """`dataclasses.asdict(item)`, without its generic deep copy (a tenth of an ask's CPU, issue 18):
    the same keys in the same order; the dicts and lists inside are copied, strings and numbers shared."""
    values = vars(item)
    return {name: _copied(value) if isinstance(value := values[name], (dict, list)) else value
            for name in _FIELDS[type(item)]}


def _plain_hit(hit: Hit) -> dict[str, Any]:
    """`_plain(hit)` with its score tidied (the only float in an answer)."""
    plain = _plain(hit)
    plain["score"] = tidy(plain["score"])
    return plain


def _copied(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copied(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_copied(inner) for inner in value]
    return value


_FIELDS: dict[type, tuple[str, ...]] = {kind: tuple(f.name for f in fields(kind)) for kind in (Hit, Answer)}


def validate_question(question: object) -> str:
    """The question with its spaces folded, held to the one spec every front end uses."""
    text: str = coerce(spec_named(ASK_PARAMS, "question"), question, strict=True)
    return " ".join(text.split())


def validate_k(k: object) -> int:
    value: int = coerce(spec_named(ASK_PARAMS, "k"), k, strict=True)
    return value


class Searcher:
    """Loads the index and the model once; `ask` is safe to call from several threads."""

    def __init__(self, settings: Settings, build: Path | None = None) -> None:
        """Open `build` (default: the live build, which must be fresh). Never builds: deciding
        when to spend a minute building is the caller's job (`bot.service.Admiralty`)."""
        import faiss

        from index.embed import Embedder

        self.settings = settings
        build = build or fresh_build(settings)
        self.docs: dict[str, DocumentInfo] = {d.id: d for d in load_manifest(settings.corpus_dir)}
        self.names = corpus_names(settings.corpus_dir)
        # The corpus's own game (most documents): other games are searched too, but a question that
        # names none is first of all about this one.
        games = [d.game for d in self.docs.values()]
        self._home_game = max(dict.fromkeys(games), key=games.count) if games else ""
        self._relevance_model = load_model()
        self._rerank_model: RerankModel | None = load_rerank_model()
        self._db = open_db(build / DB_NAME, readonly=True)
        self._lock = threading.Lock()
        self._asking = threading.local()  # per thread: the question it is asking and what is known of it
        self.answers: AnswerCache[AskResult] = AnswerCache(AskResult.copy)  # index.answer_cache
        rows = list(self._db.query(
            "select row, chunk_id, document, game, edition, language, section, text from chunks order by row"))
        self.rows = rows
        self._game = np.array([r["game"] for r in rows])
        self._edition = np.array([r["edition"] for r in rows])
        self._language = np.array([r["language"] for r in rows])
        self._readable = self._language != "ru"  # rows the English-only model can read
        self._columns = {"game": self._game, "edition": self._edition, "language": self._language}
        self._masks: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}  # `_rows_with`
        self._lexical_postings: Bm25 | None = None  # `_bm25`
        self._russian_rows = [bool(russian) for russian in ~self._readable]
        self._translated_eds: frozenset[str] | None = None
        self._latin_runs: dict[str, tuple[frozenset[str], frozenset[str]]] = {}  # `_latin_run_names`
        vectors = faiss.read_index(str(build / VECTORS_NAME))
        self._matrix = np.asarray(vectors.reconstruct_n(0, vectors.ntotal), dtype="float32")
        self._embedder = Embedder(settings)
        # the players' words and the term map: the one object `rule` (index.terms) reads too
        self.vocabulary = vocabulary = load_vocabulary(build)
        self._expansions = [(phrase_stems(k), v) for k, v in vocabulary.expansions.items()]
        # Russian player words -> English stems, read where the term map is (`_with_translations`).
        self._translations = [(phrase_stems(k), frozenset(s for w in v for s in stems(w)))
                              for k, v in vocabulary.translations.items()]
        # their places in that list by first word, so a question reads only those its words begin
        self._translations_by_first: dict[str, list[int]] = {}
        for place, (words, _) in enumerate(self._translations):
            if words:
                self._translations_by_first.setdefault(words[0], []).append(place)
        vocab = self._db.execute("select term, doc from lexical_vocab").fetchall()
        self._vocabulary = {term for term, _ in vocab}
        self._vocabulary_list = sorted(self._vocabulary)
        self._vocabulary_bands: dict[tuple[int, int], list[str]] = {}  # `_vocabulary_within`
        # Russian typed in Latin letters is recognised by the words we read: the corpus's and the
        # players' own Russian words for them ("dezorg": дезорг, index/data/synonyms.toml)
        self._reading_vocabulary = self._vocabulary | {
            key[0] for key, _ in self._expansions if len(key) == 1 and is_cyrillic(key[0])}
        self._idf = {term: math.log(1 + len(rows) / df) for term, df in vocab}
        self._unknown_idf = math.log(1 + len(rows))
        self.multilingual = settings.model != DEFAULT_MODEL and "multilingual" in settings.model.lower()
        self.build_dir: Path = build
        self.rules = join_rules(rows)
        # chunk id -> its rule's key (a section printed twice in a document is one rule: index.rules)
        self.rule_of_chunk = rule_of_chunk(self.rules)
        self._rule_of_row = [self.rule_of_chunk[r["chunk_id"]] for r in rows]
        self._row_of_chunk = {r["chunk_id"]: r["row"] for r in rows}
        self._first_row = {key: self._row_of_chunk[rule.chunk_ids[0]] for key, rule in self.rules.items()}
        self._rows_of_rule = {key: tuple(self._row_of_chunk[c] for c in rule.chunk_ids)
                              for key, rule in self.rules.items()}
        self._russian_rule = {key: self.rows[row]["language"] == "ru" for key, row in self._first_row.items()}
        # the rules each rule sends its reader on to ("See Impeded Movement …", "См. «Масса» …": index.pointers)
        self._pointed = pointed_by_rule({key: (rule.section, rule.text) for key, rule in self.rules.items()})
        # the quick reference's unit-card rules: searched only when a question names the card (index.card_passages)
        self._card_rules = card_rules({key: rule.section for key, rule in self.rules.items()})
        # Per row, a number shared by the rows whose rule prints the same text in the same
        # document (the quick reference repeats its reference pages): `_rank_rules` keeps one.
        twins: dict[tuple[str, str], int] = {}
        self._twin_of_row = [twins.setdefault((r["document"], self.rules[key].text), len(twins))
                             for r, key in zip(rows, self._rule_of_row, strict=True)]
        self._rule_stems: dict[str, frozenset[str]] = {}
        self._child_headings = child_headings(self.rules)  # rule key -> its child sections' own headings
        self._own_stems: dict[str, frozenset[str]] = {}  # rule key -> stems of its own text (`_structure_first`)
        self._headings: dict[str, list[str]] = {}
        self._heading_index: dict[str, tuple[str, ...]] | None = None  # stem -> rules (`_rules_headed_by`)
        self._heading_sets: dict[str, frozenset[str]] = {}
        self._heading_roots: dict[str, frozenset[str]] | None = None  # root -> Russian heading stems
        self._path_sets: dict[str, frozenset[str]] = {}  # rule key -> stems of its whole section path
        self._named_titles: dict[str, frozenset[str]] = {}  # rule key -> its title's and names' stems
        self._rule_numbers: dict[str, frozenset[str]] = {}  # rule key -> the numbers its text prints
        self._rule_distances: dict[str, bool] = {}  # rule key -> whether its text prints a distance
        self._rule_words: dict[str, RuleWords] = {}  # rule key -> its words as index.aboutness reads them
        self._titles: dict[str, frozenset[str]] = {}  # section -> its title's English stems
        self._word_game: dict[str, str | None] = {}  # stem -> the one game whose documents use it
        # The unit cards' names and types ("frigate"): their game's words, though no passage holds them.
        self._unit_words = {str(s): str(g) for s, g in self._db.execute("select stem, game from unit_words")}
        # players' words the glossary scopes to another game's thing ("tank" -> Dust Warfare's vehicle);
        # "" = the home game (its own glossary entries and slang: "plane" is also its aircraft)
        self._scoped_words = {stem: frozenset(game or self._home_game for game in games)
                              for stem, games in vocabulary.scoped.items()}
        self._enrichment = {r["chunk_id"]: r["enrichment"] or "" for r in
                            self._db.query("select chunk_id, enrichment from chunks")}
        self._terms_en: dict[str, list[dict[str, str]]] = {}
        self._segments: dict[str, np.ndarray] = {}  # rule key -> its sentence vectors
        self._near: dict[str, list[str]] = {}  # stem -> the book's spellings of it (bounded)
        self._printed_names: dict[tuple[str, ...], dict[str, bool]] = {}  # editions -> name -> printed (`_printer`)
        self._single_words: dict[tuple[str, ...], frozenset[str]] = {}  # editions -> one-word phrases (<= 2^editions)
        self._ru_spelling: RussianSpelling | None = None  # built on first use (`_russian_spelling`)
        terms = list(self._db.query("select term, chunk_id from terms"))
        self._terms_table = terms
        self._sounded_names: SoundedNames | None = None  # built on first use (`_sounded`)
        self._loanwords = LoanwordMemo()  # each unknown word's loanword reading (index.word_memo)
        pairs = list(vocabulary.term_pairs)
        self._spotter = TermSpotter(terms, pairs)
        self._to_english = Translator([*pairs, *vocabulary.translation_pairs()], source="ru")
        # ... and with the game's general words, for the answer line of an English rule (`_line_query`)
        self._to_english_line = Translator([*pairs, *vocabulary.translation_pairs(), *general_word_pairs()],
                                           source="ru") if GENERAL_WORDS else self._to_english
        self._book_pair_names = frozenset(tuple(stems(english)) for english, _ in pairs)  # names the book pairs
        # ... those of two words, in lower case as printed: "фул реверс" is read as "full reverse" (index.translit)
        self._two_word_names = frozenset((words[0], words[1]) for english, _ in pairs
                                         if len(words := english.lower().split()) == 2)
        self._to_russian = Translator([*pairs, *vocabulary.translation_pairs()], source="en")
        self._phrases: dict[str, frozenset[tuple[str, ...]]] = {}  # edition -> the stem runs it prints
        names: dict[str, list[str]] = {}
        for t in terms:
            names.setdefault(self.rule_of_chunk[t["chunk_id"]], []).append(t["term"])
        self._rule_names = names
        self._name_reader = NameReader(((t["term"], self.rule_of_chunk[t["chunk_id"]]) for t in terms), _no_topic,
                                       lambda word: stem_word(word) in self._vocabulary)
        # Every run of words in a rule name or heading, or in the English name the term map gives a
        # Russian rule ("Hold at All Costs" for Удержать любой ценой): a name the question spells in
        # capitals that is none of them is a rule these documents do not have ("Tesla Overload").
        self._name_runs: set[tuple[str, ...]] = set()
        self._whole_names: set[tuple[str, ...]] = set()  # each rule name and heading whole (marked_name_unprinted)
        for text in [t["term"] for t in terms] + [rule.section for rule in self.rules.values()] + \
                [english for english, _ in pairs]:
            for part in text.split(" › "):
                words_ = stems(part, keep_stopwords=True)
                self._whole_names.add(tuple(words_))
                self._name_runs.update(tuple(words_[i:j]) for i in range(len(words_))
                                       for j in range(i + 1, min(len(words_), i + 4) + 1))
        # Per player word, computed once rather than per question: its expansion's stems
        # (for `_expand`) and the one term it stands for, if any (for `_named_rules`).
        self._expansion_stems = [{s for w in words for s in stems(w)} for _, words in self._expansions]
        self._expansion_terms = [self._terms_of_expansion(words) for _, words in self._expansions]
        self._expansion_term = [exact[0] if len(exact) == 1 and spotted == 1 else None
                                for exact, spotted in self._expansion_terms]
        self._expansions_by_first: dict[str, list[tuple[list[str], set[str]]]] = {}  # for `_expand`
        for (player_word, _), extra in zip(self._expansions, self._expansion_stems, strict=True):
            if player_word:
                self._expansions_by_first.setdefault(player_word[0], []).append((player_word, extra))
        # ... and those standing for one term, by their first stem, in declaration order.
        self._expansion_terms_by_first: dict[str, list[tuple[list[str], SpottedTerm]]] = {}
        for (player_word, _), term in zip(self._expansions, self._expansion_term, strict=True):
            if term is not None and player_word:
                self._expansion_terms_by_first.setdefault(player_word[0], []).append((player_word, term))
        # ... and, for ranking only, those standing for several ("half speed": Limping, Full Reverse).
        self._expansion_several_by_first: dict[str, list[tuple[list[str], SpottedTerm]]] = {}
        for (player_word, _), term, (several, _) in zip(self._expansions, self._expansion_term,
                                                        self._expansion_terms, strict=True):
            if term is None and player_word:
                for named_term in several:
                    self._expansion_several_by_first.setdefault(player_word[0], []).append((player_word, named_term))
        self._runs: frozenset[str] | None = None  # runs of up to four words the documents print
        # the glossary's rule words, for the sentence model
        self._absent_first = absent_shape(vocabulary.absent)[1]  # for `parse`: the words they begin with
        self._rules_wording = RulesWording({k: list(v) for k, v in vocabulary.glossary_expansions.items()})
        self._senses = Senses(vocabulary.senses)  # where a player word's mapping holds (index.senses)
        self._edition_game = {r["edition"]: r["game"] for r in rows}  # `_out_of_context_asked`
        self._sense_runs: dict[frozenset[tuple[str, ...]], frozenset[tuple[str, ...]]] = {}  # (the same)

    def _terms_of_expansion(self, words: Sequence[str]) -> tuple[list[SpottedTerm], int]:
        """Every term a player word's expansion names exactly ("half speed": Limping, Full Reverse), and how
        many terms its words hold in all: the expansion names one term only when both are one."""
        terms = {term.stems: term for w in words for term in self._spotter.spot(stems(w))}
        return [t for t in terms.values() if any(t.stems == tuple(stems(w)) for w in words)], len(terms)

    def warm(self) -> None:
        """Do now what the first questions would otherwise pay for: the encoder session,
        every rule's stems, heading, names and sentences, the English names of the Russian rules."""
        self._embedder.query("warm up")
        self.parse("warm up")  # the manifest's phrase scans and the guards' literals (index.literal_guard) read
        for key, rule in self.rules.items():
            self._stems_of_rule(key)
            self._path_words(key)
            self._named_title(key)
            self._words_of_rule(key)
            rule_text(rule.text)
        self._read_printed()
        for stem in self._vocabulary_list:  # which game's own word each is (an FTS query per word)
            self._game_of_word(stem)
        for key, rule in self.rules.items():
            if any(self.rows[self._row_of_chunk[c]]["language"] == "ru" for c in rule.chunk_ids):
                self._english_names(key)
        for edition in sorted(set(self._edition)):
            self._phrases_of(edition)
        self._rules_headed_by("")  # the heading index
        self._heading_spellings_index()
        self._bm25()  # the lexical postings (~50 ms)
        if RUSSIAN_TYPOS:
            self._russian_spelling()  # ~70 ms: not on the first question a worker serves
            if SOUNDED_NAMES:
                self._sounded()

    # -- candidate lists -------------------------------------------------
    def _lexical(self, terms: list[str], allowed: np.ndarray, weights: dict[str, float] | None = None) -> list[int]:
        """`weights`: Query.lexical_weights (a Russian story's scene words weigh less in the ranking too)."""
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in dict.fromkeys(terms))
        # The last ranking this thread read, kept: a comparison searches each named edition with the same terms.
        memo = self._asking.__dict__
        if memo.get("lexical_match") == match and memo.get("lexical_weights") == weights:
            ranked: list[int] = memo["lexical_ranked"]
        else:
            distinct = list(dict.fromkeys(terms))
            if Bm25.reads(distinct):  # FTS5's ranking, computed from the postings read once (index.bm25)
                ranked = self._bm25().ranked(distinct, CANDIDATES * 4, weights)
            else:  # a term FTS5's tokenizer would split or fold: SQLite ranks it, unweighted
                with self._lock:
                    ranked = [r[0] for r in self._db.execute(
                        "select rowid from lexical where lexical match ? order by bm25(lexical, ?, 1.0) limit ?",
                        [match, TITLE_WEIGHT, CANDIDATES * 4],
                    ).fetchall()]
            memo["lexical_match"], memo["lexical_weights"], memo["lexical_ranked"] = match, weights, ranked
        return [r for r in ranked if allowed[r]][:CANDIDATES]

    def _bm25(self) -> Bm25:
        """The lexical table's postings (index.bm25), read on first use (`warm` reads them)."""
        if self._lexical_postings is None:
            with self._lock:
                if self._lexical_postings is None:
                    self._db.execute("create virtual table if not exists temp.lexical_instances "
                                     "using fts5vocab(main, lexical, instance)")
                    count = int(self._db.execute("select count(*) from lexical").fetchone()[0])
                    instances = self._db.execute("select term, doc, col from temp.lexical_instances")
                    self._lexical_postings = Bm25(instances, count, {"title": TITLE_WEIGHT, "body": 1.0})
        return self._lexical_postings

    def _dense_scores(self, question: str) -> tuple[np.ndarray, np.ndarray]:
        """The question's vector and its cosine with every passage (vectors are L2-normalised); the last
        text's kept per thread, as `_lexical` keeps its ranking."""
        memo = self._asking.__dict__
        if memo.get("dense_text") == question:
            found: tuple[np.ndarray, np.ndarray] = memo["dense"]
            return found
        vector = self._embedder.query(question)
        scores = np.asarray(self._matrix @ vector, dtype="float32")
        scores.setflags(write=False)  # shared with the next search of the same text
        memo["dense_text"], memo["dense"] = question, (vector, scores)
        return vector, scores

    def _segment_vectors(self, key: str) -> np.ndarray:
        """Vectors of a rule's sentences (index.answer.segments), encoded once per rule."""
        found = self._segments.get(key)
        if found is None:
            text = self.rules[key].text
            found = self._embedder.passages([text[s:e] for s, e in segments(text)])
            self._segments[key] = found
        return found

    def _dense(self, scores: np.ndarray, allowed: np.ndarray) -> list[int]:
        ranked = np.argsort(-scores, kind="stable")
        found: list[int] = ranked[allowed[ranked]][:CANDIDATES].tolist()  # Python ints
        return found

    def _expand(self, base: list[str]) -> dict[str, frozenset[str]]:
        """Each question stem -> the stems that count as it: itself, rule words for player
        words (one way, matched on stems so every inflection counts), and spellings the
        books use one edit away (two for stems of 8+ letters; swapped letters are one edit):
        "peircing", "Деорганизации"."""
        variants: dict[str, set[str]] = {s: {s} for s in base}
        # each player phrase where the question prints it; a phrase inside a longer one the question
        # also prints is read as part of it ("board size" is the play area, not a boarding), unless it
        # only spells its word otherwise ("armour save": "armour" is still "armor")
        found = [(i, i + len(key), key, extra) for first in dict.fromkeys(base)
                 for key, extra in self._expansions_by_first.get(first, ())
                 for i in _runs_at(base, key)]
        for start, end, key, extra in found:
            if any(s <= start and end <= e and e - s > end - start for s, e, _, _ in found) and \
                    not _spellings(key, extra):
                continue
            if SENSES and not self._senses.holds(key, base):  # outside its context it reads as nothing (index.senses)
                continue
            for k in key:
                if k in variants:
                    variants[k] |= extra
        for stem in base:
            doer = None if stem in self._vocabulary else verb_of_agent_noun(stem, stem_word, printed_words)
            if doer is not None:  # "boarders": board, the boarding's doer (no "border")
                variants[stem].add(doer)
            elif len(stem) >= TYPO_MIN_CHARS or stem not in self._vocabulary:
                # not a printed word's other derivation ("защитник" no typo of "защитный", "suppress" of "unsuppress")
                variants[stem] |= {near for near in self._near_spellings(stem)
                                   if stem not in self._vocabulary or not derived_apart(stem, near)}
            if RUSSIAN_FORMS:  # "штурмова": штурм, "четырех": 4 (index.ru_forms)
                variants[stem] |= other_forms(stem, self._vocabulary)
                if stem not in self._vocabulary and stem not in self._expansions_by_first:
                    variants[stem] |= self._slang_root_words(stem)  # "чекнуть": чек, a Проверка
        return {s: frozenset(v) for s, v in variants.items()}

    def _slang_root_words(self, verb_stem: str) -> set[str]:
        """The rule words of the players' one-word noun a verb is made of (index.ru_forms.slang_verb_roots)."""
        for root in slang_verb_roots(verb_stem):
            for key, extra in self._expansions_by_first.get(root, ()):
                if key == [root]:
                    return {root, *extra}
        return set()

    def parse(self, question: str) -> Query:
        """The question parsed once, with this index's spellings and weights."""
        typed = one_alphabet(question)  # "rаm" with a Cyrillic а is read as "ram"
        if CAPITAL_ABBREVIATIONS:  # "сколько ПО": победные очки, not the preposition
            typed = read_capital_abbreviations(typed) or typed
        # "срски": SRS; not a players' own word ("ВП", "хп": победные очки, корпус in the Russian book)
        typed = read_cyrillic_abbreviations(typed, self._reading_vocabulary, stem_word) or typed
        if RUSSIAN_TYPOS:  # "ралли": rally, "фул реверс": full reverse, unless Russian or a typo of it (index.translit)
            # not inside an edition's name: "по квик референсу" routes to the quick reference (index.routing)
            typed = read_outside_edition_names(
                typed, self.names.routes,
                lambda text: read_english_loanwords(text, self._vocabulary, lambda w: self._russian_spelling().knows(w),
                                                    stem_word, self._two_word_names, self._loanwords)) or typed
            if SOUNDED_NAMES and is_cyrillic(typed):  # "клауд дайв": Cloud Dive (index.sounded_names)
                typed = self._sounded().read(typed, self._unprinted, stem_word) or typed
        reading = read_latin_russian(typed, self._reading_vocabulary, stem_word)
        reading = reading or read_wrong_layout(typed, self._reading_vocabulary, stem_word)  # "crjkmrj": сколько
        if reading is not None:  # "srsok" read as срсок: SRS
            reading = read_cyrillic_abbreviations(reading, self._vocabulary, stem_word) or reading
        reading = reading or (typed if typed != question else None)
        if RUSSIAN_TYPOS:  # "овария", "полныйназад": read as the book spells them (index.ru_typos)
            reading = self._russian_spelling().read(reading or question) or reading
        # A question none of whose words begins an absent concept's name names none (most do not).
        typed_words = words_of(question.replace("/", " or "))
        absent = not self._absent_first.isdisjoint(typed_words) and \
            names_absent_concept(question, self.vocabulary.absent, typed_words)
        query = parse_query(question, self.names, self._expand, self._weight, self._with_translations, reading,
                            off_rules=asks_off_rules(question), absent=absent, known=self._vocabulary.__contains__)
        if LATIN_NAME_ROUTES and query.cyrillic and not query.games:
            names, edition = self._latin_names(reading or question)
            if names:
                query = replace(query, latin_names=names,
                                editions=query.editions or ((edition,) if edition is not None else ()))
        if SENSES_ABSENT and not absent and self._out_of_context_asked(query, typed_words):
            query = replace(query, absent=True)
        return query

    def _latin_names(self, text: str) -> tuple[frozenset[str], str | None]:
        """The stems of the rule names a Russian question types in Latin letters that only the English
        documents define, each a rule's whole name ("Powered пушки стреляют ...?", "у крейсера в профиле
        Terrifying"), as a player copies a name from a 4th-edition card; and the one edition that defines
        them, when there is one: the question is then about that edition as if it said "в 4ке". A name the
        Russian book pairs or prints too (Disorder, SRS, "(Indirect)") is the player's habit, not a pointer
        to the English documents."""
        named: set[str] = set()
        editions: set[str] = set()
        for run in _LATIN_RUN.findall(text):
            if len(run) >= LATIN_NAME_MIN_CHARS:
                run_named, run_editions = self._latin_run_names(run)
                named |= run_named
                editions |= run_editions
        return frozenset(named), (next(iter(editions)) if len(editions) == 1 else None)

    def _latin_run_names(self, run: str) -> tuple[frozenset[str], frozenset[str]]:
        """`_latin_names` of one run of Latin words: the stems it names a rule by and the editions
        defining that rule. It depends on the index alone: read once per run (bounded, as `_near`)."""
        found = self._latin_runs.get(run)
        if found is not None:
            return found
        named: set[str] = set()
        editions: set[str] = set()
        run_stems = tuple(stems(run))
        if run_stems and run_stems not in self._book_pair_names:
            translated = self._translated_editions()
            for term in self._spotter.spot(list(run_stems), None):
                rows = [self._row_of_chunk[chunk] for chunk in sorted(term.chunk_ids)]
                # a name within a longer run of English words is not the run's name
                if term.stems == run_stems and not any(self._russian_rows[row] for row in rows):
                    defining = {str(self._columns["edition"][row]) for row in rows}
                    if defining.isdisjoint(translated):
                        named.update(run_stems)
                        editions.update(defining)
        found = (frozenset(named), frozenset(editions))
        if len(self._latin_runs) < NEAR_CACHE:
            self._latin_runs[run] = found
        return found

    def _translated_editions(self) -> frozenset[str]:
        """Editions a Russian document also covers: named together with one in a manifest route ("3rd
        edition": the quick reference and the Russian 3.03 book). A name only the quick reference prints is
        still a 3rd-edition rule the Russian book gives in its own words (read once)."""
        if self._translated_eds is None:
            russian = {doc.edition for doc in self.docs.values() if doc.language == "ru"}
            self._translated_eds = frozenset(edition for route in self.names.routes if not route.compares
                                             and not route.editions.isdisjoint(russian) for edition in route.editions)
        return self._translated_eds

    def _out_of_context_asked(self, query: Query, typed_words: Sequence[str]) -> bool:
        """Whether the question asks about a two-sense player word outside the context its mapping holds in
        (index.senses: "overwatch" at a ramming ship): the home game lacks that sense, as it lacks an absent
        concept; read as names_absent_concept reads those ("like overwatch" likens, it does not ask). A
        question routed to another game of the corpus asks about that game's own sense ("Dust: overwatch")."""
        unmapped = self._senses.out_of_context(query.stems)
        if not unmapped or any(self._edition_game.get(e, self._home_game) != self._home_game for e in query.editions) \
                or any(game != self._home_game for game in query.games):
            return False
        runs = {tuple(typed_words[i:i + n]) for key in unmapped for n in (len(key), len(key) + 1)
                for i in range(len(typed_words) - n + 1) if tuple(phrase_stems(" ".join(typed_words[i:i + n]))) == key}
        # one object per set of runs: names_absent_concept keeps a few sets' shapes by identity
        shared = self._sense_runs.setdefault(frozenset(runs), frozenset(runs))
        return bool(runs) and names_absent_concept(query.text, shared, typed_words)

    def _sounded(self) -> SoundedNames:
        """The English documents' rule names and headings by sound, built on the first Russian question."""
        if self._sounded_names is None:
            names = [t["term"] for t in self._terms_table if not self._russian_rule[self.rule_of_chunk[t["chunk_id"]]]]
            english = [rule for key, rule in self.rules.items() if not self._russian_rule[key]]
            names += [part for rule in english for part in rule.section.split(" › ")]
            names += [line for rule in english for line in _CAPITALS_LINE.findall(rule.text)]
            self._sounded_names = SoundedNames(names)
        return self._sounded_names

    def _unprinted(self, word: str) -> bool:
        """A word whose stem no document prints (a stopword is printed everywhere)."""
        return not (is_stopword(word) or stem_word(word) in self._vocabulary)

    def _russian_spelling(self) -> RussianSpelling:
        """Built on the first Russian question (the book's words and the players' own): start-up
        stays as it was."""
        if self._ru_spelling is None:
            known = self._reading_vocabulary | {words[0] for words, _ in self._translations if len(words) == 1}
            # the Russian book's words and the players' own, as the build keyed them
            self._ru_spelling = RussianSpelling((), known, stem_word, load_russian_spelling(self.build_dir))
        return self._ru_spelling

    def _phrases_of(self, edition: str) -> frozenset[tuple[str, ...]]:
        """Every run of up to MAX_NAME_WORDS stems an edition's passages hold (headings, text and
        the English names a Russian passage is searched by): the term names a translation may use
        there. Built once per edition."""
        found = self._phrases.get(edition)
        if found is None:
            runs: set[tuple[str, ...]] = set()
            for row, key in zip(self.rows, self._rule_of_row, strict=True):
                if row["edition"] == edition:
                    enrichment = self._enrichment.get(row["chunk_id"], "")
                    words = stems(f"{self.rules[key].section}\n{row['text']}\n{enrichment}")
                    runs.update(_word_runs(words, MAX_NAME_WORDS))
            found = frozenset(runs)
            self._phrases[edition] = found
        return found

    def _translated(self, query: Query, translator: Translator, allowed: np.ndarray) -> Query:
        """The question with its terms in the other language (index.translate): their stems stand
        in for the words they translate (the original spellings still count), and a Russian
        question's English names are the text the model reads."""
        latin = _LATIN_WORD.findall(query.plain) if query.cyrillic else []
        editions = tuple(sorted(set(self._edition[allowed])))
        rendering = translator.render(query.stems, query.variants, latin, self._printer(editions))
        # A translated run weighs what its Russian words weighed, shared among its English stems.
        weights: dict[str, float] = {}
        translated = {stem for _, english in rendering.runs for stem in english}
        for russian, english in rendering.runs:
            share = sum(query.weights.get(r, 0.0) for r in sorted(set(russian))) / len(english)
            for stem in english:
                if share:
                    weights[stem] = weights.get(stem, 0.0) + share
        # A word left untranslated that only other documents print ("этот", "после" in a question
        # about the glossary) is no evidence here; a word no document prints still is (of a topic
        # the rules do not have).
        printed = self._single_words_of(editions)
        for stem in rendering.stems:
            if stem in query.weights and stem not in translated and (
                    (spellings := rendering.variants[stem]) & printed or not spellings & self._vocabulary):
                weights[stem] = query.weights[stem]
        topic = tuple(s for s in rendering.stems if s in weights)
        # Rendered, the question is in the searched documents' language: its spellings are what reads them.
        return replace(query, stems=rendering.stems, topic=topic, variants=rendering.variants, weights=weights,
                       translated={s: rendering.variants[s] for s in weights},
                       english=rendering.text if query.cyrillic else query.english)

    def _printer(self, editions: tuple[str, ...]) -> Callable[[str], bool]:
        """Whether these editions print a term's name (a run of stems of theirs), each name read once per
        set of editions: both depend on the index alone, and a Russian question's answer line renders it
        again in its rule's edition (`_line_query`)."""
        printed = self._printed_names.get(editions)
        if printed is None:
            printed = self._printed_names.setdefault(editions, {})
        phrases = [self._phrases_of(e) for e in editions]

        def prints(name: str) -> bool:
            found = printed.get(name)
            if found is None:
                found = printed[name] = any(tuple(stems(name)) in p for p in phrases)
            return found
        return prints

    def _single_words_of(self, editions: tuple[str, ...]) -> frozenset[str]:
        """The one-word phrases these editions print, once per set of editions: gathered per call
        it cost a comparison naming the 3.03 book ~8 ms of its ~16 (issue 18)."""
        found = self._single_words.get(editions)
        if found is None:
            found = frozenset(run[0] for e in editions for run in self._phrases_of(e) if len(run) == 1)
            self._single_words[editions] = found
        return found

    def _near_spellings(self, stem: str) -> list[str]:
        limit = typo_edits(len(stem))
        if not limit:
            return []
        found = self._near.get(stem)
        if found is None:
            matches = process.extract(stem, self._vocabulary_within(len(stem), limit), scorer=OSA.distance,
                                      score_cutoff=limit, limit=3)
            found = [m[0] for m in matches if m[0] != stem]
            if len(self._near) < NEAR_CACHE:
                self._near[stem] = found
        return found

    def _vocabulary_within(self, length: int, edits: int) -> list[str]:
        """The vocabulary's words (in its order) whose length is within `edits` of `length`: the only
        ones `edits` edits can reach, as every edit adds or removes one letter at most. The near
        spellings are looked for among them (half the time of the whole vocabulary; the same
        matches in the same order). Made once per (length, edits)."""
        found = self._vocabulary_bands.get((length, edits))
        if found is None:
            found = [w for w in self._vocabulary_list if abs(len(w) - length) <= edits]
            self._vocabulary_bands[(length, edits)] = found
        return found

    def _weight(self, variants: frozenset[str]) -> float:
        """IDF of a question stem (of its best-known spelling); unknown words weigh most."""
        known = [self._idf[v] for v in variants if v in self._idf]
        return min(known) if known else self._unknown_idf

    def _stems_of_rule(self, key: str) -> frozenset[str]:
        found = self._rule_stems.get(key)
        if found is None:
            rule = self.rules[key]
            extra = " ".join(self._enrichment.get(c, "") for c in rule.chunk_ids)
            found = frozenset(stems(f"{rule.section}\n{rule.text}\n{extra}"))
            self._rule_stems[key] = found
        return found

    def _english_names(self, key: str) -> list[dict[str, str]]:
        found = self._terms_en.get(key)
        if found is None:
            found = self._spotter.english_names(self.rules[key].text)
            self._terms_en[key] = found
        return found

    # -- the public call -------------------------------------------------
    def ask(
        self, question: str, k: int = 5, game: str | None = None,
        edition: str | None = None, lang: str | None = None, mode: str = "hybrid",
    ) -> AskResult:
        """mode: "hybrid" (the product), or "lexical"/"dense" alone for measurement. The same question
        with the same options asked again is answered from `self.answers` (index.answer_cache)."""
        question = validate_question(question)
        k = validate_k(k)
        if mode not in MODES:
            raise QueryError(f"unknown search mode {mode!r}; choose one of: {', '.join(MODES)}", "mode")
        key: AnswerKey = (question, k, game, edition, lang, mode)
        cached = self.answers.get(key)
        if cached is not None:
            return cached
        result = self._answer(question, k, game, edition, lang, mode)
        self.answers.put(key, result)
        return result

    def _answer(self, question: str, k: int, game: str | None, edition: str | None, lang: str | None,
                mode: str) -> AskResult:
        """`ask` without the cache: the options resolved, the question parsed and searched."""
        if game or edition or lang:
            docs = list(self.docs.values())
            game, edition = resolve_game(game, docs), resolve_edition(edition, docs)
            lang = resolve_language(lang, docs)
        else:  # what the resolvers answer for nothing given, without reading the manifest's names
            game = edition = lang = None
        return self._search(question, self.parse(question), k, game, edition, lang, mode)

    def _search(self, question: str, query: Query, k: int, game: str | None, edition: str | None,
                lang: str | None, mode: str) -> AskResult:
        """`ask` once the question is parsed and the options resolved: a comparison's other editions and
        the English fallback search again with the same parsed question (parsing is a tenth of an ask)."""
        parsed = query
        allowed = np.ones(len(self.rows), dtype=bool)
        if game:
            allowed &= self._rows_with("game", (game,))
        if edition:
            allowed &= self._rows_with("edition", (edition,))
        if lang:
            allowed &= self._rows_with("language", (lang,))
        if query.games and not game:
            # "in Dystopian Wars": that game's documents, not another game's same word.
            narrowed = allowed & self._rows_with("game", query.games)
            if narrowed.any():
                allowed = narrowed
        routed = list(query.editions) if not edition else []
        if routed:
            narrowed = allowed & self._rows_with("edition", query.editions)
            if narrowed.any():
                allowed = narrowed
        if STAY_IN_GAME and not (game or edition or query.games or routed):
            # "frigate", "broadside": a question in the corpus's own game's words, naming no game and
            # using fewer of any other game's own words (by weight), is about that game; another game's
            # rule that shares its other words is not the answer. (Narrowing to the small games by their words was
            # measured: Dust Warfare's "drop" and "pick" took skirmish-table questions away.)
            if self._home_by_vocabulary(query):
                narrowed = allowed & self._rows_with("game", (self._home_game,))
                if narrowed.any():
                    allowed = narrowed
        if not allowed.any() or (query.other_game and mode == "hybrid"):
            return AskResult(question, [], routed, None, NOT_FOUND, suggestions=self._suggest([], query))

        cyrillic = query.cyrillic
        asked = query  # as the player wrote it: what the relevance test weighs for an English question
        english_rows = bool((allowed & self._readable).any())
        # Named ("в 4ке"), or searched where only English documents are (`--lang en`, the fallback below).
        named_edition = bool(routed or edition) or (english_rows and not (allowed & ~self._readable).any())
        if cyrillic and TRANSLATE_RUSSIAN and named_edition and english_rows:
            # Searched in English documents it names ("в 4ке", "квикреф", "3.03 vs 4е"): only
            # their English words can match there. (Unrouted, the Russian book answers a Russian
            # question: translating it then pulls English passages first, measured.)
            query = self._translated(query, self._to_english, allowed)
        elif not cyrillic and TRANSLATE_ENGLISH and not english_rows:
            # An English question searched in the Russian book alone ("3.03", "russian rulebook",
            # `--lang ru`): its terms in the book's words.
            query = self._translated(query, self._to_russian, allowed)
        # A Russian question the English-only model cannot read is encoded in its English terms.
        translated = cyrillic and bool(query.english) and not self.multilingual
        uses_dense = mode == "dense" or (mode == "hybrid" and (self.multilingual or not cyrillic or translated))
        # An edition the question names is applied as a filter; left in the text it only
        # pulls the model's vector away from the topic ("suppression in dust").
        dense_text = query.english if translated else (query.plain or question)
        rule_words = self._rules_wording.words_for(
            query.stems, self._vocabulary, self._senses.out_of_context(query.stems) if SENSES else frozenset()) \
            if RULES_WORDS_FOR_MODEL and not cyrillic else []
        if rule_words:
            dense_text = f"{dense_text} ({', '.join(rule_words)})"  # the player's words, then the rules'
        query_vector, dense_scores = self._dense_scores(dense_text) if uses_dense else (None, None)
        lexical = self._lexical(query.lexical_terms(), allowed, query.lexical_weights()) if mode != "dense" else []
        if mode == "lexical":
            fused = fuse([(lexical, 1.0)])
        elif mode == "dense":
            assert dense_scores is not None
            fused = fuse([(self._dense(dense_scores, allowed), 1.0)])
        elif dense_scores is None:
            # An English-only model only adds noise to Russian questions (measured): it sits out.
            fused = fuse([(lexical, 2.0)])
        elif translated:
            # The model reads the question's English terms, so it votes on English passages only;
            # the words keep the Russian-question weight (the English questions' equal votes, with
            # the Russian passages' lexical rank, measured: players_ru comparisons 23 -> 20 of 24).
            readable = allowed & self._readable
            fused = fuse([(lexical, 2.0), (self._dense(dense_scores, readable), TRANSLATED_DENSE_WEIGHT)])
        elif self.multilingual:
            fused = fuse([(lexical, 1.0), (self._dense(dense_scores, allowed), 1.0)])
        else:
            # Passages the model cannot read (Russian) get their lexical rank in place of a
            # dense vote instead of a meaningless one.
            readable = allowed & self._readable
            unreadable_lexical = [r for r in lexical if self._russian_rows[r]]
            fused = fuse([(lexical, 1.0), (self._dense(dense_scores, readable), 1.0), (unreadable_lexical, 1.0)])

        # Ranking reads names loosely (all the question's words: "war" says nothing alone, but
        # "fog of war" is a rule; players' words; headings); the "is it in the rules at all"
        # test trusts only the term table's own names among the topic words (measured: players'
        # words there answer "my car crashed, what now?").
        # An English question searched in the Russian book is tested on its own words, which the
        # book's English terms already carry: its Russian translation found ranking evidence but
        # also answered questions the rules cannot (players_ru abstention 0.71 -> 0.62).
        relevance_query = query if cyrillic else asked
        topic = list(query.topic)
        topic_names = self._spotted(topic, allowed)  # read once for both readings of these words
        relevance_topic = list(relevance_query.topic)
        named = self._named_rules(relevance_topic, relevance_query.weights, allowed, loose=True,
                                  spotted_names=topic_names if relevance_topic == topic else None,
                                  marked=query.latin_names)
        ranking_names = self._named_rules(list(query.stems), query.weights, allowed,
                                          [self._rule_of_row[r] for r in list(fused)[:CANDIDATES]], loose=True,
                                          several=EXPANSIONS_NAME_SEVERAL, marked=query.latin_names)
        # The book's own names (no player words, no headings) say which rule defines the term (re-ranking evidence).
        defined = self._named_rules(topic, query.weights, allowed, spotted_names=topic_names) \
            if mode == "hybrid" else {}
        # A Russian question about English documents only reads English passages: they are its language here.
        reader = "en" if not cyrillic or (translated and not (allowed & ~self._readable).any()) else "ru"
        ranked = self._rank_rules(fused, ranking_names if mode == "hybrid" else {}, reader, query)
        if self._card_rules and (unnamed := self._unnamed_cards(query)):
            # a unit card's rule answers questions about its units, not every question sharing a word
            ranked = [r for r in ranked if r[0] not in unnamed]
        # The relevance test reads the hand-made order it was fitted on (bench/fit_relevance.py).
        leading = ranked[:RELEVANCE_DEPTH]
        if mode == "hybrid":
            ranked = self._rerank(ranked, query, lexical, dense_scores, ranking_names, defined)
            ranked = self._structure_first(ranked, query)
            if query.latin_names:
                ranked = self._typed_names_first(ranked, query, allowed)
        top = diversify_rules(ranked, self.rows, k, query.editions)
        hits = [self._hit(rank, key, row, score) for rank, (key, row, score) in enumerate(top, start=1)]
        if not cyrillic:
            for hit in hits:
                if hit.language == "ru":
                    hit.terms_en = self._english_names(self.rule_of_chunk[hit.chunk_id])
        read_as = None
        relevance_scores = None if translated else dense_scores  # fitted on questions the model read whole
        if mode == "hybrid" and not self._relevant(leading, relevance_query, relevance_scores, named):
            # A question asking for a house rule, a price or a hobby tip, or about another game's
            # concept, is not a rule's name typed.
            not_a_name = query.off_rules or query.absent
            match = None if not_a_name else \
                self._name_reader.read(query.plain, lambda key: bool(allowed[self._first_row[key]]))
            if match is None:
                if ENGLISH_FALLBACK and cyrillic and not (game or edition or lang or routed or query.games):
                    # A Russian question the Russian book cannot answer may name a rule only the English
                    # documents have ("самоуничтожение", the glossary's Self Destruct): asked there in
                    # their words, its answer stands when the rule found first is the one it names.
                    only_english = {english for _, english in self._to_english.render(query.stems, query.variants).runs
                                    if english not in self._book_pair_names}
                    english = None
                    if only_english:
                        in_english = resolve_language("en", list(self.docs.values()))
                        english = self._search(question, parsed, k, None, None, in_english, mode)
                    if english is not None and english.status == ANSWERED and english.results and tuple(
                            stems(english.results[0].section.split(" › ")[-1])) in only_english:
                        return english
                # "Not in the rules", with the closest passages below it: no answer line is quoted.
                return AskResult(question, hits, routed, None, NOT_FOUND, suggestions=self._suggest(ranked, query))
            # The question is mostly a rule's name, typed as `admiralty rule` would read it: answer
            # with that rule, and say so.
            read_as = match.name
            ranked = [(match.key, self._first_row[match.key], ranked[0][2] if ranked else 0.0),
                      *[r for r in ranked if r[0] != match.key]]
            top = diversify_rules(ranked, self.rows, k, query.editions)
            hits = [self._hit(rank, key, row, score) for rank, (key, row, score) in enumerate(top, start=1)]
        answers = self._answers(hits, query, one_edition=bool(edition) or len(routed) == 1,
                                query_vector=query_vector if mode == "hybrid" else None, follow_pointers=True,
                                written=asked if cyrillic else None)
        if PER_EDITION_COMPARISON and mode == "hybrid" and len(routed) > 1 and hits:
            hits, answers = self._compared(question, parsed, k, lang, hits, answers, query, query_vector)
        same_rule = self._same_rule_answers(answers)
        note = disagreement_note([(a.edition_label, a.quote) for a in same_rule], query.distance) \
            if len(same_rule) > 1 else None
        return AskResult(question, hits, routed, note, ANSWERED, answers, read_as=read_as)

    def _typed_names_first(self, ranked: list[tuple[str, int, float]], query: Query,
                           allowed: np.ndarray) -> list[tuple[str, int, float]]:
        """The rules a Russian question names in Latin letters (Query.latin_names) first, from anywhere
        in the ranking or outside it: a player who copies "Defensive" from a card into a Russian sentence
        asks about that rule, however many of the sentence's other words another rule shares. Of two such
        rules, the one that uses more of the question leads."""
        # a rule headed by the name itself: "WEAPON QUALITIES" names a chapter, not its first quality
        typed = [key for key in self._named_rules(list(query.stems), query.weights, allowed, floor=math.inf,
                                                  marked=query.latin_names)
                 if (heading := self._heading_stems(key)) and query.latin_names.issuperset(heading)]
        if not typed:
            return ranked
        place = {key: i for i, (key, _, _) in enumerate(ranked)}
        first = sorted(typed, key=lambda key: (-self._coverage(key, query), place.get(key, len(ranked)), key))
        score = ranked[0][2] if ranked else 0.0
        moved = [ranked[place[key]] if key in place else (key, self._first_row[key], score) for key in first]
        return moved + [r for r in ranked if r[0] not in typed]

    def _unnamed_cards(self, query: Query) -> set[str]:
        """The unit-card rules the question names neither by unit nor by whole name (index.card_passages)."""
        words = {spelt for group in query.variants.values() for spelt in group} | set(query.stems)
        return {key for key, card in self._card_rules.items() if not names_card(words, card)}

    def _rows_with(self, column: str, values: tuple[str, ...]) -> np.ndarray:
        """The rows whose `column` ("game", "edition" or "language") is one of `values`, as a mask made
        once per set of values (comparing the column's strings cost more than the rest of routing)."""
        key = (column, values)
        found = self._masks.get(key)
        if found is None:
            found = np.isin(self._columns[column], list(values))
            found.setflags(write=False)  # shared by every question: combined into new masks only
            if len(self._masks) < NEAR_CACHE:
                self._masks[key] = found
        return found

    def _rerank(self, ranked: list[tuple[str, int, float]], query: Query, lexical: list[int],
                dense_scores: np.ndarray | None, named: Mapping[str, float],
                defined: Mapping[str, float]) -> list[tuple[str, int, float]]:
        """The leading candidates re-ordered by the fitted model (index/rerank.py), if there is one."""
        if self._rerank_model is None or len(ranked) < 2:
            return ranked
        head = ranked[:RERANK_LEARNED_DEPTH]
        candidates = self._candidates(head, query, lexical, dense_scores, named, defined)
        order = readable_first(self._rerank_model.order(candidates), candidates)
        return [head[i] for i in order] + ranked[RERANK_LEARNED_DEPTH:]

    def _structure_first(self, ranked: list[tuple[str, int, float]], query: Query) -> list[tuple[str, int, float]]:
        """The leading rules as the documents' structure orders them (index.structure_order): of a step and
        its parent step, the one whose own text holds more of the question's words; of two sections of one
        heading, the one whose parent headings the question prints (else the section of its own)."""
        head = [key for key, _, _ in ranked[:RERANK_LEARNED_DEPTH]]
        weighed = [(w, query.variants[s]) for s, w in query.weights.items()]
        total = sum(w for w, _ in weighed) or 1.0

        spellings = frozenset(v for group in query.variants.values() for v in group)

        def own_coverage(key: str) -> tuple[float, int]:
            # the question's weighted share, then how many of its words and their readings ("range
            # bracket" read as the bands' names) the own text prints
            own = self._own_stems_of(key)
            return sum(w for w, spelt in weighed if not spelt.isdisjoint(own)) / total, len(spellings & own)

        as_heading = list(self._heading_spellings(query).values())

        def heading_coverage(key: str) -> float:
            heading = self._heading_words(key)
            return sum(w for (w, _), spelt in zip(weighed, as_heading, strict=True)
                       if not spelt.isdisjoint(heading)) / total

        def parents_asked(key: str) -> int:
            # the words the question prints, or misspells ("qualitty"), not their readings: "плыть" read as
            # movement does not name ЭТАП ДВИЖЕНИЯ. A word of the shared heading itself tells neither apart
            # ("SRS" of "Запуск Токенов SRS" under "ЭСКАДРИЛЬИ МАЛОЙ ДАЛЬНОСТИ (SRS)").
            *above, heading = self.rules[key].section.split(" › ")
            parents = frozenset(stems(" ".join(above))) - frozenset(stems(heading))
            return sum(1 for parent in parents if any(_typed_as(parent, typed) for typed in query.weights))

        position = parent_or_child_first(head, self.rules, own_coverage, heading_coverage) or same_heading_first(
            head, self.rules, parents_asked)
        if not position:
            return ranked
        return [ranked[position], *ranked[:position], *ranked[position + 1:]]

    def _own_stems_of(self, key: str) -> frozenset[str]:
        """The stems of a rule's own heading and text, without its children printed again inside it."""
        found = self._own_stems.get(key)
        if found is None:
            rule = self.rules[key]
            extra = " ".join(self._enrichment.get(c, "") for c in rule.chunk_ids)
            text = own_text(rule, self._child_headings.get(key, ()))
            found = self._own_stems[key] = frozenset(stems(f"{rule.section.split(' › ')[-1]}\n{text}\n{extra}"))
        return found

    def _candidates(self, head: list[tuple[str, int, float]], query: Query, lexical: list[int],
                    dense_scores: np.ndarray | None, named: Mapping[str, float],
                    defined: Mapping[str, float]) -> list[Candidate]:
        """What search knows about each leading candidate (index.rerank.Candidate)."""
        language = "ru" if query.cyrillic else "en"
        # each row's first rank: built from the back, an earlier rank overwrites a later one
        lexical_rank = dict(zip(reversed(lexical), range(len(lexical) - 1, -1, -1), strict=True))
        weights = query.weights
        total = sum(weights.values()) or 1.0
        asked = {v for group in query.variants.values() for v in group}
        signals = {s: self._game_of_word(s) for s in weights}
        numbers = set(_NUMBER.findall(query.plain))
        cosines: list[float | None] = []
        for key, row, _ in head:
            if dense_scores is None or (self.rows[row]["language"] == "ru" and not self.multilingual):
                cosines.append(None)
            else:
                cosines.append(self._cosine_of_rule(key, dense_scores))
        best_cosine = max((c for c in cosines if c is not None), default=0.0)
        top_score = head[0][2] or 1.0
        # each topic stem's weight, spellings and game, in the question's order: every share below
        # sums its weights in that order (one pass per candidate instead of one per share)
        weighed = [(w, query.variants[s], signals[s]) for s, w in weights.items()]
        heading_spelt = self._heading_spellings(query)
        asked_heading = asked.union(*heading_spelt.values())
        out = []
        for position, ((key, row, score), cosine) in enumerate(zip(head, cosines, strict=True)):
            rule = self.rules[key]
            r = self.rows[row]
            game = r["game"]
            heading = self._heading_words(key)
            path = self._path_words(key)
            rule_stems = self._stems_of_rule(key)
            # the weights of the words: of another game; in the heading; not in it; of those, in the
            # body; in the section path
            foreign: list[float] = []
            in_heading: list[float] = []
            rest: list[float] = []
            body: list[float] = []
            in_path: list[float] = []
            for (w, spelt, signal), as_heading in zip(weighed, heading_spelt.values(), strict=True):
                if signal is not None and signal != game:
                    foreign.append(w)
                if as_heading.isdisjoint(heading):
                    rest.append(w)
                    if not spelt.isdisjoint(rule_stems):
                        body.append(w)
                else:
                    in_heading.append(w)
                if not as_heading.isdisjoint(path):
                    in_path.append(w)
            ranks = [lexical_rank[self._row_of_chunk[c]] for c in rule.chunk_ids
                     if self._row_of_chunk[c] in lexical_rank]
            printed = self._numbers_of_rule(key)
            rest_weight = sum(rest)
            words = self._words_of_rule(key)
            spellings = self._spellings_for(key, query)
            out.append(Candidate(
                position=position, fused=score / top_score, coverage=self._coverage(key, query),
                heading_coverage=sum(in_heading) / total,
                path_coverage=sum(in_path) / total,
                body_coverage=sum(body) / rest_weight if rest_weight else 0.0,
                heading_precision=len(heading & asked_heading) / len(heading) if heading else 0.0,
                named=named.get(key, 0.0), defined=defined.get(key, 0.0), same_language=r["language"] == language,
                cosine=None if cosine is None else cosine - best_cosine, lexical=min(ranks) if ranks else None,
                foreign=sum(foreign) / total, away=not query.games and not query.editions and game != self._home_game,
                numbers=len(numbers & printed) / len(numbers) if numbers else 0.0,
                numeric_rule=query.numeric and bool(printed),
                distance_rule=query.distance and self._prints_distance(key), length=len(rule.text),
                opening=opening_share(words, weights, spellings), repeated=repeated_share(words, weights, spellings),
                early=earliness(words, weights, spellings)))
        return out

    def _words_of_rule(self, key: str) -> RuleWords:
        """A rule's words as index.aboutness reads them (once per rule)."""
        found = self._rule_words.get(key)
        if found is None:
            rule = self.rules[key]
            found = self._rule_words[key] = read_rule(rule.section.split(" › ")[-1], rule.text)
        return found

    def _prints_distance(self, key: str) -> bool:
        """The rule prints a distance in inches ("10-20\"", "within 4”", "4 дюйма"), once per rule."""
        found = self._rule_distances.get(key)
        if found is None:
            found = self._rule_distances[key] = bool(_DISTANCE.search(self.rules[key].text))
        return found

    def _numbers_of_rule(self, key: str) -> frozenset[str]:
        """The numbers a rule's text prints (once per rule)."""
        found = self._rule_numbers.get(key)
        if found is None:
            found = self._rule_numbers[key] = frozenset(_NUMBER.findall(self.rules[key].text))
        return found

    def _path_words(self, key: str) -> frozenset[str]:
        """The stems of a rule's whole section path ("AIRCRAFT › Movement"): its parents' headings too."""
        found = self._path_sets.get(key)
        if found is None:
            found = self._path_sets[key] = self._heading_words(key) | frozenset(stems(self.rules[key].section))
        return found

    def _heading_words(self, key: str) -> frozenset[str]:
        """The stems of a rule's own heading, and of the English names the Russian book prints for it."""
        found = self._heading_sets.get(key)
        if found is None:
            found = frozenset(s for s in self._heading_stems(key) if s.isalpha()) | frozenset(
                self._title_stems(self.rules[key].section))
            self._heading_sets[key] = found
        return found

    def _game_of_word(self, stem: str) -> str | None:
        """The one game whose documents use this word in several passages while the others never do
        ("broadside", "frigate": Dystopian Wars; "soldier", "vehicle": Dust Warfare), else None."""
        if stem in self._word_game:
            return self._word_game[stem]
        found: str | None = None
        games: set[str] = set()
        if stem in self._vocabulary:
            with self._lock:
                rows = [r[0] for r in self._db.execute(
                    "select rowid from lexical where lexical match ?", [f'"{stem}"']).fetchall()]
            games = {str(self._game[r]) for r in rows}
            if len(games) == 1 and len({self._rule_of_row[r] for r in rows}) >= GAME_WORD_PASSAGES:
                found = games.pop()
        unit_game = self._unit_words.get(stem)
        if found is None and unit_game is not None and games <= {unit_game}:
            found = unit_game  # printed on that game's unit cards, in no other game's passages
        scoped = self._scoped_words.get(stem, frozenset())
        if found is not None and scoped - {found}:
            found = None  # another game has the thing too, in its own word ("reverse", "armour")
        elif found is None and len(scoped) == 1 and games <= scoped:
            found = next(iter(scoped))  # a player's word for one game's thing ("tank", "flyer")
        if len(self._word_game) < NEAR_CACHE:
            self._word_game[stem] = found
        return found

    def _games_by_vocabulary(self, query: Query) -> dict[str, float]:
        """Games whose own words the question uses (index.search._game_of_word), edition names aside,
        each with the IDF weight of its words. (Also counting the game of the words a player's phrase
        expands to, "leadership" -> crew check, was measured: it took the skirmish table's "airborne ...
        leadership check" to Dystopian Wars.)"""
        found: dict[str, float] = {}
        for s in query.topic:
            if (game := self._game_of_word(s)) is not None:
                found[game] = found.get(game, 0.0) + query.weights[s]
        return found

    def _home_by_vocabulary(self, query: Query) -> bool:
        """The question's own-game words are mostly the home game's: "Can a big ship carry smaller ships
        like a transport and drop them off?" is a Dystopian Wars question though Dust Warfare's rules are
        the ones that print "drop" (dev sets: of 32 such questions naming no game, 31 are answered in the
        home game; the one that is not, "phaser weapons vs armour saves?", uses more of Dust's words)."""
        weights = self._games_by_vocabulary(query)
        home = weights.pop(self._home_game, 0.0)
        return home > 0.0 and home >= sum(weights.values())

    def _spotted(self, topic: list[str], allowed: np.ndarray | None = None) -> list[tuple[SpottedTerm, set[str]]]:
        """The terms the question's words name, each with the question stems that name it (with
        `allowed`: names defined in the searched documents only)."""
        # A misspelt name names its rule too ("devistating", "emergancy manuver"): a word the
        # books never use is read as their nearest spelling, as `admiralty rule` reads it.
        typed: dict[str, str] = {}
        for stem in topic:
            if stem not in self._vocabulary and (near := self._near_spellings(stem)):
                typed[near[0]] = stem
        return [(term, {typed.get(s, s) for s in term.stems})
                for term in self._spotter.spot([s if s in self._vocabulary else next(
                    (n for n, t in typed.items() if t == s), s) for s in topic],
                    None if allowed is None else lambda chunk: bool(allowed[self._row_of_chunk[chunk]]))]

    def _named_rules(self, topic: list[str], weights: Mapping[str, float], allowed: np.ndarray,
                     candidates: Sequence[str] = (), loose: bool = False,
                     spotted_names: list[tuple[SpottedTerm, set[str]]] | None = None,
                     several: bool = False, floor: float = MIN_NAME_SHARE,
                     marked: frozenset[str] = frozenset()) -> dict[str, float]:
        """Rules defining a term the question names -> the share of the question's weight
        that the name carries (a name can be most of a question: "piercing?"). `loose`, for
        ranking only: a player's word that stands for one term names it too, and a candidate
        rule whose own heading holds the name and another of the question's words ("1. LAUNCH
        SRS TOKENS" for "SRS tokens ... launching") is about the asked thing as much as the
        definition is, and counts as named too ("Boarding Parties" does not, for "boarding").
        `spotted_names`: `_spotted(topic)`, when the caller already has it. `several`: a player's word
        standing for several terms names each (ranking only: the relevance test was measured answering
        more off-topic questions with it). `floor`: the least share that names a rule (MIN_NAME_SHARE;
        bench/names_read.py lists the names under it). `marked`: stems a name is typed in (Query.latin_names):
        a name they spell names its rule at any share."""
        total = sum(weights.values()) or 1.0
        named: dict[str, float] = {}
        spotted = list(self._spotted(topic, allowed) if spotted_names is None else spotted_names)
        if loose and EXPANSIONS_NAME_RULES:
            # A player's word for a rule term names that rule too ("crash" -> Collision,
            # "крит" -> Критическое повреждение) when it stands for one term only ("rock" ->
            # terrain feature or obstacle names neither); it carries the player word's weight.
            for first in dict.fromkeys(topic):
                for player_word, term in [*self._expansion_terms_by_first.get(first, ()),
                                          *(self._expansion_several_by_first.get(first, ()) if several else ())]:
                    if _contains_run(topic, player_word) and (not SENSES or self._senses.holds(player_word, topic)):
                        spotted.append((term, set(player_word)))
        among: set[str] | None = None  # the candidates, as a set
        for term, carriers in spotted:
            share = sum(weights.get(s, 0.0) for s in sorted(carriers)) / total
            if share < floor and not (marked and carriers <= marked):
                continue  # a common word that happens to name a rule ("цель", "model")
            for chunk in term.chunk_ids:
                if allowed[self._row_of_chunk[chunk]]:
                    key = self.rule_of_chunk[chunk]
                    named[key] = max(named.get(key, 0.0), share)
            if loose and HEADINGS_NAME_RULES:
                others = set(weights) - set(term.stems)
                name = list(term.stems)
                if among is None:
                    among = set(candidates)
                for key in self._rules_headed_by(name[0]) if among else ():
                    if key in among and _contains_run(heading := self._heading_stems(key), name) \
                            and others & set(heading):
                        named[key] = max(named.get(key, 0.0), share)
        return named

    def _rules_headed_by(self, stem: str) -> tuple[str, ...]:
        """The rules whose own heading holds this stem: `_named_rules` looks among them, not through
        every candidate's heading per term (indexed on first use, for every rule)."""
        if self._heading_index is None:
            index: dict[str, list[str]] = {}
            for key in self.rules:
                for word in dict.fromkeys(self._heading_stems(key)):
                    index.setdefault(word, []).append(key)
            self._heading_index = {word: tuple(keys) for word, keys in index.items()}
        return self._heading_index.get(stem, ())

    def _heading_spellings_index(self) -> dict[str, frozenset[str]]:
        """Root -> the Russian heading stems that reduce to it (index.ru_heading_forms; read once)."""
        if self._heading_roots is None:
            self._heading_roots = heading_index(s for key in self.rules for s in self._heading_words(key))
        return self._heading_roots

    def _heading_spellings(self, query: Query) -> dict[str, frozenset[str]]:
        """Each topic stem (in `query.weights` order) -> its spellings as the heading evidence reads them: a
        Russian question's word also as the heading words it is another form of ("перебрасывать": Переброс)."""
        if not query.cyrillic or not HEADING_FORMS:
            return {s: query.variants[s] for s in query.weights}
        memo = self._asking.__dict__
        if memo.get("heading_query") is not query:
            index = self._heading_spellings_index()
            memo["heading_query"] = query
            memo["heading_spellings"] = {s: query.variants[s] | heading_forms(s, index) for s in query.weights}
        found: dict[str, frozenset[str]] = memo["heading_spellings"]
        return found

    def _heading_stems(self, key: str) -> list[str]:
        found = self._headings.get(key)
        if found is None:
            found = stems(self.rules[key].section.split(" › ")[-1])
            self._headings[key] = found
        return found

    def _rank_rules(self, fused: dict[int, float], named: dict[str, float], language: str,
                    query: Query) -> list[tuple[str, int, float]]:
        """(rule key, best chunk row, score) per rule, best first; the same rule text printed
        twice in a document (the quick reference repeats its reference pages) appears once.
        (Deduplicating by section name instead was measured: it hides repeated headings whose
        texts differ, quick-reference R@5 1.00 -> 0.95.)
        The rule that defines a term the question names comes first when it is already
        among the leading candidates (otherwise the question is about something else).
        (Also moving a defining rule up from anywhere among the candidates, when the term was most of
        the question, was measured against the learned re-ranking's aboutness evidence: without it,
        cross-validated R@1 unchanged on the three dev folds, players_en +1.)"""
        ranked: list[tuple[str, int, float]] = []
        # A rule's rows share its twin number (one document, one text): the first row of each twin
        # is the first of its rule too.
        seen_text: set[int] = set()
        rule_of_row, twin_of_row = self._rule_of_row, self._twin_of_row
        for row, score in fused.items():
            twin = twin_of_row[row]
            if twin not in seen_text:
                seen_text.add(twin)
                ranked.append((rule_of_row[row], row, score))
        if ranked and RERANK_COVERAGE:
            # Whole-rule evidence: how much of the question the entire rule (all parts,
            # its English terms) uses, added to the fused chunk score.
            top_score = ranked[0][2]
            head = sorted(ranked[:RERANK_DEPTH], key=lambda r: -(
                r[2] / top_score + RERANK_COVERAGE * self._coverage(r[0], query)
                + SAME_LANGUAGE_BONUS * (self.rows[r[1]]["language"] == language)))
            ranked = head + ranked[RERANK_DEPTH:]
        if not named:
            return ranked
        # A rule in another language than the question's jumps only when it covers the
        # question as well as the leader: a Russian glossary line named by an English
        # question is no better an answer than the English passages above it.
        within = ranked[:TERM_FIRST_WITHIN]
        covers = {r[0]: self._coverage(r[0], query) for r in within}  # read once here
        lead = covers[ranked[0][0]] if ranked else 0.0
        best = max((covers[r[0]] for r in within), default=0.0)
        first = [r for r in within if r[0] in named
                 and covers[r[0]] >= TERM_FIRST_COVERAGE * best
                 and (self.rows[r[1]]["language"] == language or covers[r[0]] > lead)]
        # Of several named rules, the one that uses more of the question leads.
        first.sort(key=lambda r: -covers[r[0]])
        moved = set(first)
        return first + [r for r in ranked if r not in moved]

    def _coverage(self, key: str, query: Query) -> float:
        """Share of the question's weight (IDF) whose words, in some spelling, the rule uses; an
        English question reads a Russian rule through the term map too ("drift" -> "дрейф": the
        book's English names beside a passage list only its 16 most used terms). Remembered for
        the question this thread is asking: one ask reads a leading rule's coverage up to ten times."""
        memo = self._asking.__dict__
        if memo.get("query") is not query:
            memo["query"], memo["coverage"] = query, {}
        coverage: dict[str, float] = memo["coverage"]
        found = coverage.get(key)
        if found is None:
            weights = query.weights
            total = sum(weights.values())
            rule_stems = self._stems_of_rule(key)
            variants = self._spellings_for(key, query) if COVERAGE_TRANSLATED else query.variants
            # ... or a word the rule's own heading holds in another form ("перебрасывать": Переброс кубов)
            forms = HEADING_FORMS_COVERAGE and query.cyrillic and self._russian_rule[key]
            as_heading = self._heading_spellings(query) if forms else {}
            heading = self._heading_words(key) if forms else frozenset()
            held = sum(w for s, w in weights.items() if not variants[s].isdisjoint(rule_stems)
                       or (forms and not as_heading[s].isdisjoint(heading)))
            found = held / total if total else 0.0
            coverage[key] = found
        return found

    def _cosine_of_rule(self, key: str, dense_scores: np.ndarray) -> float:
        """The question's best cosine with one of the rule's parts, read as Python floats (`item`: the
        value `float` gives, without a numpy scalar in between)."""
        rows = self._rows_of_rule[key]
        if len(rows) == 1:  # most rules are one part
            return float(dense_scores.item(rows[0]))
        return float(max(map(dense_scores.item, rows)))

    def _spellings_for(self, key: str, query: Query) -> Mapping[str, frozenset[str]]:
        """The question's spellings a rule is read with: through the term map when the rule is in
        the other language than the question."""
        other = self._russian_rule[key] != query.cyrillic
        return query.translated if other else query.variants

    def _evidence(self, key: str, row: int, query: Query, dense_scores: np.ndarray | None,
                  named: dict[str, float], asked: QuestionEvidence | None = None) -> Evidence:
        """`asked`: the evidence that is the question's own, when the caller already has it (one per question)."""
        asked = asked or self._question_evidence(query, dense_scores)
        rule_stems = self._stems_of_rule(key)
        variants = self._spellings_for(key, query) if EVIDENCE_TRANSLATED else query.variants
        matched = [s for s in query.weights if not variants[s].isdisjoint(rule_stems)]
        total = sum(query.weights.values())
        coverage = sum(query.weights[s] for s in matched) / total if total else 0.0
        cosine, cosine_z = None, 0.0
        if dense_scores is not None and self.rows[row]["language"] != "ru":
            cosine = self._cosine_of_rule(key, dense_scores)
            assert asked.dense_stats is not None
            spread, mean = asked.dense_stats
            cosine_z = (cosine - mean) / spread if spread > 0 else 0.0
        title = self._named_title(key)
        titled = sum(query.weights[s] for s in matched if not query.variants[s].isdisjoint(title))
        return Evidence(coverage, len(matched), cosine, named.get(key, 0.0), asked.unknown,
                        asked.words, asked.unknown_name,
                        titled / total if total else 0.0, cosine_z, self._name_typed(key, query),
                        asked.off_rules, asked.absent, asked.unknown_marked)

    def _question_evidence(self, query: Query, dense_scores: np.ndarray | None) -> QuestionEvidence:
        total = sum(query.weights.values())
        unknown = sum(w for s, w in query.weights.items() if query.variants[s].isdisjoint(self._vocabulary))
        stats = None if dense_scores is None else _spread_and_mean(dense_scores)
        names = read_names(query.plain, query.headline)  # both readings of its names, in one pass
        return QuestionEvidence(unknown / total if total else 0.0, content_words(list(query.weights)),
                                self._names_unknown(query, names.claimed), stats, float(query.off_rules),
                                float(query.absent),
                                float(any(self._marked_name_unprinted(run, query) for run in names.marked)))

    def _named_title(self, key: str) -> frozenset[str]:
        """A rule's title stems and its names' stems (once per rule)."""
        found = self._named_titles.get(key)
        if found is None:
            found = self._title_stems(self.rules[key].section) | {
                s for name in self._rule_names.get(key, []) for s in stems(name)}
            self._named_titles[key] = found
        return found

    def _name_typed(self, key: str, query: Query) -> float:
        """How closely the question types one of the rule's names or its heading (0..1)."""
        names = [*self._rule_names.get(key, []), self.rules[key].section.split(" › ")[-1]]
        return max(self._name_reader.typed(name, query.plain) for name in names)

    def _names_unknown(self, query: Query, claimed: Sequence[tuple[str, ...]]) -> float:
        """1.0 when the question presents a name ("Flagship Command Orders", "the tidal current
        rule") that no rule name, heading or rule text prints in any of its spellings, or opens with
        a label naming none of our editions or games whose words no document prints ("uno: …"), or
        asks for a rule for something whose words no document prints (index.relevance.asked_for_rule).
        `claimed`: the names it presents (index.relevance.read_names)."""
        if any(self._unprinted_name(run, query) for run in claimed):
            return 1.0
        for word in asked_for_rule(query.plain):  # "is there a rule for ships zig-zagging?"
            if not printed_word(query.variants.get(word, frozenset()) | {word}, self._vocabulary_list):
                return 1.0
        # "правило двойной залп", "умение стальная воля": a lower-case name after a kind of rule, where a
        # Russian document may answer. Asked of the English documents alone ("свойство дирижабль в 4ке"),
        # a Russian name is the translation of theirs, which no document prints.
        if query.cyrillic and self._russian_document_asked(query) and \
                any(self._unprinted_name(run, query) for run in kind_named_lower(query.plain)):
            return 1.0
        label = opening_label(query.text)
        if label is not None:
            about = self.parse(label)
            # A Russian question searched in the English documents (rendered: `query.english`) whose label
            # the term map renders ("синергия —": Synergy) names a rule they print, though no document
            # prints its Russian word. Searched in the Russian book, it stays unknown there.
            if not (about.editions or about.games) and about.variants and \
                    all(spellings.isdisjoint(self._vocabulary) for spellings in about.variants.values()) and \
                    not (query.cyrillic and query.english and
                         self._to_english.render(about.stems, about.variants).runs):
                return 1.0
        return 0.0

    def _russian_document_asked(self, query: Query) -> bool:
        """Whether a Russian document may answer the question: it names no edition, or one printed in Russian."""
        return not query.editions or any(doc.language == "ru" and doc.edition in query.editions
                                         for doc in self.docs.values())

    def _unprinted_name(self, run: tuple[str, ...], query: Query) -> bool:
        """No rule name, heading or run of rule text prints this name in any of its spellings."""
        spellings = [[s, *sorted(query.variants.get(s, frozenset()) - {s})][:4] for s in run]
        return not any(tuple(combo) in self._name_runs or " ".join(combo) in self._printed_runs()
                       for combo in itertools.product(*spellings))

    def _marked_name_unprinted(self, run: tuple[str, ...], query: Query) -> bool:
        """A marked name (index.relevance.marked_names) no rule prints, and not a rule's whole name with
        words around it: three or more capitalised words holding one ("Heavy Prow Damage Reduction",
        "Full Reverse Disorder") name that rule, as players capitalise what they write about it."""
        if not self._unprinted_name(run, query):
            return False
        if len(run) < 3:
            return True
        spellings = [{s, *query.variants.get(s, frozenset())} for s in run]

        def holds(name: tuple[str, ...]) -> bool:
            return any(all(word in spellings[start + i] for i, word in enumerate(name))
                       for start in range(len(run) - len(name) + 1))

        return not any(len(name) < len(run) and holds(name) for name in self._whole_names)

    def _printed_runs(self) -> frozenset[str]:
        """Every run of one to four words (stems, stopwords kept) in a rule's text (computed once)."""
        if self._runs is None:
            self._read_printed()
        assert self._runs is not None
        return self._runs

    def _read_printed(self) -> None:
        runs: set[str] = set()
        for rule in self.rules.values():
            order = stems(rule.text, keep_stopwords=True)
            runs.update(" ".join(run) for run in _word_runs(order, 4))
        self._runs = frozenset(runs)

    def _relevant(self, leading: list[tuple[str, int, float]], query: Query,
                  dense_scores: np.ndarray | None, named: dict[str, float]) -> bool:
        """The calibrated "is this in the rules at all" test (index/relevance.py) on the
        leading rules; bench/retrieval.py measures it both ways."""
        asked = self._question_evidence(query, dense_scores)
        return in_the_rules([self._evidence(key, row, query, dense_scores, named, asked) for key, row, _ in leading],
                            self._relevance_model)

    def _suggest(self, ranked: list[tuple[str, int, float]], query: Query) -> list[str]:
        """Closest rule names: the names defined by the leading candidates, else the names
        spelled most like the question."""
        names: list[str] = []
        for key, _, _ in ranked[:SUGGESTIONS * 2]:
            names += self._rule_names.get(key, [])[:1] or [self.rules[key].section.split(" › ")[-1]]
        if len(names) < SUGGESTIONS:
            every = sorted({n for ns in self._rule_names.values() for n in ns})
            text = " ".join(query.topic) or "rule"
            names += [m[0] for m in process.extract(text, every, limit=SUGGESTIONS)]
        return list(dict.fromkeys(names))[:SUGGESTIONS]

    def _with_translations(self, variants: Mapping[str, frozenset[str]]) -> Mapping[str, frozenset[str]]:
        """Each question stem's spellings plus the names in the other language of the terms it or its
        expansions name ("vps" -> "victory points" -> "победные очки"; "таран" -> "ram")."""
        spellings = sorted({v for group in variants.values() for v in group})
        other = self._spotter.russian_spellings(spellings)
        if READ_ENGLISH_NAMES:
            for stem, names in self._spotter.english_spellings(spellings).items():
                other.setdefault(stem, set()).update(names)
            order = list(variants)
            by_first = self._translations_by_first
            places = sorted(p for s in variants for p in by_first.get(s, ()))  # in the list's order
            for words, english in (self._translations[p] for p in places):
                if _contains_run(order, words):
                    for stem in words:
                        other.setdefault(stem, set()).update(english)
        return {s: group | {t for v in group for t in other.get(v, ())} for s, group in variants.items()}

    def _answers(self, hits: list[Hit], query: Query, one_edition: bool,
                 query_vector: np.ndarray | None = None, follow_pointers: bool = False,
                 written: Query | None = None) -> list[Answer]:
        """The answer line from the best result; when the question names no edition, one
        more line per other edition of the same game whose best result is relevant too.
        `follow_pointers`: the first line may come from a rule the first result points to, which then
        joins the results right after it (index.pointers; `hits` is changed in place).
        `written`: a Russian question as the player wrote it (`query` is it, or its English rendering); an
        English rule's line reads it rendered in English, with the words a sentence holds by what it states
        (`_line_query`)."""
        rendered: dict[str, Query] = {}
        chosen = hits[:1]
        if not one_edition and hits:
            named_or_first = self._title_stems(hits[0].section) | set(query.stems)
            editions = {hits[0].edition}
            for hit in hits[1:]:
                if hit.game == hits[0].game and hit.edition not in editions:
                    editions.add(hit.edition)
                    # A comparison ("3rd vs 4th") asked for each named edition: its best rule
                    # answers for it; otherwise another edition's rule must be about the question.
                    compared = len(query.editions) > 1 and hit.edition in query.editions
                    # Otherwise it must be the same rule or one the question names (a heading
                    # sharing a word with either): another edition's unit card or neighbouring
                    # rule is not its answer.
                    if compared or (self._coverage(self.rule_of_chunk[hit.chunk_id], query) >= ANSWER_COVERAGE
                                    and self._title_stems(hit.section) & named_or_first):
                        chosen.append(hit)
        answers = []
        for hit in chosen:
            key = self.rule_of_chunk[hit.chunk_id]
            rule = self.rules[key]
            line_query = self._line_query(query, hit, rendered, written) if written is not None else query
            variants, weights, translated = line_query.topic_variants, line_query.weights, line_query.translated
            spellings: Mapping[str, frozenset[str]] = variants
            if hit.language == "ru" and not query.cyrillic:
                spellings = translated
            # Every sentence of a rule is about its title: title words cannot pick the sentence.
            title = set(self._heading_stems(key))
            local = {s: w * (TITLE_DISCOUNT if spellings[s] & title else 1.0) for s, w in weights.items()}
            closeness = None
            if query_vector is not None and SENTENCE_MODEL and (self.multilingual or hit.language != "ru"):
                closeness = [float(c) for c in self._segment_vectors(key) @ query_vector]
            quote = best_quote(rule.text, local, spellings, query.numeric, opening=True, closeness=closeness,
                               distance=query.distance, limit=query.limit and LIMIT_SENTENCES,
                               question=query.plain, names_the_rule=all(spellings[s] & title for s in local),
                               title=frozenset(title))
            if quote is None:
                continue
            _mark_quoted(hit, rule, quote)
            if follow_pointers and hit is hits[0] and key in self._pointed:
                followed = self._pointed_line(key, quote, local, spellings, query, query_vector)
                if followed is not None:  # the pointing rule keeps its own mark; the pointed one is quoted
                    target, quote = followed
                    hit, rule = self._joined_after_first(hits, chosen, target), self.rules[target]
                    _mark_quoted(hit, rule, quote)
            answers.append(Answer(rule.text[quote.start:quote.end], hit.chunk_id, hit.document,
                                  hit.document_title, hit.edition, hit.edition_label, hit.section, hit.rank))
        return answers

    def _line_query(self, query: Query, hit: Hit, rendered: dict[str, Query], written: Query) -> Query:
        """A Russian question as an English rule's line reads it. Rendered in the edition's English
        (index.translate): a question that named no English edition was searched as written, and found the
        rule by a name it types in Latin ("Azhdaya Berserkers — если абордаж удался, что ещё получает
        цель?"); left in Russian, "абордаж" and "цель" hold no sentence of the rule (its opening was quoted).
        And with the written words a sentence holds by what it states (index.answer.STATED_WORDS: "до
        какого момента", "несколько", "равны"), which the rendering drops as words only the Russian book
        prints. The rendering for the line also reads the game's general words (index.general_words:
        "провалил" fails, "чётная" even, "каждый" each), which the search's rendering leaves out. A Russian
        rule reads the question as it was searched."""
        if hit.language == "ru" or not TRANSLATE_RUSSIAN:
            return query
        found = rendered.get(hit.edition)
        if found is None:
            found = query
            if query is written or GENERAL_WORDS:
                found = self._translated(written, self._to_english_line, self._rows_with("edition", (hit.edition,)))
            stated = {s: w for s, w in written.weights.items()
                      if s not in found.weights and written.variants.get(s, frozenset({s})) & STATED_WORDS}
            if stated:
                found = replace(found, weights={**found.weights, **stated},
                                variants={**found.variants, **{s: written.variants[s] for s in stated}})
            rendered[hit.edition] = found
        return found

    def _pointed_line(self, key: str, line: Quote, weights: Mapping[str, float],
                      spellings: Mapping[str, frozenset[str]], query: Query,
                      query_vector: np.ndarray | None) -> tuple[str, Quote] | None:
        """The line of a rule the first rule points to ("See Impeded Movement for more rules regarding
        Treacherous Water.") when it answers better than the first rule's own `line`: the pointing rule
        includes what it points to, so the pointed rule's sentences are read as its own — question words
        naming either rule are discounted alike, and a pointed rule whose sentences hold no question
        word offers nothing. A line that itself names the pointed rule (its pointer sentence aside) is
        the pointing rule's own word on it and stays."""
        text = self.rules[key].text
        said = text[line.start:line.end]
        for pointer in reversed(pointers(text)):
            if line.start <= pointer.start < line.end:
                said = said[:pointer.start - line.start] + said[pointer.end - line.start:]
        said_stems = set(stems(said))
        best: tuple[str, Quote] | None = None
        for target in self._pointed[key]:
            if set(self._heading_stems(target)) <= said_stems:
                continue  # the line itself states what the pointed rule does here ("Дрейф … равен 0")
            title = set(self._heading_stems(target)) | set(self._heading_stems(key))
            local = {s: w * (TITLE_DISCOUNT if spellings[s] & title else 1.0) for s, w in weights.items()}
            if all(spellings[s] & title for s in local):
                continue
            closeness = None
            if query_vector is not None and SENTENCE_MODEL and (self.multilingual or not self._russian_rule[target]):
                closeness = [float(c) for c in self._segment_vectors(target) @ query_vector]
            quote = best_quote(self.rules[target].text, local, spellings, query.numeric, opening=False,
                               closeness=closeness, distance=query.distance, limit=query.limit and LIMIT_SENTENCES,
                               question=query.plain, title=frozenset(title))
            if quote is not None and quote.score > (best[1].score if best else line.score):
                best = (target, quote)
        return best

    def _joined_after_first(self, hits: list[Hit], chosen: list[Hit], key: str) -> Hit:
        """The hit of rule `key`, shown right after the first when it was not among the results (the
        results keep their number: the last one not quoted leaves)."""
        for hit in hits:
            if self.rule_of_chunk[hit.chunk_id] == key:
                return hit
        joined = self._hit(2, key, self._first_row[key], hits[0].score)
        count = len(hits)
        hits.insert(1, joined)
        if len(hits) > count:
            leaving = next((h for h in reversed(hits) if h is not joined and h is not hits[0] and h not in chosen),
                           None)
            if leaving is not None:
                hits.remove(leaving)
        for rank, hit in enumerate(hits, start=1):
            hit.rank = rank
        return joined

    def _compared(self, question: str, parsed: Query, k: int, lang: str | None, hits: list[Hit],
                  answers: list[Answer], query: Query,
                  query_vector: np.ndarray | None) -> tuple[list[Hit], list[Answer]]:
        """A comparison's results and lines: the first result and its line stay; every other named
        edition answers with the rule its own search chooses (index.compare.edition_answer), shown
        in place of its best rule in the mixed ranking. An edition whose own search finds nothing
        relevant keeps what the mixed ranking gave it."""
        anchor = self._names_of_rule(hits[0].section)
        shown = list(hits)
        lines = {a.edition: a for a in answers}
        if hits[0].language == "ru" and not query.cyrillic and hits[0].edition in lines:
            # The first result's line too is read in its edition's words when its own search leads
            # with the same rule (an English question's line in the Russian book, translated whole).
            own = self._search(question, parsed, k, None, hits[0].edition, lang, "hybrid")
            if own.status == ANSWERED and own.answers and own.answers[0].rank == 1 and \
                    self.rule_of_chunk[own.results[0].chunk_id] == self.rule_of_chunk[hits[0].chunk_id]:
                shown[0], lines[hits[0].edition] = own.results[0], own.answers[0]
        for edition in (e for e in query.editions if e != hits[0].edition):
            own = self._search(question, parsed, k, None, edition, lang, "hybrid")  # parsed once
            if own.status != ANSWERED:
                continue
            place = next((i for i, h in enumerate(shown) if h.edition == edition), None)
            chosen = edition_answer(own.results, None if place is None else self.rule_of_chunk[shown[place].chunk_id],
                                    anchor, lambda hit: self.rule_of_chunk[hit.chunk_id],
                                    lambda hit: self._names_of_rule(hit.section))
            if chosen is None:
                continue
            # Its own search's line reads the question in that edition's words (a translated one).
            line = own.answers[0] if chosen is own.results[0] and own.answers else \
                next(iter(self._answers([chosen], query, True, query_vector)), None)
            if line is None:
                continue
            key = self.rule_of_chunk[chosen.chunk_id]
            place = next((i for i, h in enumerate(shown) if self.rule_of_chunk[h.chunk_id] == key),
                         len(shown) - 1 if place is None else place)
            if place == 0:  # a single result: the first stays
                continue
            shown[place] = chosen
            lines[edition] = line
        # An edition without the compared rule gets no line rather than a neighbour's (issue 16).
        name = self._compared_name(hits[0].section, lines.get(hits[0].edition), set(query.stems))
        for edition in [e for e in lines if e != hits[0].edition]:
            if lacks_rule(name, self._names_of_rule(lines[edition].section), anchor,
                          functools.partial(self._edition_prints, edition, name, query)):
                del lines[edition]
        for rank, hit in enumerate(shown, start=1):
            hit.rank = rank
        rank_of = {h.chunk_id: h.rank for h in shown}
        ordered = sorted((a for a in lines.values() if a.chunk_id in rank_of), key=lambda a: rank_of[a.chunk_id])
        return shown, [replace(a, rank=rank_of[a.chunk_id]) for a in ordered]

    def _compared_name(self, section: str, line: Answer | None, asked: set[str]) -> frozenset[str]:
        """The compared rule's name when the question says it (stems; empty when it does not): the
        first result's title, or the name its line opens with ("Squadron killer bonus: At the end of
        an encounter, …", a rule printed inside the quick reference's Check for Victory step)."""
        title = self._title_stems(section)
        if title and title <= asked:
            return title
        label = run_in_label(line.quote) if line is not None else ""
        named = frozenset(s for s in stems(label) if s.isalpha())
        return named if named and named <= asked else frozenset()

    def _edition_prints(self, edition: str, name: frozenset[str], query: Query) -> bool:
        """Whether one passage of `edition` prints every word of `name` in one of the question's
        spellings of it (its player words and translations: "boarding" is the 3rd edition's "assault")."""
        in_edition = self._rows_with("edition", (edition,))
        postings = self._bm25()
        holding: set[int] | None = None
        for word in sorted(name):
            spellings = {word} | query.variants.get(word, frozenset()) | query.translated.get(word, frozenset())
            rows = {r for s in spellings for r in postings.holding(s) if in_edition[r]}
            holding = rows if holding is None else holding & rows
            if not holding:
                return False
        return bool(holding)

    def _title_stems(self, section: str) -> frozenset[str]:
        """What a rule is named, in English: its own heading's words, or the English names the
        Russian book prints for its heading ("«Полный назад!»" -> Full Reverse). Once per section:
        reading the Russian names cost a tenth of an ask's Python (issue 18)."""
        found = self._titles.get(section)
        if found is None:
            title = section.split(" › ")[-1]
            if is_cyrillic(title):
                title = " ".join(name["en"] for name in self._spotter.english_names(title))
            found = frozenset(s for s in stems(title) if s.isalpha())
            if len(self._titles) < NEAR_CACHE:
                self._titles[section] = found
        return found

    def _names_of_rule(self, section: str) -> frozenset[frozenset[str]]:
        """index.compare.rule_names of the rule at `section` (its title, with its parent heading)."""
        parent = section.rsplit(" › ", 1)[0] if " › " in section else ""
        return rule_names(self._title_stems(section), self._title_stems(parent) if parent else frozenset())

    def _same_rule_answers(self, answers: list[Answer]) -> list[Answer]:
        """The answer lines that quote the first line's rule in another edition (a heading
        sharing a word with its heading): only these can disagree. Another edition's unit card,
        worked example or neighbouring rule states other numbers about other things. (Requiring
        the same name word for word, index.compare.same_rule, was tried: it also dropped real
        differences, the quick reference's "Launch SRS Tokens" 20" against dw4's Launch Range 30".)"""
        if not answers:
            return []
        first = self._title_stems(answers[0].section)
        return [answers[0], *(a for a in answers[1:] if first & self._title_stems(a.section))]

    def _hit(self, rank: int, key: str, row: int, score: float) -> Hit:
        r = self.rows[row]
        doc = self.docs[r["document"]]
        rule = self.rules[key]
        return Hit(rank, round(score, 6), r["chunk_id"], doc.file, doc.title, r["game"], r["edition"],
                   doc.edition_label, r["language"], rule.section, rule.text, rule.parts,
                   rule.part_of(r["chunk_id"]))


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
_DISTANCE = re.compile(r"\d\s*(?:[\"”″]|inch|дюйм)", re.IGNORECASE)
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")  # a word a Russian question writes in English


def _word_runs(words: list[str], longest: int) -> Iterator[tuple[str, ...]]:
    """Every run of 1 to `longest` consecutive words: the phrases a text prints."""
    return (tuple(words[i:i + n]) for n in range(1, longest + 1) for i in range(len(words) - n + 1))


@functools.lru_cache(maxsize=65536)
def _no_topic(word: str) -> bool:
    """A stopword or a word that only frames a question ("how", "work", "dw4" is cut earlier).
    Remembered per word: the name reader asks it of every question word once per name it tries."""
    return is_stopword(word) or stems(word, keep_stopwords=True)[:1] == [] or \
        stems(word, keep_stopwords=True)[0] in QUESTION_STEMS


def _mark_quoted(hit: Hit, rule: Rule, quote: Quote) -> None:
    """Point the hit at the part of its rule the quote is in, and highlight the quote there."""
    part = rule.part_at(quote.start)
    hit.chunk_id, hit.matched_part = rule.chunk_ids[part - 1], part
    hit.highlight = {"start": quote.start, "end": quote.end}


def _typed_as(stem: str, typed: str) -> bool:
    """The question's stem `typed` is `stem`, or it misspelt, as a near spelling is read (`typo_edits`)."""
    limit = typo_edits(len(typed))
    return stem == typed or (limit > 0 and OSA.distance(stem, typed) <= limit)


def _spellings(key: Sequence[str], extra: set[str]) -> bool:
    """Whether an expansion only spells a word otherwise ("armour" -> "armor"): one or two edits."""
    return len(key) == 1 and bool(extra) and all(OSA.distance(key[0], e) <= 2 for e in extra)


def _runs_at(haystack: list[str], needle: list[str]) -> list[int]:
    """Where `needle` begins in `haystack`, as a run of its items."""
    n = len(needle)
    return [i for i in range(len(haystack) - n + 1) if haystack[i:i + n] == needle] if n else []


def _contains_run(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def fuse(rankings: list[tuple[list[int], float]]) -> dict[int, float]:
    """Reciprocal rank fusion; returns row -> score in descending score order."""
    scores: dict[int, float] = {}
    for ranked, weight in rankings:
        for row, vote in zip(ranked, _votes(weight, len(ranked)), strict=False):  # the votes may run longer
            scores[row] = scores.get(row, 0.0) + vote
    # reverse=True keeps equal scores in insertion order, as the key -score did (sorting is stable)
    return dict(sorted(scores.items(), key=itemgetter(1), reverse=True))


_VOTES: dict[float, list[float]] = {}  # weight -> each rank's vote, weight / (RRF_K + rank + 1)


def _votes(weight: float, count: int) -> list[float]:
    """The first `count` ranks' votes of a ranking of this weight (the same doubles, divided once per process)."""
    found = _VOTES.get(weight)
    if found is None or len(found) < count:
        found = [weight / (RRF_K + rank + 1) for rank in range(max(count, CANDIDATES))]
        if len(_VOTES) < 16:  # the weights are a few constants
            _VOTES[weight] = found
    return found


def diversify_rules(ranked: list[tuple[str, int, float]], rows: list[dict[str, Any]],
                    k: int, compared: Sequence[str] = ()) -> list[tuple[str, int, float]]:
    """Top k rules in order, but no single edition of a game may take every slot while
    another edition of the same game has a strong candidate (editions differ: show each).
    Each edition a comparison names ("квикреф vs 3.03") gets a slot for its best candidate,
    however far down it is: the player asked for it."""
    top = ranked[:k]
    if k < 3 or not top:
        return top
    if len(compared) > 1:
        top = list(top)
        for wanted in compared:
            if any(rows[t[1]]["edition"] == wanted for t in top):
                continue
            best = next((item for item in ranked[k:] if rows[item[1]]["edition"] == wanted), None)
            counts = {e: sum(1 for t in top if rows[t[1]]["edition"] == e) for e in sorted(
                {str(rows[t[1]]["edition"]) for t in top})}
            crowded = max(counts, key=lambda e: counts[e])
            if best is not None and counts[crowded] > 1:
                top[max(i for i, t in enumerate(top) if rows[t[1]]["edition"] == crowded)] = best

    def edition(item: tuple[str, int, float]) -> str:
        return str(rows[item[1]]["edition"])

    game = rows[top[0][1]]["game"]
    present = {edition(t) for t in top}
    for item in ranked[k: max(3 * k, 15)]:
        if rows[item[1]]["game"] == game and edition(item) not in present:
            counts = {e: sum(1 for t in top if edition(t) == e) for e in sorted(present)}
            crowded = max(counts, key=lambda e: counts[e])
            if counts[crowded] < 2:
                break
            victim = max(i for i, t in enumerate(top) if edition(t) == crowded)
            top[victim] = item
            present.add(edition(item))
    order = {item[0]: i for i, item in enumerate(ranked)}
    return sorted(top, key=lambda t: order[t[0]])


def _spread_and_mean(scores: np.ndarray) -> tuple[float, float]:
    """(scores.std(), scores.mean()) as floats, bit for bit, with the sum taken once: the same
    ufunc steps numpy's `_var` and `_mean` take, without their Python wrappers run twice per ask."""
    count = np.intp(scores.size)
    mean = np.add.reduce(scores, keepdims=True)
    np.true_divide(mean, count, out=mean, casting="unsafe")
    deviations = np.subtract(scores, mean)
    np.square(deviations, out=deviations)
    total = np.add.reduce(deviations)
    variance = total.dtype.type(total / count)
    return float(variance.dtype.type(np.sqrt(variance))), float(mean[0])
