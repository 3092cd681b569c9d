"""The "not in the rules" test (issue 16): the rules answer what they print, not every question that
shares the game's words. A name the documents never print ("the Heroic Last Stand rule") is a rule
they do not have, a question with no content words asks nothing, and a refused question still shows
the closest passages."""
from __future__ import annotations

import pytest

from index.glossary import absent_words
from index.names import NameReader
from index.relevance import (
    FEATURES,
    Evidence,
    NamesRead,
    RelevanceModel,
    asked_for_rule,
    asks_off_rules,
    claimed_names,
    content_words,
    in_the_rules,
    is_relevant,
    kind_named_lower,
    marked_names,
    names_absent_concept,
    opening_label,
    printed_word,
    quoted_names,
    read_names,
    title_case_names,
    topic_stems,
)
from index.text import is_stopword, stems

_ABSENT = absent_words()  # glossary.toml [[absent]], as the build stores it (index.vocabulary)


def test_a_name_spelt_in_capitals_or_before_a_kind_of_rule_is_claimed() -> None:
    assert claimed_names("How many Flagship Command Orders can my admiral issue?") == [("flagship", "command", "order")]
    assert claimed_names("How does the tidal current rule move ships?") == [("tidal", "current")]
    assert claimed_names("как работает правило Мятеж экипажа") == [("мятеж", "экипаж")]


def test_a_lower_case_name_after_a_russian_kind_of_rule_is_read_up_to_a_small_word_or_verb() -> None:
    """Players type a rule's name in lower case after the kind: "правило двойной залп", "умение стальная воля"."""
    assert kind_named_lower("правило двойной залп работает на торпеды?") == [("двойн", "залп")]
    assert kind_named_lower("что даёт способность ярость абордажа?") == [("ярост", "абордаж")]  # "-ость" is a noun
    assert kind_named_lower("как работает правило полный назад в 3.03?") == [("полн", "назад")]
    assert kind_named_lower("Правило двойной залп работает?") == [("двойн", "залп")]  # the kind opens it
    # a verb, a small word or a question word after the kind names nothing
    assert kind_named_lower("как это правило называется?") == []
    assert kind_named_lower("если у меня два правила на переброс?") == []
    assert kind_named_lower("что делает приказ перегруппироваться?") == []
    assert kind_named_lower("правило сколько террейна ставить?") == []


