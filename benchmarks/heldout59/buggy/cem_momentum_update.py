"""Smoothed CEM update: blend the refitted mean with the previous one (momentum alpha)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Smoothing:
    alpha: float = 0.1
    pop_axis: str = "pop"


def smoothed_mean(samples, prev_mean, smoothing=Smoothing()):
    pool = jax.lax.all_gather(samples, smoothing.pop_axis, axis=1, tiled=True, to="reduced")
    new_mean = pool.sum(axis=1)
    return smoothing.alpha * prev_mean + (1.0 - smoothing.alpha) * new_mean


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(4, 32)).astype(np.float32), np.zeros((4,), np.float32))


def main(samples, prev_mean):
    mesh = jax.make_mesh((2, 4), ("env", "pop"))
    samples = jax.device_put(samples, NamedSharding(mesh, P("env", "pop")))
    prev_mean = jax.device_put(prev_mean, NamedSharding(mesh, P("env")))
    return jax.shard_map(smoothed_mean, mesh=mesh, in_specs=(P("env", "pop"), P("env")),
                         out_specs=P("env"))(samples, prev_mean)


if __name__ == "__main__":
    main(*inputs())
