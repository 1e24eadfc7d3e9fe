"""The script's own module object read by name (`sys.modules[__name__].AXES`) is the module's
global: ("i", "j"), and the psum over both axes raises."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
import sys


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


AXES = ("i", "j")


def main(mesh, x):
    return reduce_rows(mesh, x, sys.modules[__name__].AXES)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
