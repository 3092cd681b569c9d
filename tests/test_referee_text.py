"""Issue 8 section 4: the CLI text says what was understood first, then the result and how it was built."""
from __future__ import annotations

from bot.referee_text import render
from referee.api import resolve


def test_text_starts_with_the_inputs_as_understood_then_the_result():
    r = resolve("attack", {"lead": 9, "support": [6, 6], "armour": 6, "citadel": 9, "quality": ["aerial"],
                           "target_adv": 7, "target_escorts": 1, "distance": 15})
    lines = render(r).splitlines()
    assert lines[0] == "Understood:"
    assert any(line.strip() == "pool: 21  (lead 9 + support 6 + support 6)" for line in lines[:6])
    assert any(line.strip() == "defence: 8  (ADV 7 +1 Escort)" for line in lines[:6])
    assert any(line.strip() == "range band: closing" for line in lines)
    result = next(i for i, line in enumerate(lines) if line.startswith("Result:"))
    assumptions = lines.index("Assumptions:")
    assert assumptions < result  # assumptions are stated before the result
    assert "How it was built:" in lines[result:]  # odds mode shows the pool-building steps
    assert any("defence pool: ADV 7 +1 Escort = 8" in line for line in lines[result:])


def test_text_puts_a_refused_defence_first_and_renders_flags():
    r = resolve("attack", {"dice": 21, "armour": 6, "citadel": 9, "defence": 7})
    text = render(r)
    assert text.splitlines()[0].startswith("! Defence dice not rolled")
    assert "--mass" in text and "⟨" not in text  # input mentions rendered as this front end's flags
    assert "mass" in render(r, style="api") and "--mass" not in render(r, style="api")


def test_russian_text_headings():
    r = resolve("attack", {"description": "21 куб против брони 6, цитадель 9, воздушное, защита 7"})
    text = render(r)
    assert "Понято так:" in text and "Результат:" in text


def test_words_the_parser_skipped_are_shown_with_what_it_understood_not_at_the_end():
    """Issue 8 §4/§5: a misread must be visible at the table, so "ignored" sits in the Understood block."""
    text = render(resolve("attack", {"description": "21 dice vs armour 6 citadel 9 banana, aerial"}))
    understood, _, rest = text.partition("Assumptions:")
    assert "ignored: banana" in understood
    assert "banana" not in rest
