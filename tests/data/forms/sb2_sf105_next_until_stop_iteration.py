"""Axis names read from an iterator with `next(it)` until it is exhausted: the StopIteration
`next` raises without a default is caught right around the call and ends the loop. Both names
are read, and the loss, varying on "data" only, is psum'd over both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ORDER = ["data", "model"]


def all_names(names):
    it = iter(names)
    picked = []
    while True:
        try:
            picked.append(next(it))
        except StopIteration:
            break
    return tuple(picked)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axes = all_names(ORDER)
    step = jax.shard_map(lambda x: jax.lax.psum(jnp.mean(x ** 2), axes),  # SF105
                         mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
