"""Editions a question names, in English or Russian."""
from __future__ import annotations

import pytest

from index.manifest import corpus_names
from index.routing import named_editions, named_games, without_edition_names

ROUTES = corpus_names().routes
ALL_DW = {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}


@pytest.mark.parametrize("question, editions", [
    ("how do rams work in dw4", {"dw4-glossary"}),
    ("ram dice in 4th edition?", {"dw4-glossary"}),
    ("v4 boarding: who rolls?", {"dw4-glossary"}),
    ("3e qrs: what does piercing do", {"dw3-quick-reference"}),
    ("quick ref ramming dice", {"dw3-quick-reference"}),
    ("3.03 minefields", {"dw3-rulebook"}),
    ("is this in the russian book?", {"dw3-rulebook"}),
    ("3rd ed crossing the T", {"dw3-quick-reference", "dw3-rulebook"}),
    ("таран в 4-й редакции", {"dw4-glossary"}),
    ("таран в третьей редакции", {"dw3-quick-reference", "dw3-rulebook"}),
    ("dust: soft cover", {"dust-warfare"}),
    # Dust Warfare's document is a "Rules summary" (its own words: "Page 1: Rules summary front")
    ("what does the rules summary say about hard cover?", {"dust-warfare"}),
    ("what does the Airborne USR do", {"usr"}),
    # a document is named by its own title, and "USRs" is the plural of its name
    ("Independent keyword in the USRs - spacing between models?", {"usr"}),
    ("universal special rules: what does Optics do?", {"usr"}),
    ("is fury +3 fray on the reference sheet?", {"dw3-quick-reference"}),
    ("3e cheat sheet: magazine explosion range", {"dw3-quick-reference"}),
    ("how does a rammer work", set()),
    ("сколько кубов на таран", set()),
    # Comparisons keep every edition they name (issue 16: "between 3rd and 4th" kept the 4th only).
    ("Piercing between 3rd and 4th edition", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("ramming 3.03 vs dw4", {"dw3-rulebook", "dw4-glossary"}),
    ("launch range: quick reference vs the 3.03 book", {"dw3-quick-reference", "dw3-rulebook"}),
    ("таран в 3 и 4 редакции", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    # "New" and "old" name the newest edition and the one before it (corpus/manifest.toml).
    ("Piercing (2) on my heavy guns in the new rules, what does that do?", {"dw4-glossary"}),
    ("how do leadership tests work in the new edition?", {"dw4-glossary"}),
    ("как в новой редакции работает таран", {"dw4-glossary"}),
    # Asking what changed compares the editions (corpus/manifest.toml [[comparison]]), naming one or none.
    ("did they change full reverse in the new edition?", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("Is the drift move still a thing in 4e?", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("old rules vs new: coherency distance", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("раньше в опасных водах движение стоило вдвое, а сейчас?", ALL_DW),
    ("таран в старой и новой редакции", {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("does full reverse work the same in 4e?", ALL_DW),
    ("is ramming different in the new edition?", ALL_DW),
    ("отличается ли таран в 4ке?", ALL_DW),
    ("абордаж по-другому в новой редакции?", ALL_DW),
    ("in the same activation in dw4, can I fire again?", {"dw4-glossary"}),
    # ... in the other words players ask it with (bench/data/compare5_own.jsonl's phrasings, other rules):
    # a changed or nerfed rule, "between the editions", "compared to now", "before 4th", an edition's
    # number alone beside another, "still" of the rule itself with the newest edition named after it
    ("has Fusillade changed in dw4?", ALL_DW),
    ("was Piercing nerfed in the new rules?", ALL_DW),
    ("how does boarding differ between the editions?", ALL_DW),
    ("torpedo range in 3rd compared to now", ALL_DW),
    ("were minefields different before 4th?", ALL_DW),
    ("is Devastating still two hits in 4e?", ALL_DW),
    ("таран: 3 редакция против 4", ALL_DW),
    ("торпеды в 4ке поменяли?", ALL_DW),
    ("разница между редакциями по абордажу", ALL_DW),
    ("мины до сих пор есть в 4ке?", ALL_DW),
    ("в новой редакции абордаж по-прежнему по броску кубов?", ALL_DW),
    ("остался ли дрейф в новой редакции?", ALL_DW),
    # ... not "still" after what happened (a pronoun, "can", a clause before it), a change the story makes
    ("my carrier is crippled - can it still launch planes in 4th?", {"dw4-glossary"}),
    ("in 4e, do I still roll for the crit if the shot does no damage?", {"dw4-glossary"}),
    ("did my ship change facing after the ram in 4e?", {"dw4-glossary"}),
    ("в 4ке после тарана корабль всё ещё может стрелять?", {"dw4-glossary"}),
    ("если я поменяю цель в 4ке, так можно?", {"dw4-glossary"}),
    ("отличается ли урон в 4 дюймах", set()),
    # ... but "still", "used to" and "раньше" alone ask one edition, and two named editions are the comparison
    ("dw4: if my cruiser rams something can it still shoot later that activation?", {"dw4-glossary"}),
    ("Interception: whose Resilience is used to group the hits?", set()),
    ("цель моих токенов срс утонула раньше налёта, куда они теперь", set()),
    ("what changed for Fusillade in 4th edition compared to the quick reference?",
     {"dw3-quick-reference", "dw4-glossary"}),
    ("in the old edition you lose the gun on a blank; the 4e version?",
     {"dw3-quick-reference", "dw3-rulebook", "dw4-glossary"}),
    ("new ships for the fleet, what do they do", set()),
    # Russian players' names of the editions (bench/data/players_ru.jsonl): "4ка", "в 4ке", "в четвёрке",
    # "в 4е" (Cyrillic е), "в тройке", "квикреф", "быстрый справочник"; a quarter ("четверть") is none.
    ("в 4ке при таране кто получает дезорг?", {"dw4-glossary"}),
    ("4ка: после тарана можно стрелять?", {"dw4-glossary"}),
    ("в четвёрке сколько уровней дезорга?", {"dw4-glossary"}),
    ("бортовой залп в 4е на каком расстоянии?", {"dw4-glossary"}),
    ("в тройке можно положить две торпеды?", {"dw3-quick-reference", "dw3-rulebook"}),
    ("range sortie в квикрефе — это что?", {"dw3-quick-reference"}),
    ("в быстром справочнике корветы что дают?", {"dw3-quick-reference"}),
    ("сценарий туман войны — сколько очков за четверть каждый раунд?", set()),
    ("кидаю 4 кубика на 4 дюйма", set()),
    # "4е" typed on a Russian keyboard: the е is Cyrillic
    ("таран в 4е", {"dw4-glossary"}),
    ("абордаж в 3е", {"dw3-quick-reference", "dw3-rulebook"}),
])
def test_named_editions(question, editions):
    assert named_editions(question, ROUTES) == editions


def test_edition_names_are_cut_from_the_topic():
    assert without_edition_names("ram dice in dw4 vs 3rd ed?", ROUTES).split() == ["ram", "dice", "in", "vs", "?"]


@pytest.mark.parametrize("question, games", [
    ("night fighting rules in Dystopian Wars?", {"dystopian-wars"}),
    ("dystopian: can I tow a crippled ship", {"dystopian-wars"}),
    ("DW reserves, when do they arrive", {"dystopian-wars"}),
    ("как работает таран в Дистопиан Варс", {"dystopian-wars"}),
    ("how does a ram work in dw4", set()),  # an edition's name, routed as an edition
    ("what does hit the dirt do", set()),
])
def test_named_games(question, games):
    assert named_games(question, corpus_names().game_phrases) == games


def test_a_question_naming_dystopian_wars_is_searched_in_it_only(searcher):
    """Issue 16: "a Dystopian Wars question stays in Dystopian Wars unless the question or the
    server setting names another game"; the other games are still found by their own words."""
    named = searcher.ask("what does hit the dirt do in Dystopian Wars?", k=5)
    assert named.results and {h.game for h in named.results} == {"dystopian-wars"}
    unnamed = searcher.ask("what does hit the dirt do?", k=5)
    assert unnamed.results[0].game == "dust-warfare"


def test_a_question_in_dystopian_wars_words_stays_in_it(searcher):
    """Issue 16: "a Dystopian Wars question stays in Dystopian Wars unless the question or the server
    setting names another game". "Frigate" is a word only Dystopian Wars' documents use; Dust Warfare
    has an Agile too ("Agile (S)": "Moves an additional 6\" when making a move reaction"), but a frigate's
    Agile is the dw4 glossary's: "During its Movement Step, this model can make up to X Additional
    Manoeuvres."."""
    result = searcher.ask("My frigate's card says Agile (2). What does Agile actually let it do?", k=5)
    assert {h.game for h in result.results} == {"dystopian-wars"}
    assert result.results[0].section == "Agile"
    # Words of no single game keep every game in reach: Dust Warfare's own rule still answers.
    assert searcher.ask("what does Agile (S) do for a walker?", k=5).results[0].game == "dust-warfare"


def test_a_russian_question_about_an_english_edition_reads_it_through_the_term_map(searcher):
    """"в 4ке" names the dw4 glossary, which is English: the question's Russian term (Таран = Ram, a
    pair the Russian book prints) searches the glossary's own words, and Ram answers: "If a moving model
    Collides with an enemy model after moving at least 3”"."""
    result = searcher.ask("как работает таран в 4ке?", k=5)
    assert result.routed_editions == ["dw4-glossary"]
    assert result.results[0].section == "Ram" and "after moving at least 3”" in result.results[0].text



def test_a_comparison_shows_every_edition_it_names(searcher):
    """Issue 16: "comparisons with every named edition 100 %". A Russian question comparing the 3.03
    book with the dw4 glossary: the glossary's Disorder rule is found through the term map ("дезорг"
    -> Дезорганизация = Disorder) and keeps a slot however far down the Russian passages push it."""
    result = searcher.ask("как снять дезорг в 3.03 и в 4 редакции?", k=5)
    assert sorted(result.routed_editions) == ["dw3-rulebook", "dw4-glossary"]
    assert {"dw3-rulebook", "dw4-glossary"} <= {h.edition for h in result.results}


def test_a_russian_players_word_for_a_4th_edition_term_reaches_the_glossary(searcher):
    """synonyms.toml [translations]: "бортовой залп" = Broadside, a dw4 action the 3.03 book never
    names, so no mined pair can carry it. Without it the question finds nothing in the glossary."""
    result = searcher.ask("бортовой залп в 4ке — на какой дистанции?", k=5)
    assert result.results and result.results[0].section == "Broadside"


@pytest.mark.parametrize("question", ["Battlefleet Gothic", "Battlefleet Gothic ramming", "firestorm armada boarding",
                                      "Uncharted Seas", "Sails of Glory broadsides", "Man O' War rams"])
def test_other_naval_games_are_named_as_other_games(question):
    """manifest [other_games]: "A question that names one and no edition of this corpus is about that
    game" — the other naval games first of all ("Battlefleet Gothic" was answered with BUILDING A FORCE,
    as the rulebook's "Battlefleets" share a word with it)."""
    names = corpus_names()
    assert names.other_games is not None and names.other_games.search(question)


@pytest.mark.parametrize("question", ["battlefleet composition", "Флоты (Battlefleets)", "how do war rams work"])
def test_this_games_own_words_are_not_another_game(question):
    names = corpus_names()
    assert names.other_games is not None and not names.other_games.search(question)
