"""A player who does not know a rule's name describes it (issue 16, helper en6): the frame that asks
for a rule carries no topic, and describing words reach the rule whose printed sentence says the same."""
from __future__ import annotations

from index.query import without_rule_request


def test_the_frame_of_a_request_for_a_rule_is_dropped() -> None:
    assert without_rule_request("the one where a ship blows up").split() == ["where", "a", "ship", "blows", "up"]
    assert without_rule_request("a ship grabs another one - what's that called?").split() == \
        ["a", "ship", "grabs", "another", "one", "-", "?"]
    assert "mechanic" not in without_rule_request("is there a mechanic that stops torpedoes up close?")


def test_a_number_or_a_ship_named_one_is_not_a_frame() -> None:
    # "one" counts dice and models ("roll one die"); "the one you aimed at" is a ship, not the rule asked for
    assert without_rule_request("do I roll one die per gun?") == "do I roll one die per gun?"
    assert "one" in without_rule_request("hits every ship near the one you aimed at").split()


def test_staying_close_together_is_coherency(searcher) -> None:
    # Quick reference, 2. MOVEMENT: "Models may move different distances and directions as long as they
    # maintain coherency by staying within 4" of another model in the unit."
    result = searcher.ask("what's the rule where ships of one squadron have to stay close together in 3e?", k=5)
    assert result.status != "not_found"
    assert "maintain coherency" in result.results[0].text


def test_little_ships_that_tag_along_are_corvettes(searcher) -> None:
    # Quick reference, CORVETTES: "Corvettes may accompany more aggressive MASS 3 or larger ships instead of
    # escorts. ... additionally provide +1 action dice to their parent model's dice pool when launching an assault."
    result = searcher.ask("the little ships that tag along with a bigger ship and give it extra dice when it "
                          "boards, 3rd ed", k=5)
    assert result.status != "not_found"
    assert result.results[0].section == "CORVETTES"


def test_fish_is_naval_slang_for_a_torpedo(searcher) -> None:
    # 4th edition, Torpedo: "This weapon cannot Contribute to an Attack action if the Initial Target is within
    # 5” of this model."
    result = searcher.ask("is there a rule that stops you firing fish at a ship right next to you in 4e?", k=5)
    assert result.results[0].section == "Torpedo"
