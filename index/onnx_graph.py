"""Building the question encoder's ONNX graphs from the packaged model: export, fuse, quantise.

Runs once per data directory, at the first check of a graph (index/onnx_backend.py), with torch
loaded. Why each step (issue 18: the encoder was ~2.2 ms of the ~4 ms of CPU an ask costs; one
question's forward pass is a few dozen small matrix products, so what costs is the number of
operators and the bytes of weights read, not arithmetic):

- export with eager attention: the attention subgraph torch's default (SDPA) export writes is not
  one ONNX Runtime's BERT optimizer recognises; the eager one is, and fuses into one Attention
  operator per layer (789 operators in the old int8 graph, 308 after ONNX Runtime's own fusions,
  70 here);
- no SkipLayerNormalization: ONNX Runtime 1.31's CPU kernel for it takes ~20 us where the Add and
  LayerNormalization it replaces take ~5 us (measured on [1, 10, 384]), so it stays unfused (the
  session disables the same fusion: index/onnx_backend.py);
- int8 as before the fusion: weights per output channel (the Attention operators' packed Q/K/V
  ones too), activations with one dynamic scale per tensor, except the feed-forward output of the
  first FLOAT32_LAYERS layers, kept float32 (quantising them put the worst of 400 load questions
  at cosine 0.987 to torch instead of 0.994). The same arithmetic in fewer operators: every
  development fold scores as before (bench/retrieval.py).

Measured and not kept: 8-bit weights per block of 128 with activations quantised per block too
(MatMulNBits, accuracy level 4) for those float32 products, for them and the feed-forward inputs,
or for every weight product. The vectors came closer to the float32 graph's (cosine on 400 load
questions: mean 0.9961 -> 0.9981-0.9985) for the same CPU or ~5 % less, but each moved more
near-ties: two of the three lost a dev3 question, and our own sets changed more than with the
plain fusion.
"""
from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# Only trace the export: two texts of different lengths, so padding is traced too.
SAMPLE_TEXTS = ["how many dice does a ram get in dw4?", "сколько кубов кидать на таран?"]
FLOAT32_LAYERS = 3
SESSION_UNFUSED = ("SkipLayerNormFusion",)  # fusions an encoder session must not apply (see above)


def feed_forward_output(layer: int) -> str:
    """The exported name of a layer's feed-forward output product (kept by the optimizer)."""
    return f"/inner/encoder/layer.{layer}/output/dense/MatMul"


@contextmanager
def _quiet() -> Iterator[None]:
    """ONNX Runtime's tools advise through the root logger and warnings, which would print on a
    user's first question: silence them while the graph is built."""
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        root.setLevel(level)


def _tmp(target: Path) -> Path:
    return target.with_suffix(f".{os.getpid()}.tmp")


def export(model: SentenceTransformer, target: Path) -> None:
    """The float32 graph: the transformer's last hidden state, exported with eager attention, then
    fused by ONNX Runtime's BERT optimizer (left unfused when the optimizer is missing or fails;
    either way the graph is used only after its check against torch)."""
    import torch

    class LastHidden(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    auto_model: Any = model[0].auto_model
    sample = model.tokenizer(SAMPLE_TEXTS, padding=True, return_tensors="pt")
    raw = target.with_suffix(f".{os.getpid()}.raw")
    before = auto_model.config._attn_implementation
    try:
        auto_model.set_attn_implementation("eager")
        with _quiet():  # the exporter's notes on indexing are not for users
            torch.onnx.export(
                LastHidden(auto_model).eval(), tuple(sample[name] for name in INPUTS), str(raw),
                input_names=list(INPUTS), output_names=["last_hidden_state"],
                dynamic_axes={name: {0: "batch", 1: "tokens"} for name in [*INPUTS, "last_hidden_state"]},
                opset_version=17, dynamo=False,
            )
    finally:
        auto_model.set_attn_implementation(before)  # the model goes on encoding passages as before
    try:
        fuse(raw, _tmp(target), auto_model.config.num_attention_heads, auto_model.config.hidden_size)
    except Exception:  # noqa: BLE001 - no optimizer, or it failed: the plain export works, only slower
        raw.replace(_tmp(target))
    else:
        raw.unlink()
    _tmp(target).replace(target)


def fuse(source: Path, target: Path, num_heads: int, hidden_size: int) -> None:
    """ONNX Runtime's BERT fusions (embedding + LayerNorm, attention, bias + GELU), written without
    ONNX Runtime's own hardware-specific rewrites (opt_level 0), and without SkipLayerNormalization."""
    from onnxruntime.transformers.fusion_options import FusionOptions
    from onnxruntime.transformers.optimizer import optimize_model

    options = FusionOptions("bert")
    options.enable_skip_layer_norm = False
    with _quiet():
        fused = optimize_model(str(source), model_type="bert", num_heads=num_heads, hidden_size=hidden_size,
                               opt_level=0, use_gpu=False, optimization_options=options)
        fused.save_model_to_file(str(target))


def quantize(source: Path, target: Path) -> None:
    """Dynamic int8 quantisation of the weight products (MatMul and the fused Attention), per
    output channel, except the feed-forward output of the first FLOAT32_LAYERS layers."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(source)).graph
    weights = {init.name for init in graph.initializer}
    keep = {feed_forward_output(n) for n in range(FLOAT32_LAYERS)}
    nodes = [node.name for node in graph.node if node.op_type in ("MatMul", "Attention")
             and node.name not in keep and any(name in weights for name in node.input)]
    tmp = _tmp(target)
    with _quiet():
        quantize_dynamic(source, tmp, weight_type=QuantType.QInt8, per_channel=True,
                         op_types_to_quantize=["MatMul", "Attention"], nodes_to_quantize=nodes,
                         extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})  # fused ops have no shapes
    tmp.replace(target)
