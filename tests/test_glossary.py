"""The cross-game glossary (index/data/glossary.toml): other wargames' and everyday words -> the rules' terms."""
from __future__ import annotations

import re
import tomllib
import unicodedata

import pytest

from index.glossary import GLOSSARY_FILE, RulesWording, glossary_expansions, load_glossary, matchable
from index.manifest import load_manifest
from index.termmap import SYNONYMS_FILE, load_synonyms
from index.text import stems

ENTRIES = load_glossary()


def _flat(text: str) -> str:
    """What a quote is compared on: NFKC (the 4th-edition file has NBSPs), no '*', spaces folded."""
    text = unicodedata.normalize("NFKC", text).replace("*", "")
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def documents() -> dict[str, str]:
    return {doc.id: _flat(doc.read_text()) for doc in load_manifest()}


def test_every_evidence_quote_is_printed_in_its_document(documents: dict[str, str]) -> None:
    missing = [(e.document, e.quote) for entry in ENTRIES for e in entry.evidence
               if _flat(e.quote) not in documents[e.document]]
    assert missing == []


def test_every_rule_term_is_named_by_its_own_evidence() -> None:
    # "saving throw" -> "resistance" holds because a rules sentence says "Resistance Roll" where a
    # save is made: each target word must be in the rule name or quote that backs the entry.
    def runs(text: str) -> str:
        return f" {' '.join(stems(text))} "

    unbacked = [(entry.words[0], term) for entry in ENTRIES for term in entry.means
                if not any(runs(term) in runs(f"{e.rule} {e.quote}") for e in entry.evidence)]
    assert unbacked == []


def test_every_evidence_names_a_rule_of_its_document(documents: dict[str, str]) -> None:
    # the rule names a player is shown are printed headings or names, not paraphrases
    unknown = [(e.document, e.rule) for entry in ENTRIES for e in entry.evidence
               if not all(_flat(part).casefold() in documents[e.document].casefold()
                          for part in e.rule.split(" › "))]
    assert unknown == []


def test_a_word_is_declared_once() -> None:
    # one concept, one place: a player's word is in the glossary or in synonyms.toml, never both
    # (once per game: "reverse" is Dystopian Wars' Full Reverse and Dust Warfare's backwards move)
    words = [(entry.scope, w) for entry in ENTRIES for w in entry.words]
    assert len(words) == len(set(words))
    slang = {k.casefold() for k in tomllib.loads(SYNONYMS_FILE.read_text(encoding="utf-8"))["expansions"]}
    assert slang & {w for scope, w in words if not scope} == set()


def test_the_glossary_is_read_as_expansions() -> None:
    expansions = load_synonyms().expansions
    assert expansions["saving throw"] == ["defence", "resistance"]
    assert expansions["deep strike"] == ["reserve", "anywhere", "unexpected arrival"]
    assert "crew check" in expansions["morale test"]


def test_a_word_with_stopwords_still_matches_a_question(searcher) -> None:
    # A question's stems drop stopwords, so "hand-to-hand" is matched as "hand hand"; read whole it
    # could never match. dw4 glossary, Boarding: "Boarding actions represent daring raids on enemy
    # vessels to strike at vital weak points."
    assert matchable("line of sight") == "line sight" and matchable("hand-to-hand") == "hand hand"
    assert all(stems(k, keep_stopwords=True) == stems(k) for k in glossary_expansions())
    query = searcher.parse("is there hand-to-hand fighting between ships in 4e?")
    assert "board" in query.variants["hand"]


def test_concepts_without_a_dystopian_wars_equivalent_are_left_out() -> None:
    # No rule of either edition has psychic powers, invulnerable saves, a Toughness stat or
    # stratagems: mapping them would make "not in the rules" questions look answerable.
    words = {w for entry in ENTRIES for w in entry.words}
    assert {"psychic", "invulnerable save", "invuln", "toughness", "stratagem"} & words == set()
    assert GLOSSARY_FILE.name == "glossary.toml"


