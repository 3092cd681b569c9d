"""What a server process does once its index and model are loaded: take them out of the garbage collector's sight.

Why: a full collection walks every tracked object, and the loaded index is most of them — one took
73-76 ms on this machine after loading (three in a row, nothing freed), holding the GIL the whole
time, so every question in flight waited for it. Loaded objects live as long as the process; frozen
(`gc.freeze`, as CPython's documentation advises for servers), a full collection walks only what was
made since: 1 ms. Collections are rare (bench/http_cpu.py prints them: none of the third generation in
1,000 questions), but each one the process does make no longer stalls the questions in flight.
"""
from __future__ import annotations

import gc


def freeze_loaded_objects() -> int:
    """Collect the loading's garbage, then move every object left into the permanent generation;
    the number of objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
