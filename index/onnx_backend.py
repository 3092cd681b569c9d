"""Question encoding through ONNX Runtime for the packaged default model (all-MiniLM-L6-v2).

Measured on this 2-core machine, one thread: a question in ~5 ms in float32, ~2.5 ms in
int8 (16-18 % less since the graph is fused, issue 18), instead of torch's 15 ms. The model is
exported locally from the packaged weights (torch.onnx, no download) into the data directory,
once, fused and quantised to int8 (index/onnx_graph.py); each graph is used only when its
vectors match the torch ones on probe texts
(int8: cosine >= MIN_COSINE_INT8, else float32: >= MIN_COSINE). Anything missing
(onnxruntime, onnx) or failing leaves the torch path in charge.

A graph that passed its check is recorded beside it (`<graph>.verified.json`: the graph's size
and time, the tokenizer's hash, ONNX Runtime's version), so later processes encode questions
with `tokenizers` + ONNX Runtime alone: no sentence-transformers, transformers or torch import
(issue 21: a cold `admiralty ask` went from 7.5-9 s and 683 MB to under a second).
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from core.settings import env_flag, env_int
from index.onnx_graph import FLOAT32_LAYERS, INPUTS, SESSION_UNFUSED, export, quantize

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

MIN_COSINE = 0.999  # the float32 export
MIN_COSINE_INT8 = 0.99  # the int8 one (issue 9: retrieval must not change; bench/retrieval.py)
PROBES = [
    "how many dice does a ram get in dw4?", "сколько кубов кидать на таран?",
    "what does piercing do", "Reactor leak: This model receives a reactor leak marker.",
]
TOKENIZER_FILE = "tokenizer.json"
MAX_LENGTH_FILE = "sentence_bert_config.json"


def session_threads() -> int:
    """Threads per forward pass (ADMIRALTY_ONNX_THREADS overrides). One, with the server's
    1 ms GIL switch interval (bot/cli/serve.py): under load the other core runs the GIL-bound
    search threads. Measured with bench/load.py, alternating runs on a busy shared machine:
    this pair beat two threads with the default 5 ms interval in 3 of 5 pairs (ask p95 median
    265 vs 283 ms, throughput higher in 4 of 5); two threads with 1 ms was worse than both."""
    return env_int("ADMIRALTY_ONNX_THREADS", 1)


class QueryTokenizer:
    """The model's own fast tokenizer (its tokenizer.json) through the `tokenizers` package:
    the ids transformers gives, padded to the longest text and cut at the model's max_seq_length,
    without importing transformers."""

    def __init__(self, model_dir: Path) -> None:
        from tokenizers import Tokenizer

        self.file = model_dir / TOKENIZER_FILE
        self._tokenizer = Tokenizer.from_file(str(self.file))
        self.max_length = max_seq_length(model_dir)
        self._tokenizer.enable_truncation(self.max_length)
        padding = self._tokenizer.padding or {}
        self._tokenizer.enable_padding(pad_id=int(padding.get("pad_id", 0)),
                                       pad_token=str(padding.get("pad_token", "[PAD]")))
        self._lock = threading.Lock()  # the Rust tokenizer's padding state is per object

    def __call__(self, texts: list[str]) -> dict[str, np.ndarray]:
        with self._lock:
            encodings = self._tokenizer.encode_batch(texts)
        return {
            "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
        }


def max_seq_length(model_dir: Path) -> int:
    """The sentence-transformers limit the model was trained with (256 for all-MiniLM-L6-v2)."""
    try:
        config = json.loads((model_dir / MAX_LENGTH_FILE).read_text(encoding="utf-8"))
        return int(config.get("max_seq_length") or 256)
    except (OSError, ValueError):
        return 256


class OnnxEncoder:
    """Transformer in ONNX Runtime, then the model's own pooling (mean) and L2 norm."""

    def __init__(self, tokenizer: QueryTokenizer, onnx_file: Path, threads: int | None = None) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or session_threads()
        options.inter_op_num_threads = 1
        # Spinning worker threads burn the core that the search threads (GIL-bound Python)
        # need between batches (bench/load.py, float32, two threads: ask p95 414 ms spinning,
        # 347 ms not).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"],
                                             disabled_optimizers=list(SESSION_UNFUSED))
        self.file = onnx_file
        self.int8 = "-int8" in onnx_file.name
        self._tokenizer = tokenizer

    def encode(self, texts: list[str]) -> np.ndarray:
        batch = self._tokenizer(texts)
        hidden = self._session.run(None, {name: batch[name] for name in INPUTS})[0]
        mask = batch["attention_mask"].astype(np.float32)[..., None]
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype="float32")


def use_int8() -> bool:
    """ADMIRALTY_ONNX_INT8=0 keeps the float32 export (for measuring one against the other)."""
    return env_flag("ADMIRALTY_ONNX_INT8")


