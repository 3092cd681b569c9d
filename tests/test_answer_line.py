"""The answer line's choice among a rule's sentences (issue 16): a result for "what happens",
a step's number kept with its sentence, no heading left dangling at the end, table rows not
taken for headings, and the question shapes read from players' wording — on the corpus's own
sentences."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from index.answer import (
    QUOTE_MAX_CHARS,
    Quote,
    best_quote,
    candidates,
    finished,
    line_shape,
    line_weights,
    model_weights,
    rule_text,
)
from index.answer_features import FEATURES, is_heading, sentence_facts
from index.answer_segments import segments
from index.answer_shape import asked_words, question_shape
from index.relevance import topic_stems
from index.text import stems
from tests.test_answer_asked import _block

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _lines(name: str, first: str, count: int) -> str:
    """`count` lines of a corpus file from the line starting with `first`, bold markup dropped
    (as the index reads them)."""
    lines = (CORPUS / name).read_text(encoding="utf-8").replace("**", "").splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(first))
    return "\n".join(lines[start:start + count])


def _even_weights(question: str) -> dict[str, float]:
    """The question's topic words (as index.query keeps them), all weighing the same."""
    return {s: 1.0 for s in topic_stems(stems(question))}


def _quote(text: str, question: str, **kw: object) -> str:
    found = best_quote(text, _even_weights(question), question=question, **kw)  # type: ignore[arg-type]
    assert found is not None
    return text[found.start:found.end]


# Dust Warfare rules summary, Aircraft › Movement: "An aircraft at low altitude that enters a
# flight hazard area of soft cover suffers 4 points of damage. [...] If the flight hazard area is
# hard cover, the aircraft is immediately eliminated."
FLIGHT_HAZARDS = _lines("dust-warfare-rules-summary.md", "Aircraft flying at low altitude are vulnerable", 1)


def test_a_condition_and_its_result_are_quoted_together():
    # The line is a window of whole sentences up to the quote limit: the sentence saying what a
    # flight hazard is and the one saying what it does fit one quote.
    quote = _quote(FLIGHT_HAZARDS, "aircraft at low altitude hits a flight hazard, what happens?")
    assert quote.startswith("Aircraft flying at low altitude") and "suffers 4 points of damage" in quote
    assert len(quote) <= QUOTE_MAX_CHARS


# DW4 glossary, Spreading Disorder: "If a rule would cause a model to gain a fourth level of
# Disorder, it Spreads to the closest friendly model within 4”, which gains 1 level of Disorder."
SPREADING_DISORDER = _lines("dw4-rules-glossary.cat", "SPREADING DISORDER", 8)
FOURTH_LEVEL = "my ship is already on 3 disorder and takes another one, what happens?"


def test_what_happens_is_answered_by_the_result_not_the_condition():
    assert _quote(SPREADING_DISORDER, FOURTH_LEVEL).startswith(
        "If a rule would cause a model to gain a fourth level of Disorder,\xa0it Spreads")


def test_without_the_result_preference_the_condition_alone_is_quoted():
    # The same question scored without the "what happens" feature: the sentence that only shares
    # the question's words ("already has 3 levels of Disorder") opens the quote instead.
    weights = list(model_weights())
    weights[FEATURES.index("happens_result")] = 0.0
    assert _quote(SPREADING_DISORDER, FOURTH_LEVEL, model=weights).startswith("If the closest")


# DW4 glossary, Ram: "1. Make a Crew Check / The Admiral makes a Crew Check for the Ramming Model.
# / If the check fails, the Ram is unsuccessful and a normal Collision is resolved."
RAM = _lines("dw4-rules-glossary.cat", "A model can only attempt a Ram during its own Movement Step.", 20)


def test_a_numbered_step_keeps_its_number():
    quote = _quote(RAM, "ramming model crew check")
    assert quote.startswith("1. Make a Crew Check") and len(quote) <= QUOTE_MAX_CHARS


def test_a_quote_does_not_end_on_the_heading_of_what_it_leaves_out():
    # "A model can only attempt a Ram during its own Movement Step." is followed by the heading
    # "RESOLVING A RAM", whose steps do not fit the same quote.
    quote = _quote(RAM, "when can a model attempt a ram? only in its movement step?")
    assert "own Movement Step." in quote
    assert not quote.rstrip().endswith("RESOLVING A RAM")


