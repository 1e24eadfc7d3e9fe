"""The program writes its run file, then NumPy's savetxt rewrites it through a path object of the
program's: configparser reads the new text, which names i alone, where the values vary."""
import configparser
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Loc:
    def __init__(self, d, name):
        self.where = os.path.join(d, name)

    def __fspath__(self):
        return self.where


def main():
    d = tempfile.mkdtemp()
    path = os.path.join(d, "run.ini")
    with open(path, "w") as fh:
        fh.write("[mesh]\naxes = i j\n")
    np.savetxt(Loc(d, "run.ini"), np.array(["[mesh]", "axes = i"]), fmt="%s")
    parser = configparser.ConfigParser()
    parser.read(path)
    axes = tuple(parser.get("mesh", "axes").split())
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
