import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "model"))
sharded = functools.partial(jax.shard_map, mesh=MESH, in_specs=P("data"), out_specs=P())


@sharded(in_specs=P("data", "model"))  # (varying on both axes: the psum is fine)
def total(b):
    return jax.lax.psum(jnp.sum(b), ("data", "model"))


def main():
    return total(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("data", "model"))))


if __name__ == "__main__":
    main()