def test_table_rows_and_sentences_are_not_headings_but_titles_and_step_numbers_are():
    # 3rd edition quick reference, hand size table: "751 to 1,500	5".
    assert not is_heading("751 to 1,500\t5")
    assert not is_heading("Every additional 1,000 +1")
    assert not is_heading("A model can only attempt a Ram during its own Movement Step.")
    assert is_heading("RESOLVING A RAM") and is_heading("Make a Crew Check") and is_heading("5.")


def test_question_shapes_from_players_wording():
    # A rule named "Long Range Sortie" is no question about a range; a cap is a number asked for.
    assert not question_shape("what is the long range sortie").numeric
    assert question_shape("what is the long range sortie").definition
    assert question_shape("Ramming: what's the cap on bonus dice for distance moved, 3e vs 4e?").numeric
    assert question_shape("what range can torpedoes shoot at").distance
    assert question_shape("my ship is already on 3 disorder and takes another one, what happens??").happens
    assert question_shape("при статусе Авария можно таранить или нет? что будет").happens
    assert question_shape("самолетики остались без цели (цель утонула) — что с ними?").happens
    assert question_shape("можно ли перебросить куб дважды").limit
    assert question_shape("sole survivor").definition  # a bare rule name
    assert not question_shape("how many dice does a ram get in dw4?").happens
    # "requirements", "restrictions", "ограничения": a limit or a permission is asked for.
    assert question_shape("deathblow requirements actions").limit
    assert question_shape("какие ограничения у резерва").limit


# 3.03 rulebook, Reserves: "Если не указано иного, в резерв не может быть помещена
# Подразделение, содержащее Модели со Скоростью 0."
RESERVES = _lines("dw3-rulebook-ru.md", "Резервы (Reserves):", 1)


def test_which_may_not_is_answered_by_the_limit():
    question = "какие подразделения нельзя держать в резерве"
    assert "не может быть помещена" in _quote(RESERVES, question, limit=question_shape(question).limit)


# 3rd edition quick reference: a unit card's stat row printed among the rules ("CRIPPLED  4 (3)
# 2 (1) 2 (1)") and the rule on becoming crippled (line 226).
CRIPPLED_ROW = _lines("dw3-quick-reference.txt", "CRIPPLED  4 (3) 2 (1) 2 (1)", 1).strip()
CRIPPLED_RULE = " ".join(_lines("dw3-quick-reference.txt", "Battle ready models change to crippled", 2).split())


def test_a_line_never_opens_with_a_stat_row():
    text = f"{CRIPPLED_ROW}\n\n{CRIPPLED_RULE}"
    quote = _quote(text, "what happens when a ship is crippled")
    assert quote.startswith("Battle ready models change to crippled")


# DW4 glossary, Ablative Armour, printed over five lines: "*Note: Ablative Armour (X) directly
# opposes the Devastating (X) / quality, and their X values cancel each other out. For example, if
# / an attack has Devastating (3) and the Initial Target has Ablative / Armour (2), ..."
ABLATIVE_NOTE = _lines("dw4-rules-glossary.cat", "*Note: Ablative Armour (X) directly opposes", 5)


def test_a_sentence_wrapped_over_printed_lines_is_one_segment():
    pieces = [ABLATIVE_NOTE[s:e] for s, e in segments(ABLATIVE_NOTE)]
    example = next(p for p in pieces if "an attack has Devastating (3)" in p)
    # the worked example keeps its "For example, if" and its end: it is read as an example
    assert example.startswith("For example, if") and "resolved with Devastating (1)." in example
    assert sentence_facts(example).example
    # the sentence before it, wrapped before a lower-case word, is one segment too
    assert pieces[0].startswith("Note: Ablative Armour (X) directly opposes")
    assert pieces[0].endswith("cancel each other out.")


# DW4 glossary, Attack Run Mission: "INTERCEPTING MIXED STACKS / If an Interception Attempt is
# resolved against an SRS Stack composed of two or more different types of SRS token, ... / First,
# the active Admiral selects one type of squadron from their Stack."
MIXED_STACKS = _lines("dw4-rules-glossary.cat", "INTERCEPTING MIXED STACKS", 6)


def test_a_sub_heading_names_the_sentence_after_it_and_is_not_quoted_for_it():
    # the heading's words count for the sentence it names; the line opens there, so the 300
    # characters reach the step that answers
    quote = _quote(MIXED_STACKS, "mixed stack interception")
    assert quote.startswith("If an Interception Attempt is resolved against an SRS Stack")
    assert "First, the active Admiral selects one type of squadron from their Stack." in quote


