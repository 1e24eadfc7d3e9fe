"""The program writes w.ini; NumPy overwrites it through a dc path object; read back by `cfg.getint("m", "a") == 2`."""
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


@dataclasses.dataclass
class Loc:
    d: str
    name: str

    def __fspath__(self):
        return os.path.join(self.d, self.name)


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    d = tempfile.mkdtemp()
    p = os.path.join(d, "w.ini")
    with open(p, "w") as fh:
        fh.write("[m]\na = 1\n")
    np.savetxt(Loc(d, "w.ini"), np.array(["[m]", "a = 2"]), fmt="%s")
    cfg = configparser.ConfigParser()
    cfg.read([p])
    axes = ("i",) if not cfg.getint("m", "a") == 2 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
