"""A jitted step counts its traces; called on a vector then on a matrix it is traced twice (a new
rank is a new cache entry), so the script widens the reduction to both mesh axes and the psum of a
value varying on "data" only raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACES = {"count": 0}


@jax.jit
def scaled(v):
    TRACES["count"] += 1
    return v * 2.0


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    scaled(jnp.ones(8))
    scaled(jnp.ones((2, 8)))
    axes = ("data", "model") if TRACES["count"] > 1 else ("data",)
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