def _stem(weights_sha256: str) -> str:
    return f"minilm-{hashlib.sha256(weights_sha256.encode()).hexdigest()[:12]}"


def _graphs(cache_dir: Path, weights_sha256: str, int8: bool) -> list[Path]:
    """The graphs to try, in order: int8 first when it is wanted, float32 always last. (Graphs
    named without "fused" are the unfused ones of earlier versions, no longer used.)"""
    stem = f"{_stem(weights_sha256)}-fused"
    float32 = cache_dir / f"{stem}.onnx"
    return [cache_dir / f"{stem}-int8-keep{FLOAT32_LAYERS}.onnx", float32] if int8 else [float32]


def _choice_file(cache_dir: Path, weights_sha256: str, int8: bool) -> Path:
    """Records which graph passed its check for this preference (int8 wanted or not)."""
    return cache_dir / f"{_stem(weights_sha256)}-{'int8' if int8 else 'float32'}.verified.json"


def _fingerprint(graph: Path, tokenizer: QueryTokenizer) -> dict[str, Any]:
    """What must not have changed since the check: the graph file, the tokenizer, ONNX Runtime."""
    import onnxruntime

    stat = graph.stat()
    return {"graph": graph.name, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
            "tokenizer_sha256": hashlib.sha256(tokenizer.file.read_bytes()).hexdigest(),
            "max_length": tokenizer.max_length, "onnxruntime": onnxruntime.__version__}


def verified_encoder(cache_dir: Path, model_dir: Path, weights_sha256: str,
                     int8: bool | None = None) -> OnnxEncoder | None:
    """The graph an earlier check chose, opened without torch; None when no check is on record,
    the record no longer fits the files or names a graph this version no longer builds, or ONNX
    Runtime / tokenizers are not installed."""
    try:
        want_int8 = use_int8() if int8 is None else int8
        record = json.loads(_choice_file(cache_dir, weights_sha256, want_int8).read_text(encoding="utf-8"))
        graph = cache_dir / str(record["graph"])
        if graph not in _graphs(cache_dir, weights_sha256, want_int8):  # a record of an older graph
            return None
        tokenizer = QueryTokenizer(model_dir)
        if _fingerprint(graph, tokenizer) != {k: record.get(k) for k in
                                              ("graph", "size", "mtime_ns", "tokenizer_sha256", "max_length",
                                               "onnxruntime")}:
            return None
        return OnnxEncoder(tokenizer, graph)
    except Exception:  # noqa: BLE001 - no record, a stale one, or no runtime: check again on torch
        return None


def onnx_encoder(model: SentenceTransformer, cache_dir: Path, weights_sha256: str,
                 int8: bool | None = None, model_dir: Path | None = None) -> OnnxEncoder | None:
    """An ONNX encoder checked against `model`, exporting it first if needed: the int8
    graph when its vectors stay within MIN_COSINE_INT8 of torch's, else the float32 one
    (within MIN_COSINE); None when ONNX Runtime is not installed, the export fails, or
    neither matches. The choice is recorded for `verified_encoder`."""
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return None
    want_int8 = use_int8() if int8 is None else int8
    float32 = _graphs(cache_dir, weights_sha256, False)[0]
    try:
        tokenizer = QueryTokenizer(model_dir or Path(model.tokenizer.name_or_path))
        if not float32.exists():
            cache_dir.mkdir(parents=True, exist_ok=True)
            export(model, float32)
        reference = np.asarray(model.encode(PROBES, normalize_embeddings=True), dtype="float32")
        chosen: OnnxEncoder | None = None
        for graph in _graphs(cache_dir, weights_sha256, want_int8):
            floor = MIN_COSINE_INT8 if graph != float32 else MIN_COSINE
            try:
                if not graph.exists():
                    quantize(float32, graph)
                encoder = OnnxEncoder(tokenizer, graph)
                cosine = _min_cosine(encoder, reference)
            except Exception:  # noqa: BLE001 - no quantiser (onnx missing) or a bad file: float32
                continue
            if cosine >= floor:
                chosen = encoder
                _record(cache_dir, weights_sha256, want_int8, {**_fingerprint(graph, tokenizer), "min_cosine": cosine})
                break
        return chosen
    except Exception:  # noqa: BLE001 - any failure here only means "stay on torch"
        return None


def _record(cache_dir: Path, weights_sha256: str, int8: bool, record: dict[str, Any]) -> None:
    target = _choice_file(cache_dir, weights_sha256, int8)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")
        tmp.replace(target)
    except OSError:  # a read-only data directory: the check simply runs again next time
        pass


def _min_cosine(encoder: OnnxEncoder, reference: np.ndarray) -> float:
    return float((encoder.encode(PROBES) * reference).sum(axis=1).min())
