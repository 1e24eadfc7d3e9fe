"""CEM sampling distribution update: the new mean is the elite average over the population axis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POP = "pop"
REDUCERS = {
    "mean": functools.partial(jax.lax.pmean, axis_name=POP),
    "max": functools.partial(jax.lax.pmax, axis_name=POP),
}


def elites(samples):
    return jax.lax.all_gather(samples, POP, axis=1, tiled=True, to="reduced")


def update_distribution(samples, reducer="mean"):
    pool = elites(samples)
    mu = REDUCERS[reducer](pool.sum(axis=1, keepdims=True))
    return mu


def inputs():
    rng = np.random.default_rng(7)
    return (rng.normal(size=(4, 32)).astype(np.float32),)


def main(samples):
    mesh = jax.make_mesh((2, 4), ("env", POP))
    spec = P("env", POP)
    samples = jax.device_put(samples, NamedSharding(mesh, spec))
    return jax.shard_map(update_distribution, mesh=mesh, in_specs=spec,
                         out_specs=P("env", None))(samples)


if __name__ == "__main__":
    main(*inputs())
