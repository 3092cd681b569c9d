"""The learned order of the leading candidates (index/rerank.py) and the evidence it reads."""
from __future__ import annotations

from index.rerank import DEPTH, FEATURES, Candidate, RerankModel, features, load_model, readable_first


def _candidate(position: int, **values: float | bool | None) -> Candidate:
    base: dict[str, float | bool | int | None] = dict(
        position=position, fused=1.0, coverage=0.5, heading_coverage=0.0, path_coverage=0.0, heading_precision=0.0,
        body_coverage=0.5, named=0.0,
        defined=0.0, same_language=True, cosine=0.0, lexical=position, foreign=0.0, away=False,
        numbers=0.0, numeric_rule=False, distance_rule=False, length=400,
        opening=0.0, repeated=0.0, early=0.0)
    base.update(values)
    return Candidate(**base)  # type: ignore[arg-type]


def test_the_shipped_model_is_fitted_for_these_features():
    # bench/fit_rerank.py --write refits it; a model fitted for other features is ignored (None),
    # which would silently switch the learned order off.
    model = load_model()
    assert model is not None and len(model.coefficients) == len(FEATURES)


def test_equal_scores_keep_the_hand_made_order():
    # Determinism across processes: ties are broken by the hand-made position, never by hash order.
    model = RerankModel(tuple(0.0 for _ in FEATURES))
    assert model.order([_candidate(i) for i in range(DEPTH)]) == list(range(DEPTH))


def test_the_model_prefers_the_rule_headed_by_the_asked_term():
    # Fitted weights, not hand-set ones: a candidate whose heading is the question's term and that
    # covers more of the question beats the hand-made leader that only mentions it.
    model = load_model()
    assert model is not None
    leader = _candidate(0, coverage=0.4)
    headed = _candidate(1, coverage=0.6, heading_coverage=0.5, heading_precision=1.0, body_coverage=0.6, named=0.5,
                        defined=0.5)
    assert model.order([leader, headed]) == [1, 0]
    assert len(features(leader)) == len(FEATURES)


def test_a_passage_the_asker_cannot_read_does_not_overtake_an_equal_one(searcher):
    # "squadron killer bonus": the quick reference's CHECK FOR VICTORY states it in English and the
    # Russian book's "Бонус убийцы эскадр" covers the question no better; the English reader gets
    # the English rule first.
    result = searcher.ask("squadron killer bonus", k=5)
    assert result.results[0].language == "en"
    assert any(h.language == "ru" for h in result.results)


def test_an_english_question_reads_a_russian_rule_through_the_term_map(searcher):
    # 3.03 rulebook, Storm scenario (Буря): "Специальные правила: Во время шторма Дрейф удваивается для
    # всех моделей." The book's English names beside the passage stop at 16 terms and leave Drift out;
    # the term map (Drift = Дрейф) still lets "drift" count, so the scenario comes first.
    result = searcher.ask("what happens to drift during the storm scenario", k=5)
    assert result.results[0].section == "СТАНДАРТНЫЕ СЦЕНАРИИ › Буря"


def test_a_rule_printing_inches_is_told_from_one_printing_none(searcher):
    # 3e quick reference, ACTIVATION PHASE › 3. SHOOTING: 'Point blank: 0-10" Closing: 10-20" Long: 20-30"';
    # its sub-step 1. DETERMINE ACTION DICE names the range bands but prints no distance. "What's the range for the
    # closing band?" asks a distance: the re-ranker's `distance_rule` marks the first only.
    def keys(section: str) -> list[str]:
        return [k for k, r in searcher.rules.items() if k.startswith("dw3-quick-reference:") and r.section == section]

    assert keys("ACTIVATION PHASE › 3. SHOOTING") and all(
        searcher._prints_distance(k) for k in keys("ACTIVATION PHASE › 3. SHOOTING"))
    assert keys("ACTIVATION PHASE › 3. SHOOTING › 1. DETERMINE ACTION DICE") and not any(
        searcher._prints_distance(k) for k in keys("ACTIVATION PHASE › 3. SHOOTING › 1. DETERMINE ACTION DICE"))


def test_a_rules_section_path_holds_its_parents_headings(searcher):
    # Dust Warfare summary, "AIRCRAFT › Movement": "it must move its maximum allowed movement distance
    # directly ..." — a question about aircraft movement names the parent heading and the rule's own.
    key = next(k for k, r in searcher.rules.items() if r.section == "AIRCRAFT › Movement")
    assert {"aircraft", "movement"} <= searcher._path_words(key)
    assert "aircraft" not in searcher._heading_words(key)


def test_a_passage_the_asker_cannot_read_does_not_lead_when_it_covers_no_more():
    # The model ranks a Russian passage (2) first, then an English one (1), then the English hand-made
    # leader (0): the English question gets the model's best English passage first, not the leader.
    candidates = [_candidate(0, coverage=0.8), _candidate(1, coverage=0.7),
                  _candidate(2, coverage=0.8, same_language=False)]
    assert readable_first([2, 1, 0], candidates) == [1, 2, 0]


def test_a_passage_the_asker_cannot_read_leads_when_it_covers_more():
    candidates = [_candidate(0, coverage=0.5), _candidate(1, coverage=0.4),
                  _candidate(2, coverage=0.9, same_language=False)]
    assert readable_first([2, 1, 0], candidates) == [2, 1, 0]
    # and a readable first choice is never moved
    assert readable_first([1, 2, 0], candidates) == [1, 2, 0]