@pytest.mark.parametrize("question", [
    "правило двойной залп работает на торпеды?",
    "умение стальная воля снимает дезорганизацию?",
])
def test_a_lower_case_russian_name_no_rule_prints_is_not_in_the_rules(searcher, question: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "not_found" and result.results


@pytest.mark.parametrize("question", [
    # "**«Полный назад!»:** еще одно Действие Специальных Операций позволяет Единице двигаться назад."
    "как работает правило полный назад в 3.03?",
    # "### Заклинило рули: ... во время Этапа Движения, не может совершать повороты."
    "правило заклинило рули запрещает повороты?",
    # asked of the English documents alone, the Russian name is a translation of theirs ("Dirigible")
    "свойство дирижабль в 4ке: пробоину он получает дважды?",
])
def test_a_lower_case_russian_name_a_rule_prints_is_answered(searcher, question: str) -> None:
    assert searcher.ask(question, k=5).status == "answered"


def test_words_that_only_point_at_a_rule_are_no_name() -> None:
    assert claimed_names("Capitalised first words open a sentence") == []
    assert claimed_names("can I use the same rule twice?") == []
    assert claimed_names("what does the rule say?") == []


def test_the_rest_of_a_contraction_and_a_ship_sailing_carry_no_topic() -> None:
    """"doesn't" splits into "doesn" and "t"; a ship "sails" where the rules say it moves: neither names a rule."""
    assert "doesn" not in topic_stems(stems("the ship ability where your first bad status doesn't count"))
    topic = topic_stems(stems("what happens if my ship sails off the table edge in 3rd?"))
    assert "tabl" in topic and not any(s.startswith("sail") for s in topic)


def test_the_frame_of_a_request_carries_no_topic() -> None:
    """"What lets me re-roll misses on broadsides?" asks for Fusillade; "let" is printed in Broadside alone
    ("... let units bring their close-range flank batteries to bear"), so as a topic word it named that rule."""
    topic = topic_stems(stems("What lets me re-roll misses on broadsides?"))
    assert "broadsid" in topic and "let" not in topic
    assert "want" not in topic_stems(stems("I want my ships to turn up sooner"))


def test_a_single_letter_is_no_content_word() -> None:
    assert content_words(["s", "all"]) == 1
    assert content_words(["3", "ram"]) == 2  # a number is content: "3 dice"


_SHARED_WORDS = Evidence(coverage=0.6, matched=3, cosine=0.3, name_share=0.0, words=4)


def test_a_name_no_rule_prints_vetoes_the_word_tests() -> None:
    assert is_relevant(_SHARED_WORDS)
    assert in_the_rules([_SHARED_WORDS], model=None)
    invented = Evidence(**{**_SHARED_WORDS.__dict__, "unknown_name": 1.0})
    assert not in_the_rules([invented], model=None)


def test_a_question_without_content_words_is_not_in_the_rules() -> None:
    empty = Evidence(**{**_SHARED_WORDS.__dict__, "words": 0})
    assert not in_the_rules([empty], model=None)
    assert not in_the_rules([], model=None)


@pytest.mark.parametrize("question", [
    "what does the Heroic Last Stand rule do when a ship is about to sink?",  # Dust has "Heroic Stand"
    "how does the Kamikaze Strike rule let an SRS token crash into a ship?",
    "How many Flagship Command Orders can my admiral issue each round in 4e?",
    "thanks, that's all for now!",
])
def test_invented_rules_and_chat_are_not_in_the_rules(searcher, question: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "not_found" and not result.answers
    if "thanks" not in question:  # the closest passages are still shown below the reply
        assert result.results


@pytest.mark.parametrize("question, section", [
    ("what does the Agile property do?", "Agile"),
    ("how does the Ram rule work in dw4?", "Ram"),
])
def test_a_rule_the_documents_print_is_answered_when_named_as_one(searcher, question: str, section: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "answered"
    assert result.results[0].section.split(" › ")[-1] == section


def test_a_printed_word_is_not_read_as_a_misspelt_rule_name(searcher) -> None:
    """"сражение" (battle) is printed in the 3.03 book: it is not a misspelling of "Отражение"."""
    result = searcher.ask("когда было Цусимское сражение?", k=5)
    assert result.status == "not_found" and result.read_as is None


def test_a_rule_name_typed_short_inside_a_long_question_counts() -> None:
    """`NameReader.typed`: every word of the name typed (exactly, as its beginning or misspelt),
    however many other words the question has; a missing word is no match."""
    reader = NameReader([("Interphase Generator", "dw4-glossary:0001")], is_stopword)
    assert reader.typed("Interphase Generator", "interphase gen: can they even shoot me while im phased lol") >= 0.9
    assert reader.typed("Interphase Generator", "intrephase generater, can they shoot me?") >= 0.8
    assert reader.typed("Interphase Generator", "can they even shoot me while im phased lol") == 0.0


# -- questions the rules do not answer, whatever rule words they use ------------------------
@pytest.mark.parametrize("question", [
    "what house rules do people use to make SRS less annoying?",
    "какие хоумрулы вы используете для SRS?",
    "any tips for magnetising airship models?",
    "what colour primer should I use before painting metallic hulls?",
    "what's the lore reason the Commonwealth and the Empire are at war?",
    "is the Sultanate fleet any good in the current meta?",
    "какая фракция сейчас самая имбовая?",
    "What's the points cost of an escort token in 4e?",
    "сколько очков стоит британский линкор?",
    "where can I buy the starter set cheapest?",
    "in your opinion which generator is the strongest in the game?",
    "какой генератор, по-вашему, самый сильный в игре?",
    "сколько стоит коробка с одним линкором в евро?",
    "which is better, a ram or a boarding action?",
    "should I take the carrier or a second battleship?",
])
def test_house_rules_opinions_lore_prices_and_hobby_tips_are_asked_off_the_rules(question: str) -> None:
    assert asks_off_rules(question)


@pytest.mark.parametrize("question", [
    "what does the Magnetic Generator do?",  # a rule's name, not modelling
    "jury rigged repairs per the 3rd ed qrs - what do they cost me?",
    "does the points cost of upgrades count toward the limit?",
    "how does the Storm Generator work?",
    "сколько стоит разворот на месте?",
    "можно развернуться на месте в 4ке? какая цена за него",  # what the move costs in play, not in a shop
])
def test_rules_questions_with_near_words_are_not_off_the_rules(question: str) -> None:
    assert not asks_off_rules(question)


def test_a_price_in_a_shop_is_still_asked_off_the_rules() -> None:
    assert asks_off_rules("цена стартового набора в рублях") and asks_off_rules("какая цена у коробки с флотом?")


def test_no_answerable_development_or_players_question_is_off_the_rules() -> None:
    """The frame refuses outright, so it must never meet a question the rules answer: none of the
    answerable questions of the three dev sets and our players' sets (1,000+) uses it."""
    from bench.retrieval import DEV_SETS, OWN_SETS, load_jsonl

    # (the fresh_* sets are the held-out set another helper keeps unread)
    paths = [*DEV_SETS.values(), *(p for p in OWN_SETS if not p.stem.startswith("fresh"))]
    answerable = [q["question"] for path in paths if path.exists() for q in load_jsonl(path) if q["gold"]]
    assert len(answerable) > 500
    assert [q for q in answerable if asks_off_rules(q)] == []


def test_a_hobby_question_is_not_in_the_rules_nor_read_as_a_rule_name(searcher) -> None:
    """"magnetising" is spelt like the Magnetic rules, but the player asks about modelling: not in the
    rules, the closest passages still shown, and not read as the rule "Magnetic"."""
    result = searcher.ask("any tips for magnetising airship models?", k=5)
    assert result.status == "not_found" and result.read_as is None and result.results


def test_the_label_a_question_opens_with_is_read() -> None:
    assert opening_label("uno: can you stack draw two cards?") == "uno"
    assert opening_label("infinity ARO - can i react to a model that moves out of line of sight?") == "infinity ARO"
    assert opening_label("how does the Ram rule work in dw4?") is None
    assert opening_label("what's 3.5: a number?") is None  # a sentence's end comes first


@pytest.mark.parametrize("question, status", [
    ("uno: can you stack draw two cards?", "not_found"),  # a label the documents print no word of
    ("dust: how far can soldiers regroup move", "answered"),  # a label naming a game of ours
    ("dw4: my ship is already on 3 disorder and takes another one, what happens?", "answered"),
])
def test_a_label_naming_nothing_the_documents_print_is_another_subject(searcher, question: str, status: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == status and result.results


def test_what_a_question_asks_a_rule_for_is_read() -> None:
    """"is there a rule for X": X's first two topic words, question words left out."""
    assert asked_for_rule("is there a rule for ships zig-zagging to dodge incoming torpedoes?") == ["ship", "zig"]
    assert asked_for_rule("rules for a 3 player free for all game?") == ["player", "free"]
    assert asked_for_rule("how does ramming work?") == []


def test_a_word_is_printed_when_the_documents_print_a_longer_word_it_is_the_stem_of() -> None:
    """The stemmer cuts "sacrificing" to "sacrif" but "Sacrifice" to "sacrific"."""
    vocabulary = sorted(["escort", "sacrific", "ship"])
    assert printed_word(frozenset({"sacrif"}), vocabulary)
    assert printed_word(frozenset({"zig", "ship"}), vocabulary)  # any spelling
    assert not printed_word(frozenset({"zig"}), vocabulary)


@pytest.mark.parametrize("question", [
    "is there a rule for ships zig-zagging to dodge incoming torpedoes?",
    "rules for pilots bailing out when their SRS token is shot down?",
])
def test_a_rule_asked_for_a_thing_no_document_names_is_not_in_the_rules(searcher, question: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "not_found" and not result.answers
    assert result.results  # the closest passages are still shown


@pytest.mark.parametrize("question", [
    "is there a rule for laying mines?",  # "Mine Layer": "laying" is stemmed "lay", "Layer" "layer"
    "rules for escorts sacrificing themselves?",  # "Heroic Sacrifice"
    "is there a rule for surfacing submarines?",  # "Diving And Surfacing"
])
def test_a_rule_asked_for_a_thing_the_documents_name_is_answered(searcher, question: str) -> None:
    assert searcher.ask(question, k=5).status == "answered"


# -- other games' concepts Dystopian Wars does not have (glossary.toml [[absent]]) ----------------


def test_no_rules_document_prints_an_absent_concept() -> None:
    """"Absent" is a claim about the documents: none of them prints any of the words."""
    from corpus import CORPUS_DIR
    from index.text import words

    absent = absent_words()
    assert ("stratagem",) in absent and ("invulnerable", "save") in absent and ("стойкость",) in absent
    longest = max(len(run) for run in absent)
    for path in sorted(CORPUS_DIR.iterdir()):
        if path.suffix in (".md", ".txt", ".cat"):
            typed = words(path.read_text(encoding="utf-8"))
            printed = {tuple(typed[i:i + n]) for n in range(1, longest + 1) for i in range(len(typed) - n + 1)}
            assert not absent & printed, (path.name, absent & printed)


def test_no_glossary_term_maps_an_absent_concept() -> None:
    """A player word is either mapped to a rule or declared absent, never both."""
    from index.glossary import load_glossary
    from index.text import words

    mapped = {tuple(words(word)) for entry in load_glossary() for word in entry.words}
    assert not absent_words() & mapped


def test_no_answerable_question_asks_about_an_absent_concept() -> None:
    """The word tests do not vouch for such a question (only the relevance model may answer it), so
    no answerable question of the dev sets or of ours may ask about one (likening a rule of ours to
    one is allowed: see below)."""
    from bench.retrieval import DEV_SETS, OWN_SETS, load_jsonl

    paths = [*DEV_SETS.values(), *(p for p in OWN_SETS if not p.stem.startswith("fresh"))]
    answerable = [q["question"] for path in paths if path.exists() for q in load_jsonl(path) if q["gold"]]
    assert len(answerable) > 1000
    assert [q for q in answerable if names_absent_concept(q, _ABSENT)] == []


@pytest.mark.parametrize("question", [
    "How do psychic powers work in Dystopian Wars?",
    "does my flagship get an invulnerable save against exploding strikes?",
    "What is a battleship's Toughness stat in DW4?",
    "есть ли в игре псайкеры или магия, которой можно отменить генератор?",  # both absent: no other name
    "how many experience points does a ship earn for sinking an enemy in a campaign?",
    "Can a badly damaged ship strike its colours and surrender?",  # historical naval games
    "does brace for impact halve the damage my battleship takes?",  # Battlefleet Gothic
    "do warjacks get focus points in dystopian wars?",  # Warmachine
    "can I spend a defence token to redirect damage in 4e?",  # Star Wars Armada
    "what's the nerve value of a frigate squadron?",  # Kings of War
    "does my sub implode below crush depth?",  # submarine games
    "can my cruiser tow a crippled battleship off the table?",  # historical naval games
    "do my ships run out of fuel after six rounds?",
])
def test_a_question_about_another_games_concept_names_it(question: str) -> None:
    assert names_absent_concept(question, _ABSENT)


@pytest.mark.parametrize("question", [
    "Why do flyers basically get an invulnerable save in 4e?",  # a likeness
    "Is there a feel-no-pain style armour in dw4 that downgrades exploding hits?",
    "What's the armour save / toughness of a magma formation if I shoot at it in 4e?",  # another name
    "how tough is a battleship?",  # typed words, not stems: "tough" is not "toughness"
    "where does the rulebook spell out how a ram works?",  # an everyday sense: left out of the list
    "how many dice does a broadside roll?",
    "last night my opponent rammed me twice, is that allowed?",  # "night" alone is everyday (not listed)
    "do ships move towards the nearest objective?",  # "towards" is not "tow"
    "Specialist in 4e - is that a veteran skill for the crew?",  # is a thing of ours one? (not "is there a")
])
def test_a_likeness_or_another_name_is_not_the_topic(question: str) -> None:
    assert not names_absent_concept(question, _ABSENT)


def test_an_absent_concept_is_refused_whatever_the_model_says() -> None:
    """Words shared with a rule do not vouch for another game's concept, and the model, fitted on no
    question naming one, cannot weigh it: refused before either."""
    assert in_the_rules([_SHARED_WORDS], model=None)
    absent = Evidence(**{**_SHARED_WORDS.__dict__, "absent": 1.0})
    assert not in_the_rules([absent], model=None)
    always = RelevanceModel(tuple(0.0 for _ in FEATURES), 60.0)  # probability 1 for every question
    assert in_the_rules([_SHARED_WORDS], always) and not in_the_rules([absent], always)


def test_an_absent_concept_is_not_in_the_rules_and_not_read_as_a_rule_name(searcher) -> None:
    """"invulnerable save" shares "flagship" and "exploding strikes" with the rules, but the rules
    have no invulnerable save: not in the rules, with the closest passages still shown."""
    result = searcher.ask("does my flagship get an invulnerable save against exploding strikes?", k=5)
    assert result.status == "not_found" and result.read_as is None and result.results
    likened = searcher.ask("Why do flyers basically get an invulnerable save in 4e? My hits on airborne models "
                           "keep turning into counters", k=5)  # a likeness: the rule it likens is asked
    assert likened.status == "answered"


@pytest.mark.parametrize("question", [
    "Can a ship strike its colours and surrender in 4e?",  # historical naval games: the documents print neither
    "does the weather gauge matter in dystopian wars?",
    "can I move my shields between facings with a shield dial in 4e?",  # Star Wars Armada
    "what's the nerve value of a frigate squadron?",  # Kings of War: no stat says when a unit breaks
])
def test_another_games_concept_is_not_in_the_rules(searcher, question: str) -> None:
    assert searcher.ask(question, k=5).status == "not_found"


def test_a_players_past_tense_is_read_as_the_verb_the_rules_print() -> None:
    """"my ship ran into a rock", "it took 3 damage": the stemmer leaves irregular past forms alone."""
    from index.text import question_stems

    told = question_stems("my ship ran into a rock and took damage")
    assert told == question_stems("my ship run into a rock and take damage")
    assert "left" in question_stems("the ship on the left")  # a side, not "leave"
    assert "win" not in question_stems("why won't my ship move?")  # "won't" splits into "won", "t"


# -- a name the player marks as one: quotes, Title Case, the book's capitals (issue 16, abstain6) ------
def test_a_name_set_in_quotes_is_marked_without_the_words_around_it() -> None:
    assert quoted_names("что делает критическое повреждение «Заклинило орудия»?") == [("заклин", "оруд")]
    assert quoted_names('can I do it "As a Valour Effect" in 4e?') == [("valour", "effect")]
    assert quoted_names('my rulebook says "at least half speed" for full reverse?') == []  # a rule's own words
    assert quoted_names('my mate said "you can\'t do that, it\'s against the rules of the game here now"') == []


def test_a_title_case_name_is_marked_unless_it_opens_a_sentence_or_is_a_players_model() -> None:
    assert title_case_names("Can a squadron declare Full Ahead as a special operations action?") == ["Full Ahead"]
    assert title_case_names("Hold at All Costs mission - how are victory points scored?") == []  # "All Costs": a tail
    assert title_case_names("we were on turn 4 and my Sky Fortress took a beating") == []  # a model on the table
    assert title_case_names("All my weapons have Barrage and I'm shooting") == []
    assert marked_names("Does the Mirage Generator's extra dice count?") == [("mirag", "generat")]


def test_the_books_capitalised_terms_are_marked_in_russian() -> None:
    assert marked_names("какой бонус даёт Жетон Доблести при Абордаже?") == [("жетон", "доблест")]


def test_one_reading_gives_both_kinds_of_name() -> None:
    """read_names reads the question once: the marked names are those of the sentences that ask, the
    claimed ones every name presented anywhere (a told sentence's "System Failure" too)."""
    told = "Last night my mate used Powered weapons on a ship that had a System Failure crit. Can he still fire?"
    assert read_names(told) == NamesRead(marked=(), claimed=(("system", "failur"),))
    asked = "We played last week. Can a squadron declare Full Ahead as a special operations action?"
    assert read_names(asked) == NamesRead(marked=(("full", "ahead"),), claimed=(("full", "ahead"),))
    assert marked_names(asked) == list(read_names(asked).marked)
    assert claimed_names(asked) == list(read_names(asked).claimed)


def test_a_sentence_opener_is_no_name_however_many_spaces_precede_it() -> None:
    # "Does Proximity stop it rallying": capitalised because it opens the sentence, after two spaces too
    question = "My Very Large model is parked next to an island.  Does Proximity stop it rallying?"
    assert claimed_names(question) == [("veri", "larg")]


def test_a_marked_name_no_rule_prints_is_refused_whatever_the_model_says() -> None:
    """Quotes and capitals say the player names one thing; words shared with a rule do not vouch for it."""
    marked = Evidence(**{**_SHARED_WORDS.__dict__, "unknown_marked": 1.0})
    always = RelevanceModel(tuple(0.0 for _ in FEATURES), 60.0)  # probability 1 for every question
    assert in_the_rules([_SHARED_WORDS], always) and not in_the_rules([marked], always)


@pytest.mark.parametrize("made_up, real, section", [
    # one word of a real name swapped: every word is printed, the name is not
    ("что делает критическое повреждение «Заклинило орудия»?", "что делает критическое повреждение «Заклинило рули»?",
     "Заклинило рули"),  # "Модель получает Маркер Заклинило рули."
    ("что даёт действие «Полный вперёд!» — можно двигаться на двойной скорости?",
     # "«Полный назад!»: еще одно Действие Специальных Операций позволяет Единице двигаться назад."
     "как работает действие «Полный назад!»?", "«Полный назад!»"),
    ("Can a squadron declare Full Ahead as a special operations action to double its SPEED?",
     "Can a squadron use Full Reverse as a special operations action, and how far does it move?",
     "2. SPECIAL OPERATIONS"),  # "Full reverse: A unit may perform this special operations action by ..."
])
def test_a_made_up_name_is_refused_and_its_real_twin_answered(searcher, made_up: str, real: str, section: str) -> None:
    refused = searcher.ask(made_up, k=5)
    assert refused.status == "not_found" and refused.results  # the closest passages are still shown
    answered = searcher.ask(real, k=5)
    assert answered.status == "answered" and section in answered.results[0].section


@pytest.mark.parametrize("question, section", [
    # players capitalise what they write about a rule: its whole name with words around it is that rule
    # "... the amount of Damage it suffers is reduced by X"
    ("what about Heavy Prow Damage Reduction when I ram?", "Heavy Prow"),
    # "... the Value of the Valour card is treated as being 2 higher"
    ("can I use Priority Signals Valour to deny?", "Priority Signals"),
])
def test_a_real_name_capitalised_with_words_around_it_is_answered(searcher, question: str, section: str) -> None:
    result = searcher.ask(question, k=5)
    assert result.status == "answered" and result.results[0].section == section


def test_two_names_joined_by_a_capitalised_small_word_are_read_one_by_one() -> None:
    assert title_case_names("is Obscured And Hampered the same thing in 4e?") == ["Obscured", "Hampered"]


def test_the_english_name_of_a_russian_rule_is_a_printed_name(searcher) -> None:
    """The Russian book's scenario Удержать любой ценой is paired with its English name "Hold at All
    Costs" (synonyms.toml [pairs]); capitalised whole ("Hold At All Costs"), it names that rule and is
    not a made-up name (it was refused so)."""
    result = searcher.ask("How do Victory Points work in Hold At All Costs?", k=5)
    assert result.status == "answered"
    assert "Удержать любой ценой" in result.results[0].section


# -- a real mechanic applied to what the game does not have (issue 16, abstain7) ----------------------
@pytest.mark.parametrize("made_up, real, section", [
    # "Treacherous Water Impedes the Movement of Surface and Underwater models, while Fog Impedes the
    # Movement of Surface and Airborne models." Rain: no document prints it (glossary [[absent]]).
    ("Does a Surface model that moves through heavy rain gain a level of Disorder?",
     "Does a Surface model that moves through Fog gain a level of Disorder?", "Impeded"),
    # "An Iceberg can be chosen as the target of an Attack action, as though it were an enemy model"
    ("Can my ship shoot at a waterspout as though it were an enemy model?",
     "Can my ship shoot at an Iceberg as though it were an enemy model?", "Iceberg"),
    # "Во время шторма Дрейф удваивается для всех моделей." (the 3.03 Storm scenario; no rain in any book)
    ("во время ливня дрейф удваивается для всех моделей?", "во время шторма дрейф удваивается для всех моделей?",
     "Буря"),
    # "Все модели считаются Скрытыми в любое время, пока Игровое пространство покрыто туманом." (no snow)
    ("все модели считаются скрытыми пока поле покрыто снегом?",
     "все модели считаются скрытыми пока поле покрыто туманом?", "Туман войны"),
])
def test_a_mechanic_applied_to_weather_or_terrain_the_game_lacks_is_refused_and_its_twin_answered(
        searcher, made_up: str, real: str, section: str) -> None:
    refused = searcher.ask(made_up, k=5)
    assert refused.status == "not_found" and refused.results  # the closest passages are still shown
    answered = searcher.ask(real, k=5)
    assert answered.status == "answered" and answered.results[0].section.endswith(section)


def test_russian_absent_words_are_declared_in_every_case_they_are_typed_in() -> None:
    """The absent words are matched as typed, so a Russian noun is declared in its cases: "торпеды иногда
    не взрываются — есть бросок на осечку?" names a misfire as surely as «осечка»."""
    for word in ("осечка", "осечку", "осечкой", "буксир", "буксиром", "ливень", "ливня", "снегу", "снегом"):
        assert names_absent_concept(f"а что если {word} — есть такое правило?", _ABSENT), word
    assert not names_absent_concept("вчера ночью играли, можно ли стрелять по скрытой цели?", _ABSENT)
