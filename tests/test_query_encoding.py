"""Question encoding under load (issue 9 item 8): the int8 ONNX graph against the torch model,
and the per-thread stemmers the concurrent search threads rely on."""
from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest

# The shared dev set sits beside the checkout (/work/shared next to /work/main, or a level further
# up for a worktree under /work/wt).
DEV_SET = next((p / "shared" / "eval" / "retrieval_dev.jsonl" for p in Path(__file__).resolve().parents[1:4]
                if (p / "shared" / "eval" / "retrieval_dev.jsonl").exists()),
               Path(__file__).resolve().parents[2] / "shared" / "eval" / "retrieval_dev.jsonl")


def _questions() -> list[str]:
    """Real questions: the dev set when present, else hand-written ones in its style."""
    if DEV_SET.exists():
        return [json.loads(line)["question"] for line in DEV_SET.read_text(encoding="utf-8").splitlines()
                if line.strip()]
    return ["how many dice does a ram get in dw4?", "what does piercing do", "сколько кубов кидать на таран?",
            "can an obscured target be hit by exploding dice in 3e?",
            "ok so last night my frigate squadron was sitting behind an island and the other guy rolled his "
            "whole broadside at them, says they're not obscured because the island is small, and then he "
            "claims his heavy hits explode too, who is right, and does it matter that I had a generator on"]


@pytest.mark.slow
@pytest.mark.parametrize(("int8", "floor"), [(True, 0.99), (False, 0.999)])
def test_onnx_question_vectors_stay_close_to_torch(tmp_path: Path, int8: bool, floor: float) -> None:
    """The thresholds are the ones issue 9 sets: the int8 graph is used only while every question
    keeps cosine >= 0.99 to the torch vector (0.999 for the float32 export)."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    import numpy as np

    from core.settings import Settings
    from index.embed import DEFAULT_WEIGHTS_SHA256, load_model
    from index.onnx_backend import onnx_encoder

    model = load_model(Settings.from_env().with_data_dir(tmp_path))
    encoder = onnx_encoder(model, tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, int8=int8)
    assert encoder is not None
    if int8 and not encoder.int8:
        # This CPU's int8 kernels miss the guard (seen on one machine: 0.98999 on the probes), so the float32
        # graph serves, as the guard promises; the int8 graph was built and checked, and it did miss.
        from index.embed import default_model_path
        from index.onnx_backend import MIN_COSINE_INT8, PROBES, OnnxEncoder, QueryTokenizer, _graphs, _min_cosine
        int8_graph = _graphs(tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, True)[0]
        probes = np.asarray(model.encode(PROBES, normalize_embeddings=True), dtype="float32")
        assert _min_cosine(OnnxEncoder(QueryTokenizer(default_model_path()), int8_graph), probes) < MIN_COSINE_INT8
        floor = 0.999
    else:
        assert encoder.int8 is int8
    questions = _questions()
    reference = model.encode(questions, normalize_embeddings=True)
    vectors = np.concatenate([encoder.encode(questions[i:i + 8]) for i in range(0, len(questions), 8)])
    assert float((vectors * reference).sum(axis=1).min()) >= floor


@pytest.mark.slow
def test_query_tokenizer_gives_the_ids_transformers_gives() -> None:
    """Questions are tokenised without transformers (issue 21: a cold ask must not import it):
    the same ids, masks and type ids, padded alike and cut at the model's 256 tokens."""
    import numpy as np

    from core.settings import Settings
    from index.embed import default_model_path, load_model
    from index.onnx_backend import QueryTokenizer

    model = load_model(Settings.from_env())
    ours = QueryTokenizer(default_model_path())
    questions = _questions() + ["x " * 400, "", "Reactor leak: ×2 — “quoted” ½"]
    for start in range(0, len(questions), 8):
        batch = questions[start:start + 8]
        theirs = model.tokenizer(batch, padding=True, truncation=True, max_length=model.max_seq_length,
                                 return_tensors="np")
        mine = ours(batch)
        for name in ("input_ids", "attention_mask", "token_type_ids"):
            assert np.array_equal(mine[name], np.asarray(theirs[name], dtype=np.int64)), (name, batch)


