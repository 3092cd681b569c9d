"""The answer line, whole rules, "not in the rules", edition lines, English names for Russian
passages, and batch output — on the real corpus and the real index."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.answer import (
    QUOTE_MAX_CHARS,
    best_quote,
    disagreement_note,
    is_distance_question,
    is_numeric_question,
    numbers,
    segments,
)
from index.rules import join_rules

ROOT = Path(__file__).resolve().parent.parent

# Real lines from the corpus. The quick reference (line 76): SRS tokens are placed
# "enemy model within 20" of the unit"; the 3.03 rulebook: "в пределах 40" от Модели,
# которая их запускает". The eval README names this pair as an edition disagreement.
QRS_LAUNCH = 'Place SRS tokens in base contact with a friendly or enemy model within 20" of the unit.'
RU_LAUNCH = ('Токены помещаются в базовом контакте с дружественной или вражеской Моделью '
             'в пределах 40" от Модели, которая их запускает.')


def test_numbers_unify_inch_marks():
    # 3”, 3 inches and 3" are one distance; the README's dw4 Ram text writes 3”.
    assert numbers("after moving at least 3”") == ['3"']
    assert numbers("within 3 inches") == ['3"']
    assert numbers("в пределах 40\" от Модели") == ['40"']


def test_page_references_are_not_stated_numbers():
    # 3.03 book, Critical Damage: "... См. «Критические повреждения» (стр. 21)."
    assert numbers("в качестве маркера Критических повреждений. См. «Критические повреждения» (стр. 21).") == []
    assert numbers("see page 21: move 3 inches") == ['3"']


def test_disagreement_note_names_each_editions_numbers():
    note = disagreement_note([("3rd edition (Quick Reference)", QRS_LAUNCH), ("3rd edition v3.03", RU_LAUNCH)])
    assert note is not None and '20"' in note and '40"' in note


def test_a_distance_is_not_compared_with_a_count():
    # dw4 glossary, Ram: "Add 1 Bonus Die for each full inch the model moved before the Ram. This cannot
    # add more than 5 Bonus Dice." Quick reference, Ramming: "must have moved at least 3" in its activation".
    dw4 = "Add 1 Bonus Die for each full inch the model moved before the Ram. This cannot add more than 5 Bonus Dice."
    qrs = ('A moving model may only ram a point of impact in its forward fire arc, and must have moved at least 3" '
           "in its activation")
    assert disagreement_note([("4th", dw4), ("3rd", qrs)]) is None
    # ... while counts differing are still told: quick reference "adds 2 dice", 3.03 book "3 куба"
    note = disagreement_note([
        ("3rd", "Attack run: Each enemy SRS token in base contact with the attack target adds 2 dice to the "
                "action dice pool."),
        ("3.03", "каждый атакующий Токен SRS в базовом контакте с Целью Налета добавляет к Набору Боевых Кубов "
                 "3 куба.")])
    assert note is not None and "3rd: 2" in note and "3.03: 3" in note


def test_a_question_asking_how_far_compares_distances_only():
    # dw4 glossary, Full Reverse: "A model with 3 levels of Disorder suffers a point of Damage instead."
    # 3.03 book, «Полный назад!»: "До конца Активации Дрейф такого Подразделения равен 0". Neither
    # states how far the ship moves; the quick reference's 3" and the book's 4" (Magazine explosion) do.
    dw4 = ("When a model engages Full Reverse, it gains a level of Disorder.  A model with 3 levels of Disorder "
           "suffers a point of Damage instead.")
    book = "До конца Активации Дрейф такого Подразделения равен 0"
    assert disagreement_note([("4th", dw4), ("3.03", book)], distance=True) is None
    assert disagreement_note([("4th", dw4), ("3.03", book)]) is not None
    assert disagreement_note([("3rd", 'Magazine explosion: This model and all others within 3", including'),
                              ("3.03", 'эта Модель и все остальные в пределах 4" получают 1 повреждение.')],
                             distance=True) is not None


def test_a_list_items_number_is_no_statement():
    # 3.03 book, Статусы Деорганизации: "2) Авария: пока на Модель действует этот Статус, она не может
    # пойти на Таран"; the 4th edition's Full Reverse: "Its Turn Limit is increased by 2 (to a maximum of 4)."
    assert numbers("2) Авария: пока на Модель действует этот Статус, она не может пойти на Таран") == []
    assert numbers("Its Turn Limit is increased by 2 (to a maximum of 4).") == ["2", "4"]


def test_no_disagreement_when_the_lines_state_the_same_numbers_or_none():
    same = 'Place SRS tokens within 20" of the unit.'
    assert disagreement_note([("A", QRS_LAUNCH), ("B", same)]) is None
    assert disagreement_note([("A", QRS_LAUNCH), ("B", "Any model may ram.")]) is None
    assert disagreement_note([("A", QRS_LAUNCH)]) is None


def test_segments_never_exceed_the_quote_limit():
    long_line = "; ".join(["the attacker rolls one more die for each escort token discarded"] * 12) + "."
    for start, end in segments(long_line):
        assert 0 < end - start <= QUOTE_MAX_CHARS


def test_quote_is_a_verbatim_window_with_the_question_words():
    # dw4 glossary, Ram step 3: "Action Pool: Add a number of Action Dice equal to the Ramming
    # Model's Hull rating. Add 1 Bonus Die for each full inch the model moved before the Ram."
    text = ("2. Inflict Disorder\nBoth the Ramming Model and the Target gain 1 level of Disorder.\n\n"
            "Action Pool: Add a number of Action Dice equal to the Ramming Model’s Hull rating. "
            "Add 1 Bonus Die for each full inch the model moved before the Ram.")
    weights = {"dice": 1.7, "hull": 3.5, "ram": 5.2}
    quote = best_quote(text, weights, numeric=True)
    assert quote is not None
    chosen = text[quote.start:quote.end]
    assert chosen.startswith("Action Pool") and "Hull rating" in chosen and len(chosen) <= QUOTE_MAX_CHARS


def _corpus_line(name: str, starting: str) -> str:
    path = ROOT / "corpus" / name
    return next(line for line in path.read_text(encoding="utf-8").splitlines() if starting in line)


def test_distance_question_quotes_the_distance_not_a_count():
    # USR, Fireteam: "Each fireteam must have 1 model nominated to be the team leader ...
    # Each fireteam must remain within 3″ of its team leader". "How far from the team leader"
    # asks for a distance: the 3″ sentence answers it, the "1 model" one does not.
    text = _corpus_line("skirmish-universal-special-rules.md", "| Fireteam |").split(" | ")[1]
    weights = {"fireteam": 6.5, "split": 5.9, "model": 1.0, "team": 5.2, "leader": 3.7}
    quote = best_quote(text, weights, numeric=True, distance=is_distance_question("how far from the team leader?"))
    assert quote is not None
    assert "Each fireteam must remain within 3″ of its team leader" in text[quote.start:quote.end]
    assert not is_distance_question("how many dice do i roll?") and is_numeric_question("how many dice do i roll?")


def test_russian_stems_cut_differently_still_match():
    # 3.03 rulebook, Этап ремонта: "... бросьте количество Боевых Кубов, равное ее Массе." The
    # stemmer cuts "бросать" to "броса" and "бросьте" to "бросьт": the same verb, so "сколько
    # кубов бросать" must find that sentence rather than the opening one about when repairs happen.
    text = _corpus_line("dw3-rulebook-ru.md", "или Уровень Дезорганизации, бросьте")
    weights = {"куб": 2.4, "броса": 4.2, "ремонт": 1.4}
    quote = best_quote(text, weights, numeric=True)
    assert quote is not None
    assert text[quote.start:quote.end].startswith("или Уровень Дезорганизации, бросьте количество Боевых Кубов")


def test_a_quote_inside_a_table_starts_at_the_sentence_introducing_it():
    # 3.03 rulebook, hand size: "В начале раунда оба игрока добирают карты на руку до этого
    # максимума:" then the table "От 750 до 1499\t5". Table rows alone mean nothing.
    lines = (ROOT / "corpus" / "dw3-rulebook-ru.md").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("749 и меньше"))
    text = "\n".join([lines[at - 3].split("Очков. ")[-1], "", *lines[at - 1:at + 4]])
    quote = best_quote(text, {"750": 5.4, "4": 2.2, "5": 2.4})  # "at 750 pts is it 4 or 5 cards"
    assert quote is not None
    chosen = text[quote.start:quote.end]
    assert chosen.startswith("В начале раунда оба игрока добирают карты") and "От 750 до 1499\t5" in chosen


def test_join_rules_puts_parts_in_order_whatever_the_row_order():
    rows = [
        {"chunk_id": "dw4-glossary:0144.1", "section": "Ram (part 2/2)", "text": "5. Disengage"},
        {"chunk_id": "dw4-glossary:0144.0", "section": "Ram (part 1/2)", "text": "If a moving model Collides"},
    ]
    rule = join_rules(rows)["dw4-glossary:0144"]
    assert rule.section == "Ram" and rule.parts == 2
    assert rule.text == "If a moving model Collides\n\n5. Disengage"
    assert rule.part_at(rule.text.index("Disengage")) == 2 and rule.part_at(0) == 1


# -- on the real index (slow) -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("question", [
    "how many dice does a ram get in dw4?",
    "сколько кубов кидать на таран?",
    "what does piercing do",
    "3e: do exploding hits still add extra dice if the target is obscured?",
])
def test_answer_quote_is_an_exact_substring_of_its_passage(searcher, question):
    result = searcher.ask(question, k=5).to_json()
    assert result["status"] == "answered" and result["answer"] is not None
    for answer in result["answers"]:
        hit = result["results"][answer["rank"] - 1]
        assert hit["chunk_id"] == answer["chunk_id"] and hit["section"] == answer["section"]
        assert 0 < len(answer["quote"]) <= QUOTE_MAX_CHARS
        span = hit["highlight"]
        assert hit["text"][span["start"]:span["end"]] == answer["quote"]


@pytest.mark.slow
def test_off_topic_question_is_not_found_with_suggestions(searcher):
    result = searcher.ask("what is the capital of France", k=5).to_json()
    assert result["status"] == "not_found"
    assert result["answer"] is None and result["answers"] == []
    assert result["suggestions"] and all(isinstance(s, str) and s for s in result["suggestions"])
    assert result["editions_disagree"] is None
    # Issue 16: a "not in the rules" reply still shows the closest passages, with no quote in them.
    assert result["results"] and all(hit["highlight"] is None for hit in result["results"])


@pytest.mark.slow
def test_a_question_about_another_game_is_not_in_the_rules(searcher):
    """corpus/manifest.toml [other_games]: shared words ("focus", "dice", "orders") do not make a
    question about another game one about these rules."""
    for question in ("X-Wing: what does a focus token let you change on your dice?",
                     "как работает овервотч в вархаммере 40к?"):
        assert searcher.ask(question, k=5).status == "not_found"
    # ... unless it also names an edition of these rules: then it is a question in a player's own words.
    assert searcher.ask("in warhammer you charge into melee, how does boarding work in dw4?", k=5).status == "answered"


@pytest.mark.slow
def test_a_word_typed_on_two_keyboard_layouts_is_answered_as_typed_on_one(searcher):
    """"rаm" with a Cyrillic а (a look-alike from the other layout) was "not in the rules"."""
    mixed = searcher.ask("how do r\u0430ms work", k=5).to_json()
    plain = searcher.ask("how do rams work", k=5).to_json()
    assert mixed["status"] == "answered" and mixed["answer"] == plain["answer"]


@pytest.mark.slow
def test_nonsense_is_not_found(searcher):
    assert searcher.ask("asdkjh qwpoeiru zxcmnb", k=3).status == "not_found"


@pytest.mark.slow
def test_dw4_ram_is_shown_whole_with_its_parts_in_order(searcher):
    # The glossary's Ram is cut in two: part 1 opens "If a moving model Collides with an enemy
    # model after moving at least 3”", part 2 opens "5. Disengage".
    result = searcher.ask("how does ramming work in dw4", k=5).to_json()
    ram = next(h for h in result["results"] if h["section"] == "Ram")
    assert ram["parts"] == 2
    text = ram["text"]
    assert text.index("If a moving model Collides") < text.index("RESOLVING A RAM") < text.index("5. Disengage")
    # The answer comes from part 1 (the declaration), so part 1 is the matched part.
    assert result["results"][0]["section"] == "Ram" and result["results"][0]["matched_part"] == 1


@pytest.mark.slow
def test_rule_lookup_returns_every_part(term_book):
    entry = next(e for e in term_book.lookup("Ram", edition="dw4").entries)
    assert "If a moving model Collides" in entry.text and "5. Disengage" in entry.text


@pytest.mark.slow
def test_a_named_rule_comes_first(searcher):
    # "Piercing" is a rule name in the dw4 glossary and the quick reference.
    top = searcher.ask("what does piercing do", k=5).results[0]
    assert top.section.split(" › ")[-1] == "Piercing"


@pytest.mark.slow
def test_single_edition_question_has_one_answer_line_and_no_note(searcher):
    result = searcher.ask("how many dice does a ram get in dw4?", k=5)
    assert [a.edition for a in result.answers] == ["dw4-glossary"]
    assert result.editions_disagree is None


@pytest.mark.slow
def test_edition_lines_are_labelled_one_per_edition(searcher):
    result = searcher.ask("what does piercing do", k=5)
    editions = [a.edition for a in result.answers]
    assert len(editions) == len(set(editions)) >= 2
    assert all(a.edition_label for a in result.answers)


@pytest.mark.slow
def test_english_player_words_find_the_russian_answer_sentence(searcher):
    # 3.03 book, Удержать любой ценой: "Цель:** В конце партии каждый игрок получает по два
    # Победных очка за каждое Подразделение ...". "vps" expands to "victory points", whose
    # Russian name in the term map is "Победные очки": that sentence answers "how do I get vps".
    result = searcher.ask("hold at all costs mission, how do i get vps?", k=3)
    assert result.answers and "Победных очка" in result.answers[0].quote


def test_russian_passage_lists_english_terms_for_an_english_question(searcher):
    result = searcher.ask("how many dice for a ram in the 3.03 book?", k=5)
    russian = [h for h in result.results if h.language == "ru"]
    assert russian, "the 3.03 book is Russian"
    # The book prints "**Таран (Ramming):**", so the term map pairs Таран with Ram/Ramming.
    names = {(t["term"], t["en"]) for h in russian for t in h.terms_en}
    assert any(term == "Таран" and en in ("Ram", "Ramming") for term, en in names)


@pytest.mark.slow
def test_russian_question_gets_no_english_term_list(searcher):
    result = searcher.ask("сколько кубов кидать на таран?", k=3)
    assert result.results and all(h.terms_en == [] for h in result.results)


@pytest.mark.slow
def test_batch_json_equals_single_question_json(built_settings, tmp_path, monkeypatch, capsys):
    from bot.cli import main

    monkeypatch.setenv("ADMIRALTY_DATA_DIR", str(built_settings.data_dir))
    questions = ["how many dice does a ram get in dw4?", "what is the capital of France"]
    batch = tmp_path / "questions.jsonl"
    batch.write_text("".join(json.dumps({"question": q}) + "\n" for q in questions), encoding="utf-8")
    assert main(["ask", "--batch", str(batch), "--json", "--k", "3"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    singles = []
    for q in questions:
        assert main(["ask", q, "--json", "--k", "3"]) == 0
        singles.append(json.loads(capsys.readouterr().out))
    assert lines == singles
    assert {"status", "answer", "answers", "suggestions", "routed_editions"} <= lines[0].keys()
    assert lines[0]["results"][0]["document_title"] and lines[0]["results"][0]["edition_label"]


# -- question encoding --------------------------------------------------------------------


def test_vector_cache_is_bounded_and_least_recently_used_goes_first():
    import numpy as np

    from index.embed import VectorCache

    cache = VectorCache(size=2)
    cache.put("a", np.zeros(3))
    cache.put("b", np.ones(3))
    assert cache.get("a") is not None  # "a" is now the most recent
    cache.put("c", np.ones(3))
    assert cache.get("b") is None and cache.get("a") is not None and cache.get("c") is not None


@pytest.mark.slow
def test_onnx_question_vectors_match_torch(tmp_path):
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    import numpy as np

    from core.settings import Settings
    from index.embed import DEFAULT_WEIGHTS_SHA256, load_model
    from index.onnx_backend import onnx_encoder

    model = load_model(Settings.from_env().with_data_dir(tmp_path))
    encoder = onnx_encoder(model, tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, int8=False)  # int8: test_query_encoding.py
    assert encoder is not None
    questions = ["how far can SRS tokens be placed when launched?", "утечка реактора что делает?",
                 "what does piercing do", "x" * 2000]  # the last one is cut at the model's 256 tokens
    reference = model.encode(questions, normalize_embeddings=True)
    cosines = (encoder.encode(questions) * reference).sum(axis=1)
    assert float(np.min(cosines)) >= 0.999


@pytest.mark.slow
def test_a_question_about_a_limit_is_answered_by_the_limit(searcher):
    """Glossary, Rally: "A model cannot Rally if its unit contains one or more Crippled models"
    answers "when can a model not rally" (the rule's opening sentence does not)."""
    result = searcher.ask("when can a model not rally", k=5)
    assert "cannot Rally if its unit contains one or more Crippled models" in result.answers[0].quote


@pytest.mark.slow
def test_a_comparison_answers_for_every_edition_it_names(searcher):
    """Issue 16: "Piercing between 3rd and 4th edition" kept the 4th edition only. Every named
    edition is searched, and each gets its own answer line."""
    result = searcher.ask("Piercing between 3rd and 4th edition", k=5)
    assert set(result.routed_editions) == {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}
    assert {a.edition for a in result.answers} == set(result.routed_editions)
    hits = [result.results[a.rank - 1] for a in result.answers]
    assert all("piercing" in (hit.section + hit.text).casefold() for hit in hits)


def _glossary_rule(name: str) -> str:
    """A rule's text as the DW4 glossary (BattleScribe XML) prints it."""
    import xml.etree.ElementTree as ET

    root = ET.parse(ROOT / "corpus" / "dw4-rules-glossary.cat").getroot()
    for element in root.iter():
        if element.tag.endswith("rule") and element.get("name") == name:
            return "".join(child.text or "" for child in element if child.tag.endswith("description"))
    raise LookupError(name)


def test_at_least_one_is_a_quantifier_not_the_asked_number():
    # DW4 Visibility: "... without passing through at least one patch of Fog." / "The opposing
    # Admiral adds 2 Bonus Dice to the Resistance Roll for each Participating model that has
    # Hampered Visibility." "How many extra dice does fog give" is answered by the 2, not by the
    # "at least one" of the definition.
    text = _glossary_rule("Visibility")
    weights = {"fog": 5.0, "dice": 1.7, "resist": 3.0}
    quote = best_quote(text, weights, numeric=is_numeric_question("fog gives extra dice on resistance, how many?"))
    assert quote is not None
    assert "adds 2 Bonus Dice to the Resistance Roll" in text[quote.start:quote.end]


def test_a_quote_takes_in_the_next_paragraph_while_it_fits():
    # DW4 Visibility: the Hampered definition (217 characters) is followed, in its own paragraph,
    # by "This applies even if the Participating model or Target is Airborne." Both fit one quote.
    text = _glossary_rule("Visibility")
    quote = best_quote(text, {"fog": 5.0, "hamper": 3.0})
    assert quote is not None
    chosen = text[quote.start:quote.end]
    assert chosen.startswith("During an Attack action") and chosen.endswith("Target is Airborne.")
    assert len(chosen) <= QUOTE_MAX_CHARS


@pytest.mark.slow
def test_a_question_naming_only_a_rule_quotes_its_opening(searcher):
    """Quick reference, Long Range Sortie: "A model with SRS capacity may place SRS tokens on their
    own unit card instead of placing them in base contact with a target." defines it; its later
    "... that it has a long range sortie on its card" only repeats the name."""
    result = searcher.ask("long range sortie - what is it?", k=5)
    assert result.answers[0].section.endswith("LONG RANGE SORTIE")
    assert result.answers[0].quote.startswith("A model with SRS capacity may place SRS tokens on their own unit card")
