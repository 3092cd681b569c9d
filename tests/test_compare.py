"""Comparisons between editions (issue 16): each named edition answers from its own search, the
rule of the compared name first."""
from __future__ import annotations

import pytest

from index.compare import edition_answer, lacks_rule, rule_names, same_rule


def _names(title: str, parent: str = "") -> frozenset[frozenset[str]]:
    return rule_names(frozenset(title.split()), frozenset(parent.split()))


def test_a_quick_reference_title_is_also_named_with_its_parent_heading():
    # "GENERATORS › Atomic" (quick reference) is the 4th edition's "Atomic Generator".
    assert same_rule(_names("atomic", "generator"), _names("atomic generator"))
    assert same_rule(_names("full revers"), _names("full revers", "special oper"))


def test_sharing_one_word_is_not_the_same_rule():
    assert not same_rule(_names("heavi shield generator"), _names("shield", "generator"))
    assert not same_rule(_names("critic damag"), _names("damag marker"))
    assert not same_rule(_names(""), _names(""))


def test_the_edition_answers_with_the_rule_both_searches_find_then_the_compared_name():
    own = [("shield", "Shield"), ("arc", "Arc"), ("bomb", "Bomb")]
    key_of, names_of = (lambda item: item[0]), (lambda item: _names(item[0]))
    # both the mixed ranking and its own search show "arc": it answers
    assert edition_answer(own, "arc", _names("torpedo"), key_of, names_of) == ("arc", "Arc")
    # the mixed ranking's rule is not among its own results: the compared rule's name decides
    assert edition_answer(own, "airborn", _names("bomb"), key_of, names_of) == ("bomb", "Bomb")
    # neither: its own first rule
    assert edition_answer(own, None, _names("torpedo"), key_of, names_of) == ("shield", "Shield")
    assert edition_answer([], "arc", _names("arc"), key_of, names_of) is None


def test_a_rule_both_searches_lead_with_gives_way_to_the_compared_rule_only_when_named_apart():
    key_of, names_of = (lambda item: item[0]), (lambda item: _names(item[0]))
    # "Can submerged weapons shoot at aircraft?": both readings lead the quick reference with SHOOTING,
    # a rule whose name shares no word with Submerged, and its own results hold Submerged
    own = [("shoot", "SHOOTING"), ("submerg", "Submerged")]
    assert edition_answer(own, "shoot", _names("submerg"), key_of, names_of) == ("submerg", "Submerged")
    # a rule sharing a word with the compared name is that rule printed otherwise: it stays
    own = [("juri rig repair", "Jury-rigged repair"), ("repair", "Repair step")]
    assert edition_answer(own, "juri rig repair", _names("repair"), key_of, names_of) == own[0]
    # nothing named like the compared rule: the rule both readings lead with
    own = [("shoot", "SHOOTING"), ("aerial", "Aerial")]
    assert edition_answer(own, "shoot", _names("submerg"), key_of, names_of) == own[0]


def test_a_line_is_a_neighbour_only_when_nothing_ties_it_to_the_compared_rule():
    cloud_dive = _names("cloud dive")
    printed, never = (lambda: True), (lambda: False)
    # a line of another rule, in an edition that prints the name nowhere: a neighbour
    assert lacks_rule(frozenset({"cloud", "dive"}), _names("attack roll dice"), cloud_dive, never)
    # a rule sharing a word with the compared name ("Shield" for "Heavy Shield Generator") is kept
    assert not lacks_rule(frozenset({"heavi", "shield", "generat"}), _names("shield", "generat"),
                          _names("heavi shield generat"), never)
    # the edition prints the name (in the question's spellings: Boarding as "assault"): kept
    assert not lacks_rule(frozenset({"board"}), _names("assault", "activ phase"), _names("board"), printed)
    # the question does not name the compared rule: nothing to judge by
    assert not lacks_rule(frozenset(), _names("attack roll dice"), cloud_dive, never)


