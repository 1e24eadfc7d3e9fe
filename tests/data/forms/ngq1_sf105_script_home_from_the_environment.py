"""HOME comes from the environment the program is run in (set in every login shell): which
branch runs is not known, and with HOME set the narrow axes are used."""
import os

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYNC = ("i",) if os.environ.get("HOME") else ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = SYNC

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
