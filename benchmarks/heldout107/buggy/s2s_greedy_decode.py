"""seq2seq translation trainer: s2s greedy decode (shard_map port of the pmap-era code)."""
import dataclasses
import functools
from typing import Any

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# pasted from common/parallel_utils.py (2021); ported from pmap to shard_map
# for the jax 0.10 upgrade. Keep in sync with the copy in the eval scripts.
# ---------------------------------------------------------------------------
try:
    from jax import shard_map  # jax >= 0.6.1
except ImportError:  # pragma: no cover - old TPU VM images
    from jax.experimental.shard_map import shard_map

try:
    from jax._src.shard_map import top_level_all_gather
except ImportError:  # pragma: no cover
    top_level_all_gather = None

_pcast = getattr(jax.lax, "pcast", None)


def to_varying(x, axis_name):
    """Was `jax.lax.pvary` before 0.8.2."""
    if _pcast is not None:
        return _pcast(x, axis_name, to="varying")
    return jax.lax.pvary(x, axis_name)


AXIS = "batch"          # the old pmap axis name, kept so the checkpoints still load
MODEL_AXIS = "model"    # added in 2023 for the tensor-parallel heads
MODEL_PARALLEL = 2


def make_mesh(model_parallel=MODEL_PARALLEL):
    n = jax.local_device_count()
    return jax.make_mesh((n // model_parallel, model_parallel), (AXIS, MODEL_AXIS))


def replicate(tree, mesh):
    sharding = NamedSharding(mesh, P())
    return jax.tree_util.tree_map(lambda x: jax.device_put(x, sharding), tree)


def unreplicate(tree):
    # pmap days: x[0]; now the arrays are global, just pull them to host
    return jax.tree_util.tree_map(lambda x: np.asarray(jax.device_get(x)), tree)


def shard_batch(batch, mesh):
    """Host batch (B, ...) -> (n_devices, per_device, ...) like the pmap input pipeline."""
    n_devices = mesh.shape[AXIS]

    def _put(x):
        x = np.asarray(x).reshape((n_devices, -1) + x.shape[1:])
        return jax.device_put(x, NamedSharding(mesh, P(AXIS)))

    return jax.tree_util.tree_map(_put, batch)


@dataclasses.dataclass
class TrainState:
    """flax.training.train_state.TrainState, written out by hand (no flax on the pods)."""
    step: int
    params: Any
    opt_state: Any = None

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


def sgd_update(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


# --- translate/seq2seq_lib.py (GRU-free toy transformer-ish encoder/decoder, label-smoothed xent) ---
SRC_VOCAB = 40
TGT_VOCAB = 48
D_MODEL = 16
SRC_LEN = 6
TGT_LEN = 5
PAD_ID = 0
SMOOTHING = 0.1


def init_params(rng):
    k1, k2, k3 = jax.random.split(rng, 3)
    return {"src_embed": jax.random.normal(k1, (SRC_VOCAB, D_MODEL)) * 0.1,
            "tgt_embed": jax.random.normal(k2, (TGT_VOCAB, D_MODEL)) * 0.1,
            "out": jax.random.normal(k3, (D_MODEL, TGT_VOCAB)) * 0.1}


def param_specs():
    # output projection split over the target vocabulary
    return {"src_embed": P(), "tgt_embed": P(), "out": P(None, MODEL_AXIS)}


def place(params, mesh):
    specs = param_specs()
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}


def decoder_states(params, src, tgt_in):
    memory = params["src_embed"][src].mean(axis=1, keepdims=True)
    return jnp.tanh(params["tgt_embed"][tgt_in] + memory)         # (B, T, D)


def inputs():
    rng = np.random.default_rng(5)
    src = rng.integers(1, SRC_VOCAB, size=(32, SRC_LEN)).astype(np.int32)
    tgt = rng.integers(1, TGT_VOCAB, size=(32, TGT_LEN + 1)).astype(np.int32)
    tgt[:, -2:] = np.where(rng.random((32, 2)) < 0.3, PAD_ID, tgt[:, -2:])
    return src, tgt


def greedy_step(params, src, tgt):
    src, tgt = src[0], tgt[0]
    h = decoder_states(params, src, tgt[:, :-1])[:, -1]
    logits = jax.lax.all_gather(h @ params["out"], MODEL_AXIS, axis=1, tiled=True, to="reduced")
    probs = jax.nn.softmax(logits, axis=-1)
    return jnp.argmax(probs, -1), probs


def main(src, tgt):
    mesh = make_mesh()
    params = place(init_params(jax.random.PRNGKey(0)), mesh)
    batch = shard_batch({"src": src, "tgt": tgt}, mesh)
    p_step = jax.jit(shard_map(greedy_step, mesh=mesh, in_specs=(param_specs(), P(AXIS), P(AXIS)),
                               out_specs=(P(AXIS), P(AXIS, reduced={MODEL_AXIS}))))
    ids, probs = p_step(params, batch["src"], batch["tgt"])
    print("next tokens", jax.device_get(ids)[:8])
    return ids


if __name__ == "__main__":
    main(*inputs())
