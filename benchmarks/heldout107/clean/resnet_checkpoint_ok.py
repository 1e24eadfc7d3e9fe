"""ImageNet ResNet trainer: resnet checkpoint ok (shard_map port of the pmap-era code)."""
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


# --- imagenet/resnet_lib.py (trimmed: the conv trunk is a flattened-patch MLP on the CPU bots) ---
IMAGE_DIM = 48
WIDTH = 32
NUM_CLASSES = 16
LEARNING_RATE = 0.1
LABEL_SMOOTHING = 0.1


def init_params(rng):
    k1, k2 = jax.random.split(rng)
    return {
        "stem": jax.random.normal(k1, (IMAGE_DIM, WIDTH)) * 0.1,
        "head": jax.random.normal(k2, (WIDTH, NUM_CLASSES)) * 0.1,
    }


def apply_model(params, images):
    h = jax.nn.relu(images @ params["stem"])
    return h @ params["head"]


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def inputs():
    rng = np.random.default_rng(0)
    images = rng.normal(size=(64, IMAGE_DIM)).astype(np.float32)
    labels = rng.integers(0, NUM_CLASSES, size=(64,)).astype(np.int32)
    return images, labels


HEAD_SPEC = P(None, MODEL_AXIS)   # class-parallel classifier (2023 change)


def gather_for_checkpoint(tree, specs):
    """Bring every leaf back to one full copy before np.savez (was `unreplicate`)."""
    out = {}
    for name, x in tree.items():
        if specs[name] == P():
            out[name] = x
        else:
            out[name] = top_level_all_gather(x, P(None, None, reduced={MODEL_AXIS}))
    return out


def main(images, labels):
    mesh = make_mesh()
    params = init_params(jax.random.PRNGKey(0))
    specs = {"stem": P(), "head": HEAD_SPEC}
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
    with jax.set_mesh(mesh):
        full = gather_for_checkpoint(params, specs)
    arrays = unreplicate(full)
    print({k: v.shape for k, v in arrays.items()})
    return full["head"]


if __name__ == "__main__":
    main(*inputs())
