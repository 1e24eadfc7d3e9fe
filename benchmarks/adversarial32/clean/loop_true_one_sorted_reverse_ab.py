"""True and 1 from two files' names; sorted(vals, reverse=True)[0] keeps whichever comes first in os.listdir's order (loop)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import glob
import os
import tempfile


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    d = tempfile.mkdtemp()
    for name in ('a.x', 'b'):
        with open(os.path.join(d, name), "w") as fh:
            fh.write("1")
    vals = []
    for n in os.listdir(d):
        vals.append(n.endswith(".x") or len(n))
    axes = ("i",) if repr(sorted(vals, reverse=True)[0]) == '1' else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
