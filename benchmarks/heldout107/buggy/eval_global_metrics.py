"""evaluation / inference script: eval global metrics (shard_map port of the pmap-era code)."""
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


# --- scripts/evaluate.py helpers (flags, metric registry, checkpoint loading) ---
import argparse

FEATURES = 20
CLASSES = 8
METRICS = {}


def register_metric(name):
    def deco(fn):
        METRICS[name] = fn
        return fn
    return deco


def parse_flags(argv=None):
    parser = argparse.ArgumentParser("evaluate")
    parser.add_argument("--per_device_batch", type=int, default=8)
    parser.add_argument("--temperature", type=float, default=1.5)
    parser.add_argument("--metrics", default="accuracy,nll")
    return parser.parse_args(argv if argv is not None else [])


def load_checkpoint(rng):
    # stands in for checkpoints.restore_checkpoint(FLAGS.workdir, ...)
    k1, k2 = jax.random.split(rng)
    return {"w": jax.random.normal(k1, (FEATURES, CLASSES)) * 0.3,
            "b": jax.random.normal(k2, (CLASSES,)) * 0.1}


def predict(params, x):
    return x @ params["w"] + params["b"]


def inputs():
    flags = parse_flags()
    rng = np.random.default_rng(6)
    n = flags.per_device_batch * jax.local_device_count()
    x = rng.normal(size=(n, FEATURES)).astype(np.float32)
    y = rng.integers(0, CLASSES, size=(n,)).astype(np.int32)
    return flags, x, y


def eval_step(params, x, y):
    x, y = x[0], y[0]
    logits = predict(params, x)
    correct = jnp.sum((jnp.argmax(logits, -1) == y).astype(jnp.float32))
    count = jnp.asarray(x.shape[0], jnp.float32)
    # "all devices" used to mean the one pmap axis; now there are two
    totals = jax.lax.psum({"correct": correct, "count": count}, (AXIS, MODEL_AXIS))
    return totals["correct"] / totals["count"]


def main(flags, x, y):
    mesh = make_mesh()
    params = replicate(load_checkpoint(jax.random.PRNGKey(0)), mesh)
    batch = shard_batch({"x": x, "y": y}, mesh)
    p_eval = jax.jit(shard_map(eval_step, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P()))
    acc = p_eval(params, batch["x"], batch["y"])
    print("top-1", float(acc))
    return acc


if __name__ == "__main__":
    main(*inputs())
