"""The re-ranker's fit and its fold protocol (bench/fit_rerank.py)."""
from __future__ import annotations

import numpy as np

from bench.fit_rerank import HELD_OUT, PROTOCOL, _Recorder, adopted, fit, simulated
from bench.retrieval import DEV_SETS, OWN_SETS
from index.rerank import FEATURES


def test_each_question_set_is_wholly_in_one_fold():
    # A fold is reported by a model fitted on the others: a set split across folds would be half
    # fitted on; a held-out set is never read.
    names = [s for sets in PROTOCOL.values() for s in sets]
    assert len(names) == len(set(names))
    assert [f for f in PROTOCOL if f.startswith("dev")] == list(DEV_SETS)
    own = {p.stem for p in OWN_SETS}
    assert all(s in own for fold, sets in PROTOCOL.items() if not fold.startswith("dev") for s in sets)
    assert not any(s.startswith(HELD_OUT) for s in names)


def _question(rng: np.random.Generator, answer: int) -> dict[str, np.ndarray]:
    """Five candidates; the answering one is marked by a higher value of the first feature, the
    others are noise."""
    x = rng.normal(size=(5, len(FEATURES)))
    x[answer, 0] += 2.0
    return {"x": x, "y": np.arange(5) == answer}


def test_the_fit_learns_the_feature_that_marks_the_answer_and_maximises_its_objective():
    rng = np.random.default_rng(0)
    rows = [_question(rng, int(rng.integers(5))) for _ in range(200)]
    beta = fit(rows, without=FEATURES[2:])
    assert beta[0] > 1.0 and not beta[2:].any()  # features held out of the fit keep weight 0
    first, _ = simulated(rows, beta)
    assert first > simulated(rows, None)[0]  # better than the hand-made (here: arbitrary) order

    def objective(b: np.ndarray) -> float:  # the penalised log-likelihood the fit maximises (C = 1)
        total = -float(b @ b) / 2
        for r in rows:
            s = r["x"] @ b
            total += float(np.log(np.exp(s[r["y"]]).sum()) - np.log(np.exp(s).sum()))
        return total

    best = objective(beta)
    for i in (0, 1):
        for step in (-0.05, 0.05):
            moved = beta.copy()
            moved[i] += step
            assert objective(moved) < best


def _report(r1: float, quote: float, false_nf: int = 0, abstention: float | None = 1.0) -> dict[str, object]:
    return {"answerable": 100, "unanswerable": 10, "R@1": r1, "R@5": 1.0, "quote": quote,
            "false_not_found": false_nf, "abstention": abstention}


def test_a_model_is_adopted_only_if_no_dev_fold_loses_and_our_folds_together_do_not():
    shipped = {"dev1": _report(0.87, 0.79), "own_en": _report(0.80, 0.70), "own_ru": _report(0.70, 0.60)}
    better_own = {"dev1": _report(0.87, 0.79), "own_en": _report(0.82, 0.70), "own_ru": _report(0.69, 0.61)}
    assert adopted(shipped, better_own) == []
    dev_lost = {**better_own, "dev1": _report(0.86, 0.80)}
    assert adopted(shipped, dev_lost) == ["dev1: R@1"]
    more_not_found = {**better_own, "dev1": _report(0.87, 0.79, false_nf=1)}
    assert adopted(shipped, more_not_found) == ["dev1: false not-found"]


def test_the_recorded_candidates_are_those_of_the_search_the_answer_shows(built_settings):
    # "in 3rd" names both 3rd-edition books: the answer comes from the first search, then each edition
    # is searched again for its line. The quick reference's "WEAPON QUALITIES › Devastating" is shown
    # first; the candidates recorded must be that search's, not the Russian book's second search.
    recorder = _Recorder(built_settings)
    recorder.recording = True
    candidates, keys = recorder.shown("what does the devastating quality do in 3rd edition?")
    assert len(recorder.calls) > 1
    shown = recorder.ask("what does the devastating quality do in 3rd edition?", k=5).results[0]
    assert keys[0] == recorder.rule_of_chunk[shown.chunk_id] and len(candidates) == len(keys)
    assert recorder.calls[-1][1][0] != keys[0]
