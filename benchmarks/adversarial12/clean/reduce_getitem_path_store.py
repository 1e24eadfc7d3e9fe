"""functools.reduce(operator.getitem, path, CONFIG) walks to the nested section a store then changes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import functools
import operator

CONFIG = {"model": {"mesh": {"sync": ("i", "j")}}}


def set_path(root, path, value):
    *parents, leaf = path.split(".")
    functools.reduce(operator.getitem, parents, root)[leaf] = value


def main(mesh, x):
    set_path(CONFIG, "model.mesh.sync", ("i",))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, CONFIG["model"]["mesh"]["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
