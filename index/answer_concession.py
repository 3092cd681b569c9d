"""A sentence's concession: the case it says makes no difference.

"If a model attempts a Ram during its Movement Step, it cannot Participate in any Actions in the subsequent
Action Step - even if the Crew Check fails and the Ram is resolved as a Collision." The words after "even if"
name a case the rule holds through, not the case it is about: a player asking "what happens if the crew check
for my ram fails?" is answered by the sentence whose own condition is that case ("If the check fails, the Ram
is unsuccessful and a normal Collision is resolved"), not by one that concedes it. So, for a question asking
what a case leads to, a sentence holds the question's words of its concession as if it did not print them
(index.answer). A yes-or-no question ("does fog still work if the target is airborne?") is answered by the
concession itself ("This applies even if ... Airborne"): there the words stay.
"""
from __future__ import annotations

import re

# "even if ...", "even though ...", "even when ...", "regardless of (whether) ...", "даже если ...": to the
# closing bracket when the concession is an aside in brackets, to the comma after it when it opens the
# sentence ("Even if X, Y"), else to the end of the sentence.
_CONCESSION = re.compile(
    r"\((?:[^()]*?)\b(?:even (?:if|though|when)|regardless of|даже если)\b[^()]*\)|"
    r"^\W*(?:even (?:if|though|when)|regardless of|даже если)\b[^,;]*|"
    r"\b(?:even (?:if|though|when)|regardless of|даже если)\b.*$",
    re.IGNORECASE | re.DOTALL)


def without_concession(sentence: str) -> str | None:
    """The sentence with its concession left out; None when it concedes nothing."""
    if not _CONCESSION.search(sentence):
        return None
    return _CONCESSION.sub(" ", sentence)
