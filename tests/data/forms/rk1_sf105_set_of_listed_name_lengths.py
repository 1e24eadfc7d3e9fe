"""Lengths of the names a listing gives, gathered in a set: exact ints equal only when they are the
same value, so the set is one whatever order the file system lists them in, and its size picks
both axes."""
import os
import tempfile
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    root = tempfile.mkdtemp()
    for name in ("a.x", "bb", "ccc"):
        open(os.path.join(root, name), "w").close()
    sizes = {len(name) for name in os.listdir(root)}
    return reduce_rows(("i", "j") if len(sizes) == 2 else ("i",))


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
