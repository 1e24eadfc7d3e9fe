"""Gaussian-mixture E-step with the components split over devices: each device scores the
points against every component mean; the means are centred for numerical stability."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COMP, DATA = "comp", "data"


def inputs():
    rng = np.random.default_rng(17)
    x = rng.normal(size=(16, 4)).astype(np.float32)
    means = rng.normal(size=(8, 4)).astype(np.float32)
    return x, means


def log_likelihood(x, all_means):
    cross = x @ all_means.T
    return cross


def e_step(x, means):
    all_means = jax.lax.all_gather(means, COMP, axis=0, tiled=True, to="reduced")
    center = jax.lax.pmean(all_means, COMP)
    scores = log_likelihood(x, all_means)
    return scores, center


def main(x, means):
    mesh = jax.make_mesh((4, 2), (COMP, DATA))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, None)))
    means = jax.device_put(means, NamedSharding(mesh, P(COMP, None)))
    fn = jax.shard_map(e_step, mesh=mesh, in_specs=(P(DATA, None), P(COMP, None)),
                       out_specs=(P(DATA, None), P()))
    return fn(x, means)
