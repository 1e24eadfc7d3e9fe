"""Learned cost model for the autotuner: features of every candidate, centred before the fit."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.getenv("TUNER_AXIS", "cand")


def featurize(configs):
    tile_m, tile_n, stages = configs[:, 0], configs[:, 1], configs[:, 2]
    return jnp.stack([jnp.log2(tile_m), jnp.log2(tile_n), stages, tile_m * tile_n / 1024.0], axis=1)


def make_fit(axis=AXIS, l2=1e-2):
    def fit(configs, latencies):
        local = featurize(configs)
        table = jax.lax.all_gather(local, axis, axis=0, tiled=True, to="reduced")
        centre = jax.lax.pmean(table, axis).mean(axis=0)
        x = local - centre
        gram = jax.lax.psum(x.T @ x, axis)
        rhs = jax.lax.psum(x.T @ latencies, axis)
        w = jnp.linalg.solve(gram + l2 * jnp.eye(x.shape[1]), rhs)
        return w
    return fit


def inputs():
    rng = np.random.default_rng(53)
    configs = np.stack([2.0 ** rng.integers(4, 8, 16), 2.0 ** rng.integers(4, 8, 16),
                        rng.integers(1, 5, 16).astype(np.float64)], axis=1).astype(np.float32)
    return configs, rng.uniform(1.0, 5.0, size=(16,)).astype(np.float32)


def main(configs, latencies):
    mesh = jax.make_mesh((8,), (AXIS,))
    configs = jax.device_put(configs, NamedSharding(mesh, P(AXIS, None)))
    latencies = jax.device_put(latencies, NamedSharding(mesh, P(AXIS)))
    fn = jax.shard_map(make_fit(), mesh=mesh, in_specs=(P(AXIS, None), P(AXIS)), out_specs=P())
    return fn(configs, latencies)


if __name__ == "__main__":
    print(main(*inputs()))