@pytest.mark.slow
def test_a_checked_graph_encodes_questions_without_torch(tmp_path: Path) -> None:
    """Once a graph has passed its check against torch, a new process encodes questions with it
    importing neither torch nor sentence-transformers, and gets the vectors the checked encoder gives."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    import subprocess

    import numpy as np

    from core.settings import Settings
    from index.embed import DEFAULT_WEIGHTS_SHA256, default_model_path, load_model
    from index.onnx_backend import onnx_encoder

    model = load_model(Settings.from_env().with_data_dir(tmp_path))
    checked = onnx_encoder(model, tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, int8=True,
                           model_dir=default_model_path())
    assert checked is not None
    questions = _questions()[:16]
    script = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from index.embed import DEFAULT_WEIGHTS_SHA256, default_model_path\n"
        "from index.onnx_backend import verified_encoder\n"
        f"encoder = verified_encoder(Path({str(tmp_path / 'onnx')!r}), default_model_path(), DEFAULT_WEIGHTS_SHA256,"
        " int8=True)\n"
        "questions = json.loads(sys.stdin.read())\n"
        "vectors = encoder.encode(questions).tolist()\n"
        "heavy = sorted(m for m in ('torch', 'sentence_transformers', 'transformers') if m in sys.modules)\n"
        "print(json.dumps({'vectors': vectors, 'heavy': heavy, 'graph': encoder.file.name}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(questions), capture_output=True,
                          text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    out = json.loads(done.stdout)
    assert out["heavy"] == []
    assert out["graph"] == checked.file.name
    assert np.allclose(np.array(out["vectors"]), checked.encode(questions), atol=1e-5)
    reference = model.encode(questions, normalize_embeddings=True)
    assert float((np.array(out["vectors"]) * reference).sum(axis=1).min()) >= 0.99


@pytest.mark.slow
def test_a_changed_graph_is_checked_again(tmp_path: Path) -> None:
    """The record of a check holds only while the graph file is the one checked."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    import os

    from core.settings import Settings
    from index.embed import DEFAULT_WEIGHTS_SHA256, default_model_path, load_model
    from index.onnx_backend import onnx_encoder, verified_encoder

    model = load_model(Settings.from_env().with_data_dir(tmp_path))
    checked = onnx_encoder(model, tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, int8=False,
                           model_dir=default_model_path())
    assert checked is not None
    assert verified_encoder(tmp_path / "onnx", default_model_path(), DEFAULT_WEIGHTS_SHA256, int8=False) is not None
    stat = checked.file.stat()
    os.utime(checked.file, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert verified_encoder(tmp_path / "onnx", default_model_path(), DEFAULT_WEIGHTS_SHA256, int8=False) is None
    assert verified_encoder(tmp_path / "onnx", default_model_path(), DEFAULT_WEIGHTS_SHA256, int8=True) is None


def test_stemming_from_many_threads_gives_the_single_thread_stems() -> None:
    """A shared snowballstemmer object mixes up words stemmed at once in two threads
    (IndexError or a wrong stem); each search thread must get the stems one thread gets."""
    from index import text

    # Distinct inflected words, so the lru_cache in front of the stemmer cannot hide a race.
    words = [f"{base}{suffix}" for base in ("ramming", "boarding", "piercing", "exploding", "таранить",
                                            "абордажный", "взрывающийся", "sustained")
             for suffix in ("", "s", "ness", "ly", "ation", "ами", "ов")]
    text.stem.cache_clear()
    expected = {w: text.stem(w) for w in words}
    failures: list[str] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        def work() -> None:
            for _ in range(200):
                text.stem.cache_clear()
                for w in words:
                    try:
                        got = text.stem(w)
                    except IndexError as exc:
                        failures.append(f"{w}: {exc}")
                        return
                    if got != expected[w]:
                        failures.append(f"{w}: {got} != {expected[w]}")
                        return

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
        text.stem.cache_clear()
    assert failures == []


@pytest.mark.slow
def test_the_int8_graph_is_fused_as_built(tmp_path: Path) -> None:
    """What the CPU saving rests on (issue 18): one int8 attention operator per layer, float32 only
    where it was before (the first FLOAT32_LAYERS feed-forward outputs), and no SkipLayerNormalization
    in the graph ONNX Runtime runs (its session would fuse one back in unless told not to, and it
    ignores a fusion name it does not know)."""
    ort = pytest.importorskip("onnxruntime")
    onnx = pytest.importorskip("onnx")
    from collections import Counter

    from core.settings import Settings
    from index.embed import DEFAULT_WEIGHTS_SHA256, default_model_path, load_model
    from index.onnx_backend import _graphs, onnx_encoder
    from index.onnx_graph import FLOAT32_LAYERS, SESSION_UNFUSED, feed_forward_output

    model = load_model(Settings.from_env().with_data_dir(tmp_path))
    encoder = onnx_encoder(model, tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, int8=True, model_dir=default_model_path())
    assert encoder is not None
    # the int8 graph as built, whether or not this CPU's int8 kernels pass the cosine guard that chooses it
    int8_file = _graphs(tmp_path / "onnx", DEFAULT_WEIGHTS_SHA256, True)[0]
    assert int8_file.exists()
    layers = model[0].auto_model.config.num_hidden_layers
    graph = onnx.load(str(int8_file)).graph
    assert Counter(node.op_type for node in graph.node)["QAttention"] == layers
    weights = {init.name for init in graph.initializer}
    assert {node.name for node in graph.node if node.op_type == "MatMul" and node.input[1] in weights} == {
        feed_forward_output(n) for n in range(FLOAT32_LAYERS)}

    options = ort.SessionOptions()
    options.optimized_model_filepath = str(tmp_path / "as-run.onnx")
    ort.InferenceSession(str(int8_file), options, providers=["CPUExecutionProvider"],
                         disabled_optimizers=list(SESSION_UNFUSED))
    as_run = Counter(node.op_type for node in onnx.load(str(tmp_path / "as-run.onnx")).graph.node)
    assert as_run["SkipLayerNormalization"] == 0 and as_run["LayerNormalization"] == 2 * layers
