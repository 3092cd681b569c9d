"""A question naming two rules is answered by the passage of one that names the other (index.search,
`_joining_first`; index.aboutness.joins), on the real index."""
from __future__ import annotations


def test_the_ram_rule_naming_the_dice_pool_leads(searcher):
    # dw3 quick reference, RAMMING: "The moving model always receives a ramming action dice pool equal to
    # its unmodified HULL." (the Ramming weapon quality names only the pool's extra dice)
    first = searcher.ask("how big is my dice pool when I ram, 3e quick ref?", k=5).results[0]
    assert first.section == "RAMMING"
    assert "always receives a ramming action dice pool" in first.text


def test_a_condition_nested_in_the_other_named_rule_stays_first(searcher):
    # dw3 quick reference, DISORDER CONDITIONS › Hazard: "Hazard: A localised fire or other isolated issue."
    # The Hazardous weapon quality names disorder conditions, but Hazard is one of them, not a second rule.
    first = searcher.ask("what does the Hazard disorder condition do in the quick ref?", k=5).results[0]
    assert first.section == "DISORDER CONDITIONS › Hazard"
    assert "A localised fire or other isolated issue." in first.text
