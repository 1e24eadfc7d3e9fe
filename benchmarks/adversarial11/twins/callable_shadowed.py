"""The module defines its own callable(): names that start with "row" count as layers, so the factory keeps the string."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

ACT = {"rowsum": ("i",), "allsum": ("i", "j")}


def callable(name):
    return isinstance(name, str) and name.startswith("all")


def get_axes(name):
    if callable(name):
        return ("i",)
    return ACT["allsum"]


def main(mesh, x):
    axes = get_axes("rowsum")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
