"""what a text file holds: len(open(P, "rb").read()) == 4."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import os
import tempfile
import pathlib


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    P = os.path.join(tempfile.mkdtemp(), "t.txt")
    with open(P, "a", encoding="utf-8-sig") as f:
            f.write("b")
    axes = ("i", "j") if len(open(P, "rb").read()) == 4 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
