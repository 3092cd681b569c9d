"""Each unknown word's reading, remembered per searcher: players repeat their slang ("абордажка",
"торпы", "ренж"), and the readers of unknown words (index.translit's loanword reader, index.ru_typos)
stem and look up every spelling they try each time they meet a word. A reading depends only on the
word and the searcher's fixed vocabulary, so a remembered one is the one reading it again gives:
answers cannot change, whatever was asked before or in which order."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

WORD_MEMO = 4096  # words remembered per reader; when full it starts again (a process meets the same words)

Reading = TypeVar("Reading")
_MISSING = object()


class WordMemo(Generic[Reading]):
    """`read(word, reader)`: `reader(word)`, computed once per word until `size` words are kept, then
    forgotten all at once. Thread-safe under the GIL: one `dict.get` per look-up, so a word being
    forgotten by another thread is read again, never half-read."""

    def __init__(self, size: int = WORD_MEMO) -> None:
        self._size = size
        self._items: dict[str, Reading] = {}

    def read(self, word: str, reader: Callable[[str], Reading]) -> Reading:
        found = self._items.get(word, _MISSING)
        if found is not _MISSING:
            return found  # type: ignore[return-value]
        value = reader(word)
        if len(self._items) >= self._size:
            self._items = {}
        self._items[word] = value
        return value

    def __len__(self) -> int:
        return len(self._items)
