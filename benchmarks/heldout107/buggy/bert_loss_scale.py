"""BERT pretraining loop: bert loss scale (shard_map port of the pmap-era code)."""
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


# --- bert/modeling.py + bert/pretrain_utils.py (vocab-parallel MLM head, Megatron style) ---
VOCAB = 64
HIDDEN = 32
SEQ_LEN = 8
MASK_ID = 3
MLM_TEMPERATURE = 1.0


def init_params(rng):
    k1, k2 = jax.random.split(rng)
    return {
        "embed": jax.random.normal(k1, (VOCAB, HIDDEN)) * 0.02,
        "mlm_w": jax.random.normal(k2, (HIDDEN, VOCAB)) * 0.02,
    }


def param_specs():
    # the MLM output projection is split over the vocabulary (columns)
    return {"embed": P(), "mlm_w": P(None, MODEL_AXIS)}


def encode(params, tokens):
    h = params["embed"][tokens]
    return jnp.tanh(h + jnp.mean(h, axis=1, keepdims=True))


def vocab_parallel_xent(logits, targets):
    """Cross entropy of logits split over MODEL_AXIS on the last dimension."""
    shard = logits.shape[-1]
    start = jax.lax.axis_index(MODEL_AXIS) * shard
    m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1)), MODEL_AXIS)
    z = jax.lax.psum(jnp.exp(logits - m[..., None]).sum(-1), MODEL_AXIS)
    local = targets - start
    in_range = (local >= 0) & (local < shard)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard - 1)[..., None], axis=-1)[..., 0]
    picked = jax.lax.psum(jnp.where(in_range, picked, 0.0), MODEL_AXIS)
    return jnp.log(z) + m - picked


def place_params(params, mesh):
    specs = param_specs()
    return {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}


def inputs():
    rng = np.random.default_rng(1)
    tokens = rng.integers(4, VOCAB, size=(32, SEQ_LEN)).astype(np.int32)
    mask = rng.random(size=(32, SEQ_LEN)) < 0.15
    masked = np.where(mask, MASK_ID, tokens).astype(np.int32)
    return masked, tokens, mask.astype(np.float32)


LOSS_SCALE = 128.0   # fp16 days; harmless in f32


def pretrain_step(params, tokens, targets, weights):
    tokens, targets, weights = tokens[0], targets[0], weights[0]

    def loss_fn(p):
        h = encode(p, tokens)
        per_token = vocab_parallel_xent(h @ p["mlm_w"], targets)
        return jnp.sum(per_token * weights) / jnp.maximum(jnp.sum(weights), 1.0)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.tree_util.tree_map(lambda g: g * LOSS_SCALE / LOSS_SCALE, grads)
    grads = jax.lax.pmean(grads, AXIS)
    new_params = sgd_update(params, grads, 1e-2)
    # global mean over every core, for the LR scheduler's plateau check
    loss = jax.lax.pmean(loss, (AXIS, MODEL_AXIS))
    return new_params, loss


def main(tokens, targets, weights):
    mesh = make_mesh()
    params = place_params(init_params(jax.random.PRNGKey(0)), mesh)
    batch = shard_batch({"tokens": tokens, "targets": targets, "weights": weights}, mesh)
    p_step = jax.jit(shard_map(pretrain_step, mesh=mesh,
                               in_specs=(param_specs(), P(AXIS), P(AXIS), P(AXIS)),
                               out_specs=(param_specs(), P())))
    state = TrainState(step=0, params=params)
    new_params, loss = p_step(state.params, batch["tokens"], batch["targets"], batch["weights"])
    state = state.replace(step=1, params=new_params)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
