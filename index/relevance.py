"""Is the question in the rules at all? A calibrated test on the leading rule candidates.

Measured on the dev set and on bench/data/offtopic.jsonl (other games, painting, points
costs, invented rule names, general knowledge) by bench/retrieval.py. The evidence:
- coverage: the share of the question's content words (IDF-weighted, words the corpus never
  uses weigh most) that a leading rule uses in some spelling;
- matched: how many distinct content words it shares (one shared word is chance: "capital");
- cosine: for English passages, how close the model finds the question and the rule.
Question words and edition names carry no topic and are left out of all three.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from index.text import stems

# Words that ask or frame a question but say nothing about its topic (stemmed when used).
_QUESTION_WORDS = (
    "what whats which why how many much far close who whom whose where when happen happens happened "
    "work works working do does did doing done get gets got go goes going still actually really just "
    "only also even rule rules game games play playing mean means explain tell say says ok okay please "
    "thanks pls im dont cant vs versus ed edition warfare dystopian wars war anyone someone something "
    "какой какая какие каков сколько скока почему зачем можно нельзя который которая которые которых "
    "будет будут делает делать работает работать тогда правило правила игра игре мой моя мои свой "
    "просто если нужно надо вообще stuff thing things something anything kind sort lot book "
    # chat around a question: greetings and thanks name no rule ("thanks, that's all for now!")
    "hi hello hey thank thanks cheers bye lol lmao all now спасибо привет пока"
)
QUESTION_STEMS = frozenset(stems(_QUESTION_WORDS, keep_stopwords=True))

# Calibrated by a grid over these six numbers (bench/retrieval.py reports the outcome): a broad
# plateau of settings gives the same errors; these sit inside it, not on its edge.
NAME_SHARE = 0.4  # the question is mostly the name of a rule the term table knows
MIN_COVERAGE = 0.4  # English passage: share of the question's weight the rule uses ...
MIN_COVERAGE_RU = 0.35  # ... Russian passage (no model vote, so words alone decide)
MIN_COSINE = 0.5  # the model finds the rule this close in meaning ...
MIN_COVERAGE_WITH_MODEL = 0.25  # ... while it still shares this much of the wording
MIN_COVERAGE_NAMED = 0.2  # the question names the rule's term and shares this much
MIN_MATCHED = 2  # distinct content words shared for the word-only tests (one is chance)


@dataclass(frozen=True)
class Evidence:
    coverage: float
    matched: int
    cosine: float | None  # None when the model cannot read the passage or the question
    name_share: float  # share of the question's weight in a name of this rule (0: none)
    unknown: float = 0.0  # share of the question's weight in words the corpus never uses
    words: int = 0  # distinct content words in the question
    unknown_name: float = 0.0  # 1.0: the question spells out a name no rule or heading holds


def topic_stems(all_stems: list[str]) -> list[str]:
    """The question's content stems: question words dropped."""
    return [s for s in all_stems if s not in QUESTION_STEMS]


def is_relevant(e: Evidence) -> bool:
    if e.name_share >= NAME_SHARE:
        return True
    if e.name_share > 0 and e.coverage >= MIN_COVERAGE_NAMED:
        return True
    if e.cosine is not None and e.cosine >= MIN_COSINE and e.coverage >= MIN_COVERAGE_WITH_MODEL:
        return True
    floor = MIN_COVERAGE_RU if e.cosine is None else MIN_COVERAGE
    return e.matched >= MIN_MATCHED and e.coverage >= floor


# -- the fitted model ---------------------------------------------------------------------
# Logistic regression over the question's evidence (bench/fit_relevance.py fits it on the three
# development sets plus bench/data/offtopic.jsonl and reports each fold fitted on the other two).
# The tests above stay: they are the names and words a player can check; the model answers the
# questions they refuse when the evidence, weighed together, says the rules hold the answer.
MODEL_FILE = Path(__file__).resolve().parent / "data" / "relevance_model.toml"
FEATURES = (
    "coverage", "log_matched", "cosine", "no_cosine", "name_share", "unknown", "log_words",
    "best_coverage", "best_cosine", "best_name_share", "best_log_matched", "unknown_name",
)
THRESHOLD = 0.5  # the model's own probability: fitted with balanced class weights, no tuning


def _row(e: Evidence) -> list[float]:
    cosine = e.cosine if e.cosine is not None else 0.0
    return [e.coverage, math.log1p(e.matched), cosine, float(e.cosine is None), e.name_share, e.unknown,
            math.log1p(e.words)]


def features(leading: Sequence[Evidence]) -> list[float]:
    """The leading rule's evidence, then the best of the leading rules' on four of them."""
    if not leading:
        return [0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    rows = [_row(e) for e in leading]
    return rows[0] + [max(r[i] for r in rows) for i in (0, 2, 4, 1)] + [leading[0].unknown_name]


@dataclass(frozen=True)
class RelevanceModel:
    coefficients: tuple[float, ...]
    intercept: float

    def probability(self, x: Sequence[float]) -> float:
        z = self.intercept + math.fsum(c * v for c, v in zip(self.coefficients, x, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def load_model(path: Path = MODEL_FILE) -> RelevanceModel | None:
    """The fitted model, or None when there is none (the tests above then decide alone)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if tuple(data.get("features", ())) != FEATURES:
        return None  # fitted for other features: refit with bench/fit_relevance.py
    return RelevanceModel(tuple(float(c) for c in data["coefficients"]), float(data["intercept"]))


def in_the_rules(leading: Sequence[Evidence], model: RelevanceModel | None) -> bool:
    """The question is answered when a leading rule passes the tests, or the model is confident."""
    if any(is_relevant(e) for e in leading):
        return True
    return model is not None and model.probability(features(leading)) >= THRESHOLD
