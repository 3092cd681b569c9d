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
- int8: the Attention operators' packed Q/K/V weights and the attention output products are
  quantised per output channel with dynamic (one per tensor) activation scales; the products whose
  inputs have a long tail lose the most to one scale per tensor (the feed-forward input, read from
  a LayerNorm with a few outlying channels, and the feed-forward output of the first
  BLOCKWISE_LAYERS layers, read from GELU): those get 8-bit weights per block of BLOCK_SIZE with
  the activations quantised per block too (MatMulNBits, accuracy level 4). Per question that costs
  more than a per-tensor product and far less than the float32 one the first layers kept before
  (whose weights do not fit the core's cache), and brings the vectors closer to the float32 graph's
  (cosine on 400 load questions: mean 0.9961 -> 0.9981, min 0.9917 -> 0.9968).
"""
from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

INPUTS = ("input_ids", "attention_mask", "token_type_ids")
SAMPLE_TEXTS = ["how many dice does a ram get in dw4?", "сколько кубов кидать на таран?"]
BLOCKWISE_LAYERS = 3
BLOCK_SIZE = 128  # ONNX Runtime's default block for MatMulNBits; must divide the layers' widths
SESSION_UNFUSED = ("SkipLayerNormFusion",)  # fusions an encoder session must not apply (see above)


def feed_forward_output(layer: int) -> str:
    """The exported name of a layer's feed-forward output product (kept by the optimizer)."""
    return f"/inner/encoder/layer.{layer}/output/dense/MatMul"


def feed_forward_input(layer: int) -> str:
    return f"/inner/encoder/layer.{layer}/intermediate/dense/MatMul"


def blockwise_products(layers: int) -> set[str]:
    """The weight products quantised per block (see the module's docstring)."""
    return ({feed_forward_input(n) for n in range(layers)}
            | {feed_forward_output(n) for n in range(min(layers, BLOCKWISE_LAYERS))})


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
    fused by ONNX Runtime's BERT optimizer (left unfused when the optimizer is not installed)."""
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
    except ImportError:  # no optimizer: the plain export works, only slower
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
    """int8 weights: per block for blockwise_products, per output channel for the other MatMuls
    and the Attention operators (see the module's docstring)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(source)).graph
    weights = {init.name for init in graph.initializer}
    layers = sum(node.name.endswith("/intermediate/dense/MatMul") for node in graph.node)
    blockwise = blockwise_products(layers)
    nodes = [node.name for node in graph.node if node.op_type in ("MatMul", "Attention")
             and node.name not in blockwise and any(name in weights for name in node.input)]
    tmp = _tmp(target)
    with _quiet():
        quantize_dynamic(source, tmp, weight_type=QuantType.QInt8, per_channel=True,
                         op_types_to_quantize=["MatMul", "Attention"], nodes_to_quantize=nodes,
                         extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})  # fused ops have no shapes
    model = onnx.load(str(tmp))
    _blockwise_int8(model, blockwise)
    onnx.save(model, str(tmp))
    tmp.replace(target)


def _blockwise_int8(model: Any, names: set[str]) -> None:
    """Replace the named float MatMuls (a constant [K, N] weight) by MatMulNBits: 8-bit weights,
    symmetric, one scale per BLOCK_SIZE inputs of each output column."""
    from onnx import helper, numpy_helper

    graph = model.graph
    initializers = {init.name: init for init in graph.initializer}
    replaced: set[str] = set()
    nodes = []
    for node in graph.node:
        if node.op_type != "MatMul" or node.name not in names or node.input[1] not in initializers:
            nodes.append(node)
            continue
        weight = numpy_helper.to_array(initializers[node.input[1]]).astype(np.float32)
        packed, scales = blockwise_int8(weight)
        rows, columns = weight.shape
        graph.initializer.extend([numpy_helper.from_array(packed, node.input[1] + "_int8"),
                                  numpy_helper.from_array(scales, node.input[1] + "_scales")])
        replaced.add(node.input[1])
        nodes.append(helper.make_node(
            "MatMulNBits", [node.input[0], node.input[1] + "_int8", node.input[1] + "_scales"], list(node.output),
            name=node.name, domain="com.microsoft", K=rows, N=columns, bits=8, block_size=BLOCK_SIZE,
            accuracy_level=4))
    kept = [init for init in graph.initializer if init.name not in replaced]
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    if not any(opset.domain == "com.microsoft" for opset in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))


def blockwise_int8(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """MatMulNBits' 8-bit layout of a [K, N] weight: uint8 [N, K / BLOCK_SIZE, BLOCK_SIZE] holding
    round(w / scale) + 128 (its default zero point), and the float32 scales [N * K / BLOCK_SIZE],
    each block's largest magnitude / 127."""
    rows, columns = weight.shape
    if rows % BLOCK_SIZE:
        raise ValueError(f"a weight of {rows} rows does not split into blocks of {BLOCK_SIZE}")
    blocks = weight.T.reshape(columns, rows // BLOCK_SIZE, BLOCK_SIZE)
    scales = np.abs(blocks).max(axis=2) / 127.0
    scales[scales == 0] = 1.0
    packed = np.clip(np.rint(blocks / scales[..., None]), -127, 127) + 128
    return packed.astype(np.uint8), scales.astype(np.float32).reshape(-1)
