"""JAX flattens a dict keyed by ints in key order, not in the order it was written: the first
leaf is the axis the gathered value still varies on (JAX runs it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axis = jax.tree.leaves({1: "model", 0: "data"})[0]

    def body(x):
        total = jax.lax.psum(x, "model")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
