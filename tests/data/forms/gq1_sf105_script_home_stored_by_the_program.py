"""HOME stored by the program itself: the branch read back is certain, the wide axes are used."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

os.environ["HOME"] = "/tmp"
SYNC = ("i", "j") if os.environ.get("HOME") else ("i",)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = SYNC

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