def test_a_morale_test_is_a_crew_check(searcher) -> None:
    # dw4 glossary, Crew Check: "Whenever the rules instruct an Admiral to make a Crew Check for a model,
    # they draw, reveal, and then discard the top card from their deck." No rule says "morale".
    result = searcher.ask("how do morale tests work in 4e?", k=5)
    assert result.status != "not_found"
    assert result.results[0].section == "Crew Check"


def test_armour_piercing_is_piercing(searcher) -> None:
    # dw4 glossary, Piercing: "the Initial Target suffers a -1 Modifier to its Armour rating (to a
    # minimum of 1)". No rule says "AP" or "rend".
    assert "pierc" in searcher.parse("is there AP on guns in dw4?").variants["ap"]
    result = searcher.ask("what does rend do in dystopian wars 4e", k=5)
    assert result.results[0].section == "Piercing"


def test_going_backwards_is_full_reverse(searcher) -> None:
    # dw4 glossary, Full Reverse: "For the duration of the Movement Step, the model moves backwards
    # instead of forwards"
    result = searcher.ask("what's the downside of going backwards in 4e?", k=5)
    assert result.results[0].section == "Full Reverse"


def test_a_flamer_is_a_torrent_weapon(searcher) -> None:
    # dw4 glossary, Torrent: "Weapons with this Special Attack Quality are Torrent Weapons"; the 3.03
    # book: "Конус поражения (Torrent): это Действие использует полный Шаблоны Конуса"
    sections = [h.section for h in searcher.ask("do flamers exist in dystopian wars 4e?", k=5).results]
    assert "Torrent" in sections[:3]


def test_psychic_powers_stay_not_in_the_rules(searcher) -> None:
    # No document has a psychic phase or spells; the glossary maps nothing to them.
    result = searcher.ask("how does the psychic phase work in dystopian wars?", k=5)
    assert result.status == "not_found"


def test_rule_reads_a_player_word_as_the_rule_it_means(term_book) -> None:
    # `admiralty rule flamer`: dw4 glossary, Torrent: "Weapons with this Special Attack Quality are
    # Torrent Weapons"; the same vocabulary as `ask`.
    result = term_book.lookup("flamer")
    assert result.status == "found" and result.how == "player word" and result.matched == "Torrent"
    assert "dw4-glossary" in [e.edition for e in result.entries]


def test_rule_lists_every_rule_a_player_word_may_mean(term_book) -> None:
    # A morale test is a Crew Check ("If the card’s Value is higher than the model’s Crew rating, the
    # check fails") and what it guards against is Disorder: both are offered.
    result = term_book.lookup("morale tests")
    assert result.status == "ambiguous" and {"Disorder", "Crew Check"} <= set(result.candidates)


def test_rule_still_has_no_psychic_powers(term_book) -> None:
    assert term_book.lookup("psychic phase").status == "not_found"


def test_rule_reads_players_slang_as_ask_does(term_book) -> None:
    # synonyms.toml: "crit" = ["critical damage"], the word `ask` expands it with; quick reference:
    # "A model of MASS 2 or larger that takes hits equal to or greater than its CITADEL value also
    # suffers critical damage." Before, `rule crit` offered "Check For Critical Damage" as a guess.
    result = term_book.lookup("crit")
    assert result.status == "found" and result.how == "player word" and result.matched == "Critical Damage"


def test_rule_finds_a_player_word_inside_a_longer_name(term_book) -> None:
    # No rule name is near "going backwards", but "backwards" is the player's word for Full Reverse
    # (dw4 glossary: "the model moves backwards instead of forwards"). A misspelt real name is still
    # read as that name first.
    result = term_book.lookup("going backwards")
    assert result.status == "found" and result.matched == "Full Reverse" and result.how == "player word"
    assert term_book.lookup("flak barage").matched == "Flak Barrage"
    assert term_book.lookup("cooking recipe").status == "not_found"


