"""Editions a question names, in English or Russian."""
from __future__ import annotations

import pytest

from index.routing import named_editions


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
    ("what does the Airborne USR do", {"usr"}),
    ("how does a rammer work", set()),
    ("сколько кубов на таран", set()),
])
def test_named_editions(question, editions):
    assert named_editions(question) == editions
