from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Moments(NamedTuple):
    mean: jax.Array
    var: jax.Array


def moments(x):
    s1 = jax.lax.psum(jnp.sum(x, axis=(1, 2)), "sp")
    s2 = jax.lax.psum(jnp.sum(x * x, axis=(1, 2)), "sp")
    return jnp.stack([s1 / 24, s2 / 24 - (s1 / 24) ** 2])


def body(x):
    m = Moments(*moments(x))
    return jax.lax.all_gather(jnp.stack([m.mean, m.var]), "sp", axis=1, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("dp", "sp"))
    x = jax.device_put(np.ones((4, 24, 8), np.float32), NamedSharding(mesh, P("dp", "sp", None)))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("dp", "sp", None),
                                 out_specs=P(None, "dp", reduced={"sp"})))(x)


if __name__ == "__main__":
    main()
