"""As ck2, but the axes are picked by the bias, saved 1-d: it reads back 1-d, and the sum runs over
"i" only, which is legal."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def save(path, tree):
    np.savez(path, **{f"leaf_{i}": np.asarray(leaf) for i, leaf in enumerate(tree)})


def restore(path, count):
    with np.load(path + ".npz") as data:
        assert len(data.files) == count and "leaf_0" in data
        return [data[f"leaf_{i}"] for i in range(count)]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "arrays")
        save(path, [np.zeros((4, 8), np.float32), np.zeros(8, np.float32)])
        w, b = restore(path, 2)
    sync = ("i", "j") if b.ndim == 2 else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
