"""ImageNet ResNet trainer: resnet eval logits ok (shard_map port of the pmap-era code)."""
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


def _gather_metric(x, axis_name=AXIS):
    # one value per replica for the host-side logger (was lax.all_gather under pmap;
    # to="reduced" so the eval graph can be reused inside the train step without 4x grads)
    return jax.lax.all_gather(x, axis_name, to="reduced")


def eval_step(params, images, labels):
    images, labels = images[0], labels[0]  # drop the leading device axis, as under pmap
    logits = apply_model(params, images)
    loss = cross_entropy(logits, labels)
    acc = jnp.mean((jnp.argmax(logits, -1) == labels).astype(jnp.float32))
    per_replica = _gather_metric(loss)
    return per_replica, jax.lax.pmean(acc, AXIS)


def main(images, labels):
    mesh = make_mesh()
    params = replicate(init_params(jax.random.PRNGKey(0)), mesh)
    batch = shard_batch({"images": images, "labels": labels}, mesh)
    p_eval = jax.jit(shard_map(eval_step, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                               out_specs=(P(reduced={AXIS}), P())))
    losses, acc = p_eval(params, batch["images"], batch["labels"])
    print("eval loss per replica", jax.device_get(losses), "acc", float(acc))
    return losses


if __name__ == "__main__":
    main(*inputs())
