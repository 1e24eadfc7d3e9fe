"""As hd2, but an iinfo object is no array: it has no `shape`, and the one axis is taken."""

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    sync = ("i", "j") if hasattr(np.iinfo(np.int8), "shape") else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