def test_scoped_entries_name_a_game_of_the_corpus_and_quote_its_documents() -> None:
    manifest = {doc.id: doc.game for doc in load_manifest()}
    wrong = [(entry.words[0], e.document) for entry in ENTRIES if entry.scope for e in entry.evidence
             if manifest[e.document] != entry.scope]
    assert wrong == [] and {entry.scope for entry in ENTRIES} >= {"dust-warfare", "skirmish-usr"}


def test_players_words_for_another_games_things_route_there(searcher) -> None:
    # Dust Warfare summary, MOVE ACTIONS: "Soldiers cannot move through friendly vehicles, but may
    # move through friendly soldiers." "tank" and "infantry" are printed as neither game's own word.
    assert {searcher._game_of_word(s) for s in stems("mech sergeant troops")} == {"dust-warfare"}
    result = searcher.ask("can infantry walk through my own tanks")
    assert result.results[0].game == "dust-warfare"
    assert "Soldiers cannot move through friendly vehicles" in result.results[0].text


def test_words_both_games_have_count_for_neither(searcher) -> None:
    # Dust prints "Vehicles may move backwards" and "armor"; Dystopian Wars prints "Full Reverse" and
    # "ARMOUR": the thing is in both games, so the word is no evidence for either. Nor is a player's
    # word both games' entries name ("plane": Dust's aircraft, Dystopian Wars' aerial models).
    assert {searcher._game_of_word(s) for s in stems("reverse armour armor test run plane pinned")} == {None}


def test_a_dystopian_wars_question_in_shared_words_stays_in_dystopian_wars(searcher) -> None:
    # dw4 glossary, Full Reverse: "For the duration of the Movement Step, the model moves backwards
    # instead of forwards"
    result = searcher.ask("how far can my frigate move in reverse")
    assert result.results[0].game == "dystopian-wars"


def assert_answered_first(searcher, asked: dict[str, str]) -> None:
    """Each question is answered, with the rule its player's word stands for first."""
    for question, rule in asked.items():
        result = searcher.ask(question, k=5)
        assert result.status == "answered" and result.results[0].section == rule, question


def test_players_words_for_named_rules_find_those_rules(searcher) -> None:
    # dw4 glossary, Traction: "The Initial Target immediately moves 4” directly towards the model on
    # which that weapon is mounted"; Boosted Propulsion: "the model’s Minimum Speed is increased to its
    # unmodified Maximum Speed, its Maximum Speed by X”"; Mine Sweeper: "As a Special Action, this
    # model’s unit can perform Mine Clearance."; Rail: "the first X Exploding Strikes cause two additional
    # Action Dice to be rolled"; Combat Divers: "This model’s unit can make Boarding actions that target
    # Underwater models." No rule says tractor beam, afterburner, minesweeping, railgun or frogmen.
    asked = {"is there a tractor beam in dw4?": "Traction",
             "rules for afterburners in 4e": "Boosted Propulsion",
             "how does minesweeping work in 4th edition": "Mine Sweeper",
             "do railguns get extra dice in 4e?": "Rail",
             "can frogmen board submarines in v4?": "Combat Divers"}
    assert_answered_first(searcher, asked)


def test_a_jammed_rudder_is_the_navigation_lock_critical(searcher) -> None:
    # quick reference, CRITICAL DAMAGE: "Navigation lock: This model receives a navigation lock marker.
    # A model with this marker has a turn limit of 0."
    result = searcher.ask("what happens when the jammed rudder crit hits in 3e", k=5)
    assert result.results[0].section == "CRITICAL DAMAGE › Navigation lock"


def test_the_model_reads_the_rules_words_of_unprinted_player_words() -> None:
    # "tractor beam" is printed nowhere, so the sentence model reads Traction beside it; "ram" is
    # printed, so its rules' words are the model's own reading already.
    wording = RulesWording()
    assert wording.words_for(stems("tractor beam drag enemy ship")) == ["traction"]
    assert wording.words_for(stems("tractor beam drag enemy ship"), printed={"tractor"}) == []
    assert wording.words_for(stems("how far can I move")) == []


