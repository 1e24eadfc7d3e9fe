"""False and 0 from two files' names; min(vals) keeps whichever comes first in os.listdir's order (glob)."""
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
    vals = [os.path.basename(n).endswith(".x") and len(os.path.basename(n)) - 3 for n in glob.glob(os.path.join(d, "*"))]
    axes = ("i",) if repr(min(vals)) == 'False' else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
