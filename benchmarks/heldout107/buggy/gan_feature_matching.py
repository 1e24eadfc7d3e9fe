"""GAN trainer: gan feature matching (shard_map port of the pmap-era code)."""
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


def disc_features(disc, x):
    return jax.nn.leaky_relu(x @ disc["w1"], 0.2)


def g_step(params, real, rng):
    real = real[0]
    rng = device_rng(rng, AXIS)
    z = jax.random.normal(rng, (real.shape[0], LATENT))
    real_feats = jax.lax.all_gather(disc_features(params["disc"], real), AXIS,
                                    axis=0, tiled=True, to="reduced")
    real_mean = jax.lax.pmean(real_feats.sum(0), AXIS)

    def g_loss_fn(gen):
        fake_mean = disc_features(params["disc"], generate(gen, z)).mean(0)
        return jnp.sum((fake_mean - real_mean) ** 2)

    g_loss, g_grads = jax.value_and_grad(g_loss_fn)(params["gen"])
    g_grads = jax.lax.pmean(g_grads, AXIS)
    return dict(params, gen=sgd_update(params["gen"], g_grads, 2e-4)), jax.lax.pmean(g_loss, AXIS)


def main(real, seed):
    mesh = make_mesh()
    params = replicate(init_params(jax.random.PRNGKey(0)), mesh)
    real = shard_batch(real, mesh)
    rng = replicate(jnp.asarray(seed), mesh)
    p_g_step = jax.jit(shard_map(g_step, mesh=mesh, in_specs=(P(), P(AXIS), P()), out_specs=(P(), P())))
    params, g_loss = p_g_step(params, real, rng)
    print("g loss", float(g_loss))
    return g_loss


if __name__ == "__main__":
    main(*inputs())