def test_everyday_words_that_other_rules_print_are_left_out() -> None:
    # "fixed damage" is not a repair, "run into" is not only a collision, "slows" is Langsam's Slow:
    # words a question uses in other senses would pull every such question to one rule.
    words = {w for entry in ENTRIES if not entry.scope for w in entry.words}
    assert {"fix", "fixed", "run into", "slow", "slows down", "sonar", "radar"} & words == set()


def test_silent_running_is_silent_hunters(searcher) -> None:
    # dw4 glossary, Silent Hunters: "An Underwater model cannot be chosen as the Initial Target for an
    # Attack action, unless a rule specifically states otherwise." No rule says "silent running".
    result = searcher.ask("Do subs have silent running in 4e?", k=5)
    assert result.status != "not_found" and result.results[0].section == "Silent Hunters"


def test_exploding_sixes_are_exploding_hits(searcher) -> None:
    # dw3 quick reference, 4. ATTACKER ROLLS DICE AND TOTALS HITS: "Exploding hits count as 2 hits and
    # explode: roll an extra action dice and add it to the pool". No rule says "sixes".
    assert "explod" in searcher.parse("what do exploding sixes do?").variants["six"]
    result = searcher.ask("what do exploding sixes do in the 3rd edition quick reference?", k=5)
    assert result.results[0].section.endswith("4. ATTACKER ROLLS DICE AND TOTALS HITS")


def test_going_to_ground_is_dusts_hit_the_dirt(searcher) -> None:
    # Dust Warfare, REACTIONS: "A reacting soldier unit may ignore the 12" distance restriction to perform a
    # Hit The Dirt! reaction when attacked." A scoped word: Dystopian Wars has no such reaction.
    result = searcher.ask("Dust: can my infantry go to ground when they are shot at?", k=5)
    assert result.results[0].section == "REACTIONS › Hit the Dirt"


def test_a_multi_word_player_word_is_not_read_as_one_common_word() -> None:
    # "fly-by" once read as "fly" (its "by" is a stopword) and sent every flying question to Pass Through:
    # a phrase that loses words to the stopwords must keep two, or be a word no question uses otherwise.
    reviewed = {"reel in", "pop up", "pops up", "popped up", "patch up", "patched up", "beaten up", "beat up",
                "smash into", "smashed into", "smashes into", "back up", "backing up"}
    collapsed = {w for entry in ENTRIES for w in entry.words
                 if len(re.findall(r"[\w’']+", w)) > 1 and len(matchable(w).split()) == 1}
    assert collapsed <= reviewed, collapsed - reviewed


def test_a_wavering_unit_is_disordered(searcher) -> None:
    # Kings of War's Wavering is a unit shaken by losses. dw4 glossary, Disorder: "This represents a loss of
    # cohesion among a vessel's crew, whether from stressful situations, physical harm or environmental peril."
    assert glossary_expansions()["wavering"] == ["disorder"]
    result = searcher.ask("my squadron is wavering in 4e, what does that do to its crew rating?", k=5)
    assert result.status == "answered" and result.results[0].section == "Disorder"


def test_headstrong_is_stoic(searcher) -> None:
    # dw4 glossary, Stoic: "A model with a Stoic token does not suffer any of the effects of having Disorder."
    assert "stoic" in glossary_expansions()["headstrong"]
    result = searcher.ask("headstrong ships in 4e - is there a rule that ignores disorder?", k=5)
    assert result.results[0].section == "Stoic"


def test_stealth_is_being_obscured_or_hampered() -> None:
    # 40k's Stealth makes a unit harder to hit. dw4 glossary: Obscured adds "Bonus Dice to their Resistance
    # Pool"; Visibility: "adds 2 Bonus Dice to the Resistance Roll for each Participating model that has
    # Hampered Visibility".
    assert glossary_expansions()["stealth"] == ["obscured", "hampered"]


