"""a text file opened for writing and never written is empty: open(P, encoding="latin-1").read() == ""."""
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
    with open(P, "w", encoding="utf-16", newline="\r\n") as f:
            pass
    axes = ("i",) if open(P, encoding="latin-1").read() == "" else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
