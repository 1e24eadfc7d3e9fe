"""A job writes its stats with `np.savetxt` into a fresh temporary directory and finds them there:
the one axis is taken (the run does not model savetxt, so it cannot say the file is missing)."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    root = tempfile.mkdtemp(prefix="job-")
    np.savetxt(os.path.join(root, "stats.txt"), np.zeros((2, 2)))
    sync = ("i",) if os.path.exists(os.path.join(root, "stats.txt")) else ("i", "j")
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
