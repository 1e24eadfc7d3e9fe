"""Simulated-annealing kernel search: per-round regret against the best config seen so far."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUNDS = 3
CONFIG_AXIS = "config"


def search(latency):
    history = []
    best = jax.lax.pmin(jnp.min(latency), CONFIG_AXIS)
    for r in range(ROUNDS):
        noisy = latency * (1.0 + 0.01 * r)
        seen = jax.lax.all_gather(noisy, CONFIG_AXIS, axis=0, tiled=True, to="reduced")
        regret = (seen - best) / best
        history.append(jnp.max(regret, axis=0))
    return jnp.stack(history)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.uniform(1, 2, (16, 8)).astype(np.float32),)


def main(latency):
    mesh = jax.make_mesh((4, 2), (CONFIG_AXIS, "repeat"))
    latency = jax.device_put(latency, NamedSharding(mesh, P(CONFIG_AXIS, "repeat")))
    fn = jax.shard_map(search, mesh=mesh, in_specs=P(CONFIG_AXIS, "repeat"),
                       out_specs=P(None, "repeat"))
    return fn(latency)


if __name__ == "__main__":
    print(main(*inputs()))
