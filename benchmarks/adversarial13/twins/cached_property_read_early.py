"""functools.cached_property computed before the flag is set keeps its first value."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


class Parallel:
    def __init__(self):
        self.wide = False

    @functools.cached_property
    def sync_axes(self):
        return ("i", "j") if self.wide else ("i",)


PAR = Parallel()
print("syncing over", PAR.wide)
PAR.wide = True


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, PAR.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
