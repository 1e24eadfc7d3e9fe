"""CEM population spread, averaged over environments and population shards with a floor."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = tuple(os.environ.get("CEM_STAT_AXES", "env,pop").split(","))
MIN_STD = 0.05


def spread(samples):
    local = jnp.std(samples, axis=1)
    return jax.lax.pmean(jnp.maximum(local, MIN_STD), AXES)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(4, 32)).astype(np.float32),)


def main(samples):
    mesh = jax.make_mesh((2, 4), ("env", "pop"))
    spec = P("env", None)
    samples = jax.device_put(samples, NamedSharding(mesh, spec))
    return jax.shard_map(spread, mesh=mesh, in_specs=spec, out_specs=P())(samples)


if __name__ == "__main__":
    main(*inputs())
