"""Our own question files (bench/data/*.jsonl whose questions carry gold spans): every gold span is printed in its
source document, after the metric's normalisation (NFKC, '*' dropped, spaces folded, casefold); an unanswerable
question has no gold span and no source."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from corpus import CORPUS_DIR

DATA = Path(__file__).resolve().parent.parent / "bench" / "data"


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("*", "")
    return re.sub(r"\s+", " ", text).strip().casefold()


def test_every_gold_span_is_in_its_source() -> None:
    files = [p for p in DATA.glob("*.jsonl") if '"gold"' in p.read_text(encoding="utf-8").split("\n", 1)[0]]
    assert DATA / "players_own.jsonl" in files
    sources: dict[str, str] = {}
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            question = json.loads(line)
            if not question["gold"]:  # unanswerable: the right reply is "not in the rules" (dev3's format)
                assert not question["gold_sources"] and question["source"] is None, question["id"]
                continue
            assert len(question["gold"]) == len(question["gold_sources"]), question["id"]
            for span, source in zip(question["gold"], question["gold_sources"], strict=True):
                text = sources.setdefault(source, _norm((CORPUS_DIR / source).read_text(encoding="utf-8")))
                assert 20 <= len(span) <= 160 and _norm(span) in text, (question["id"], span)
