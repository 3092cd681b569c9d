"""Where an ask's CPU goes, stage by stage, one question at a time (issue 18).

    .venv/bin/python bench/ask_stages.py              # 1,000 questions of the load bench's pool
    .venv/bin/python bench/ask_stages.py --questions 300

Each stage's calls are timed with the thread's CPU clock (not wall time: a shared machine disturbs
it far less), exclusive of other stages' calls inside them, in microseconds per question;
`Admiralty.ask` around the search and the search's own bookkeeping are "other", and "json" is the
encoding the HTTP layer does. (Before the re-ranking had its own line it was most of "other".)
Nothing is cached between questions but what the server caches too: the pool's questions are
distinct, and every question is asked once (its vector is not in the cache).
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import functools  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

# stage -> the Searcher methods (or index.search functions) whose top-level calls it counts
STAGES: dict[str, tuple[str, ...]] = {
    "parse": ("parse",),
    "encode (ONNX)": ("_embedder.query",),
    "dense scores": ("_dense_scores", "_dense"),
    "lexical (FTS5)": ("_lexical",),
    "fuse + rank": ("fuse", "_named_rules", "_rank_rules", "diversify_rules", "_hit"),
    "re-rank (model)": ("_rerank",),
    "relevance": ("_relevant", "_name_reader.read"),
    "answer lines": ("_answers", "_same_rule_answers", "disagreement_note"),
    "to_json": ("to_json",),
}


class Clock:
    """CPU time per stage, exclusive: while a timed call runs inside another (the encoder inside
    the dense scores), its time is its own stage's, not the outer one's."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self._running: list[list[Any]] = []  # [stage, started] of the calls under way, innermost last

    def wrap(self, stage: str, func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def timed(*args: Any, **kwargs: Any) -> Any:
            now = time.thread_time()
            if self._running:  # pause the outer call's clock
                outer = self._running[-1]
                self.spent[outer[0]] += now - outer[1]
            self._running.append([stage, now])
            try:
                return func(*args, **kwargs)
            finally:
                now = time.thread_time()
                inner = self._running.pop()
                self.spent[inner[0]] += now - inner[1]
                if self._running:
                    self._running[-1][1] = now  # the outer call's clock runs again
        return timed


def instrument(searcher: Any, clock: Clock) -> None:
    import index.search as search_module
    from index.search import AskResult

    for stage, names in STAGES.items():
        for name in names:
            if name == "to_json":
                AskResult.to_json = clock.wrap(stage, AskResult.to_json)  # type: ignore[method-assign]
            elif name == "_embedder.query":
                searcher._embedder.query = clock.wrap(stage, searcher._embedder.query)
            elif name == "_name_reader.read":
                searcher._name_reader.read = clock.wrap(stage, searcher._name_reader.read)
            elif hasattr(searcher, name):
                setattr(searcher, name, clock.wrap(stage, getattr(searcher, name)))
            elif hasattr(search_module, name):
                setattr(search_module, name, clock.wrap(stage, getattr(search_module, name)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=1000)
    args = parser.parse_args(argv)

    from bench.load import question_pool
    from bot.http.heap import freeze_loaded_objects
    from bot.service import Admiralty

    service = Admiralty(build_if_stale=False)
    service.warm()
    freeze_loaded_objects()  # as `admiralty serve` does: a full collection no longer walks the index
    pool = question_pool(random.Random(4))
    warm, asked = pool[:20], pool[20:20 + args.questions]
    for question in warm:
        service.ask(question)
    clock = Clock()
    instrument(service.searcher, clock)
    total = json_cpu = 0.0
    for question in asked:
        started = time.thread_time()
        result = service.ask(question)
        middle = time.thread_time()
        json.dumps(result)  # what aiohttp's json_response does
        json_cpu += time.thread_time() - middle
        total += middle - started
    n = len(asked)
    print(f"{n} questions, CPU per question (thread clock), microseconds:")
    for stage in STAGES:
        print(f"  {stage:<16}{clock.spent[stage] / n * 1e6:>8.0f}")
    staged = sum(clock.spent.values())
    print(f"  {'other':<16}{(total - staged) / n * 1e6:>8.0f}")
    print(f"  {'json':<16}{json_cpu / n * 1e6:>8.0f}")
    print(f"  {'total':<16}{(total + json_cpu) / n * 1e6:>8.0f}")
    # The same questions again: answered from the Searcher's answer cache (index.answer_cache), apart
    # from the figures above, which are every ask's own search.
    again = 0.0
    for question in asked:
        started = time.thread_time()
        json.dumps(service.ask(question))
        again += time.thread_time() - started
    print(f"asked again (answer cache, json included): {again / n * 1e6:.0f} microseconds per question")
    return 0


if __name__ == "__main__":
    sys.exit(main())
