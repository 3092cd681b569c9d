"""Question encoding through ONNX Runtime for the packaged default model (all-MiniLM-L6-v2).

Measured on this 2-core machine, one thread: a question in ~5 ms in float32, ~2.5 ms in
int8, instead of torch's 15 ms. The model is exported locally from the packaged weights
(torch.onnx, no download) into the data directory, once, then quantised to int8 (dynamic,
per channel); each graph is used only when its vectors match the torch ones on probe texts
(int8: cosine >= MIN_COSINE_INT8, else float32: >= MIN_COSINE). Anything missing
(onnxruntime, onnx) or failing leaves the torch path in charge.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from core.settings import env_flag, env_int

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

MIN_COSINE = 0.999  # the float32 export
MIN_COSINE_INT8 = 0.99  # the int8 one (issue 9: retrieval must not change; bench/retrieval.py)
FP32_LAYERS = 3
PROBES = [
    "how many dice does a ram get in dw4?", "сколько кубов кидать на таран?",
    "what does piercing do", "Reactor leak: This model receives a reactor leak marker.",
]
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def session_threads() -> int:
    """Threads per forward pass (ADMIRALTY_ONNX_THREADS overrides). One, with the server's
    1 ms GIL switch interval (bot/cli/serve.py): under load the other core runs the GIL-bound
    search threads. Measured with bench/load.py, alternating runs on a busy shared machine:
    this pair beat two threads with the default 5 ms interval in 3 of 5 pairs (ask p95 median
    265 vs 283 ms, throughput higher in 4 of 5); two threads with 1 ms was worse than both."""
    return env_int("ADMIRALTY_ONNX_THREADS", 1)


class OnnxEncoder:
    """Transformer in ONNX Runtime, then the model's own pooling (mean) and L2 norm."""

    def __init__(self, model: SentenceTransformer, onnx_file: Path, threads: int | None = None) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or session_threads()
        options.inter_op_num_threads = 1
        # Spinning worker threads burn the core that the search threads (GIL-bound Python)
        # need between batches (bench/load.py, float32, two threads: ask p95 414 ms spinning,
        # 347 ms not).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"])
        self.int8 = "-int8" in onnx_file.name
        self._tokenizer = model.tokenizer
        self._max_length = int(model.max_seq_length or 256)
        self._lock = threading.Lock()

    def encode(self, texts: list[str]) -> np.ndarray:
        batch = self._tokenizer(texts, padding=True, truncation=True, max_length=self._max_length,
                                return_tensors="np")
        feeds = {name: np.asarray(batch[name], dtype=np.int64) for name in _INPUTS if name in batch}
        hidden = self._session.run(None, feeds)[0]
        mask = np.asarray(batch["attention_mask"], dtype=np.float32)[..., None]
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype="float32")


def _export(model: SentenceTransformer, target: Path) -> None:
    import torch

    class LastHidden(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    sample = model.tokenizer(PROBES[:2], padding=True, return_tensors="pt")
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    with warnings.catch_warnings():  # the exporter's notes on indexing are not for users
        warnings.simplefilter("ignore")
        _run_export(torch, LastHidden(model[0].auto_model).eval(), sample, tmp)
    tmp.replace(target)


def _run_export(torch: Any, module: Any, sample: Any, tmp: Path) -> None:
    torch.onnx.export(
        module, tuple(sample[name] for name in _INPUTS), str(tmp),
        input_names=list(_INPUTS), output_names=["last_hidden_state"],
        dynamic_axes={name: {0: "batch", 1: "tokens"} for name in [*_INPUTS, "last_hidden_state"]},
        opset_version=17, dynamo=False,
    )


def _quantize(source: Path, target: Path) -> None:
    """Dynamic int8 quantisation of the weight MatMuls (per output channel), except the
    feed-forward output of the first FP32_LAYERS layers: quantising those costs the most
    accuracy (measured on 400 load questions: cosine to torch min 0.987 with them, 0.994
    without; 3 ms a question instead of 5-6 ms for float32)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(source)).graph
    weights = {init.name for init in graph.initializer}
    keep = {f"/inner/encoder/layer.{n}/output/dense/MatMul" for n in range(FP32_LAYERS)}
    nodes = [node.name for node in graph.node if node.op_type == "MatMul" and node.name not in keep
             and any(name in weights for name in node.input)]
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    # onnxruntime advises "pre-processing" through the root logger, which prints it on a user's
    # first question: silence that one-off advice (and warnings) while quantising.
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            quantize_dynamic(source, tmp, weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul"], nodes_to_quantize=nodes)
    finally:
        root.setLevel(level)
    tmp.replace(target)


def use_int8() -> bool:
    """ADMIRALTY_ONNX_INT8=0 keeps the float32 export (for measuring one against the other)."""
    return env_flag("ADMIRALTY_ONNX_INT8")


def onnx_encoder(model: SentenceTransformer, cache_dir: Path, weights_sha256: str,
                 int8: bool | None = None) -> OnnxEncoder | None:
    """An ONNX encoder checked against `model`, exporting it first if needed: the int8
    graph when its vectors stay within MIN_COSINE_INT8 of torch's, else the float32 one
    (within MIN_COSINE); None when ONNX Runtime is not installed, the export fails, or
    neither matches."""
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return None
    stem = f"minilm-{hashlib.sha256(weights_sha256.encode()).hexdigest()[:12]}"
    target = cache_dir / f"{stem}.onnx"
    try:
        if not target.exists():
            cache_dir.mkdir(parents=True, exist_ok=True)
            _export(model, target)
        reference = np.asarray(model.encode(PROBES, normalize_embeddings=True), dtype="float32")
        if use_int8() if int8 is None else int8:
            quantized = cache_dir / f"{stem}-int8-keep{FP32_LAYERS}.onnx"
            try:
                if not quantized.exists():
                    _quantize(target, quantized)
                encoder = OnnxEncoder(model, quantized)
                if _min_cosine(encoder, reference) >= MIN_COSINE_INT8:
                    return encoder
            except Exception:  # noqa: BLE001 - no quantiser (onnx missing) or a bad file: float32
                pass
        encoder = OnnxEncoder(model, target)
        return encoder if _min_cosine(encoder, reference) >= MIN_COSINE else None
    except Exception:  # noqa: BLE001 - any failure here only means "stay on torch"
        return None


def _min_cosine(encoder: OnnxEncoder, reference: np.ndarray) -> float:
    return float((encoder.encode(PROBES) * reference).sum(axis=1).min())
