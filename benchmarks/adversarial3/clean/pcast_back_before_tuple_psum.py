"""Two-level all-reduce written with an explicit cast back to varying before the global sum."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INNER = os.environ.get("INNER_AXIS", "local")
OUTER = os.environ.get("OUTER_AXIS", "hosts")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(g):
    mesh = jax.make_mesh((2, 4), (OUTER, INNER))
    g = jax.device_put(g, NamedSharding(mesh, P(OUTER, INNER)))

    def allreduce(g):
        local = jax.lax.psum(jnp.sum(g), INNER)
        local = jax.lax.pcast(local, INNER, to="varying")
        return jax.lax.psum(local, (OUTER, INNER))

    return jax.shard_map(allreduce, mesh=mesh, in_specs=P(OUTER, INNER), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
