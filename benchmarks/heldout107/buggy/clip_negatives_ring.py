"""contrastive image-text trainer: clip negatives ring (shard_map port of the pmap-era code)."""
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


# --- contrastive/clip_lib.py (two-tower model, in-batch negatives across replicas) ---
IMG_DIM = 40
TXT_DIM = 24
EMBED = 16
LOGIT_SCALE_INIT = float(np.log(1 / 0.07))


def init_params(rng):
    k1, k2 = jax.random.split(rng)
    return {"img": jax.random.normal(k1, (IMG_DIM, EMBED)) * 0.1,
            "txt": jax.random.normal(k2, (TXT_DIM, EMBED)) * 0.1,
            "logit_scale": jnp.asarray(LOGIT_SCALE_INIT)}


def l2_normalize(x, eps=1e-6):
    return x / jnp.sqrt(jnp.sum(x * x, -1, keepdims=True) + eps)


def embed(params, images, texts):
    return l2_normalize(images @ params["img"]), l2_normalize(texts @ params["txt"])


def inputs():
    rng = np.random.default_rng(4)
    images = rng.normal(size=(32, IMG_DIM)).astype(np.float32)
    texts = rng.normal(size=(32, TXT_DIM)).astype(np.float32)
    return images, texts


def ring_shift(x, axis_name=AXIS):
    n = jax.lax.psum(1, axis_name)
    return jax.lax.ppermute(x, axis_name, [(i, (i + 1) % n) for i in range(n)])


def hard_negative_loss(params, images, texts):
    images, texts = images[0], texts[0]
    zi, zt = embed(params, images, texts)
    zt_all = jax.lax.all_gather(zt, AXIS, axis=0, tiled=True, to="reduced")
    # hard negatives: the texts of the neighbouring replica
    neighbour = ring_shift(zt_all)
    pos = jnp.sum(zi * zt, -1)
    neg = jnp.max(zi @ neighbour.T, -1)
    return jax.lax.pmean(jnp.mean(jax.nn.relu(0.2 - pos + neg)), AXIS)


def main(images, texts):
    mesh = make_mesh()
    params = replicate(init_params(jax.random.PRNGKey(0)), mesh)
    batch = shard_batch({"images": images, "texts": texts}, mesh)
    p_loss = jax.jit(shard_map(hard_negative_loss, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P()))
    loss = p_loss(params, batch["images"], batch["texts"])
    print("hinge loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
