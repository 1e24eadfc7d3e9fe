"""A lam path object of the program's hands NumPy's jnpsave a path in the temporary directory; read back by `os.path.isfile(p)`."""
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

    __fspath__ = lambda self: self.p


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    d = tempfile.mkdtemp()
    p = os.path.join(d, "w.npy")
    jnp.save(Loc(d, "w.npy"), jnp.ones(3))
    axes = ("i",) if not os.path.isfile(p) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