# DW3 quick reference, Long Range Sortie: "A model with SRS capacity may place SRS tokens on their
# own unit card instead of placing them in base contact with a target. [...] A model may not launch
# SRS tokens in the same activation that it has a long range sortie on its card."
LONG_RANGE_SORTIE = _lines("dw3-quick-reference.txt", "A model with SRS capacity may place SRS tokens", 9)


def test_a_question_naming_only_the_rule_is_answered_by_its_opening():
    question = "what is the long range sortie"
    # scored on its words, the sentence that repeats the rule's name wins ...
    assert _quote(LONG_RANGE_SORTIE, question).startswith("A model may not launch SRS tokens")
    # ... but every question word is the rule's own title, so no sentence is singled out by them
    quote = _quote(LONG_RANGE_SORTIE, question, opening=True, names_the_rule=True)
    assert quote.startswith("A model with SRS capacity may place SRS tokens on their own")


def test_a_worked_example_is_a_sentence_opening_with_its_marker():
    # 3.03 book, Поддерживающие Орудия: "*Пример:* Средняя Артиллерийская Батарея может быть
    # использована как Поддерживающее Орудие ..." is a worked example ...
    example = _lines("dw3-rulebook-ru.md", "*Пример:* Средняя Артиллерийская Батарея", 1)
    assert sentence_facts(example).example
    # ... "Если ближайшая точка цели лежит точно на границе двух дистанций (например, ровно в 10"),
    # считается, что она находится на ближайшей из двух дистанций." is the rule itself
    boundary = next(line for line in (CORPUS / "dw3-rulebook-ru.md").read_text(encoding="utf-8").splitlines()
                    if "(например, ровно в 10" in line)
    sentence = boundary[boundary.index("Если ближайшая точка"):]
    assert not sentence_facts(sentence).example
    assert model_weights()[FEATURES.index("example_first")] < 0  # an example opens a line only on more evidence


def test_a_question_word_whose_stem_is_a_stopword_picks_no_sentence():
    # "being" stems to "be": it would pick "... its Crew rating is treated as being 5" for
    # "what does being on 2 disorder do to my attack dice"
    assert line_weights({"be": 3.72, "disord": 0.69, "dice": 1.67}, names_the_rule=False) == {
        "disord": 0.69, "dice": 1.67}
    assert line_weights({"disord": 0.69, "dice": 1.67}, names_the_rule=True) == {"disord": 0.0, "dice": 0.0}


# DW3 quick reference, Critical Damage: "Treat duplicate critical damage results as a catastrophic
# explosion instead. / Catastrophic explosion: If the number of hits is double (or more) than the
# target's CITADEL, the target suffers a catastrophic explosion instead of critical damage. It takes
# a further 2 damage and gains a disorder condition."
CRITICAL_DAMAGE = _lines("dw3-quick-reference.txt", "The attacker rolls a black critical damage die", 9)


def test_a_bare_name_is_answered_by_the_sentence_it_labels():
    quote = _quote(CRITICAL_DAMAGE, "catastrophic explosion")
    assert quote.startswith("Catastrophic explosion: If the number of hits is double")
    assert "It takes a further 2 damage" in quote
    weights = list(model_weights())
    weights[FEATURES.index("definition_label")] = 0.0
    # without it the sentence that only mentions the name opens the line
    assert not _quote(CRITICAL_DAMAGE, "catastrophic explosion", model=weights).startswith("Catastrophic explosion:")


def test_a_long_question_asks_in_its_last_sentence():
    topic = frozenset(stems("battleship Disorder level collision cruisers close one"))
    scene = "His battleship was on 3 Disorder and took another level from a collision. "
    assert asked_words(scene + "Two cruisers were equally close. Which one gets it?", topic) == {"one"}
    assert asked_words("which one gets the disorder from a collision", topic) == frozenset()  # one sentence: all asked
    assert asked_words(scene + "What happens?", topic) == frozenset()  # the scene is the condition


# DW4 glossary, Great Wall Generator: "For each line that passes through an Energy Wall, add Bonus
# Dice equal to the Energy Wall's Strength to the Resistance Roll."
GREAT_WALL = _lines("dw4-rules-glossary.cat", "While this model is within 5” of another friendly model", 16)


