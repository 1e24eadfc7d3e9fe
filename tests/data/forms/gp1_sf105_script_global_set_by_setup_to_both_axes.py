"""`setup()` sets the module's SYNC through `global` before main hands it on: both axes, and `counts` is invariant on j."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYNC = ("i",)


def reduce_rows(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def setup():
    global SYNC
    SYNC = ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    setup()
    return reduce_rows(mesh, x, SYNC)


if __name__ == "__main__":
    main()
