"""A cls path object of the program's hands NumPy's dump a path in the temporary directory; read back by `len(os.listdir(d)) == 1`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import configparser
import dataclasses
import glob
import os
import pathlib
import shutil
import tempfile
import typing


class Loc:
    def __init__(self, d, name):
        self.p = os.path.join(d, name)

    def __fspath__(self):
        return self.p


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    d = tempfile.mkdtemp()
    p = os.path.join(d, "w.pkl")
    np.ones(3).dump(Loc(d, "w.pkl"))
    axes = ("i",) if not len(os.listdir(d)) == 1 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