def test_the_line_holding_the_last_sentences_words_counts_them_twice():
    question = ("Two of his generator ships had a glowing line between them and I shot through it. "
                "How many dice does the wall add?")
    weights = _even_weights(question)
    asked = asked_words(question, frozenset(weights))
    assert asked == {"dice", "wall", "add"}
    held = FEATURES.index("asked_window")
    by_opening: dict[str, float] = {}
    for c in candidates(GREAT_WALL, weights, asked=asked):
        opening = GREAT_WALL[c.start:c.start + 40]
        by_opening[opening] = max(by_opening.get(opening, 0.0), c.features[held])
    assert by_opening["Whenever an enemy unit makes an Attack a"] == 3.0  # dice, wall, add: one unit each
    assert by_opening["A single model can generate multiple Ene"] == 1.0  # "Energy Walls" only


def test_a_pronoun_one_is_no_stated_number():
    # Dust Warfare summary, Heroes: "Only 1 hero may join a unit, ..." states how many; "... a hero
    # can act as a temporary Command Section without expending an order to make him one." does not
    text = (CORPUS / "dust-warfare-rules-summary.md").read_text(encoding="utf-8")
    joined = next(s for s in re.split(r"(?<=\.) ", text) if s.startswith("Only 1 hero may join a unit"))
    temporary = _lines("dust-warfare-rules-summary.md", "If a force has no Command Section, a hero can act", 1)
    assert sentence_facts(joined).number
    assert not sentence_facts(temporary).number
    # "Each one must be placed at least 10” from ..." still states its distance
    assert sentence_facts("Each one must be placed at least 10” from the enemy Deployment Zone").distance


