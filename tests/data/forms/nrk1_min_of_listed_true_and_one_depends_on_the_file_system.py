"""`min` of a listing's items where `True` and `1` are both there: they are equal, and `min` keeps
the one listed first, so whether the text reads "True" depends on the file system's order
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
    marks = [name.endswith(".x") or len(name) for name in os.listdir(root)]
    return reduce_rows(("i",) if repr(min(marks)) == "1" else ("i", "j"))


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
