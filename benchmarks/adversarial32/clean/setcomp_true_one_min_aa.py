"""A set comprehension of True and 1: the set keeps the one os.listdir gives first (min)."""
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
    for name in ('a.x', 'a'):
        with open(os.path.join(d, name), "w") as fh:
            fh.write("1")
    vals = {n.endswith(".x") or len(n) for n in os.listdir(d)}
    axes = ("i",) if repr(min(vals)) == 'True' else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
