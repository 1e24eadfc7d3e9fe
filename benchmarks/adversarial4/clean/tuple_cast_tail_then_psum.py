"""Split over the first of AXES; cast the others to varying (none by default), then sum over all."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = tuple(os.environ.get("NORM_AXES", "data").split(","))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(AXES[0])))

    def body(b):
        sq = jnp.sum(b * b)
        sq = jax.lax.pcast(sq, AXES[1:], to="varying")
        return jnp.sqrt(jax.lax.psum(sq, AXES))

    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES[0]), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