def test_an_exception_or_a_negation_states_a_limit():
    # "can I / does X apply to Y?" is answered by the exception: the Russian book's sentences
    # "Атаки воздушных Подразделений игнорируют это правило." and "Результат броска Взрывное
    # Попадание не добавляет дополнительных кубов при бросках Защиты." state limits; a past
    # "did not use" (Glossary, Rally) describes what happened, and a negated participle ("считается
    # не имеющей уровня") describes a state: neither states a limit.
    book = (CORPUS / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    for sentence in ("Атаки воздушных Подразделений игнорируют это правило.",
                     "Результат броска Взрывное Попадание не добавляет дополнительных кубов при бросках Защиты."):
        assert sentence in book and sentence_facts(sentence).limit
    state = "Модель, понижающая уровень Деорганизации до 0, считается не имеющей уровня Деорганизации."
    assert state in book and not sentence_facts(state).limit
    rally = _lines("dw4-rules-glossary.cat", "When a model Rallies, it loses a level of Disorder", 1)
    assert "did not use" in rally and not sentence_facts(rally).limit
    condition = "The model is not Breaking Coherency."  # a condition of the Glossary's Rally list: a state
    assert condition in (CORPUS / "dw4-rules-glossary.cat").read_text(encoding="utf-8")
    assert not sentence_facts(condition).limit


def test_a_page_reference_does_not_end_a_sentence():
    # The Russian book's cross-references ("См. «Обычные сценарии» (стр. 38).") stay whole: an
    # abbreviation's full stop before a capital or a number is no sentence end.
    book = (CORPUS / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    line = next(x for x in book.splitlines() if "игра длится пять раундов. См. «Обычные сценарии» (стр. 38)" in x)
    pieces = [line[s:e] for s, e in segments(line)]
    assert "См. «Обычные сценарии» (стр. 38)." in pieces


# The Russian book, Escort tokens: "Подразделения с одним или более Токенами Эскорта получают
# следующие бонусы:" followed by one item per bonus (attack, defence, boarding).
ESCORT_BONUSES = _lines("dw3-rulebook-ru.md", "Подразделения с одним или более Токенами Эскорта получают", 6)


def test_a_list_item_is_read_with_the_sentence_introducing_it():
    # "бонус" is only in the introduction, "обороны" only in the second item: the item answers.
    quote = _quote(ESCORT_BONUSES, "эскорт как дает бонус к обороне")
    assert quote.startswith("Набор Кубов Обороны Сопровождаемого Подразделения увеличивается на +1 куб")


def test_a_yes_or_no_question_ending_or_not_asks_for_the_limit():
    # 3.03 rulebook, Reserves: "Если не указано иного, в резерв не может быть помещена
    # Подразделение, содержащее Модели со Скоростью 0." answers "... а какие нет"; without the
    # limit shape the rule's opening (what reserves are) is quoted.
    question = "какие подразделения можно держать в резерве а какие нет"
    assert question_shape(question).limit
    assert question_shape("Broadside в 4 редакции: взрывные докидывают кубы или нет?").limit
    assert question_shape("does the fog block line of sight or not").limit
    assert not question_shape("сколько кубов кидает цель").limit
    assert "не может быть помещена" in _quote(RESERVES, question, limit=True)
    assert "не может быть помещена" not in _quote(RESERVES, question, limit=False)


def test_twice_or_again_asks_for_a_limit_only_in_a_yes_or_no_question():
    # "can a unit attack twice?" asks whether the rules allow it; a scene told with "again" or "twice" asks
    # something else ("... placed again: what happens to the ships after that?" asks for the result).
    assert question_shape("can a unit attack twice in one activation in 4e?").limit
    assert question_shape("Exploding 6s in DW3: can the extra dice explode again?").limit
    assert question_shape("dw4 - if I cross two patches of treacherous water, is the penalty applied twice?").limit
    assert not question_shape("3e: hits at twice the armour or more - how much extra damage?").limit
    assert not question_shape("the unit was placed again: what happens to the ships after that?").limit
    assert not question_shape("rolled the same crit twice whats that do").limit


def test_an_inflected_number_word_states_a_quantity():
    # DW4 glossary, Interphase Generator: "... each model’s Maximum Speed rating is doubled, ..."
    # answers "how much faster"; "halved" and the Russian "удваивается" state one too.
    text = (CORPUS / "dw4-rules-glossary.cat").read_text(encoding="utf-8")
    doubled = re.search(r"In an Interphasing unit’s Movement Step, [^.]*doubled", text)
    assert doubled is not None and sentence_facts(doubled.group(0)).number
    assert sentence_facts("its Attack rating is halved").number
    assert sentence_facts("Скорость Модели удваивается").number
    assert not sentence_facts("The Admiral chooses an enemy model to be the Target.").number


def test_a_rules_level_in_brackets_is_no_question_word():
    # "Piercing (2)": the glossary prints the rule as "Piercing (X)", so "2" names no sentence of
    # it; a number the question also states outside brackets stays a question word.
    weights = {"pierc": 1.4, "2": 1.8, "target": 1.6}
    assert "2" not in line_weights(weights, False, "Piercing (2) on my heavy guns, what does it do to the target?")
    assert "2" in line_weights(weights, False, "Piercing (2) with 2 guns: what does it do to the target?")
    assert "2" in line_weights(weights, False, "how many dice does a (2)-hull ship roll, 2?")




def test_a_word_naming_the_rule_asks_for_no_limit():
    # "Limited" reads as a limit question ("limit\w*"); when it names the rule being quoted (the
    # DW4 glossary's "Limited" quality), what happens after firing asks for no limit, and the
    # sentence stating one ("A weapon with this Quality cannot Contribute ...") gets no preference.
    question = "Limited weapons - what happens after firing, 3rd edition qrs vs 4th?"
    limited = frozenset(stems("Limited"))
    assert question_shape(question).limit
    assert not line_shape(question, _even_weights(question), False, False, True, limited).limit
    assert line_shape(question, _even_weights(question), False, False, True).limit  # another rule's line
    assert line_shape("Limited: can I fire it again?", {}, False, False, True, limited).limit  # "can I", "again"
    # "Long Range Sortie" names a rule: the question asks for no distance
    sortie = frozenset(stems("Long Range Sortie"))
    assert not line_shape("long range sortie: how does it work", {}, True, True, False, sortie).distance


def test_a_permission_or_a_prohibition_states_a_limit():
    # 3.03 rulebook: "Не смешивайте ваши и вражеские Токены SRS в одной стопке!" answers "можно ли
    # класть свои и вражеские токены в одну стопку?"; "Игрокам разрешается измерять любое
    # расстояние на игровом поле в любое время." answers "можно заранее мерить?".
    text = (CORPUS / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    for printed in ("Не смешивайте ваши и вражеские Токены SRS в одной стопке!",
                    "Игрокам разрешается измерять любое расстояние на игровом поле в любое время."):
        assert printed in text and sentence_facts(printed).limit
    assert not sentence_facts("Вы можете разделить Токены на сколько угодно стопок").limit
    assert not sentence_facts("Стопка Токенов всегда остается в базовом контакте с целью.").limit


def test_an_aside_in_brackets_asks_for_no_limit():
    # "(3.03 tokens, not the old escort models)" says which rule the player means; the question
    # asks where the tokens go, not what they cannot do.
    question = "where do escort tokens go when the escorted unit moves? (3.03 tokens, not the old escort models)"
    assert question_shape(question).limit
    assert not line_shape(question, _even_weights(question), False, False, True).limit
    assert line_shape("can escort tokens (3.03) leave their unit?", {}, False, False, True).limit


# 3.03 rulebook, the round's phases: "Каждый раунд в Dystopian Wars делится на три Фазы:", then a
# table whose Activation phase runs over several rows with an empty first cell ("\tДвижение (Movement)").
PHASES = re.sub(r"</?b>", "", _lines("dw3-rulebook-ru.md", "Каждый раунд в *Dystopian Wars*", 10)).replace("*", "")


def test_a_row_with_an_empty_first_cell_is_read_with_the_tables_caption():
    start = PHASES.index("Движение (Movement)")
    end = start + len("Движение (Movement)")
    quote = finished(PHASES, Quote(start, end, 0.0))
    assert PHASES[quote.start:quote.end].startswith("Каждый раунд в Dystopian Wars делится на три Фазы:")
    assert quote.end == end
    # the caption itself is no row; a row whose table and caption do not fit one quote stays as it is
    assert finished(PHASES, Quote(0, 50, 0.0)).start == 0
    repair = PHASES.index("Починка (Repair)")
    assert finished(PHASES, Quote(repair, repair + len("Починка (Repair)"), 0.0)).start == repair


def test_what_a_rule_does_to_something_asks_for_its_result():
    # "what does that do to the target", "what is fog supposed to do to shooting", "как влияет": the
    # result answers, as for "what happens"; "what does Agile do?" asks what the rule is.
    assert question_shape("Piercing (2) on my heavy guns, what does that do to the target?").happens
    assert question_shape("What is fog actually supposed to do to shooting in the 4th edition rules?").happens
    assert question_shape("как влияет туман на стрельбу?").happens
    assert not question_shape("what does Agile do?").happens
    # DW4 glossary, Disorder: "Panicking Level 2: ... any Heavy Strikes in the roll are Converted to
    # Standard Strikes ..." and "Each level of Disorder a model has imposes a -1 Modifier on its Crew
    # rating." state results.
    text = (CORPUS / "dw4-rules-glossary.cat").read_text(encoding="utf-8")
    for printed in ("any Heavy Strikes in the roll are Converted to Standard Strikes",
                    "Each level of Disorder a model has imposes a -1 Modifier on its Crew rating"):
        found = re.search(r"\W+".join(map(re.escape, printed.split())), text)  # printed with non-breaking spaces
        assert found is not None and sentence_facts(found.group(0)).consequence
    assert not sentence_facts("This represents a loss of cohesion among a vessel’s crew.").consequence



# DW4 glossary, Rally: "When a model Rallies, it loses a level of Disorder, plus an additional level of
# Disorder for each Action that its unit did not use in the preceding Action Step." and its worked
# example: "For example, a unit has an Action Limit rating of 3. [...] In the Consolidation Step, each
# model that can Rally loses 2 levels of Disorder." then "CHAOS! / A model cannot Rally if ..."
RALLY = _block("dw4-rules-glossary.cat", "RALLYING A MODEL", 17)


def test_a_worked_examples_later_sentences_are_the_example_too():
    quote = _quote(RALLY, "how many levels of disorder does a model lose when it rallies?", numeric=True)
    assert quote.startswith("When a model Rallies, it loses a level of Disorder, plus an additional")


def test_the_example_runs_until_the_rule_goes_on():
    cut = rule_text(RALLY)
    marked = [(s, f.example) for s, f in zip(cut.sentences, cut.example_facts, strict=True)]

    def example(opening: str) -> bool:
        return next(is_example for s, is_example in marked if s.replace("\xa0", " ").startswith(opening))

    assert example("For example, a unit") and example("In the Consolidation Step")
    assert not example("CHAOS!") and not example("A model cannot Rally")
    assert not example("When a model Rallies")


@pytest.mark.slow
def test_a_question_about_the_examples_own_case_is_answered_by_the_example(searcher):
    # 3.03 rulebook, Support weapons: "Пример: Средняя Артиллерийская Батарея может быть использована как
    # Поддерживающее Орудие [...] Она не может быть Поддерживающим Орудием при Ведущем Орудии Тяжелой
    # Ракетной Батарее": only the example speaks of the batteries the question names.
    answer = searcher.ask("3.03: can a medium battery be the support gun for a heavy rocket battery?", k=5).to_json()
    assert answer["answer"]["quote"].startswith("Она не может быть Поддерживающим Орудием при Ведущем Орудии Тяжелой")
