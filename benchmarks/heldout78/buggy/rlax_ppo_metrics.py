"""RLax-style PPO clipped surrogate with cross-device advantage statistics for logging."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"


def clipped_surrogate(ratios, advantages, epsilon):
    clipped = jnp.clip(ratios, 1.0 - epsilon, 1.0 + epsilon)
    return -jnp.minimum(ratios * advantages, clipped * advantages)


def batch_mean(x, axis_name):
    return jax.lax.pmean(jnp.mean(x, axis=0, keepdims=True), axis_name)


def logged(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="reduced")


def ppo_loss(log_ratios, advantages, epsilon=0.2, axis_name=None):
    adv_mean = batch_mean(advantages, axis_name)
    normalised = advantages - adv_mean
    loss = clipped_surrogate(jnp.exp(log_ratios), normalised, epsilon)
    return jax.lax.pmean(jnp.mean(loss, axis=0), axis_name), logged(adv_mean, axis_name)


def inputs():
    rng = np.random.default_rng(40)
    return 0.1 * rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(log_ratios, advantages):
    mesh = jax.make_mesh(MESH_SHAPE, (DATA, MODEL))
    spec = P(DATA, MODEL)
    log_ratios, advantages = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (log_ratios, advantages))
    loss_fn = functools.partial(ppo_loss, epsilon=0.1, axis_name=DATA)
    loss, stats = jax.shard_map(loss_fn, mesh=mesh, in_specs=(spec, spec),
                                out_specs=(P(MODEL), P(None, MODEL, reduced={DATA})))(log_ratios, advantages)
    return float(loss.sum()), stats.shape


if __name__ == "__main__":
    print(main(*inputs()))
