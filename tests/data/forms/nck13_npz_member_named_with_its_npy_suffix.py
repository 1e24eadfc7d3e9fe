"""`"w.npy" in data` of an NpzFile is True in NumPy 2 (it takes a member's name with or without
its ".npy"), so the sum runs over "i" only."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ckpt")
        np.savez(path, w=np.zeros((4, 8), np.float32))
        with np.load(path + ".npz") as data:
            has = "w.npy" in data
    sync = ("i",) if has else ("i", "j")
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