def test_a_cap_is_a_maximum(searcher) -> None:
    # dw4 glossary, Ram: "Add 1 Bonus Die for each full inch the model moved before the Ram. This cannot add
    # more than 5 Bonus Dice." "cap" is no word of the rules.
    assert glossary_expansions()["cap"] == ["maximum"]
    assert searcher.ask("what's the cap on bonus dice for a ram in 4e?", k=5).results[0].section == "Ram"


def test_a_target_hidden_behind_another_ship_is_obscured(searcher) -> None:
    # dw3 quick reference, Shooting: "If LOS to the centre of the target is blocked by another model or
    # piece of terrain ... the target is obscured." No rule says "hidden" or "behind".
    assert glossary_expansions()["hidden"] == ["obscured"]
    result = searcher.ask("My target is half hidden behind another ship in 4e - what does the defender get?", k=5)
    assert result.status == "answered" and result.results[0].section == "Obscured"


def test_near_is_within_a_distance() -> None:
    # dw4 glossary, Rally: "The model is not within Proximity of a model in a different unit". No rule says "near".
    assert glossary_expansions()["nearby"] == ["within", "proximity"]


def test_a_squad_is_a_dust_warfare_unit(searcher) -> None:
    # Dust Warfare, Heroes: "A hero who is the last alive in a unit immediately removes all suppression markers and
    # acts independently (unless a medic revives a member of his squad)." The rules print "squad" rarely, so it
    # weighed most of a question and the one heading printing it, Command Squad, answered questions about any unit.
    # The Unit phase answers how many actions: "A unit may take up to 2 actions, less 1 if it has a reaction marker".
    assert glossary_expansions()["squad"] == ["unit"]
    result = searcher.ask("dust warfare: how many actions does my squad get?", k=5)
    assert result.results[0].section == "UNIT PHASE"


def test_players_everyday_nouns_read_as_the_rules_nouns(searcher) -> None:
    # dw4 glossary, Broadside: "Broadside actions let units bring their close-range flank batteries to bear
    # with devastating effect."; Boarding: "Boarding actions represent daring raids on enemy vessels to strike at
    # vital weak points."; Limited: "If any die scores a Blank, the model gains the Depleted status, and is
    # marked with a Depleted status token."; Crippled: "If the amount of Damage a model has accumulated equals
    # or exceeds its Hull rating, the model is immediately Crippled." Side guns are the flank batteries,
    # marines the boarders, a weapon out of ammo Depleted, a badly damaged ship Crippled.
    expansions = glossary_expansions()
    assert expansions["cannons"] == ["weapon"]
    assert "flank batteries" in expansions["side guns"]
    assert expansions["marines"] == ["boarding"]
    assert "depleted" in expansions[matchable("out of ammo")]
    assert expansions["heavily damaged"] == ["crippled"]
    asked = {"4e: can my side guns fire at a ship 6 inches away?": "Broadside",
             "4e: how many times can my side cannons shoot per activation?": "Broadside",
             "4e: how far away can my marines attack from?": "Boarding",
             "what happens when a ship runs out of ammo in 4e?": "Limited",
             "4e: a heavily damaged ship - how fast can it still go?": "Crippled"}
    assert_answered_first(searcher, asked)


def test_taken_off_the_table_is_leaving_the_play_area_not_a_reserve() -> None:
    # quick reference, ACTIVATION PHASE › 2. MOVEMENT: "If any part of a model leaves the play area, it has
    # disengaged from the encounter and is removed from the game". A unit kept off the table waits in
    # reserve: only "taken/removed off the table" is read as leaving (measured: "off the table" alone
    # sent "keep ... off the table" reserve questions to leaving).
    expansions = glossary_expansions()
    assert expansions[matchable("taken off the table")] == ["leaves the play area"]
    assert matchable("off the table") not in expansions
