"""The near spellings of a question word are looked for among the vocabulary's words of a length
within reach (index.search.Searcher._vocabulary_within): every edit adds or removes one letter at
most, so the words left out are too far, and the matches, and their order, are the whole vocabulary's."""
from __future__ import annotations

from rapidfuzz import process
from rapidfuzz.distance import OSA

from index.text import stems

# misspellings as players type them, and words the books print
TYPED = ("devistating emergancy manuver peircing broadsde torpedos squadrn aircarft boardng "
         "shields generatr деорганизации торпедны абордж маневр уклонени")


def test_near_spellings_are_those_of_the_whole_vocabulary(searcher) -> None:
    words = list(dict.fromkeys(stems(TYPED))) + searcher._vocabulary_list[::97]
    found = 0
    for word in words:
        if len(word) < 5:
            continue
        limit = 1 if len(word) < 8 else 2
        whole = [m[0] for m in process.extract(word, searcher._vocabulary_list, scorer=OSA.distance,
                                               score_cutoff=limit, limit=3) if m[0] != word]
        assert searcher._near_spellings(word) == whole, word
        found += bool(whole)
    assert found >= 5  # misspellings that have near spellings were tried
