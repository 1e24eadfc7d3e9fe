"""A set comprehension over a listing that gives `0.0` for one name and `-0.0` for another: equal, so
the set keeps the one listed first, and its text depends on the file system's order
(adversarial32 A): not known."""
import os
import tempfile
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    root = tempfile.mkdtemp()
    for name in ("a.x", "b"):
        open(os.path.join(root, name), "w").close()
    signs = {-0.0 if name.endswith(".x") else 0.0 for name in os.listdir(root)}
    return reduce_rows(("i",) if repr(next(iter(signs))) == "0.0" else ("i", "j"))


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
