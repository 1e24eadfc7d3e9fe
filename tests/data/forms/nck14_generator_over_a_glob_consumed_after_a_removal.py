"""A generator over a glob of the run's directory tests each path when it is consumed, after one
of the folders was removed: not every path is a folder then, so the sum runs over "i" only."""
import glob
import os
import shutil
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "a"))
        os.makedirs(os.path.join(tmp, "b"))
        folders = (os.path.isdir(path) for path in glob.glob(os.path.join(tmp, "*")))
        shutil.rmtree(os.path.join(tmp, "a"))
        every = all(folders)
    sync = ("i", "j") if every else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
