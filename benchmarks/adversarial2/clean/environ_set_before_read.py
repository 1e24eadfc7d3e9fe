"""The launcher part of the script exports the axes before the library part reads the environment."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

os.environ["GRAD_SYNC_AXES"] = "data"


def sync_axes():
    return tuple(os.environ.get("GRAD_SYNC_AXES", "data,model").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data", None)))
    axes = sync_axes()
    return jax.shard_map(lambda v: jax.lax.pmean(v.mean(0), axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
