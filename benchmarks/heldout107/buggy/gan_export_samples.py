"""GAN trainer: gan export samples (shard_map port of the pmap-era code)."""
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


# --- gan/dcgan_lib.py (MLP generator / discriminator; the conv versions live on the TPU branch) ---
LATENT = 16
DATA_DIM = 24
HIDDEN = 32
GP_WEIGHT = 10.0


def init_params(rng):
    kg1, kg2, kd1, kd2 = jax.random.split(rng, 4)
    gen = {"w1": jax.random.normal(kg1, (LATENT, HIDDEN)) * 0.1,
           "w2": jax.random.normal(kg2, (HIDDEN, DATA_DIM)) * 0.1}
    disc = {"w1": jax.random.normal(kd1, (DATA_DIM, HIDDEN)) * 0.1,
            "w2": jax.random.normal(kd2, (HIDDEN, 1)) * 0.1}
    return {"gen": gen, "disc": disc}


def generate(gen, z):
    return jnp.tanh(jax.nn.relu(z @ gen["w1"]) @ gen["w2"])


def discriminate(disc, x):
    return (jax.nn.leaky_relu(x @ disc["w1"], 0.2) @ disc["w2"])[:, 0]


def device_rng(rng, *axes):
    # pmap recipe: fold the replica id into the key so every device samples its own noise
    for a in axes:
        rng = jax.random.fold_in(rng, jax.lax.axis_index(a))
    return rng


def inputs():
    rng = np.random.default_rng(2)
    real = rng.normal(size=(32, DATA_DIM)).astype(np.float32)
    return real, np.asarray(jax.random.key_data(jax.random.PRNGKey(42)))


def sample(params, rng):
    rng = device_rng(rng, AXIS)
    return generate(params["gen"], jax.random.normal(rng, (8, LATENT)))


def write_samples(samples):
    """Host copy for the image grid; the samples live split over AXIS."""
    full = top_level_all_gather(samples, P(None, None))
    return full, np.asarray(jax.device_get(full))


def main(real, seed):
    mesh = make_mesh()
    params = replicate(init_params(jax.random.PRNGKey(0)), mesh)
    rng = replicate(jnp.asarray(seed), mesh)
    p_sample = jax.jit(shard_map(sample, mesh=mesh, in_specs=(P(), P()), out_specs=P(AXIS)))
    with jax.set_mesh(mesh):
        samples = p_sample(params, rng)
        full, host = write_samples(samples)
    print("samples", host.shape)
    return full


if __name__ == "__main__":
    main(*inputs())