@pytest.mark.slow
def test_an_edition_without_the_compared_rule_gets_no_line(searcher):
    # Only the 4th edition prints Cloud Dive ("A unit performing a Cloud Dive is deployed in the Make a
    # Special Deployment Action step"); the 3rd edition's documents quoted exploding hits and the new
    # round for it. The 4th edition's Boarding is the quick reference's Assault ("Any model within 4"
    # in the same unit may support the assault, adding +2 dice to the pool"): that line stays.
    result = searcher.ask("Did 3rd edition have anything like Cloud Dive, or is it new in 4e?", k=5)
    assert [a.edition for a in result.answers] == ["dw4-glossary"]
    assert result.answers[0].section == "Cloud Dive"
    # The quick reference prints "Squadron killer bonus: At the end of an encounter, you receive +1 VP for each
    # unit of multiple models" inside its Check for Victory step; the 4th edition's glossary has no such bonus
    # (its Aerial Reconnaissance was quoted for it).
    result = searcher.ask("Is there still a squadron killer bonus in the new rules?", k=5)
    assert "dw4-glossary" in result.routed_editions
    assert "dw4-glossary" not in {a.edition for a in result.answers}
    assert result.answers[0].quote.startswith("Squadron killer bonus:")
    result = searcher.ask("Boarding in 3rd edition vs 4th: how many extra dice does a supporting ship add?", k=5)
    lines = {a.edition: a for a in result.answers}
    assert "adding +2 dice to the pool" in lines["dw3-quick-reference"].quote


@pytest.mark.slow
def test_the_first_results_line_in_the_russian_book_reads_the_question_in_the_books_words(searcher):
    # 3.03 book, «Начало Абордажа»: "Подводные Подразделения могут осуществлять Абордаж Надводных
    # Подразделений" answers which units a submarine may board; the mixed ranking's line quoted the
    # rule's opening (who may start a boarding at all), the book's own search the exception.
    result = searcher.ask("Which units can a submerged ship board, according to the quick reference and to "
                          "the 3.03 book?", k=5)
    lines = {a.edition: a for a in result.answers}
    assert "Подводные Подразделения могут осуществлять Абордаж Надводных" in lines["dw3-rulebook"].quote
    assert result.answers[0].rank == 1 and result.results[0].chunk_id == result.answers[0].chunk_id


@pytest.mark.slow
def test_each_named_edition_quotes_its_own_rule_and_the_difference(searcher):
    # Quick reference, Critical damage: "Magazine explosion: This model and all others within 3",
    # including escorts and corvettes, suffer 1 damage." 3.03 book, «Подрыв боекомплекта»:
    # "эта Модель и все остальные в пределах 4" получают 1 повреждение."
    result = searcher.ask("how far does a magazine explosion hurt nearby ships - quick reference or 3.03 book?", k=5)
    lines = {a.edition: a for a in result.answers}
    assert set(lines) == {"dw3-quick-reference", "dw3-rulebook"}
    assert '3"' in lines["dw3-quick-reference"].quote and '4"' in lines["dw3-rulebook"].quote
    assert "Подрыв боекомплекта" in lines["dw3-rulebook"].section
    note = result.editions_disagree
    assert note and '3"' in note and '4"' in note
    # every line quotes a result shown, at that result's rank
    for answer in result.answers:
        assert result.results[answer.rank - 1].chunk_id == answer.chunk_id


@pytest.mark.slow
def test_an_edition_the_question_shares_few_words_with_still_gets_its_rule(searcher):
    # The 3.03 book, «Ограниченное количество (Limited)»: "как ясно из названия, это орудие можно
    # использовать ограниченное число раз." The mixed ranking gave the book the SRS rule
    # «Поддавливающий огонь»; asked in the book alone, the question finds the rule of the same name.
    result = searcher.ask("Limited quality: what happens after you fire the weapon, quick reference vs 3.03 book?", k=5)
    lines = {a.edition: a for a in result.answers}
    assert lines["dw3-quick-reference"].section.endswith("Limited")
    assert lines["dw3-rulebook"].section.endswith("Ограниченное количество")
