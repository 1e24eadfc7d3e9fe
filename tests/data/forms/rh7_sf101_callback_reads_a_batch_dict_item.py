"""A global array assembled by `jax.make_array_from_callback` whose callback reads the block from
an item of the batch dict (`lambda idx: batch["x"][idx]`): reading a plain dict's item runs no
code, so JAX's calls of it change nothing and the array is laid out by the sharding given."""
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class Total:
    def __init__(self, sharding):
        self.axis = sharding.spec[0]

    def __call__(self, block):
        s = jax.lax.psum(block.sum(axis=0), self.axis)
        return jax.lax.all_gather(s, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def inputs():
    return (P("data", "model"),)


def main(spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch = {"x": np.random.default_rng(0).standard_normal((8, 8)).astype(np.float32)}
    sharding = NamedSharding(mesh, spec)
    with jax.set_mesh(mesh):
        x = jax.make_array_from_callback(batch["x"].shape, sharding, lambda idx: batch["x"][idx])
        f = jax.shard_map(Total(sharding), mesh=mesh, in_specs=spec, out_specs=P(spec[1], reduced={spec[0]}))
        return f(x)


if __name__ == "__main__":
    main(*inputs())
