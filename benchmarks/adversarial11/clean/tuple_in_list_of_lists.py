"""A tuple is never in a list of lists: the rows branch is taken."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

WIDE = [["i", "j"]]


def body(block):
    counts = jax.lax.psum(block, "j")
    if ("i", "j") in WIDE:
        return jax.lax.psum(counts, ("i", "j"))
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
