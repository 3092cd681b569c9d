"""Learning to rank the leading candidates: which of them is the passage that answers?

The hand-made ranking (fused lexical and dense ranks, whole-rule coverage, the rule a question
names first) orders the candidates; this step re-orders the leading `DEPTH` of them with a
linear model over the evidence search already computes for each one. The model is a
conditional logit (a softmax over one question's candidates, the answering ones as the
outcome: the likelihood of R@1 itself), L2-penalised; `bench/fit_rerank.py` fits it, reports each
fold of its protocol (the three development sets, our own sets grouped by style) with a model not
fitted on that fold, and writes the weights to `index/data/rerank_model.toml` only when the new
model passes the adoption rule. Without that file (or with one fitted for other features) the
hand-made order stands.
"""
from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

MODEL_FILE = Path(__file__).resolve().parent / "data" / "rerank_model.toml"
DEPTH = 5  # leading candidates re-ordered (deeper, 10 or 20, lost R@5 on dev1: bench/fit_rerank.py)


@dataclass(frozen=True)
class Candidate:
    """What search knows about one candidate rule of one question."""

    position: int  # 0-based place in the hand-made ranking
    fused: float  # fused score over the leader's (the leader is 1)
    coverage: float  # share of the question's weight the whole rule uses
    heading_coverage: float  # share of the question's weight in the rule's own heading
    path_coverage: float  # share of the question's weight in the rule's whole section path (its parents too)
    heading_precision: float  # share of the heading's words the question uses (the heading *is* the term)
    body_coverage: float  # share of the rest of the question (its words not in the heading) the rule uses
    named: float  # share of the question's weight in a name of this rule (0: not named)
    defined: float  # the same, by the book's own names only (no player words, no headings)
    same_language: bool  # the passage is in the question's language
    cosine: float | None  # the model's cosine over the best candidate's (None: the model cannot read it)
    lexical: int | None  # 0-based rank of the rule's best chunk in the lexical list (None: not in it)
    foreign: float  # share of the question's weight in words only *other* games' documents use
    away: bool  # another game than the corpus's own (Dystopian Wars), and the question names no game
    numbers: float  # share of the numbers the question states that the rule prints
    numeric_rule: bool  # the question asks "how many/how far" and the rule prints a number
    distance_rule: bool  # the question asks "how far / what range" and the rule prints a distance (10", 4”)
    length: int  # characters of the whole rule
    # index.aboutness: is the rule about the asked words, or does it only mention them?
    opening: float  # share of the question's weight in the rule's heading and first sentence
    repeated: float  # share of the question's weight in words the rule uses more than once
    early: float  # how near its start the rule first uses the question's words (1: at once)


FEATURES = (
    "prior", "log_position", "fused", "coverage", "heading_coverage", "path_coverage", "heading_precision",
    "body_coverage", "named", "defined", "same_language", "cosine", "no_cosine", "lexical", "foreign", "away",
    "numbers", "numeric_rule", "distance_rule", "log_length", "opening", "repeated", "early",
)


def features(c: Candidate) -> list[float]:
    """One candidate's feature vector, in `FEATURES` order."""
    return [
        1.0 / (1 + c.position), math.log1p(c.position) / 3.0, c.fused, c.coverage, c.heading_coverage,
        c.path_coverage, c.heading_precision, c.body_coverage, c.named, c.defined, float(c.same_language),
        c.cosine if c.cosine is not None else 0.0, float(c.cosine is None),
        1.0 / (1 + c.lexical) if c.lexical is not None else 0.0, c.foreign, float(c.away),
        c.numbers, float(c.numeric_rule), float(c.distance_rule), math.log(1 + c.length) / 8.0,
        c.opening, c.repeated, c.early,
    ]


@dataclass(frozen=True)
class RerankModel:
    coefficients: tuple[float, ...]

    def score(self, x: Sequence[float]) -> float:
        return math.fsum(w * v for w, v in zip(self.coefficients, x, strict=True))

    def order(self, candidates: Sequence[Candidate]) -> list[int]:
        """Indices of `candidates`, best first; ties keep the hand-made order (deterministic)."""
        scores = [self.score(features(c)) for c in candidates]
        return sorted(range(len(candidates)), key=lambda i: (-round(scores[i], 9), i))


def readable_first(order: Sequence[int], candidates: Sequence[Candidate]) -> list[int]:
    """`order` with a passage the asker cannot read kept from first place unless it covers more of
    the question than the hand-made leader they can read (as in search's hand-made ranking; the dev
    sets' metric is blind to the language); the model's best passage they can read leads instead
    (the hand-made leader did before: it put a step's summary above the step the model preferred)."""
    top, leader = candidates[order[0]], candidates[0]
    if top.same_language or not leader.same_language or top.coverage > leader.coverage:
        return list(order)
    readable = next(i for i in order if candidates[i].same_language)
    return [readable, *(i for i in order if i != readable)]


def load_model(path: Path = MODEL_FILE) -> RerankModel | None:
    """The fitted model, or None when there is none or it was fitted for other features."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if tuple(data.get("features", ())) != FEATURES:
        return None
    return RerankModel(tuple(float(c) for c in data["coefficients"]))
