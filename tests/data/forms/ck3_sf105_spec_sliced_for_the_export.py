"""An export keeps the leading axis and takes the others from the state's PartitionSpec sliced
(`spec[1:]`, a tuple of its entries as JAX gives it): the sum runs over both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STATE = P("i", "j")


def main():
    sync = ("i", *STATE[1:])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, STATE))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=STATE, out_specs=P())(x)


if __name__ == "__main__":
    main()
