"""Are answers byte-identical before and after a speed change, and under concurrency?

Speed work on serving (issue 18: the encoder, the store, the HTTP layer) must not change a single
answer. This asks every question of the three shared dev sets, our own sets (bench/data/*.jsonl)
and the load bench's question pool through `Admiralty.ask`, and writes one line per question: the
question and the SHA-256 of its answer's JSON (sorted keys). Save a reference before the change,
compare after:

    .venv/bin/python bench/answer_identity.py --hide fresh --save /tmp/answers-before.jsonl
    ... change ...
    .venv/bin/python bench/answer_identity.py --hide fresh --compare /tmp/answers-before.jsonl
    .venv/bin/python bench/answer_identity.py --hide fresh --compare /tmp/answers-before.jsonl --threads 16

`--threads N` asks from N threads at once, as the server's search pool does: concurrent questions
must get the answers they get alone (a batched forward pass once changed every vector).
`--repeat` asks every question a second time, answered from the Searcher's answer cache
(index.answer_cache), and compares those answers too: a cached answer must be the searched one.
Exit status 1 when any answer differs.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

# ../shared/eval beside the checkout (a worktree one level deeper finds it one level up), as bench/retrieval.py
SHARED_EVAL = next((p for p in (_HERE.parent.parent / "shared" / "eval", _HERE.parent.parent.parent / "shared" / "eval")
                    if p.is_dir()), _HERE.parent.parent / "shared" / "eval")
DEV_SETS = ("retrieval_dev.jsonl", "retrieval_dev2.jsonl", "retrieval_dev3.jsonl")


def _questions_in(path: Path) -> list[str]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            question = json.loads(line).get("question")
            if isinstance(question, str) and question.strip():
                found.append(question)
    return found


def questions(pool: int, hide: tuple[str, ...] = ()) -> list[str]:
    """The dev sets, our own sets (but those whose name starts with one of `hide`), then `pool`
    questions of bench/load.py's pool; each once, in order."""
    from bench.load import question_pool

    asked: list[str] = []
    for name in DEV_SETS:
        if (SHARED_EVAL / name).exists():
            asked += _questions_in(SHARED_EVAL / name)
    for path in sorted((_HERE / "data").glob("*.jsonl")):
        if path.name.startswith(hide):
            continue
        asked += _questions_in(path)
    asked += question_pool(random.Random(4))[:pool]
    return list(dict.fromkeys(asked))


def digest(answer: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(answer, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--save", type=Path, help="write the answers' digests here")
    parser.add_argument("--compare", type=Path, help="compare with digests saved earlier")
    parser.add_argument("--threads", type=int, default=1, help="ask from this many threads at once")
    parser.add_argument("--repeat", action="store_true",
                        help="ask every question again (from the answer cache) and compare those answers too")
    parser.add_argument("--pool", type=int, default=1500, help="questions taken from the load bench's pool")
    parser.add_argument("--hide", action="append", default=[], metavar="PREFIX",
                        help="leave out our sets whose name starts with PREFIX (held-out sets: --hide fresh)")
    args = parser.parse_args(argv)

    from bot.service import Admiralty

    service = Admiralty(build_if_stale=False)
    asked = questions(args.pool, tuple(args.hide))
    started = time.perf_counter()
    if args.threads > 1:
        with ThreadPoolExecutor(args.threads) as pool:
            digests = list(pool.map(lambda q: digest(service.ask(q)), asked))
    else:
        digests = [digest(service.ask(q)) for q in asked]
    print(f"{len(asked)} questions answered in {time.perf_counter() - started:.1f} s "
          f"({args.threads} thread{'s' if args.threads > 1 else ''})")
    if args.repeat:
        service.searcher.answers.hits = 0
        again = [digest(service.ask(q)) for q in reversed(asked)][::-1]  # the latest first: still cached
        changed = [q for q, first, second in zip(asked, digests, again, strict=True) if first != second]
        print(f"asked again: {service.searcher.answers.hits} answered from the cache, {len(changed)} differ")
        for question in changed[:20]:
            print("  differs when asked again:", question)
        if changed:
            return 1
    if args.save:
        args.save.write_text("".join(json.dumps({"question": q, "sha256": d}, ensure_ascii=False) + "\n"
                                     for q, d in zip(asked, digests, strict=True)), encoding="utf-8")
        print(f"saved to {args.save}")
    if args.compare:
        saved = {row["question"]: row["sha256"] for row in map(json.loads, args.compare.read_text(
            encoding="utf-8").splitlines())}
        common = [(q, d) for q, d in zip(asked, digests, strict=True) if q in saved]
        differ = [q for q, d in common if saved[q] != d]
        print(f"compared {len(common)} answers with {args.compare}: {len(differ)} differ")
        for question in differ[:20]:
            print("  differs:", question)
        return 1 if differ or not common else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
